"""Asset paths in a study: relative, and never leaving the study folder."""

from __future__ import annotations

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
    root = study_dir.resolve()
    target = (root / relative).resolve()
    if not target.is_relative_to(root):
        raise UnsafePathError(f"{relative!r} resolves outside the study folder (through a link)")
    return target
