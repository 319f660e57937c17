"""Why a database cannot be used: damaged (`CorruptDatabaseError`), or sound but not writable
just now, on a read-only medium or a full disk (`StorageUnavailableError`).

The two are told apart because the advice differs: restoring a backup over a sound file on a
locked stick would be wrong; freeing space or copying the file to a writable folder is right.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from app.study.errors import UserInputError


class CorruptDatabaseError(UserInputError):
    """The file is not a readable Baseline Studio database. It is left untouched."""


class StorageUnavailableError(UserInputError):
    """A sound database that cannot be written just now (read-only medium, full disk). Not
    "damaged": restoring a backup would not help, and the file is fine where it is."""


class ReadOnlyDatabaseError(StorageUnavailableError):
    pass


class DiskFullError(StorageUnavailableError):
    pass


class DatabaseBusyError(StorageUnavailableError):
    """Another program holds the file (a read transaction on a rollback-mode database, say)."""


# SQLite primary result codes (sqlite3.h) that say "cannot write here", not "damaged".
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 3, 8, 10, 13, 14
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6
MAX_HOLDERS_SHOWN = 5


def storage_problem(exc: BaseException, label: str, path: Path | None = None
                    ) -> StorageUnavailableError | None:
    """The plain-words error for a write that failed because the medium is read-only or the
    disk is full (a SQLite error, wrapped by SQLAlchemy or not, or an OSError); None for
    anything else. `path`, when known, lets a vague I/O error be told apart by looking at the
    file system itself."""
    orig = getattr(exc, "orig", None) or exc
    code = getattr(orig, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    errno_ = getattr(orig, "errno", None)
    on_read_only_fs = path is not None and read_only_fs(path)
    if primary == _SQLITE_FULL or errno_ == errno.ENOSPC or (primary == _SQLITE_IOERR and _disk_full(path)):
        return DiskFullError(f"{label}: the disk is full; nothing of this step was written and "
                             "the database is as it was. Free some space and try again")
    if primary in (_SQLITE_READONLY, _SQLITE_PERM) or errno_ in (errno.EACCES, errno.EROFS) or (
            primary in (_SQLITE_CANTOPEN, _SQLITE_IOERR) and on_read_only_fs):
        return ReadOnlyDatabaseError(
            f"{label}: cannot be written here (a read-only file, folder or medium); the database "
            "itself is sound and was not changed. Copy it to a writable folder, or read it with "
            "a command that only reads (export, coverage)")
    if primary in (_SQLITE_BUSY, _SQLITE_LOCKED) or "database is locked" in str(orig):
        named = holders(path) if path is not None else []
        who = (", ".join(named[:MAX_HOLDERS_SHOWN]) if named else
               "another program (another station, an export or coverage run, a database browser)")
        return DatabaseBusyError(
            f"{label}: is held by {who}, which keeps it from being opened for writing; the "
            "database is sound and was not changed. Close that program (or let it finish) and "
            "try again")
    return None


def holders(path: Path) -> list[str]:
    """The other programs that have `path` (or its -wal, -shm, -journal) open, as "name (pid
    N)", read from /proc where there is one (elsewhere: none known)."""
    try:
        wanted = {str(path.resolve())}
    except OSError:
        return []
    wanted |= {f"{name}{suffix}" for name in list(wanted) for suffix in ("-wal", "-shm", "-journal")}
    proc = Path("/proc")
    found: list[str] = []
    try:
        pids = [p for p in proc.iterdir() if p.name.isdigit() and int(p.name) != os.getpid()]
    except OSError:
        return []
    for pid in pids:
        try:
            fds = list((pid / "fd").iterdir())
        except OSError:  # gone, or another user's: not ours to look at
            continue
        for fd in fds:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target in wanted:
                try:
                    name = (pid / "comm").read_text(errors="replace").strip() or "a program"
                except OSError:
                    name = "a program"
                found.append(f"{name} (pid {pid.name})")
                break
    return found


def read_only_fs(path: Path) -> bool:
    """Whether the file system holding `path` is mounted read-only (a locked SD card, a CD)."""
    folder = path if path.is_dir() else path.parent
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False


def _disk_full(path: Path | None) -> bool:
    if path is None:
        return False
    try:
        stats = os.statvfs(path.parent)
    except (OSError, AttributeError):
        return False
    return stats.f_bavail * stats.f_frsize < 64 * 1024
