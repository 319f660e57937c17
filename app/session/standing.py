"""Where each participant of a study stands, read from the database without starting a session:
for the start screen's "resume where you stopped" and the designer's progress table.
(Items' coverage is `app.session.coverage`.)"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from app.session.assignment import layout
from app.session.plan import plan_item_ids
from app.session.sittings import sitting_progress
from app.storage.database import Database
from app.study.model import Study

CONSENT_EVENT = "consent_given"
# A session left open and active this recently may still be running at another station.
# Long enough to cover a participant reading a long item; short enough that a station
# that crashed is not blocked for the rest of the day.
OPEN_ELSEWHERE_WINDOW = timedelta(minutes=15)


@dataclass(frozen=True)
class ParticipantStanding:
    code: str
    profile: dict[str, Any]
    answered: int  # items of the plan with a response
    total: int  # items in the plan
    consent_given: bool
    simulated: bool
    created_utc: str

    @property
    def finished(self) -> bool:
        return self.total > 0 and self.answered >= self.total

    @property
    def started(self) -> bool:
        return self.answered > 0


def participant_standings(study: Study, db: Database) -> list[ParticipantStanding]:
    """Every participant of the study with progress against their own plan. One DISTINCT
    query, not every response as an object: opening a study whose database holds 600,000
    responses stays quick (benchmarks/bench_cold_start.py)."""
    answered = db.answered_items(study.id) if not study.conditions else {}
    consented = {e.participant_code for e in db.events(study.id, kind=CONSENT_EVENT)}
    out = []
    for info in db.participants(study.id):
        plan_ids = plan_item_ids(study, info.code)
        if study.conditions:  # a reader study: every sitting counts
            done, total = _sittings(study, db, info.code, plan_ids)
        else:
            done, total = len(plan_ids & answered.get(info.code, set())), len(plan_ids)
        out.append(ParticipantStanding(
            code=info.code, profile=info.profile, answered=done, total=total,
            consent_given=info.code in consented, simulated=info.simulated,
            created_utc=info.created_utc,
        ))
    return out


def standing_of(study: Study, db: Database, code: str) -> ParticipantStanding | None:
    """One participant's standing, or None for a code not yet in the database."""
    info = db.participant(study.id, code)
    if info is None:
        return None
    plan_ids = plan_item_ids(study, code)
    if study.conditions:
        done, total = _sittings(study, db, code, plan_ids)
    else:
        done, total = len(plan_ids & db.answered_item_ids(study.id, code)), len(plan_ids)
    consent = any(e.participant_code == code for e in db.events(study.id, kind=CONSENT_EVENT))
    return ParticipantStanding(info.code, info.profile, done, total,
                               consent, info.simulated, info.created_utc)


def _sittings(study: Study, db: Database, code: str, plan_ids: set[str]) -> tuple[int, int]:
    by_condition = db.answered_by_condition(study.id, code)
    return sitting_progress(study, code, plan_ids,
                            {c: items for c, (items, _) in by_condition.items()})


def open_elsewhere(db: Database, study_id: str, code: str, *, now: datetime | None = None,
                   window: timedelta = OPEN_ELSEWHERE_WINDOW) -> datetime | None:
    """When `code` was last active in a session that was never closed, if within `window` of
    `now`: another station (or another window) may be answering as this code right now, and
    both would answer the same plan. None when no such session is that recent. Asked again at
    the moment a participant resumes, not from the standings read when the study opened."""
    stamp = db.unclosed_session_activity(study_id, code)
    if stamp is None:
        return None
    last = datetime.fromisoformat(stamp)
    if last.tzinfo is None:
        last = last.replace(tzinfo=UTC)
    now = now or datetime.now(UTC)
    return last if now - last <= window else None


def consent_payload(consent_text: str) -> dict[str, Any]:
    """What the audit log keeps of an agreement: a fingerprint of the exact text agreed to."""
    digest = hashlib.sha256(consent_text.encode("utf-8")).hexdigest()
    return {"consent_sha256": digest, "chars": len(consent_text)}


def promised_coverage(study: Study, codes: Iterable[str]) -> dict[str, int]:
    """Raters each scored item will have once every participant in `codes` finishes their
    plan (codes with arbitrary names included: each is counted in its own slot)."""
    plan = layout(study)
    scored = set(plan.scored)
    counts = dict.fromkeys(plan.scored, 0)
    for code in codes:
        for item_id in plan.assigned_item_ids(code) & scored:
            counts[item_id] += 1
    return counts
