"""Rolling backups of a SQLite database, and restoring one without losing the damaged file.

At the end of every (non-simulated) session the engine asks for a backup: SQLite's online
backup API copies a consistent snapshot while other connections may still be open, the copy
is switched out of WAL mode (one self-contained file), checked with `PRAGMA integrity_check`
and only then given its final name in `backups/` beside the database. The newest KEEP verified
backups of each database are kept.

Restoring never overwrites anything: either the backup is copied to a new path (`to=`), or the
current (damaged) file and its -wal/-shm companions are renamed aside, bytes untouched, and
the backup is copied to the original path so the app opens it as before.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url

from app.home import create_private_file, make_private_dir
from app.storage.database import Database
from app.storage.files import BUSY_TIMEOUT_MS, readonly_uri
from app.storage.sqlite_url import resolve_sqlite_file
from app.study.errors import UserInputError

BACKUP_DIR = "backups"
KEEP = 5
_COMPANIONS = ("-wal", "-shm", "-journal")
_STAMP = "%Y%m%dT%H%M%S%fZ"


class BackupError(UserInputError):
    """No usable backup, or a restore that would overwrite something."""


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    created_utc: str  # ISO-8601, from the file name
    size: int


@dataclass(frozen=True)
class RestoreResult:
    restored: Path  # the database now holding the backup's content
    backup: Path  # the backup it came from
    damaged_kept: Path | None  # where the previous file was moved, None if there was none


def sqlite_file(url_or_db: str | Database) -> Path | None:
    """The file behind a SQLite URL or database; None for PostgreSQL or an in-memory SQLite."""
    url = make_url(str(url_or_db.engine.url) if isinstance(url_or_db, Database) else url_or_db)
    if url.get_backend_name() != "sqlite":
        return None
    try:
        return resolve_sqlite_file(url)
    except UserInputError:
        return None


def backup_folder(db_path: Path) -> Path:
    return db_path.parent / BACKUP_DIR


def integrity_problems(path: Path) -> list[str]:
    """What `PRAGMA integrity_check` finds wrong with a SQLite file (empty list: sound).

    Opened read-only, so checking never changes the file."""
    try:
        conn = sqlite3.connect(readonly_uri(path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            rows = [str(r[0]) for r in conn.execute("PRAGMA integrity_check").fetchall()]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return [str(exc)]
    return [] if rows == ["ok"] else rows


def copy_self_contained(source: sqlite3.Connection, partial: Path) -> None:
    """SQLite's online backup of `source` (as its open transaction sees it, if any) into the
    file `partial`, then switched out of WAL mode: a backup or a hand-over copy must not
    depend on a -wal beside it."""
    target = sqlite3.connect(partial)
    try:
        source.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()


def backup_database(db_path: Path, *, keep: int = KEEP) -> Path:
    """A verified copy of `db_path` in its backups folder; older copies beyond `keep` removed."""
    if not db_path.is_file():
        raise BackupError(f"{db_path}: no such database to back up")
    folder = backup_folder(db_path)
    make_private_dir(folder)
    final = _new_backup_name(db_path)
    partial = final.with_name("." + final.name + ".partial")
    partial.unlink(missing_ok=True)
    create_private_file(partial)  # 0600: SQLite writes into it and keeps the mode
    try:
        source = sqlite3.connect(readonly_uri(db_path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            copy_self_contained(source, partial)
        finally:
            source.close()
    except sqlite3.Error as exc:  # as a BackupError: sqlite3 is storage's business alone
        partial.unlink(missing_ok=True)
        raise BackupError(f"{db_path}: backup failed: {exc}") from exc
    problems = integrity_problems(partial)
    if problems:
        partial.unlink(missing_ok=True)
        raise BackupError(f"{db_path}: the backup copy failed its integrity check: {problems[0]}")
    fsync_file(partial)
    os.replace(partial, final)
    fsync_dir(folder)
    for old in list_backups(db_path)[keep:]:
        old.path.unlink(missing_ok=True)
    return final


def backup_after_session(db: Database, *, keep: int = KEEP) -> Path | None:
    """The session-end backup: a SQLite file database gets one; other databases None.
    Fails with OSError or BackupError."""
    path = sqlite_file(db)
    return backup_database(path, keep=keep) if path is not None else None


def list_backups(db_path: Path) -> list[BackupInfo]:
    """The backups of `db_path`, newest first."""
    folder = backup_folder(db_path)
    if not folder.is_dir():
        return []
    pattern = re.compile(re.escape(db_path.stem) + r"-(\d{8}T\d{12}Z)(?:-(\d+))?\.sqlite3")
    found = []
    for path in folder.iterdir():
        match = pattern.fullmatch(path.name)
        if match and path.is_file():
            when = datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC)
            # Two backups within one clock tick (coarse clocks) are told apart by a counter.
            order = (match.group(1), int(match.group(2) or 0))
            found.append((order, BackupInfo(path, when.isoformat(timespec="seconds"),
                                            path.stat().st_size)))
    return [info for _, info in sorted(found, key=lambda pair: pair[0], reverse=True)]


def latest_good_backup(db_path: Path) -> Path | None:
    """The newest backup of `db_path` that passes the integrity check, if any."""
    for info in list_backups(db_path):
        if not integrity_problems(info.path):
            return info.path
    return None


def restore_backup(db_path: Path, backup: Path | None = None, *, to: Path | None = None) -> RestoreResult:
    """Put a backup's content into service without overwriting any file.

    `to` given: the backup is copied there (it must not exist yet). Otherwise the file at
    `db_path` (with its -wal/-shm) is renamed to `<name>.damaged-<time>` and the backup is
    copied to `db_path`. Close the app on this database first.
    """
    chosen = backup if backup is not None else latest_good_backup(db_path)
    if chosen is None:
        raise BackupError(f"{db_path}: no backup passes its integrity check "
                          f"(looked in {backup_folder(db_path)})")
    problems = integrity_problems(chosen)
    if problems:
        raise BackupError(f"{chosen}: this backup is damaged too ({problems[0]})")
    kept: Path | None = None
    if to is not None:
        target = to
        if target.exists():
            raise BackupError(f"{target}: already exists; restoring never overwrites a file")
    else:
        target = db_path
        if db_path.exists():
            kept = _move_aside(db_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name("." + target.name + ".restoring")
    partial.unlink(missing_ok=True)
    create_private_file(partial)
    shutil.copyfile(chosen, partial)  # into the 0600 file: the mode stays
    fsync_file(partial)
    os.replace(partial, target)
    fsync_dir(target.parent)
    return RestoreResult(target, chosen, kept)


def _new_backup_name(db_path: Path) -> Path:
    stamp = datetime.now(UTC).strftime(_STAMP)
    folder = backup_folder(db_path)
    candidate = folder / f"{db_path.stem}-{stamp}.sqlite3"
    counter = 1
    while candidate.exists():
        candidate = folder / f"{db_path.stem}-{stamp}-{counter}.sqlite3"
        counter += 1
    return candidate


def _move_aside(db_path: Path) -> Path:
    """Rename the database and its companions to `<name>.damaged-<time>[-n]` (never a copy over)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = db_path.with_name(f"{db_path.name}.damaged-{stamp}")
    counter = 1
    while aside.exists():
        aside = db_path.with_name(f"{db_path.name}.damaged-{stamp}-{counter}")
        counter += 1
    os.rename(db_path, aside)
    for suffix in _COMPANIONS:
        companion = db_path.with_name(db_path.name + suffix)
        if companion.exists():
            os.rename(companion, aside.with_name(aside.name + suffix))
    return aside


def fsync_file(path: Path) -> None:
    """Flush a file's bytes to the disk (a rename after it is then safe against power loss)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(folder: Path) -> None:
    # A rename is durable only once its directory is synced (POSIX); Windows has no such call.
    if os.name != "posix":
        return
    fsync_file(folder)
