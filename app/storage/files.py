"""SQLite files looked at from outside the engine: the read-only check before a file is opened
(a damaged file is never written to), the read-only opening for commands that only read, and
leaving a closed file out of WAL mode.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import DatabaseError, OperationalError

from app.regular_files import open_regular_file
from app.storage.migrations import SCHEMA_VERSION
from app.storage.unavailable import CorruptDatabaseError, read_only_fs, storage_problem
from app.study.errors import UserInputError

BUSY_TIMEOUT_MS = 30_000


def open_sqlite_read_only(path: Path, check_integrity: bool) -> Engine | None:
    """A SQLite file opened only to read: `mode=ro` (the -wal beside it is read too), or
    `immutable=1` when the folder cannot be written and there is no -wal (SQLite could not
    make the -shm a WAL reader needs, and no one else can be writing there).

    None (open it as usual) for a file that does not exist yet, or one written by an older
    version on a writable disk: those are created or upgraded as any command would."""
    writable = not read_only_fs(path) and os.access(path.parent, os.W_OK)
    if not path.is_file():
        if writable:
            return None
        raise UserInputError(f"{path}: no such database file")
    check_sqlite_file(path, full=check_integrity)
    has_wal = Path(f"{path}-wal").exists()
    immutable = not has_wal and not writable
    uri = readonly_uri(path, immutable=immutable)

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        return conn

    engine = create_engine("sqlite://", creator=connect)
    try:
        with engine.connect() as conn:
            version = conn.execute(
                text("SELECT value FROM schema_info WHERE key = 'schema_version'")).scalar()
    except (OperationalError, DatabaseError) as exc:
        engine.dispose()
        raise CorruptDatabaseError(f"{path}: not a readable Baseline Studio database "
                                   f"({exc.orig}); left untouched") from exc
    if str(version) != str(SCHEMA_VERSION):
        engine.dispose()
        if writable and str(version).isdigit() and int(str(version)) < SCHEMA_VERSION:
            return None
        raise UserInputError(f"{path}: schema version {version}, this app reads {SCHEMA_VERSION} "
                             "without changing the file; open it once with this version of "
                             "Baseline Studio on a writable disk (which upgrades it)")
    return engine


def leave_wal_mode(path: Path) -> None:
    """Switch a closed database back to a rollback journal (the next open turns WAL on again).
    SQLite refuses while another connection (a station, a reader) has the file open; then it
    simply stays in WAL mode, its answers already checkpointed into the main file."""
    try:
        conn = sqlite3.connect(path, timeout=0.2)
        try:
            conn.execute("PRAGMA journal_mode=DELETE").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # busy or read-only: nothing lost, the file stays as it was


def readonly_uri(path: Path, *, immutable: bool = False) -> str:
    """A read-only SQLite URI for `path`. Quoted: a '#' or '?' in a folder name would otherwise
    end the path, and SQLite would open (and create) some other file."""
    return f"file:{quote(str(path))}?{'immutable=1' if immutable else 'mode=ro'}"


def check_sqlite_file(path: Path, *, full: bool) -> None:
    """Read-only look at an existing file before SQLAlchemy (and WAL mode) touches it."""
    try:
        with open_regular_file(path) as fh:
            header = fh.read(16)
    except OSError as exc:
        raise CorruptDatabaseError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    if path.stat().st_size == 0:
        return  # an empty file is a new database
    if header != b"SQLite format 3\x00":
        raise CorruptDatabaseError(f"{path}: not a SQLite database (left untouched)")
    if not full:
        return
    try:
        result = _quick_check(path, immutable=False)
    except sqlite3.DatabaseError as exc:
        # A WAL-mode file on a read-only medium: a reader cannot create the -shm it needs.
        # That says nothing about the file; with no -wal beside it, nothing is being written,
        # and it can be checked as immutable.
        if not (read_only_fs(path) and not Path(f"{path}-wal").exists()):
            unavailable = storage_problem(exc, str(path), path)
            if unavailable is not None:
                raise unavailable from exc
            raise CorruptDatabaseError(f"{path}: database is damaged ({exc}); left untouched") from exc
        try:
            result = _quick_check(path, immutable=True)
        except sqlite3.DatabaseError as exc2:
            raise CorruptDatabaseError(f"{path}: database is damaged ({exc2}); left untouched") from exc2
    if result != ["ok"]:
        detail = "; ".join(result[:3])
        raise CorruptDatabaseError(f"{path}: integrity check failed ({detail}); left untouched")


def _quick_check(path: Path, *, immutable: bool) -> list[str]:
    conn = sqlite3.connect(readonly_uri(path, immutable=immutable), uri=True,
                           timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        return [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
    finally:
        conn.close()
