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


# SQLite primary result codes (sqlite3.h) that say "cannot write here", not "damaged".
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 3, 8, 10, 13, 14


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
    return None


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
