"""A participant's plan: which items, in which order, with which option orders.

Deterministic from (design seed, participant code): the same code always gets the same
plan, so a resumed session continues the same sequence and a designer can reproduce what
anyone saw. The shown order of options and documents is stored with every response.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.session.assignment import assigned_item_ids
from app.study.model import (
    CardsStimulus,
    ChoiceQuestion,
    ClusteringQuestion,
    Item,
    QueryDocumentsStimulus,
    RankingQuestion,
    RelevanceQuestion,
    Study,
)


@dataclass(frozen=True)
class PlannedTrial:
    position: int
    item_id: str
    block_id: str
    practice: bool
    # question id -> option keys (choice) or document/card ids (relevance, ranking, clustering)
    # in the order they are shown.
    orders: dict[str, list[str]] = field(default_factory=dict)


def build_plan(study: Study, participant_code: str) -> list[PlannedTrial]:
    rng = random.Random(f"plan:{study.design.seed}:{participant_code}")
    assigned = assigned_item_ids(study, participant_code)
    plan: list[PlannedTrial] = []
    for block in study.blocks:
        items = [i for i in study.items if i.block == block.id and i.id in assigned]
        shuffle = study.design.shuffle_items if block.shuffle is None else block.shuffle
        if shuffle:
            rng.shuffle(items)
        for item in items:
            plan.append(
                PlannedTrial(
                    position=len(plan),
                    item_id=item.id,
                    block_id=block.id,
                    practice=block.kind == "practice",
                    orders=_orders(study, item, rng),
                )
            )
    return plan


def plan_item_ids(study: Study, participant_code: str) -> set[str]:
    """The ids of `build_plan(study, participant_code)`, without drawing the orders: what
    progress counts need (30 participants x 20,000 items: milliseconds, not seconds)."""
    assigned = assigned_item_ids(study, participant_code)
    blocks = {b.id for b in study.blocks}
    return {i.id for i in study.items if i.id in assigned and i.block in blocks}


def _orders(study: Study, item: Item, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    shuffle_default = study.design.shuffle_options
    docs: list[str] | None = None
    if isinstance(item.stimulus, QueryDocumentsStimulus):
        docs = [d.id for d in item.stimulus.documents]
    elif isinstance(item.stimulus, CardsStimulus):
        docs = [c.id for c in item.stimulus.cards]
    if docs is not None and shuffle_default:
        docs = list(docs)
        rng.shuffle(docs)
    for question in item.questions:
        if isinstance(question, ChoiceQuestion):
            keys = [o.key for o in question.options]
            shuffle = shuffle_default if question.shuffle_options is None else question.shuffle_options
            if shuffle:
                rng.shuffle(keys)
            orders[question.id] = keys
        elif isinstance(question, RelevanceQuestion | RankingQuestion | ClusteringQuestion) and docs:
            orders[question.id] = list(docs)
    return orders
