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

from app.study.model import Study

_TRAILING_NUMBER = re.compile(r"(\d+)$")


def scored_item_ids(study: Study) -> list[str]:
    """Items that take part in the assignment: main-block trials."""
    practice = {b.id for b in study.blocks if b.kind == "practice"}
    return [i.id for i in study.items if i.block not in practice and i.role == "trial"]


def slot_count(study: Study) -> int:
    m = study.assignment.items_per_participant
    if not m:
        return 1
    n = len(scored_item_ids(study))
    k = study.assignment.raters_per_item or 1
    return max(1, math.ceil(n * k / min(m, n)))


def slot_for_code(study: Study, code: str) -> int:
    slots = slot_count(study)
    match = _TRAILING_NUMBER.search(code)
    if match:
        return (int(match.group(1)) - 1) % slots
    digest = hashlib.sha256(f"{study.assignment.seed}:{code}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % slots


def items_for_slot(study: Study, slot: int) -> set[str]:
    ids = scored_item_ids(study)
    m = study.assignment.items_per_participant
    if not m or m >= len(ids):
        return set(ids)
    order = list(ids)
    random.Random(f"assignment:{study.assignment.seed}").shuffle(order)
    start = slot * m
    return {order[(start + i) % len(order)] for i in range(m)}


def assigned_item_ids(study: Study, code: str) -> set[str]:
    """Every item id this participant is given (main trials of their slot + all the rest)."""
    scored = set(scored_item_ids(study))
    others = {i.id for i in study.items if i.id not in scored}
    return items_for_slot(study, slot_for_code(study, code)) | others


def expected_coverage(study: Study, n_slots_filled: int) -> dict[str, int]:
    """How many raters each scored item gets when slots 0..n-1 are taken (for the designer)."""
    counts = dict.fromkeys(scored_item_ids(study), 0)
    for slot in range(n_slots_filled):
        for item_id in items_for_slot(study, slot % slot_count(study)):
            counts[item_id] += 1
    return counts
