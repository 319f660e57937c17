"""Symbols stripped from the bundle's libraries on Linux, where that leaves them loadable.

Most wheels ship their libraries stripped; a few do not (libpython with its debug information,
pyarrow's libarrow, the stdlib's extension modules): `strip --strip-unneeded` took 73 MB off
the 645 MB bundle (50 MB once pyarrow was left out). PyInstaller's own `strip=True` strips every library, and that breaks the
ones auditwheel patched with patchelf (numpy's and scipy's OpenBLAS): strip rewrites their
unusual segment layout so that a loadable segment's file offset no longer matches its address
modulo the page size, and the loader refuses them ("ELF load command address/offset not
page-aligned"). So each library is stripped into a copy, and the copy replaces it only if
every loadable segment still lines up; the others stay as the wheel shipped them.

    python packaging/strip_libraries.py DIR    # what the spec runs on dist/baseline-studio/
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

_PT_LOAD = 1


def load_segments(path: Path) -> list[tuple[int, int, int]] | None:
    """(file offset, address, alignment) of each loadable segment of a 64-bit little-endian
    ELF file, or None for anything else."""
    with path.open("rb") as fh:
        head = fh.read(64)
        if len(head) < 64 or head[:4] != b"\x7fELF" or head[4] != 2 or head[5] != 1:
            return None
        (table,) = struct.unpack_from("<Q", head, 32)
        entry_size, count = struct.unpack_from("<HH", head, 54)
        fh.seek(table)
        entries = fh.read(entry_size * count)
    segments = []
    for index in range(count):
        kind, _flags, offset, address, _phys, _size, _mem, align = struct.unpack_from(
            "<IIQQQQQQ", entries, index * entry_size)
        if kind == _PT_LOAD:
            segments.append((offset, address, align))
    return segments


def loadable(path: Path) -> bool:
    """Whether every loadable segment's offset and address agree modulo its alignment (what
    the loader checks before it maps the file)."""
    segments = load_segments(path)
    return bool(segments) and all(align <= 1 or offset % align == address % align
                                  for offset, address, align in segments or [])


def strip_folder(folder: Path, strip: str = "strip") -> tuple[int, int, list[Path]]:
    """Strips every ELF library and program under `folder` in place where the result stays
    loadable. Returns (bytes before, bytes after, the files left unstripped because stripping
    would have broken them)."""
    before = after = 0
    kept: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="strip-") as tmp:
        for path in sorted(folder.rglob("*")):
            if path.is_symlink() or not path.is_file() or load_segments(path) is None:
                continue
            size = path.stat().st_size
            copy = Path(tmp) / "lib"
            shutil.copy2(path, copy)
            done = subprocess.run([strip, "--strip-unneeded", str(copy)], capture_output=True)
            new_size = copy.stat().st_size
            if done.returncode != 0 or not loadable(copy):
                kept.append(path)
                new_size = size
            elif new_size < size:
                os.replace(copy, path)
            before, after = before + size, after + min(size, new_size)
    return before, after, kept


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write(__doc__.strip().splitlines()[-1].strip() + "\n")
        return 2
    strip = shutil.which("strip")
    if strip is None:
        sys.stderr.write("strip_libraries: no `strip` program (binutils): libraries left as "
                         "they are\n")
        return 0
    before, after, kept = strip_folder(Path(argv[0]), strip)
    sys.stdout.write(f"strip_libraries: {before / 2**20:.0f} MB of libraries -> "
                     f"{after / 2**20:.0f} MB; {len(kept)} left unstripped (stripping would "
                     "break them)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
