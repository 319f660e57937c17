"""Which items a participant rates, without a server: balanced, from the code and the seed.

The main items are put in one order fixed by the assignment seed and laid end to end
`raters_per_item` (k) times; slot s takes the `items_per_participant` (m) items starting at
s*m, wrapping around. With S = ceil(N*k/m) slots every item is in k slots (k+1 for the few
the last slot wraps onto) and no slot holds an item twice while m <= N. A participant code
that ends in a number (P001, site2-017) takes slot number-1 (mod S), so the codes P001..P0S
of a study cover every item k times; other codes are hashed to a slot.
Practice, attention-check and gold-check items are given to everyone.
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from dataclasses import dataclass

from app.study.lazy import item_outlines
from app.study.model import Study

_TRAILING_NUMBER = re.compile(r"(\d+)$")


def scored_item_ids(study: Study) -> list[str]:
    """Items that take part in the assignment: main-block trials."""
    practice = {b.id for b in study.blocks if b.kind == "practice"}
    return [i.id for i in item_outlines(study) if i.block not in practice and i.role == "trial"]


@dataclass(frozen=True)
class Layout:
    """What the assignment of a study does not owe to the participant: the scored items in
    their seeded order, the slot size and count, the items everyone gets. Built once per study
    so that asking for many participants (completion, promised coverage) does not walk and
    shuffle the study for each of them."""

    seed: int
    scored: tuple[str, ...]
    order: tuple[str, ...] | None  # None: everyone rates every scored item
    per_slot: int
    slots: int
    others: frozenset[str]

    def slot_for_code(self, code: str) -> int:
        match = _TRAILING_NUMBER.search(code)
        if match:
            return (int(match.group(1)) - 1) % self.slots
        digest = hashlib.sha256(f"{self.seed}:{code}".encode()).digest()
        return int.from_bytes(digest[:8], "big") % self.slots

    def items_for_slot(self, slot: int) -> set[str]:
        if self.order is None:
            return set(self.scored)
        start, n = slot * self.per_slot, len(self.order)
        return {self.order[(start + i) % n] for i in range(self.per_slot)}

    def assigned_item_ids(self, code: str) -> set[str]:
        return self.items_for_slot(self.slot_for_code(code)) | self.others


def layout(study: Study) -> Layout:
    ids = scored_item_ids(study)
    m = study.assignment.items_per_participant
    k = study.assignment.raters_per_item or 1
    slots = max(1, math.ceil(len(ids) * k / min(m, len(ids)))) if m else 1
    order: list[str] | None = None
    if m and m < len(ids):
        order = list(ids)
        random.Random(f"assignment:{study.assignment.seed}").shuffle(order)
    scored = set(ids)
    others = frozenset(i.id for i in item_outlines(study) if i.id not in scored)
    return Layout(study.assignment.seed, tuple(ids), None if order is None else tuple(order),
                  m or 0, slots, others)


def slot_count(study: Study) -> int:
    return layout(study).slots


def slot_for_code(study: Study, code: str) -> int:
    return layout(study).slot_for_code(code)


def items_for_slot(study: Study, slot: int) -> set[str]:
    return layout(study).items_for_slot(slot)


def assigned_item_ids(study: Study, code: str) -> set[str]:
    """Every item id this participant is given (main trials of their slot + all the rest).
    For many participants of one study, build `layout(study)` once and ask it instead."""
    return layout(study).assigned_item_ids(code)


def expected_coverage(study: Study, n_slots_filled: int) -> dict[str, int]:
    """How many raters each scored item gets when slots 0..n-1 are taken (for the designer)."""
    plan = layout(study)
    counts = dict.fromkeys(plan.scored, 0)
    # Counted per slot, not per code: slots repeat every plan.slots codes, and a range of
    # 10^10 codes must not mean 10^10 steps.
    rounds, rest = divmod(max(0, n_slots_filled), plan.slots) if plan.slots else (0, 0)
    for slot in range(plan.slots if rounds else rest):
        times = rounds + (1 if slot < rest else 0)
        for item_id in plan.items_for_slot(slot):
            counts[item_id] += times
    return counts
