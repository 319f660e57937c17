"""The database: opening (with integrity check and migrations) and every read and write.

Every SQLite connection runs in WAL mode with synchronous=FULL and a busy timeout, so a
committed response survives a power cut and several processes can share the file. A write
method returns only after its transaction has committed: the session engine relies on that
to keep "durable before the next item appears".
"""

from __future__ import annotations

import json
import sqlite3
import uuid as uuidlib
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    ArgumentError,
    DatabaseError,
    IntegrityError,
    NoSuchModuleError,
    OperationalError,
)
from sqlmodel import Session, col, select

from app.home import default_db_url
from app.storage.migrations import SCHEMA_VERSION, migrate
from app.storage.tables import EventRow, ParticipantRow, ResponseRow, SessionRow, StudyRow
from app.study.errors import UserInputError

BUSY_TIMEOUT_MS = 30_000
_MIGRATION_LOCK = 0x6261_7365_6C69_6E65 & 0x7FFF_FFFF_FFFF_FFFF  # "baseline": pg advisory lock key


class CorruptDatabaseError(UserInputError):
    """The file is not a readable Baseline Studio database. It is left untouched."""


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_uuid() -> str:
    return str(uuidlib.uuid4())


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


@dataclass(frozen=True)
class ParticipantInfo:
    code: str
    profile: dict[str, Any]
    simulated: bool
    created_utc: str


class Database:
    """One database (a SQLite file or a PostgreSQL server). Thread-safe: each call opens its own
    short session; the UI calls it from its single writer thread (`widgets.writer`)."""

    def __init__(self, engine: Engine, *, label: str) -> None:
        self.engine = engine
        self.label = label  # for messages: the file path, or the server URL without password
        self.is_sqlite = engine.dialect.name == "sqlite"
        self.origin = self._origin()

    # ------------------------------------------------------------------ setup

    def _origin(self) -> str:
        """A random id for this database, written once: merges record where each row came from."""
        try:
            with self.engine.begin() as conn:
                row = conn.execute(text("SELECT value FROM schema_info WHERE key = 'origin'")).first()
                if row:
                    return str(row[0])
                origin = new_uuid()
                conn.execute(
                    text("INSERT INTO schema_info (key, value) VALUES ('origin', :v)"), {"v": origin}
                )
                return origin
        except IntegrityError:
            # Another station opened the same new server database at the same moment: use theirs.
            with self.engine.connect() as conn:
                return str(conn.execute(
                    text("SELECT value FROM schema_info WHERE key = 'origin'")).scalar_one())

    def _session(self) -> Session:
        # Rows handed back are plain data: keep their values after commit (no lazy refresh).
        return Session(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    @property
    def schema_version(self) -> int:
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT value FROM schema_info WHERE key='schema_version'")).one()
            return int(row[0])

    # ------------------------------------------------------------------ studies and participants

    def register_study(self, study_id: str, version: str, title: str, content_hash: str,
                       definition_json: str) -> None:
        with self._session() as s:
            if s.get(StudyRow, content_hash) is None:
                s.add(StudyRow(content_hash=content_hash, study_id=study_id, version=version,
                               title=title, definition_json=definition_json,
                               registered_utc=utc_now()))
                # Several stations starting at once: another one may have registered it first.
                with suppress(IntegrityError):
                    s.commit()

    def study_registered(self, content_hash: str) -> bool:
        """Whether this exact study definition is stored already (without reading it: a
        20,000-item definition is ~20 MB)."""
        with self.engine.connect() as conn:
            return conn.execute(text("SELECT 1 FROM study WHERE content_hash = :h"),
                                {"h": content_hash}).first() is not None

    def study_versions(self, study_id: str) -> list[StudyRow]:
        with self._session() as s:
            rows = s.exec(select(StudyRow).where(StudyRow.study_id == study_id)).all()
            return [StudyRow.model_validate(r) for r in rows]

    def ensure_participant(self, study_id: str, code: str, profile: dict[str, Any] | None = None,
                           *, simulated: bool = False) -> ParticipantInfo:
        """The participant, created with `profile` if new; an existing profile is kept."""
        with self._session() as s:
            row = s.get(ParticipantRow, (study_id, code))
            if row is None:
                row = ParticipantRow(study_id=study_id, code=code,
                                     profile_json=json.dumps(profile or {}, sort_keys=True),
                                     simulated=simulated, created_utc=utc_now(), origin=self.origin)
                s.add(row)
                try:
                    s.commit()
                except IntegrityError:
                    # The same code started at the same moment on another station: keep theirs.
                    s.rollback()
                    row = s.get(ParticipantRow, (study_id, code))
                    assert row is not None
                else:
                    s.refresh(row)
            return ParticipantInfo(row.code, json.loads(row.profile_json), row.simulated,
                                   row.created_utc)

    def participant(self, study_id: str, code: str) -> ParticipantInfo | None:
        with self._session() as s:
            row = s.get(ParticipantRow, (study_id, code))
            if row is None:
                return None
            return ParticipantInfo(row.code, json.loads(row.profile_json), row.simulated,
                                   row.created_utc)

    def participants(self, study_id: str) -> list[ParticipantInfo]:
        with self._session() as s:
            rows = s.exec(select(ParticipantRow).where(ParticipantRow.study_id == study_id)
                          .order_by(col(ParticipantRow.code))).all()
            return [ParticipantInfo(r.code, json.loads(r.profile_json), r.simulated, r.created_utc)
                    for r in rows]

    # ------------------------------------------------------------------ sessions

    def start_session(self, study_id: str, content_hash: str, participant_code: str, *,
                      app_version: str, refresh_hz: float | None = None,
                      screen: str | None = None, machine_id: str | None = None) -> str:
        session_uuid = new_uuid()
        with self._session() as s:
            s.add(SessionRow(uuid=session_uuid, study_id=study_id, content_hash=content_hash,
                             participant_code=participant_code, started_utc=utc_now(),
                             app_version=app_version, refresh_hz=refresh_hz, screen=screen,
                             origin=self.origin, machine_id=machine_id))
            s.commit()
        return session_uuid

    def end_session(self, session_uuid: str) -> None:
        with self._session() as s:
            row = s.get(SessionRow, session_uuid)
            if row is not None and row.ended_utc is None:
                row.ended_utc = utc_now()
                s.add(row)
                s.commit()

    def sessions(self, study_id: str) -> list[SessionRow]:
        with self._session() as s:
            rows = s.exec(select(SessionRow).where(SessionRow.study_id == study_id)
                          .order_by(col(SessionRow.started_utc))).all()
            return [SessionRow.model_validate(r) for r in rows]

    def real_sessions_started(self) -> bool:
        """True once any participant who is not simulated has had a session here, in any
        study: from then on designer mode's passphrase is no longer chosen in the app
        (widgets/designer/gate.py), only on the command line."""
        query = text("SELECT 1 FROM session JOIN participant "
                     "ON participant.study_id = session.study_id "
                     "AND participant.code = session.participant_code "
                     "WHERE NOT participant.simulated LIMIT 1")
        with self.engine.connect() as conn:
            return conn.execute(query).first() is not None

    # ------------------------------------------------------------------ responses and events

    def save_responses(self, rows: Sequence[ResponseRow], events: Iterable[EventRow] = ()) -> None:
        """Insert the answers to one item (and its events) in one transaction; durable on return."""
        with self._session() as s:
            for row in rows:
                if not row.origin:
                    row.origin = self.origin
                s.add(row)
            for ev in events:
                if not ev.origin:
                    ev.origin = self.origin
                s.add(ev)
            s.commit()

    def log_event(self, study_id: str, kind: str, *, participant_code: str | None = None,
                  session_uuid: str | None = None, item_id: str | None = None,
                  payload: dict[str, Any] | None = None, mono_ns: int | None = None) -> None:
        with self._session() as s:
            s.add(EventRow(uuid=new_uuid(), study_id=study_id, participant_code=participant_code,
                           session_uuid=session_uuid, kind=kind, item_id=item_id,
                           payload_json=json.dumps(payload or {}, sort_keys=True),
                           mono_ns=mono_ns, utc=utc_now(), origin=self.origin))
            s.commit()

    def unclosed_session_activity(self, study_id: str, participant_code: str) -> str | None:
        """The latest UTC stamp (start, answer or logged event) of this code's sessions that
        were never closed, or None. A recent one means another station may be running the same
        code right now, or one crashed minutes ago (`app.session.standing.open_elsewhere`)."""
        where = "study_id = :s AND participant_code = :p"
        unclosed = f"SELECT uuid FROM session WHERE {where} AND ended_utc IS NULL"
        query = text(
            f"SELECT MAX(t) FROM ("
            f"SELECT started_utc AS t FROM session WHERE {where} AND ended_utc IS NULL "
            f"UNION ALL SELECT MAX(answer_utc) FROM response WHERE {where} "
            f"AND session_uuid IN ({unclosed}) "
            f"UNION ALL SELECT MAX(utc) FROM event WHERE {where} "
            f"AND session_uuid IN ({unclosed})) AS stamps")
        with self.engine.connect() as conn:
            latest = conn.execute(query, {"s": study_id, "p": participant_code}).scalar()
        return None if latest is None else str(latest)

    def answered_item_ids(self, study_id: str, participant_code: str) -> set[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT DISTINCT item_id FROM response "
                     "WHERE study_id = :s AND participant_code = :p"),
                {"s": study_id, "p": participant_code},
            ).all()
        return {r[0] for r in rows}

    def responses(self, study_id: str, *, participant_code: str | None = None,
                  include_simulated: bool = True) -> list[ResponseRow]:
        with self._session() as s:
            query = select(ResponseRow).where(ResponseRow.study_id == study_id)
            if participant_code is not None:
                query = query.where(ResponseRow.participant_code == participant_code)
            if not include_simulated:
                query = query.where(col(ResponseRow.simulated).is_(False))
            query = query.order_by(col(ResponseRow.participant_code), col(ResponseRow.position),
                                   col(ResponseRow.question_id))
            return [ResponseRow.model_validate(r) for r in s.exec(query).all()]

    def events(self, study_id: str, *, participant_code: str | None = None,
               kind: str | None = None) -> list[EventRow]:
        with self._session() as s:
            query = select(EventRow).where(EventRow.study_id == study_id)
            if participant_code is not None:
                query = query.where(EventRow.participant_code == participant_code)
            if kind is not None:
                query = query.where(EventRow.kind == kind)
            query = query.order_by(col(EventRow.utc))
            return [EventRow.model_validate(r) for r in s.exec(query).all()]

    def count_responses(self, study_id: str | None = None) -> int:
        with self.engine.connect() as conn:
            if study_id is None:
                return int(conn.execute(text("SELECT COUNT(*) FROM response")).scalar_one())
            return int(conn.execute(text("SELECT COUNT(*) FROM response WHERE study_id = :s"),
                                    {"s": study_id}).scalar_one())


def open_database(url: str | None = None, *, home: Path | None = None,
                  check_integrity: bool = True) -> Database:
    """Open (creating and migrating as needed) the database at `url`, default: the data folder.

    A SQLite file that fails its integrity check, or is not a database at all, raises
    CorruptDatabaseError and is never written to.
    """
    url = url or default_db_url(home)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise UserInputError(f"{url}: not a database URL (expected sqlite:///path/file.sqlite3 "
                             "or postgresql+psycopg://user@host/dbname)") from exc
    if parsed.drivername in {"postgresql", "postgres"}:
        # psycopg (version 3) is the driver we ship; plain postgresql:// would look for psycopg2.
        parsed = parsed.set(drivername="postgresql+psycopg")
        url = parsed.render_as_string(hide_password=False)
    label = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite":
        path = Path(parsed.database or "")
        label = str(path)
        if parsed.database and path.exists():
            _check_sqlite_file(path, full=check_integrity)
        elif parsed.database:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
    else:
        try:
            engine = create_engine(url, pool_pre_ping=True)
        except NoSuchModuleError as exc:
            raise UserInputError(f"{label}: unsupported database kind {parsed.drivername!r} "
                                 "(use sqlite:/// or postgresql+psycopg://)") from exc
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
        raise CorruptDatabaseError(f"{label}: cannot open database: {exc.orig}") from exc
    except DatabaseError as exc:
        engine.dispose()
        raise CorruptDatabaseError(f"{label}: not a usable database: {exc.orig}") from exc
    return Database(engine, label=label)


def readonly_uri(path: Path) -> str:
    """A read-only SQLite URI for `path`. Quoted: a '#' or '?' in a folder name would otherwise
    end the path, and SQLite would open (and create) some other file."""
    return f"file:{quote(str(path))}?mode=ro"


def _check_sqlite_file(path: Path, *, full: bool) -> None:
    """Read-only look at an existing file before SQLAlchemy (and WAL mode) touches it."""
    try:
        with path.open("rb") as fh:
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
        conn = sqlite3.connect(readonly_uri(path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            result = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise CorruptDatabaseError(f"{path}: database is damaged ({exc}); left untouched") from exc
    if result != ["ok"]:
        detail = "; ".join(result[:3])
        raise CorruptDatabaseError(f"{path}: integrity check failed ({detail}); left untouched")
