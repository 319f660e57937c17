"""The shared test helpers know no kind: the kill driver's scripted answers and the results
support's plausible answers are each kind's own simulated answer (`Kind.simulate`), so a kind
added to the registry needs no edit in them. Checked with a throwaway kind registered for the
test only."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

import pytest

from app.kinds import KINDS_BY_NAME
from app.kinds.base import Kind
from app.kinds.question import QuestionBase
from app.kinds.simulated import ItemLatent, Person
from app.session.engine import SessionEngine, TrialScreenSpec
from app.storage.database import Database
from app.study.loader import load_study
from app.study_types.item import ItemFields
from tests.kill_driver import scripted_answers, step
from tests.results_support import plausible_answer


class CoinQuestion(QuestionBase):
    kind: Literal["coin"] = "coin"


class CoinKind(Kind[CoinQuestion]):
    name = "coin"
    question_model = CoinQuestion

    def simulate(self, rng: random.Random, item: ItemFields, question: CoinQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        return "heads" if rng.random() < p_correct else "tails"


def test_a_new_kind_walks_the_shared_helpers(mini_study_dir: Path, db: Database,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(KINDS_BY_NAME, "coin", CoinKind())
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P001")
    rng = random.Random(1)
    while not isinstance(screen := engine.next_screen(), TrialScreenSpec):
        step(engine, screen, rng)
    coin = CoinQuestion(id="toss")
    item = loaded.items_by_id[screen.view.item_id].model_copy(update={"questions": [coin]})
    view = replace(screen.view, questions=[coin])
    answers = scripted_answers(item, view, rng, 0)
    assert [(a.question_id, a.answer in ("heads", "tails")) for a in answers] == [("toss", True)]
    drawn = {plausible_answer(item, coin, random.Random(seed), 0.9) for seed in range(20)}
    assert drawn <= {"heads", "tails"} and "heads" in drawn
