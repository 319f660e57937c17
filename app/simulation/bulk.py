"""The bulk path: hundreds of thousands of simulated responses without a transaction per item.

It builds, for each participant, the rows the session engine would write for the same answers
(same plan, same option orders, the engine's own row building in app.session.recording; a test
compares the two column by column) and inserts them in transactions of `batch` responses with
one executemany per table. Ids are uuid5 of the seed, study, participant and item, and times
follow the participant's virtual clock, so the same simulation gives the same rows on any
machine; simulating again skips what is already there. Block introductions and breaks are not
acted out: the event log gets `session_started` and `session_closed` only.
"""

from __future__ import annotations

import hashlib
import json
import uuid as uuidlib
from collections import defaultdict
from typing import Any

from app import __version__
from app.session.engine import QuestionAnswer, TrialTiming
from app.session.plan import PlannedTrial, build_plan
from app.session.recording import item_response_fields
from app.simulation.participant import SimulatedParticipant
from app.storage.database import Database
from app.study.model import Item

_NAMESPACE = uuidlib.UUID("6f1d7c52-3b8e-5a57-9f43-3c0c4b1e2a90")  # Baseline Studio simulations
TABLES = ("participant", "session", "response", "event")


_SHA1 = hashlib.sha1(_NAMESPACE.bytes)


def sim_uuid(*parts: object) -> str:
    """uuid5(_NAMESPACE, "a:b:c"), computed without the UUID object (a hot path here)."""
    h = _SHA1.copy()
    h.update(":".join(str(p) for p in parts).encode())
    d = bytearray(h.digest()[:16])
    d[6] = (d[6] & 0x0F) | 0x50  # version 5
    d[8] = (d[8] & 0x3F) | 0x80  # RFC 4122 variant
    x = d.hex()
    return f"{x[:8]}-{x[8:12]}-{x[12:16]}-{x[16:20]}-{x[20:]}"


class BulkWriter:
    """Collects rows of several participants and inserts them in one transaction per batch."""

    def __init__(self, db: Database, study_id: str, batch: int) -> None:
        self.db, self.study_id, self.batch = db, study_id, batch
        self.pending: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
        self.written = 0
        # What an earlier run left: simulating again resumes after it.
        self.known = db.participant_codes(study_id)
        self.answered: dict[str, set[str]] = defaultdict(set, db.answered_items(study_id))
        self.sessions = db.session_counts(study_id)

    def add(self, table: str, row: dict[str, Any]) -> None:
        self.pending[table].append(row)

    def maybe_flush(self) -> None:
        if len(self.pending["response"]) >= self.batch:
            self.flush()

    def flush(self) -> None:
        if not any(self.pending.values()):
            return
        self.db.insert_bulk(self.pending)
        self.written += len(self.pending["response"])
        self.pending = {t: [] for t in TABLES}


def simulate_bulk(person: SimulatedParticipant, writer: BulkWriter, content_hash: str) -> int:
    """Queue the rows of one participant's whole session; returns the responses queued."""
    study, code, seed, clock = person.loaded.study, person.code, person.config.seed, person.clock
    origin = writer.db.origin
    done = writer.answered[code]
    todo = [p for p in build_plan(study, code) if p.item_id not in done]
    if not todo:
        return 0
    if code not in writer.known:
        writer.add("participant", {
            "study_id": study.id, "code": code, "profile_json": json.dumps(person.profile, sort_keys=True),
            "simulated": True, "created_utc": clock.utc(), "origin": origin})
        writer.known.add(code)
    n_sessions = writer.sessions.get(code, 0)
    writer.sessions[code] = n_sessions + 1
    session = sim_uuid("session", seed, study.id, code, n_sessions)
    started = clock.utc()
    events: list[tuple[str, dict[str, Any]]] = [
        ("session_resumed" if done else "session_started", {"answered": len(done), "of": len(todo) + len(done)})]
    queued = 0
    items = person.loaded.items_by_id
    for planned in todo:
        item = items[planned.item_id]
        answers, timing = person.trial(item, onset_utc=True)
        answer_utc = clock.utc(_submit_ns(answers, timing, study.design.deadline_ms))
        for row in response_rows(item, planned, answers, timing, answer_utc):
            row.update(uuid=sim_uuid("response", seed, study.id, code, item.id, row["question_id"]),
                       study_id=study.id, content_hash=content_hash, participant_code=code,
                       session_uuid=session, origin=origin)
            writer.add("response", row)
            queued += 1
        done.add(item.id)
    events.append(("session_closed", {"answered": len(done), "of": len(done)}))
    ended = clock.utc()
    writer.add("session", {
        "uuid": session, "study_id": study.id, "content_hash": content_hash, "participant_code": code,
        "started_utc": started, "ended_utc": ended, "app_version": f"{__version__} simulate --bulk",
        "refresh_hz": None, "screen": "simulated", "origin": origin,
        "machine_id": None})  # written in bulk, not run on a station
    for index, (kind, payload) in enumerate(events):
        writer.add("event", {
            "uuid": sim_uuid("event", session, index), "study_id": study.id, "participant_code": code,
            "session_uuid": session, "kind": kind, "item_id": None,
            "payload_json": json.dumps(payload, sort_keys=True), "mono_ns": None,
            "utc": started if index == 0 else ended, "origin": origin})
    return queued


def _submit_ns(answers: list[QuestionAnswer], timing: TrialTiming, deadline_ms: int | None) -> int:
    if timing.timed_out and deadline_ms is not None:
        return timing.onset_ns + deadline_ms * 1_000_000
    return max((a.answer_ns for a in answers if a.answer_ns is not None), default=timing.onset_ns)


def response_rows(item: Item, planned: PlannedTrial, answers: list[QuestionAnswer],
                  timing: TrialTiming, answer_utc: str) -> list[dict[str, Any]]:
    """What SessionEngine.submit stores for these answers of a simulated participant, without
    the ids (uuid, study, content hash, participant, session, origin)."""
    rows, _ = item_response_fields(item, planned, {a.question_id: a for a in answers}, timing,
                                   answer_utc=answer_utc, simulated=True)
    return rows
