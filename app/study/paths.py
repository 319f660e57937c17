"""Asset paths in a study: relative, and never leaving the study folder."""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath


class UnsafePathError(ValueError):
    """A path that is absolute, climbs out with '..', or resolves (through a link) outside."""


def resolve_asset(study_dir: Path, relative: str) -> Path:
    """The absolute path of `relative` inside `study_dir`, or UnsafePathError.

    Checked lexically first (no '..', not absolute, no drive letter, no NUL), then after
    resolving symlinks, so a link inside the folder that points outside is refused as well.
    Existence is not checked here.
    """
    if not relative or "\x00" in relative:
        raise UnsafePathError("empty path" if not relative else "path contains a NUL character")
    posix, windows = PurePosixPath(relative), PureWindowsPath(relative)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or relative.startswith("\\"):
        raise UnsafePathError(f"{relative!r} is absolute; paths must be relative to the study folder")
    if ".." in posix.parts or ".." in windows.parts:
        raise UnsafePathError(f"{relative!r} contains '..'; paths must stay inside the study folder")
    if len(relative) > 4096 or any(len(part.encode("utf-8", "surrogatepass")) > 255
                                   for part in posix.parts):
        raise UnsafePathError(f"{relative[:40]!r}... is longer than a file system allows")
    root = study_dir.resolve()
    try:
        target = (root / relative).resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # a link loop (RuntimeError up to 3.12)
        raise UnsafePathError(f"{relative!r} cannot be resolved: {exc}") from exc
    if not target.is_relative_to(root):
        raise UnsafePathError(f"{relative!r} resolves outside the study folder (through a link)")
    return target


_NOT_NAMES = frozenset({"", ".", ".."})


class AssetIndex:
    """Which plain files a study folder holds, listed once per directory.

    Checking 12,000 image paths one by one with `resolve_asset` costs two realpath walks and
    a stat each (seconds at MedLesionVQA scale). This answers the common case, a simple
    relative path to a regular file reached through real directories, from one `scandir` per
    directory. It only ever says "yes, safe and present": anything else (a link, '..', a drive
    letter, a missing file, another spelling of a name) answers False, and the caller falls
    back to `resolve_asset`, which gives the exact message.
    """

    def __init__(self, study_dir: Path) -> None:
        self.root = study_dir.resolve()
        self._files: dict[str, frozenset[str]] = {}  # directory (relative, '/'-joined) -> files
        self._real_dirs: dict[str, bool] = {}
        # Every path `is_plain_file` has said yes to, spelled as asked: a second path of a
        # listed directory is then one set lookup (`all_plain_files`).
        self._yes: set[str] = set()

    def all_plain_files(self, paths: list[str]) -> bool:
        """`is_plain_file` of every one of `paths` (True for none); stops at the first no.
        Of 12,000 images in a few directories, only the first of each directory is listed
        and asked one by one; the rest are found in the paths said yes to."""
        yes = self._yes
        for path in [p for p in paths if p not in yes]:
            if path not in yes:
                if not self.is_plain_file(path):
                    return False
                parent, _, _ = path.rpartition("/")
                prefix = f"{parent}/" if parent else ""
                # The listing's names, as paths this call would say yes to: the parent passed
                # the text checks and the real-directory walk, a listed name holds no '/' or
                # NUL and is never '', '.' or '..'; names with '\\' or ':' are left out.
                yes.update(prefix + name for name in self._files[parent]
                           if "\\" not in name and ":" not in name)
        return True

    def is_plain_file(self, relative: str) -> bool:
        if not relative or "\\" in relative or ":" in relative or "\x00" in relative \
                or relative[0] == "/":
            return False
        parent, _, name = relative.rpartition("/")
        if name in _NOT_NAMES:
            return False
        files = self._files.get(parent)
        if files is None:
            # A parent with an empty, '.' or '..' part lists as nothing: always False.
            bad = parent and any(part in _NOT_NAMES for part in parent.split("/"))
            files = self._files[parent] = frozenset() if bad else self._list(parent)
        return name in files

    def _list(self, parent: str) -> frozenset[str]:
        # Every directory on the way must be a real directory, not a link: a linked directory
        # may lead outside the study folder, which only the resolve_asset path may judge.
        parts = parent.split("/") if parent else []
        for depth in range(1, len(parts) + 1):
            prefix = "/".join(parts[:depth])
            real = self._real_dirs.get(prefix)
            if real is None:
                real = self._real_dirs[prefix] = _is_real_dir(self.root / prefix)
            if not real:
                return frozenset()
        try:
            with os.scandir(self.root / parent if parent else self.root) as entries:
                return frozenset(e.name for e in entries if e.is_file(follow_symlinks=False))
        except OSError:
            return frozenset()


def _is_real_dir(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False
