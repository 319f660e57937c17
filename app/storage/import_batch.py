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


def save_imported_responses(db: Database, study: ImportedStudy, profiles: Mapping[str, dict[str, Any]],
                            rows: Sequence[ResponseRecord], *, app_version: str, source: str) -> int:
    """Write `rows` (their session_uuid is filled in here) for the participants in `profiles`
    (code -> profile, kept for codes already there); returns how many participants are new."""
    now = utc_now()
    sessions = {code: new_uuid() for code in profiles}
    try:
        with db.engine.begin() as conn:
            insert_rows(conn, "study", [{
                "content_hash": study.content_hash, "study_id": study.study_id,
                "version": study.version, "title": study.title,
                "definition_json": study.definition_json, "registered_utc": now,
                # Answered elsewhere, to files this app never saw: their digest is unknown.
                "assets_digest": None}],
                skip_existing=True)
            known = {str(c) for c in conn.execute(
                text("SELECT code FROM participant WHERE study_id = :s"), {"s": study.study_id}
            ).scalars()}
            new = [code for code in profiles if code not in known]
            insert_rows(conn, "participant", [{
                "study_id": study.study_id, "code": code,
                "profile_json": json.dumps(profiles[code], sort_keys=True), "simulated": False,
                "created_utc": now, "origin": db.origin} for code in new], skip_existing=True)
            insert_rows(conn, "session", [{
                "uuid": session, "study_id": study.study_id, "content_hash": study.content_hash,
                "participant_code": code, "started_utc": now, "ended_utc": now,
                "app_version": app_version, "refresh_hz": None,
                "screen": f"imported from {Path(source).name}", "origin": db.origin,
                "machine_id": None}  # imported, not run on a station
                for code, session in sessions.items()])
            for row in rows:
                row.session_uuid = sessions[row.participant_code]
                row.origin = row.origin or db.origin
            insert_rows(conn, "response", [record_values(row) for row in rows])
            insert_rows(conn, "event", [{
                "uuid": new_uuid(), "study_id": study.study_id, "participant_code": None,
                "session_uuid": None, "kind": "responses_imported", "item_id": None,
                "payload_json": json.dumps({"file": source, "responses": len(rows),
                                            "participants": len(sessions)}, sort_keys=True),
                "mono_ns": None, "utc": now, "origin": db.origin}])
    except OperationalError as exc:
        path = Path(db.label) if db.is_sqlite else None
        raise (storage_problem(exc, db.label, path) or exc) from exc
    return len(new)
