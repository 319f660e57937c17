"""The sittings of a reader study with reading `conditions`: every reader reads every case
under each condition, one condition per sitting, in an order counterbalanced across readers,
with `design.washout_days` between two sittings.

The order is a Latin square's row, deterministic from the code as the assignment is: a code
that ends in a number n (P001, site2-017) takes the conditions rotated by n-1, so P001, P002...
alternate AB, BA with two conditions and each condition comes first, second... equally often
in every run of t codes; other codes are hashed with the design seed. A reader's sitting is
the first condition of their order whose plan is not fully answered; it opens only once the
washout after the previous condition's last answer is over.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from app.study.lazy import item_outlines
from app.study.model import Study

_TRAILING_NUMBER = re.compile(r"(\d+)$")


def condition_order(study: Study, code: str) -> list[str]:
    """The condition ids in the order this reader reads them (empty: no conditions)."""
    ids = study.condition_ids()
    if not ids:
        return []
    match = _TRAILING_NUMBER.search(code)
    if match:
        shift = (int(match.group(1)) - 1) % len(ids)
    else:
        digest = hashlib.sha256(f"conditions:{study.design.seed}:{code}".encode()).digest()
        shift = int.from_bytes(digest[:8], "big") % len(ids)
    return ids[shift:] + ids[:shift]


@dataclass(frozen=True)
class Sitting:
    """Where a reader stands in their sittings. `condition`: the one to read now (None: the
    study has no conditions); `index`: its place in the reader's order; `opens_utc`: when the
    washout before it ends, if that is still ahead (the sitting cannot start before)."""

    condition: str | None
    index: int
    count: int
    opens_utc: str | None = None

    @property
    def waiting(self) -> bool:
        return self.opens_utc is not None

    @property
    def first(self) -> bool:
        return self.index == 0

    @property
    def last(self) -> bool:
        return self.index >= self.count - 1


def current_sitting(study: Study, code: str, planned: set[str],
                    answered: Mapping[str | None, set[str]],
                    last_answer_utc: Mapping[str | None, str], *,
                    now: datetime | None = None, washout: bool = True) -> Sitting:
    """The reader's sitting. `planned`: the item ids of a full sitting (practice included:
    practice is read in the first sitting only); `answered`: condition -> items answered
    under it; `last_answer_utc`: condition -> the time of its latest answer. `washout`:
    False opens the next sitting at once."""
    order = condition_order(study, code)
    if not order:
        return Sitting(None, 0, 1)
    practice = practice_item_ids(study)
    for index, condition in enumerate(order):
        wanted = planned if index == 0 else planned - practice
        if wanted <= answered.get(condition, set()):
            continue
        opens = None
        days = study.design.washout_days if washout else 0
        previous = last_answer_utc.get(order[index - 1]) if index else None
        if days and previous and not answered.get(condition):
            start = _utc(previous) + timedelta(days=days)
            if (now or datetime.now(UTC)) < start:
                opens = start.isoformat(timespec="seconds")
        return Sitting(condition, index, len(order), opens)
    return Sitting(order[-1], len(order) - 1, len(order))


def next_opens_utc(study: Study, last_answer_utc: str | None) -> str | None:
    """When the sitting after one whose last answer was given at `last_answer_utc` opens
    (None: at once): the time `current_sitting` checks against, so the date the reader is
    told is the date the next sitting opens."""
    days = study.design.washout_days
    if not days:
        return None
    start = _utc(last_answer_utc) if last_answer_utc else datetime.now(UTC)
    return (start + timedelta(days=days)).isoformat(timespec="seconds")


def sitting_progress(study: Study, code: str, planned: set[str],
                     answered: Mapping[str | None, set[str]]) -> tuple[int, int]:
    """(items answered, items in all) over every sitting of the reader: the standing the
    start screen and the designer's progress table show."""
    order = condition_order(study, code)
    if not order:
        return len(planned & answered.get(None, set())), len(planned)
    practice = practice_item_ids(study)
    done = total = 0
    for index, condition in enumerate(order):
        wanted = planned if index == 0 else planned - practice
        done += len(wanted & answered.get(condition, set()))
        total += len(wanted)
    return done, total


def practice_item_ids(study: Study) -> set[str]:
    practice = {b.id for b in study.blocks if b.kind == "practice"}
    return {item.id for item in item_outlines(study) if item.block in practice}


def _utc(stamp: str) -> datetime:
    moment = datetime.fromisoformat(stamp)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
