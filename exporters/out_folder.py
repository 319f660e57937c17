"""Where an export may write: names taken from a study are checked, every output path is
checked to stay under --out, and the files are written into a staging folder first.

A study is not trusted to name files: the MTEB writer builds `mteb/Human/<revision>/<task>.json`
from the study's `mteb.revision` and its items' task categories, and a revision of
`../../../../x` or a task that is an absolute path would otherwise write outside the export
folder. `safe_name` refuses separators, dot-segments and the rest (a `StudyError` naming the
study file and the JSON path), `inside` checks a resolved path (links included) against the
folder, and `staged_export` makes the export all-or-nothing: its files go into a hidden folder
beside --out and are moved into place only when every writer has finished.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from app.home import PRIVATE_DIR_MODE, PRIVATE_FILE_MODE
from app.study.errors import Problem, StudyError, UserInputError

# Characters no file name on Windows, macOS or Linux may hold (plus control characters).
_BAD_CHARACTERS = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]')
_RESERVED = re.compile(r"^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$", re.IGNORECASE)
MAX_NAME = 200  # characters: room for ".json" under every file system's 255-byte limit


def name_problem(value: str) -> str | None:
    """Why `value` cannot be one file or folder name, or None when it can."""
    if not value.strip():
        return "is empty"
    if value in (".", "..") or value.startswith("."):
        return f"{value!r} starts with a dot (a dot-segment or a hidden file), not a plain name"
    found = _BAD_CHARACTERS.search(value)
    if found:
        return (f"{value!r} holds {found.group()!r}: a file name may not hold a path separator, "
                "a drive colon or a control character")
    if _RESERVED.match(value) or value != value.strip() or value.endswith("."):
        return f"{value!r} is not a portable file name (reserved, or ends in a space or dot)"
    if len(value) > MAX_NAME:
        return f"is {len(value)} characters long (at most {MAX_NAME} for a file name)"
    return None


def safe_name(value: str, *, source: Path, where: str) -> str:
    """`value` when it is one plain file name; otherwise a StudyError naming `source` (the
    study file) and `where` (the JSON path the value came from)."""
    problem = name_problem(value)
    if problem:
        raise StudyError([Problem(source, where, f"cannot be used as a file name in the "
                                                 f"export: {problem}")])
    return value


def inside(folder: Path, path: Path) -> Path:
    """`path` when, resolved (links followed), it lies under `folder`; else a UserInputError."""
    root = folder.resolve()
    resolved = path.resolve()
    if resolved != root and root not in resolved.parents:
        raise UserInputError(f"{path}: refusing to write outside the export folder {folder}")
    return path


def out_path(folder: Path, *parts: str) -> Path:
    """folder/part/part/..., checked to stay under `folder`: the one way a writer names a file."""
    return inside(folder, folder.joinpath(*parts))


def check_out_folder(out_dir: Path) -> None:
    """A clean message for an --out that cannot be a folder."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UserInputError(f"{out_dir}: exists and is not a folder; give a folder to export "
                             "into (it is created if missing)")
    for parent in out_dir.absolute().parents:
        if parent.exists():
            if not parent.is_dir():
                raise UserInputError(f"{out_dir}: {parent} is a file, not a folder")
            break


@dataclass
class Staging:
    """The staging folder writers write into, and what moving it into place replaced."""

    folder: Path
    target: Path
    replaced: list[Path] = field(default_factory=list)

    def final(self, path: Path) -> Path:
        """Where a file written into the staging folder ends up."""
        return self.target / path.relative_to(self.folder)


@contextmanager
def staged_export(out_dir: Path, notice: Callable[[str], None] | None = None
                  ) -> Iterator[Staging]:
    """A staging folder beside `out_dir` (same file system, so moves are renames); on success
    its files are moved into `out_dir` (created if missing; a file already there is replaced
    and `notice` is told), on any error it is deleted and `out_dir` is left as it was.

    A new or empty `out_dir` is replaced by the staging folder in one rename, so a reader never
    sees a half-written export."""
    check_out_folder(out_dir)
    parent = out_dir.absolute().parent
    parent.mkdir(parents=True, exist_ok=True)
    try:
        folder = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.partial-", dir=parent))
    except PermissionError:
        if not out_dir.is_dir():
            raise
        # A folder one may write in but not beside (the root of a USB stick under a
        # read-only /media/user): staged inside it, still moved into place only when whole.
        folder = Path(tempfile.mkdtemp(prefix=".export.partial-", dir=out_dir))
    staging = Staging(folder, out_dir)
    try:
        yield staging
        _move_into_place(staging)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if staging.replaced and notice:
        notice(f"replaced {len(staging.replaced)} file{'s' if len(staging.replaced) != 1 else ''}"
               f" already in {out_dir}")


def _make_private(folder: Path) -> None:
    """Owner-only, as the database is: an export holds every answer (free text too with
    --include-identifying), whatever the umask of whoever exported."""
    folder.chmod(PRIVATE_DIR_MODE)
    for path in folder.rglob("*"):
        if path.is_symlink():
            continue
        path.chmod(PRIVATE_DIR_MODE if path.is_dir() else PRIVATE_FILE_MODE)


def _move_into_place(staging: Staging) -> None:
    target = staging.target
    _make_private(staging.folder)
    if target.is_dir() and not any(target.iterdir()):
        target.rmdir()
    if not target.exists():
        os.rename(staging.folder, target)
        staging.folder.mkdir()  # (for the cleanup in staged_export)
        return
    for path in sorted(p for p in staging.folder.rglob("*") if not p.is_dir()):
        final = staging.final(path)
        # The folder is checked (a linked folder leading outside is refused); the file itself
        # may be a link: os.replace replaces the link, never what it points to.
        inside(target, final.parent)
        missing = [d for d in (final.parent, *final.parent.parents) if not d.exists()]
        for folder in reversed(missing):  # each one owner-only (mkdir's parents take the umask)
            folder.mkdir(mode=PRIVATE_DIR_MODE)
            folder.chmod(PRIVATE_DIR_MODE)
        inside(target, final.parent)
        if final.exists() or final.is_symlink():
            if final.is_dir() and not final.is_symlink():
                raise UserInputError(f"{final}: a folder is in the way of the exported file")
            staging.replaced.append(final)
        os.replace(path, final)
