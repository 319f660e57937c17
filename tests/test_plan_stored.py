"""Plans never change for a participant: a resumed session continues the same sequence, and the
shown orders are stored with every response. The plans of the mini study (three designs, four
codes) as the first version drew them are kept in tests/fixtures/expected_plans.json; the fast
build_plan must draw the same, and the same as the straightforward version on bigger studies."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from app.session.assignment import assigned_item_ids
from app.session.plan import PlannedTrial, build_plan
from app.study.loader import load_study
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
from benchmarks.studygen import write_lesion_study, write_text_study

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CODES = ("P001", "P002", "site2-017", "anna")


def _variants() -> dict[str, Study]:
    mini = load_study(FIXTURES / "mini-study").study
    return {
        "mini": mini,
        "mini-assigned": mini.model_copy(update={"assignment": mini.assignment.model_copy(
            update={"items_per_participant": 4, "raters_per_item": 2, "seed": 3})}),
        "mini-no-option-shuffle": mini.model_copy(update={"design": mini.design.model_copy(
            update={"shuffle_options": False, "seed": 11})}),
    }


def test_plans_are_the_stored_ones() -> None:
    expected = json.loads((FIXTURES / "expected_plans.json").read_text(encoding="utf-8"))
    plans = {f"{name}/{code}": build_plan(study, code)
             for name, study in _variants().items() for code in CODES}
    # The fixture predates reading conditions: a study without them plans none.
    assert all(t.condition is None for plan in plans.values() for t in plan)
    got = {name: [{k: v for k, v in dataclasses.asdict(t).items() if k != "condition"}
                  for t in plan] for name, plan in plans.items()}
    assert got == expected


def _reference_plan(study: Study, participant_code: str) -> list[PlannedTrial]:
    """build_plan as first written: the items filtered once per block, orders drawn per item."""
    rng = random.Random(f"plan:{study.design.seed}:{participant_code}")
    assigned = assigned_item_ids(study, participant_code)
    plan: list[PlannedTrial] = []
    for block in study.blocks:
        items = [i for i in study.items if i.block == block.id and i.id in assigned]
        shuffle = study.design.shuffle_items if block.shuffle is None else block.shuffle
        if shuffle:
            rng.shuffle(items)
        for item in items:
            plan.append(PlannedTrial(position=len(plan), item_id=item.id, block_id=block.id,
                                     practice=block.kind == "practice",
                                     orders=_reference_orders(study, item, rng)))
    return plan


def _reference_orders(study: Study, item: Item, rng: random.Random) -> dict[str, list[str]]:
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


def _with(study: Study, **changes: Any) -> Study:
    design = study.design.model_copy(update=changes.pop("design", {}))
    assignment = study.assignment.model_copy(update=changes.pop("assignment", {}))
    return study.model_copy(update={"design": design, "assignment": assignment, **changes})


def test_fast_plan_equals_the_first_version(tmp_path: Path) -> None:
    lesion = load_study(write_lesion_study(tmp_path / "lesion", n_items=400, n_images=50)).study
    text = load_study(write_text_study(tmp_path / "text", n_items=300)).study
    mini = _variants()["mini"]
    # A question that overrides the study's option shuffling, both ways, in the mini study.
    items = list(mini.items)
    for n, item in enumerate(items):
        questions = [q.model_copy(update={"shuffle_options": n % 2 == 0})
                     if isinstance(q, ChoiceQuestion) else q for q in item.questions]
        items[n] = item.model_copy(update={"questions": questions})
    studies = [
        lesion, _with(lesion, design={"shuffle_options": True}),
        _with(lesion, assignment={"items_per_participant": 50, "raters_per_item": 3}),
        text, _with(text, design={"shuffle_items": False}),
        mini, mini.model_copy(update={"items": items}),
        mini.model_copy(update={"blocks": [b.model_copy(update={"shuffle": False})
                                           for b in mini.blocks]}),
    ]
    for study in studies:
        for code in (*CODES, "P013", "x"):
            assert build_plan(study, code) == _reference_plan(study, code)


@pytest.mark.parametrize("code", CODES)
def test_the_stored_plans_would_catch_a_changed_draw(code: str) -> None:
    # The stored plans do depend on the draws: another seed gives other orders somewhere.
    study = _variants()["mini"]
    reseeded = _with(study, design={"seed": study.design.seed + 1})
    assert build_plan(study, code) != build_plan(reseeded, code)
