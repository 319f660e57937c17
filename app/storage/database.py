"""The database: every read and write (opening it, checked and migrated: app.storage.opening).

Every SQLite connection runs in WAL mode with synchronous=FULL and a busy timeout, so a
committed response survives a power cut and several processes can share the file. A write
method returns only after its transaction has committed: the session engine relies on that
to keep "durable before the next item appears".
"""

from __future__ import annotations

import json
import uuid as uuidlib
from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError
from sqlmodel import Session, col, select

from app.storage import bulk_read, reads
from app.storage.files import BUSY_TIMEOUT_MS, leave_wal_mode
from app.storage.records import EventRecord, ResponseRecord, SessionRecord, StudyRecord
from app.storage.rows import insert_rows
from app.storage.tables import ParticipantRow, SessionRow, StudyRow


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_uuid() -> str:
    return str(uuidlib.uuid4())


@dataclass(frozen=True)
class ParticipantInfo:
    code: str
    profile: dict[str, Any]
    simulated: bool
    created_utc: str


# At close, readers (another station, an export) are waited for this long to empty the -wal;
# a session end never waits (see `Database.checkpoint`).
CLOSE_WAIT_MS = 1000


class Database:
    """One database (a SQLite file or a PostgreSQL server). Thread-safe: each call opens its own
    short session; the UI calls it from its single writer thread (`widgets.tasks.DatabaseWriter`)."""

    def __init__(self, engine: Engine, *, label: str, read_only: bool = False) -> None:
        self.engine = engine
        self.label = label  # for messages: the file path, or the server URL without password
        self.is_sqlite = engine.dialect.name == "sqlite"
        self.read_only = read_only
        self.checkpoint_pending = False  # part of the -wal was held back by a reader: retry
        self.origin = self._read_origin() if read_only else self._origin()

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

    def _read_origin(self) -> str:
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT value FROM schema_info WHERE key = 'origin'")).first()
        return str(row[0]) if row else ""

    def _session(self) -> Session:
        # Rows handed back are plain data: keep their values after commit (no lazy refresh).
        return Session(self.engine, expire_on_commit=False)

    def checkpoint(self, *, wait_ms: int | None = None) -> bool:
        """Fold the -wal into the main file, so that the file alone holds every committed
        answer (a copy made between sessions, without its -wal, loses nothing). True when the
        whole log went in.

        By default PASSIVE: what can be folded without waiting for anyone. A reader inside an
        older snapshot (another station, an export, a database browser) keeps the rest back,
        which is no loss (it stays in the -wal, SQLite reads it there) and is retried at the
        next checkpoint; a session end never waits on another program. `wait_ms`: TRUNCATE,
        waiting at most that long for readers to finish (at close), so the -wal is emptied."""
        if not self.is_sqlite or self.read_only:
            return True
        try:
            with self.engine.connect() as conn:
                if wait_ms is None:
                    busy, log, done = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
                    complete = not busy and log == done
                else:
                    conn.exec_driver_sql(f"PRAGMA busy_timeout={int(wait_ms)}")
                    try:
                        busy, log, done = conn.exec_driver_sql(
                            "PRAGMA wal_checkpoint(TRUNCATE)").one()
                    finally:
                        conn.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
                    complete = not busy
                conn.commit()
        except (OperationalError, DatabaseError):
            complete = False  # a read-only medium or a locked file: the answers are safe in the -wal
        self.checkpoint_pending = not complete
        return complete

    def close(self) -> None:
        """Checkpoint (waiting briefly for readers), close, and leave the file at rest out of
        WAL mode when no one else has it open: a file copied after the app closed is then
        visibly complete, and `merge` keeps its warning for a file in WAL mode without its
        -wal (copied while the app was open)."""
        self.checkpoint(wait_ms=CLOSE_WAIT_MS)
        self.engine.dispose()
        if self.is_sqlite and not self.read_only and self.engine.url.database:
            leave_wal_mode(Path(self.engine.url.database))

    @property
    def schema_version(self) -> int:
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT value FROM schema_info WHERE key='schema_version'")).one()
            return int(row[0])

    # ------------------------------------------------------------------ studies and participants

    def register_study(self, study_id: str, version: str, title: str, content_hash: str,
                       definition_json: str, *, assets_digest: str | None = None) -> None:
        """Store a study version once. `assets_digest`: its files as they were (app.study.assets)."""
        with self._session() as s:
            if s.get(StudyRow, content_hash) is None:
                s.add(StudyRow(content_hash=content_hash, study_id=study_id, version=version,
                               title=title, definition_json=definition_json,
                               registered_utc=utc_now(), assets_digest=assets_digest))
                # Several stations starting at once: another one may have registered it first.
                with suppress(IntegrityError):
                    s.commit()

    def record_assets_digest(self, content_hash: str, assets_digest: str) -> None:
        """The digest of a version registered without one, once known (never replaces one)."""
        with self.engine.begin() as conn:
            conn.execute(text("UPDATE study SET assets_digest = :d "
                              "WHERE content_hash = :h AND assets_digest IS NULL"),
                         {"d": assets_digest, "h": content_hash})

    def study_registered(self, content_hash: str) -> bool:
        """Whether this exact study definition is stored already (without reading it: a
        20,000-item definition is ~20 MB)."""
        with self.engine.connect() as conn:
            return conn.execute(text("SELECT 1 FROM study WHERE content_hash = :h"),
                                {"h": content_hash}).first() is not None

    def study_assets_digest(self, content_hash: str) -> str | None:
        """The digest of the study version's files recorded when it was registered; None when
        the version is not here or was registered before schema version 5."""
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT assets_digest FROM study WHERE content_hash = :h"),
                               {"h": content_hash}).first()
        return str(row[0]) if row and row[0] is not None else None

    def study_versions(self, study_id: str) -> list[StudyRecord]:
        study = reads.table("study")
        return reads.read_records(self.engine, StudyRecord,
                                  reads.select_all("study").where(study.c.study_id == study_id))

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

    def participant_codes(self, study_id: str) -> set[str]:
        return reads.participant_codes(self.engine, study_id)

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
        if self.checkpoint_pending:  # what a reader held back at the last session end
            self.checkpoint()
        return session_uuid

    def end_session(self, session_uuid: str) -> None:
        with self._session() as s:
            row = s.get(SessionRow, session_uuid)
            if row is not None and row.ended_utc is None:
                row.ended_utc = utc_now()
                s.add(row)
                s.commit()

    def sessions(self, study_id: str) -> list[SessionRecord]:
        session = reads.table("session")
        return reads.read_records(self.engine, SessionRecord, reads.select_all("session").where(
            session.c.study_id == study_id).order_by(session.c.started_utc))

    def session_counts(self, study_id: str) -> dict[str, int]:
        """participant code -> how many sessions they have had in the study."""
        return reads.session_counts(self.engine, study_id)

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

    def save_responses(self, rows: Sequence[ResponseRecord],
                       events: Iterable[EventRecord] = ()) -> None:
        """Insert the answers to one item (and its events) in one transaction; durable on return."""
        events = list(events)
        for row in rows:
            row.origin = row.origin or self.origin
        for event in events:
            event.origin = event.origin or self.origin
        with self.engine.begin() as conn:
            reads.insert_records(conn, "response", rows)
            reads.insert_records(conn, "event", events)

    def insert_bulk(self, rows: Mapping[str, Sequence[Mapping[str, Any]]]) -> None:
        """Insert table name -> rows (dicts of every column) in one transaction, tables in the
        order given (participants before their sessions): the bulk simulator's batches."""
        with self.engine.begin() as conn:
            for name, table_rows in rows.items():
                insert_rows(conn, name, table_rows)

    def log_event(self, study_id: str, kind: str, *, participant_code: str | None = None,
                  session_uuid: str | None = None, item_id: str | None = None,
                  payload: dict[str, Any] | None = None, mono_ns: int | None = None) -> None:
        event = EventRecord(uuid=new_uuid(), study_id=study_id, participant_code=participant_code,
                            session_uuid=session_uuid, kind=kind, item_id=item_id,
                            payload_json=json.dumps(payload or {}, sort_keys=True),
                            mono_ns=mono_ns, utc=utc_now(), origin=self.origin)
        with self.engine.begin() as conn:
            reads.insert_records(conn, "event", [event])

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

    def answered_by_condition(self, study_id: str, participant_code: str
                              ) -> dict[str | None, tuple[set[str], str]]:
        """reading condition (None: none) -> (items answered under it, its latest answer's
        UTC time), for one participant (`app.session.sittings`)."""
        return reads.answered_by_condition(self.engine, study_id, participant_code)

    def responses(self, study_id: str, *, participant_code: str | None = None,
                  include_simulated: bool = True) -> list[ResponseRecord]:
        r = reads.table("response").c
        query = reads.select_all("response").where(r.study_id == study_id)
        if participant_code is not None:
            query = query.where(r.participant_code == participant_code)
        if not include_simulated:
            query = query.where(r.simulated.is_(False))
        query = query.order_by(r.participant_code, r.position, r.question_id)
        return reads.read_records(self.engine, ResponseRecord, query)

    def response_columns(self, study_id: str,
                         columns: Sequence[str] = bulk_read.RESPONSE_FIELDS, *,
                         include_simulated: bool = True) -> dict[str, list[Any]]:
        """The study's responses as one list per column, for hundreds of thousands at once
        (`app.storage.bulk_read.response_columns`)."""
        return bulk_read.response_columns(self, study_id, columns,
                                          include_simulated=include_simulated)

    def response_arrays(self, study_id: str,
                        columns: Sequence[str] = bulk_read.RESPONSE_FIELDS, *,
                        include_simulated: bool = True) -> dict[str, Any] | None:
        """`response_columns` as Arrow arrays, where that read applies (SQLite with pyarrow),
        else None (`app.storage.bulk_read.response_arrays`)."""
        return bulk_read.response_arrays(self, study_id, columns,
                                         include_simulated=include_simulated)

    def answered_items(self, study_id: str) -> dict[str, set[str]]:
        """participant code -> the items they have answered (any question)."""
        return bulk_read.answered_items(self, study_id)

    def raters_per_item(self, study_id: str, *, include_simulated: bool = False,
                        conditions: Sequence[str] = ()) -> tuple[dict[str, int], list[str]]:
        """item id -> how many participants gave it a non-practice response (under every one
        of the reading `conditions`, where given), and the codes of those participants."""
        return reads.raters_per_item(self.engine, study_id, include_simulated=include_simulated,
                                     conditions=conditions)

    def events(self, study_id: str, *, participant_code: str | None = None,
               kind: str | None = None) -> list[EventRecord]:
        e = reads.table("event").c
        query = reads.select_all("event").where(e.study_id == study_id)
        if participant_code is not None:
            query = query.where(e.participant_code == participant_code)
        if kind is not None:
            query = query.where(e.kind == kind)
        return reads.read_records(self.engine, EventRecord, query.order_by(e.utc))

    def studies_with_data(self) -> list[tuple[str, str, str, str, int]]:
        """(study id, version, title, content hash, responses) of every study definition
        that responses were stored under, most responses first."""
        return reads.studies_with_data(self.engine)

    def median_item_ms(self, study_id: str) -> float | None:
        """The median time people (not simulated ones) took per item: per participant and
        item, the time to the last answer (rt_ms is counted from the item's onset for every
        question); None without timed responses."""
        return reads.median_item_ms(self.engine, study_id)

    def count_responses(self, study_id: str | None = None) -> int:
        with self.engine.connect() as conn:
            if study_id is None:
                return int(conn.execute(text("SELECT COUNT(*) FROM response")).scalar_one())
            return int(conn.execute(text("SELECT COUNT(*) FROM response WHERE study_id = :s"),
                                    {"s": study_id}).scalar_one())
