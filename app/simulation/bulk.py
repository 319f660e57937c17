"""The bulk path: hundreds of thousands of simulated responses without a transaction per item.

It builds, for each participant, the rows the session engine would write for the same answers
(same plan, same option orders, the engine's answer normalisation and rt arithmetic; a test
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

from sqlalchemy import text

from app import __version__
from app.kinds import kind_of
from app.session.engine import QuestionAnswer, TrialTiming
from app.session.plan import PlannedTrial, build_plan
from app.simulation.participant import SimulatedParticipant
from app.storage.database import Database
from app.storage.rows import insert_rows
from app.study.answers import normalize_answer
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
        with db.engine.connect() as conn:
            params = {"s": study_id}
            self.known = {c for (c,) in conn.execute(
                text("SELECT code FROM participant WHERE study_id = :s"), params)}
            self.answered: dict[str, set[str]] = defaultdict(set)
            for code, item_id in conn.execute(text(
                    "SELECT DISTINCT participant_code, item_id FROM response WHERE study_id = :s"),
                    params):
                self.answered[code].add(item_id)
            self.sessions: dict[str, int] = {code: int(n) for code, n in conn.execute(text(
                "SELECT participant_code, COUNT(*) FROM session WHERE study_id = :s "
                "GROUP BY participant_code"), params)}

    def add(self, table: str, row: dict[str, Any]) -> None:
        self.pending[table].append(row)

    def maybe_flush(self) -> None:
        if len(self.pending["response"]) >= self.batch:
            self.flush()

    def flush(self) -> None:
        if not any(self.pending.values()):
            return
        with self.db.engine.begin() as conn:
            for name in TABLES:
                insert_rows(conn, name, self.pending[name])
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
        for row in _response_rows(item, planned, answers, timing, clock.utc(_submit_ns(answers, timing, study.design.deadline_ms))):
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


def _ms(start_ns: int | None, end_ns: int | None, excluded_ms: float) -> float | None:
    # The engine's arithmetic (engine._ms_between): durations from monotonic ns, minus unfocused time.
    return None if start_ns is None or end_ns is None else max(0.0, (end_ns - start_ns) / 1e6 - excluded_ms)


def _response_rows(item: Item, planned: PlannedTrial, answers: list[QuestionAnswer],
                   timing: TrialTiming, answer_utc: str) -> list[dict[str, Any]]:
    """What SessionEngine.submit stores for these answers (without the ids)."""
    by_id = {a.question_id: a for a in answers}
    rows = []
    for question in item.questions:
        given = by_id[question.id]
        value = given.answer
        blank = value is None or (kind_of(question).is_empty_answer(value) and not question.required)
        stored: Any = value if blank else normalize_answer(item, question, value)
        rows.append({
            "item_id": item.id, "question_id": question.id, "block_id": planned.block_id,
            "position": planned.position, "answer_json": json.dumps(stored, ensure_ascii=False),
            "option_order_json": json.dumps(planned.orders[question.id])
            if question.id in planned.orders else None,
            "onset_ns": timing.onset_ns, "first_interaction_ns": given.first_interaction_ns,
            "answer_ns": given.answer_ns, "onset_utc": timing.onset_utc, "answer_utc": answer_utc,
            "rt_ms": _ms(timing.onset_ns, given.answer_ns, timing.excluded_ms),
            "first_interaction_ms": _ms(timing.onset_ns, given.first_interaction_ns, 0.0),
            "excluded_ms": timing.excluded_ms, "n_changes": given.n_changes,
            "timed_out": timing.timed_out, "practice": planned.practice, "simulated": True})
    return rows

