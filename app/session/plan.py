"""A participant's plan: which items, in which order, with which option orders.

Deterministic from (design seed, participant code): the same code always gets the same
plan, so a resumed session continues the same sequence and a designer can reproduce what
anyone saw. The shown order of options and documents is stored with every response.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.kinds import kind_of
from app.session.assignment import assigned_item_ids
from app.study.lazy import item_outlines
from app.study.model import CardsStimulus, Item, QueryDocumentsStimulus, Study


@dataclass(frozen=True)
class PlannedTrial:
    position: int
    item_id: str
    block_id: str
    practice: bool
    # question id -> option keys (choice) or document/card ids (relevance, ranking, clustering)
    # in the order they are shown.
    orders: dict[str, list[str]] = field(default_factory=dict)
    condition: str | None = None  # the reading condition of the sitting (study `conditions`)


def build_plan(study: Study, participant_code: str, *, condition: str | None = None,
               practice_blocks: bool = True) -> list[PlannedTrial]:
    """`condition`: the plan of one sitting of a reader study (app.session.sittings), its
    own order of the same items (a second reading in the first one's order would help recall);
    `practice_blocks`: False leaves practice out (read in the first sitting only)."""
    seed = f"plan:{study.design.seed}:{participant_code}"
    rng = random.Random(seed if condition is None else f"{seed}:{condition}")
    assigned = assigned_item_ids(study, participant_code)
    # One pass sorts the assigned items into their blocks, in file order (what filtering the
    # items once per block gave); a block listed twice would share the list, hence the copies.
    # The items as the loader checked them (app.study.lazy.item_outlines): a lazy study's
    # models are not built for the plan, only for the items shown.
    by_block: dict[str, list[Item]] = {block.id: [] for block in study.blocks}
    for item in item_outlines(study):
        members = by_block.get(item.block)
        if members is not None and item.id in assigned:
            members.append(item)
    shuffle_options = study.design.shuffle_options
    plan: list[PlannedTrial] = []
    for block in study.blocks:
        items = list(by_block[block.id])
        shuffle = study.design.shuffle_items if block.shuffle is None else block.shuffle
        if shuffle:
            rng.shuffle(items)
        practice = block.kind == "practice"
        if practice and not practice_blocks:
            continue
        for item in items:
            plan.append(
                PlannedTrial(
                    position=len(plan),
                    item_id=item.id,
                    block_id=block.id,
                    practice=practice,
                    orders=_orders(shuffle_options, item, rng),
                    condition=condition,
                )
            )
    return plan


def plan_item_ids(study: Study, participant_code: str) -> set[str]:
    """The ids of `build_plan(study, participant_code)`, without drawing the orders: what
    progress counts need (30 participants x 20,000 items: milliseconds, not seconds)."""
    assigned = assigned_item_ids(study, participant_code)
    blocks = {b.id for b in study.blocks}
    return {i.id for i in item_outlines(study) if i.id in assigned and i.block in blocks}


def _orders(shuffle_default: bool, item: Item, rng: random.Random) -> dict[str, list[str]]:
    """The shown order of each question's options or documents. The draws from `rng` come in
    a fixed sequence across the whole plan (stored plans depend on it): documents first, then
    each question that shuffles its own options (a choice) in turn (`Kind.shown_order`)."""
    orders: dict[str, list[str]] = {}
    stimulus = item.stimulus  # a model, or a struct of an item without documents or cards
    docs: list[str] | None = None
    if isinstance(stimulus, QueryDocumentsStimulus):
        docs = [d.id for d in stimulus.documents]
    elif isinstance(stimulus, CardsStimulus):
        docs = [c.id for c in stimulus.cards]
    if docs is not None and shuffle_default:
        rng.shuffle(docs)
    for question in item.questions:
        order = kind_of(question).shown_order(question, docs, shuffle_default, rng)
        if order is not None:
            orders[question.id] = order
    return orders


def min_items_after_break(break_every: int) -> int:
    """A break every `break_every` main items is skipped when fewer main items than this are
    left after it: a rest before the last item or two is an interruption, not a rest (a break
    with one item left). A quarter of the interval, at least 2."""
    return max(2, -(-break_every // 4))
