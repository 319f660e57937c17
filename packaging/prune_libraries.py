"""Which shared libraries of a PyInstaller analysis only left-out pieces needed (Linux).

PyInstaller collects a binary's needed libraries (ELF DT_NEEDED) with it. When the spec then
drops the binary (a Qt plugin the app does not use, the Qt network library), the libraries it
alone brought stay behind: the GTK theme plugin's cairo, pango and gio, Qt Network's Kerberos.
`orphans` names them: the libraries reachable from the dropped binaries and from none of the
kept ones. A library that something kept needs is never named, so the loader finds everything
it looked for before; a library loaded by name at run time (dlopen, not DT_NEEDED) is named
only if a dropped binary needed it and no kept one does, which the spec's checks on the bundle
(tests/test_packaging.py) would show.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

_NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[(.+?)\]")


def needed(path: str) -> list[str]:
    """The DT_NEEDED names of an ELF file ([] for anything else or without readelf)."""
    try:
        with open(path, "rb") as fh:
            if fh.read(4) != b"\x7fELF":
                return []
        out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True,
                             check=False).stdout
    except OSError:
        return []
    return _NEEDED.findall(out)


def _closure(starts: Iterable[str], by_name: dict[str, list[str]],
             cache: dict[str, list[str]]) -> set[str]:
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        dest = todo.pop()
        if dest in seen:
            continue
        seen.add(dest)
        if dest not in cache:
            cache[dest] = []
        for name in cache[dest]:
            todo.extend(d for d in by_name.get(name, []) if d not in seen)
    return seen


def orphans(kept: list[tuple[str, str]], dropped: list[tuple[str, str]]) -> set[str]:
    """Destinations in `kept` ((dest, source) pairs) needed only through `dropped` ones."""
    by_name: dict[str, list[str]] = {}
    source = dict(kept + dropped)
    for dest in source:
        by_name.setdefault(Path(dest).name, []).append(dest)
    cache = {dest: needed(src) for dest, src in source.items()}
    dropped_dests = {dest for dest, _ in dropped}
    from_dropped = _closure(dropped_dests, by_name, cache) - dropped_dests
    # Every kept binary counts as a root except those the dropped ones reach: a library is
    # kept if anything kept and not itself an orphan candidate needs it.
    candidates = from_dropped
    roots = [dest for dest, _ in kept if dest not in candidates]
    return candidates - _closure(roots, by_name, cache)


def link_duplicates(folder: Path) -> int:
    """Replace each library under `folder` whose bytes equal an earlier one of the same name
    (numpy's and scipy's wheels both vendor the same libgfortran) with a relative symbolic
    link to it; returns the bytes saved. The loader opens the link and finds the same file."""
    import hashlib

    first: dict[tuple[str, str], Path] = {}
    saved = 0
    for path in sorted(folder.rglob("*.so*")):
        if path.is_symlink() or not path.is_file() or path.stat().st_size < 1 << 20:
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        key = (path.name, digest)
        if key not in first:
            first[key] = path
            continue
        target = Path(os.path.relpath(first[key], path.parent))
        saved += path.stat().st_size
        path.unlink()
        path.symlink_to(target)
    return saved
