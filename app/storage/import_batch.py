"""Responses collected elsewhere, written in one transaction: the study version, the new
participants, one (already ended) session per participant, every response and the
`responses_imported` event arrive together or not at all. A kill, a full disk or a crash
half-way leaves the database as it was, never participants with open sessions and no answers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from app.storage.database import Database, new_uuid, utc_now
from app.storage.reads import record_values
from app.storage.records import ResponseRecord
from app.storage.rows import insert_rows
from app.storage.unavailable import storage_problem


@dataclass(frozen=True)
class ImportedStudy:
    study_id: str
    version: str
    title: str
    content_hash: str
    definition_json: str


class ImportWriter:
    """One import's transaction, written in batches: `write` the checked responses as they
    come (a batch at a time, so a million-row file is never held whole), then `finish` with
    the participants' profiles, which writes the participants, their sessions and the event and
    commits. Leaving the `with` block by an exception (a problem found in a later row, a full
    disk, a kill) rolls everything back: the database is as it was."""

    def __init__(self, db: Database, study: ImportedStudy, *, app_version: str, source: str) -> None:
        self.db, self.study, self.app_version, self.source = db, study, app_version, source
        self.now = utc_now()
        self.sessions: dict[str, str] = {}  # participant code -> its (ended) session
        self.responses = 0
        self._transaction: Any = None
        self.conn: Any = None

    def __enter__(self) -> ImportWriter:
        self._transaction = self.db.engine.begin()
        self.conn = self._guard(self._transaction.__enter__)
        study = self.study
        self._guard(lambda: insert_rows(self.conn, "study", [{
            "content_hash": study.content_hash, "study_id": study.study_id,
            "version": study.version, "title": study.title,
            "definition_json": study.definition_json, "registered_utc": self.now,
            # Answered elsewhere, to files this app never saw: their digest is unknown.
            "assets_digest": None}], skip_existing=True))
        return self

    def __exit__(self, *exc: Any) -> bool | None:
        return self._guard(lambda: self._transaction.__exit__(*exc))

    def _guard(self, step: Any) -> Any:
        try:
            return step()
        except OperationalError as exc:
            path = Path(self.db.label) if self.db.is_sqlite else None
            raise (storage_problem(exc, self.db.label, path) or exc) from exc

    def write(self, rows: Sequence[ResponseRecord]) -> None:
        """Insert checked responses (their session_uuid is filled in here)."""
        for row in rows:
            row.session_uuid = self.sessions.setdefault(row.participant_code, new_uuid())
            row.origin = row.origin or self.db.origin
        self._guard(lambda: insert_rows(self.conn, "response", [record_values(r) for r in rows]))
        self.responses += len(rows)

    def finish(self, profiles: Mapping[str, dict[str, Any]]) -> int:
        """The participants (profile kept for codes already there), sessions and event;
        returns how many participants are new. The commit follows when the block ends."""
        def step() -> int:
            conn, study, now = self.conn, self.study, self.now
            known = {str(c) for c in conn.execute(
                text("SELECT code FROM participant WHERE study_id = :s"), {"s": study.study_id}
            ).scalars()}
            new = [code for code in self.sessions if code not in known]
            insert_rows(conn, "participant", [{
                "study_id": study.study_id, "code": code,
                "profile_json": json.dumps(profiles.get(code, {}), sort_keys=True),
                "simulated": False, "created_utc": now, "origin": self.db.origin}
                for code in new], skip_existing=True)
            insert_rows(conn, "session", [{
                "uuid": session, "study_id": study.study_id, "content_hash": study.content_hash,
                "participant_code": code, "started_utc": now, "ended_utc": now,
                "app_version": self.app_version, "refresh_hz": None,
                "screen": f"imported from {Path(self.source).name}", "origin": self.db.origin,
                "machine_id": None}  # imported, not run on a station
                for code, session in self.sessions.items()])
            insert_rows(conn, "event", [{
                "uuid": new_uuid(), "study_id": study.study_id, "participant_code": None,
                "session_uuid": None, "kind": "responses_imported", "item_id": None,
                "payload_json": json.dumps({"file": self.source, "responses": self.responses,
                                            "participants": len(self.sessions)}, sort_keys=True),
                "mono_ns": None, "utc": now, "origin": self.db.origin}])
            return len(new)
        return int(self._guard(step))


def save_imported_responses(db: Database, study: ImportedStudy, profiles: Mapping[str, dict[str, Any]],
                            rows: Sequence[ResponseRecord], *, app_version: str, source: str) -> int:
    """Write `rows` for the participants in `profiles` in one go (`ImportWriter`); returns
    how many participants are new."""
    with ImportWriter(db, study, app_version=app_version, source=source) as writer:
        writer.write(rows)
        return writer.finish(profiles)
