"""Opening the database: the URL checked, the SQLite file created owner-only or checked for
damage, every connection set up (WAL, synchronous=FULL, busy timeout), the schema migrated,
and what goes wrong said in words (damaged, read-only, disk full, no driver).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import Connection, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError, OperationalError

from app.home import create_private_file, default_db_url, make_private_dir
from app.storage.database import Database
from app.storage.files import BUSY_TIMEOUT_MS, check_sqlite_file, open_sqlite_read_only
from app.storage.migrations import SCHEMA_VERSION, migrate
from app.storage.sqlite_url import NO_FILE_NAMES, resolve_sqlite_file
from app.storage.unavailable import CorruptDatabaseError, storage_problem
from app.study.errors import UserInputError

NO_FILE_URLS = NO_FILE_NAMES  # SQLite URL databases that are no file: gone at exit
_MIGRATION_LOCK = 0x6261_7365_6C69_6E65 & 0x7FFF_FFFF_FFFF_FFFF  # "baseline": pg advisory lock key


def _sqlite_pragmas(dbapi_conn: sqlite3.Connection, _record: object) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    """Schema steps run in an explicit BEGIN IMMEDIATE transaction.

    pysqlite runs DDL in autocommit, so without it a kill during the first schema creation
    could leave half a schema; IMMEDIATE also takes the write lock before the schema version
    is read, so two processes opening a new file at once cannot both run a step. Ordinary
    work keeps pysqlite's own transactions: reads outside a transaction, BEGIN just before the
    first write, which waits on the busy timeout instead of failing when another process is
    writing (a read transaction that later writes would get SQLITE_BUSY at once in WAL mode).
    """
    mode = conn.get_execution_options().get("sqlite_begin")
    if mode:
        conn.exec_driver_sql(f"BEGIN {mode}")


def open_database(url: str | None = None, *, home: Path | None = None,
                  check_integrity: bool = True, read_only: bool = False) -> Database:
    """Open (creating and migrating as needed) the database at `url`, default: the data folder.

    A SQLite file that fails its integrity check, or is not a database at all, raises
    CorruptDatabaseError and is never written to. One that cannot be written (read-only
    medium, full disk) raises a StorageUnavailableError saying so. `read_only`: for commands
    that only read (export, coverage); the file is opened with SQLite's read-only flag, never
    created, upgraded or written, so a database on a write-protected stick can be read.
    A URL that names no file (`sqlite://`, `sqlite:///:memory:`, a URI with `mode=memory`) or
    carries parameters that would change what is opened is refused (`sqlite_url.resolve_sqlite_file`):
    whatever was written there would vanish when the command ends, or land elsewhere.
    """
    url = url or default_db_url(home)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise UserInputError(f"{url}: not a database URL (expected sqlite:///path/file.sqlite3 "
                             "or postgresql+psycopg://user@host/dbname)") from exc
    if parsed.get_backend_name() == "sqlite":
        # Open exactly the file the URL resolves to, with none of its parameters.
        resolved = resolve_sqlite_file(parsed, url)
        parsed = URL.create(parsed.drivername, database=str(resolved))
        url = parsed.render_as_string(hide_password=False)
    if read_only and parsed.get_backend_name() == "sqlite":
        reader = open_sqlite_read_only(Path(parsed.database or ""), check_integrity)
        if reader is not None:
            return Database(reader, label=str(Path(parsed.database or "")), read_only=True)
    if parsed.drivername in {"postgresql", "postgres"}:
        # psycopg (version 3) is the driver we ship; plain postgresql:// would look for psycopg2.
        parsed = parsed.set(drivername="postgresql+psycopg")
        url = parsed.render_as_string(hide_password=False)
    label = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite":
        path = Path(parsed.database or "")
        label = str(path)
        if path.exists():
            check_sqlite_file(path, full=check_integrity)
        else:
            try:
                make_private_dir(path.parent)
                create_private_file(path)
            except OSError as exc:
                raise (storage_problem(exc, label, path) or UserInputError(
                    f"{label}: cannot create the database: {exc.strerror or exc}")) from exc
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
    else:
        try:
            engine = create_engine(url, pool_pre_ping=True)
        except NoSuchModuleError as exc:
            raise UserInputError(f"{label}: unsupported database kind {parsed.drivername!r} "
                                 "(use sqlite:/// or postgresql+psycopg://)") from exc
        except ImportError as exc:  # a dialect SQLAlchemy knows, its driver not installed (mysql://)
            raise UserInputError(f"{label}: no driver for this kind of database "
                                 f"({exc.name or exc}); use sqlite:///path/file.sqlite3 or "
                                 "postgresql+psycopg://user@host/dbname") from exc
    try:
        with engine.connect() as conn:
            if engine.dialect.name == "postgresql":
                # Stations opening a new server database at once: one creates the schema, the
                # others wait for it (a session-level lock, held across the migration steps).
                conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _MIGRATION_LOCK})
                try:
                    migrate(conn, SCHEMA_VERSION)
                finally:
                    conn.rollback()
                    conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _MIGRATION_LOCK})
                    conn.commit()
            else:
                migrate(conn.execution_options(sqlite_begin="IMMEDIATE"), SCHEMA_VERSION)
    except OperationalError as exc:
        engine.dispose()
        sqlite_path = Path(label) if engine.dialect.name == "sqlite" else None
        unavailable = storage_problem(exc, label, sqlite_path)
        if unavailable is not None:
            raise unavailable from exc
        raise CorruptDatabaseError(f"{label}: cannot open database: {exc.orig}") from exc
    except DatabaseError as exc:
        engine.dispose()
        raise CorruptDatabaseError(f"{label}: not a usable database: {exc.orig}") from exc
    return Database(engine, label=label)
