"""The inputs of a merge, opened so that they cannot be changed.

A SQLite file copied from another laptop is opened read-only: `immutable=1` when it has no
-wal companion (nothing else is using it, and nothing, not even a -shm file, is created
beside it), else `mode=ro` so the committed pages in the -wal are read too. A file on a
read-only medium that still needs a -shm, or one written by an older version of the app
(its schema needs upgrading), is first copied to a temporary folder and read from there; the
original is never opened for writing. Every SQLite input passes `PRAGMA integrity_check`.
A PostgreSQL input is read in read-only transactions.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Engine, create_engine, event, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import SQLModel

from app.regular_files import open_regular_file
from app.storage.files import BUSY_TIMEOUT_MS
from app.storage.migrations import SCHEMA_VERSION
from app.storage.opening import open_database
from app.storage.sqlite_url import resolve_sqlite_file
from app.storage.unavailable import CorruptDatabaseError
from app.study.errors import UserInputError

READ_CHUNK = 5_000
OWN_TRIGGERS = {"event_append_only_update", "event_append_only_delete"}  # migration 3
WAL_HEADER_OFFSET = 18  # bytes 18-19 of a SQLite header: 2, 2 when the file is in WAL mode


def database_url(ref: str) -> str:
    """A database URL as given, or a SQLite file path made into one."""
    if "://" in ref:
        return ref
    return f"sqlite:///{Path(ref).expanduser().resolve()}"


def same_database(a: str, b: str) -> bool:
    ua, ub = make_url(database_url(a)), make_url(database_url(b))
    if ua.get_backend_name() == ub.get_backend_name() == "sqlite":
        return Path(ua.database or "").resolve() == Path(ub.database or "").resolve()
    return ua.render_as_string(hide_password=True) == ub.render_as_string(hide_password=True)


class SourceDatabase:
    """One input: its label, origin and schema, and its rows table by table."""

    def __init__(self, engine: Engine, label: str, scratch: Path | None = None) -> None:
        self.engine, self.label, self._scratch = engine, label, scratch
        self.warnings: list[str] = []  # said to the person merging; the merge goes on
        try:
            with engine.connect() as conn:
                info = {str(k): str(v) for k, v in
                        conn.execute(text("SELECT key, value FROM schema_info")).all()}
        except SQLAlchemyError as exc:
            self.close()
            raise CorruptDatabaseError(f"{label}: not a Baseline Studio database ({exc.__class__.__name__})") from exc
        self.origin = str(info.get("origin", ""))
        version = info.get("schema_version", "0")
        if not version.isdigit():
            self.close()
            raise CorruptDatabaseError(f"{label}: schema_info says schema version {version!r}, "
                                       "not a number: the file was changed by hand; nothing merged")
        self.schema_version = int(version)
        if not self.origin:
            self.close()
            raise CorruptDatabaseError(f"{label}: has no origin id; not a Baseline Studio database")

    def rows(self, table: str, where: str = "", params: dict[str, Any] | None = None,
             chunk: int = READ_CHUNK, columns: Sequence[str] = ()) -> Iterator[list[dict[str, Any]]]:
        """The table's rows in chunks, as dicts of every column of the current schema (or of
        `columns` only)."""
        every = SQLModel.metadata.tables[table].columns
        query = select(*(every[c] for c in columns)) if columns else select(*every)
        if where:
            query = query.where(text(where))
        try:
            with self.engine.connect() as conn:
                result = conn.execution_options(stream_results=True).execute(query, params or {})
                for part in result.mappings().partitions(chunk):
                    yield [dict(r) for r in part]
        except SQLAlchemyError as exc:
            raise CorruptDatabaseError(f"{self.label}: table {table} cannot be read "
                                       f"({getattr(exc, 'orig', None) or exc}); nothing merged") from exc

    def check_shape(self) -> None:
        """Refuse a database whose tables were changed by hand (a table or column dropped, a
        view or trigger added): its rows cannot be trusted to mean what the columns say."""
        problems: list[str] = []
        with self.engine.connect() as conn:
            found = inspect(conn)
            tables = set(found.get_table_names())
            for name, table in SQLModel.metadata.tables.items():
                if name not in tables:
                    problems.append(f"table {name} is missing")
                    continue
                have = {c["name"] for c in found.get_columns(name)}
                missing = [c.name for c in table.columns if c.name not in have]
                if missing:
                    problems.append(f"table {name} lacks column(s) {', '.join(missing)}")
                # Without its key a table can hold one row many times over: the merge would
                # count each copy and write one.
                key = {c.name for c in table.primary_key.columns}
                found_key = set(found.get_pk_constraint(name).get("constrained_columns") or [])
                if found_key != key:
                    problems.append(f"table {name} has lost its primary key ({', '.join(sorted(key))})"
                                    if not found_key else
                                    f"table {name} is keyed by {', '.join(sorted(found_key))}, "
                                    f"not {', '.join(sorted(key))}")
            problems += [f"view {v} was added" for v in found.get_view_names()]
            if conn.dialect.name == "sqlite":
                triggers = conn.execute(text(
                    "SELECT name FROM sqlite_master WHERE type = 'trigger'")).scalars()
                problems += [f"trigger {t} was added" for t in triggers if t not in OWN_TRIGGERS]
        if problems:
            raise CorruptDatabaseError(f"{self.label}: not as Baseline Studio writes it (changed by "
                                       f"hand?): {'; '.join(problems)}; nothing merged")

    def count(self, table: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one())

    def close(self) -> None:
        self.engine.dispose()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None


def open_source(ref: str) -> SourceDatabase:
    url = make_url(database_url(ref))
    if url.get_backend_name() == "sqlite":
        return _open_sqlite(resolve_sqlite_file(url, ref))
    return _open_server(database_url(ref))


def _open_server(url: str) -> SourceDatabase:
    label = make_url(url).render_as_string(hide_password=True)
    try:
        engine = create_engine(url, pool_pre_ping=True)
    except SQLAlchemyError as exc:
        raise UserInputError(f"{label}: cannot open: {exc}") from exc
    except ImportError as exc:  # a dialect SQLAlchemy knows, its driver not installed (mysql://)
        raise UserInputError(f"{label}: no driver for this kind of database "
                             f"({exc.name or exc})") from exc

    if engine.dialect.name == "postgresql":
        @event.listens_for(engine, "connect")
        def _read_only(dbapi_conn: Any, _record: object) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            cursor.close()
            dbapi_conn.commit()

    try:
        source = SourceDatabase(engine, label)
    except CorruptDatabaseError:
        raise
    except SQLAlchemyError as exc:
        engine.dispose()
        raise UserInputError(f"{label}: cannot open: {exc}") from exc
    if source.schema_version != SCHEMA_VERSION:
        source.close()
        raise UserInputError(f"{label}: schema version {source.schema_version}, this app reads "
                             f"{SCHEMA_VERSION}; open it once with this version of Baseline Studio "
                             "(which upgrades it), then merge")
    try:
        source.check_shape()
    except BaseException:
        source.close()
        raise
    return source


def _sqlite_engine(path: Path, *, immutable: bool) -> Engine:
    mode = "immutable=1" if immutable else "mode=ro"
    uri = f"file:{quote(str(path))}?{mode}"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                               check_same_thread=False)

    return create_engine("sqlite://", creator=connect)


def _open_sqlite(path: Path) -> SourceDatabase:
    if not path.is_file():
        raise UserInputError(f"{path}: no such database file")
    with open_regular_file(path) as fh:
        header = fh.read(20)
    if header[:16] != b"SQLite format 3\x00":
        raise CorruptDatabaseError(f"{path}: not a SQLite database (left untouched)")
    has_wal = Path(f"{path}-wal").exists()
    source = _open_sqlite_read(path, has_wal)
    try:
        source.check_shape()
    except BaseException:
        source.close()
        raise
    if header[WAL_HEADER_OFFSET:WAL_HEADER_OFFSET + 2] == b"\x02\x02" and not has_wal:
        source.warnings.append(
            f"{path}: a database file of a running app (WAL mode) without the -wal file that "
            "belongs beside it: if it was copied while the app was open, answers given shortly "
            "before the copy may be missing. Hand data over with `baseline-studio snapshot` (or "
            "Designer > Hand over data...), which copies everything")
    return source


def _open_sqlite_read(path: Path, has_wal: bool) -> SourceDatabase:
    try:
        engine = _sqlite_engine(path, immutable=not has_wal)
        _integrity_check(engine, path)
        source = SourceDatabase(engine, str(path))
    except sqlite3.OperationalError:
        # A -wal without its -shm on a read-only medium: read a private copy instead.
        return _open_copy(path, upgrade=False)
    if source.schema_version > SCHEMA_VERSION:
        source.close()
        raise UserInputError(f"{path}: written by a newer Baseline Studio (schema "
                             f"{source.schema_version}; this one reads {SCHEMA_VERSION})")
    if source.schema_version < SCHEMA_VERSION:
        source.close()
        return _open_copy(path, upgrade=True)
    return source


def _open_copy(path: Path, *, upgrade: bool) -> SourceDatabase:
    """Copy the file (and its -wal) to a temporary folder, upgrade the copy if asked, read it."""
    scratch = Path(tempfile.mkdtemp(prefix="baseline-merge-"))
    copy = scratch / path.name
    try:
        shutil.copy2(path, copy)
        if Path(f"{path}-wal").exists():
            shutil.copy2(f"{path}-wal", f"{copy}-wal")
        if upgrade:
            try:
                open_database(f"sqlite:///{copy}").close()  # migrations run on the copy only
            except (SQLAlchemyError, ValueError) as exc:
                raise CorruptDatabaseError(f"{path}: cannot be upgraded to this version's schema "
                                           f"({getattr(exc, 'orig', None) or exc}); was it changed "
                                           "by hand? Nothing merged") from exc
        engine = _sqlite_engine(copy, immutable=False)
        _integrity_check(engine, path)
        return SourceDatabase(engine, str(path), scratch)
    except BaseException:
        # A failed upgrade leaves no copy of the answers behind in the temporary folder.
        shutil.rmtree(scratch, ignore_errors=True)
        raise


def _integrity_check(engine: Engine, path: Path) -> None:
    try:
        with engine.connect() as conn:
            result = [str(r[0]) for r in conn.execute(text("PRAGMA integrity_check")).all()]
    except SQLAlchemyError as exc:
        orig = getattr(exc, "orig", None)
        if isinstance(orig, sqlite3.OperationalError) and "unable to open" in str(orig):
            engine.dispose()
            raise orig from exc
        engine.dispose()
        raise CorruptDatabaseError(f"{path}: database is damaged ({orig or exc}); left untouched") from exc
    if result != ["ok"]:
        engine.dispose()
        raise CorruptDatabaseError(f"{path}: integrity check failed ({'; '.join(result[:3])}); "
                                   "left untouched")
