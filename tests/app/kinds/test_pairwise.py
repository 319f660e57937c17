"""The pairwise kind: its question model, the sides drawn and recorded per participant, the
stimulus swapped to match, answers and predictions, and its tables (Bradley-Terry per system,
the win matrix) on answers counted by hand."""

from __future__ import annotations

import math
import random
from typing import Any

import pandas as pd
import pytest
from pydantic import ValidationError

from app.home import bundled_studies_dir
from app.kinds import kind_named
from app.kinds.base import AnswerError
from app.kinds.pairwise import PairwiseQuestion, PairwiseState
from app.results.disputes import MEASURES
from app.results.options import ResultsOptions
from app.results.units import QuestionGroup, question_groups
from app.session.plan import build_plan
from app.session.presentation import trial_view
from app.study.loader import LoadedStudy, load_study
from app.study.model import ImageRef, ImagesStimulus, PairStimulus
from tests.clocks import FakeClock

KIND = kind_named("pairwise")


@pytest.fixture(scope="module")
def loaded() -> LoadedStudy:
    return load_study(bundled_studies_dir() / "preference-demo")


def _question(**fields: Any) -> PairwiseQuestion:
    return PairwiseQuestion(id="better", **fields)


def test_question_model() -> None:
    assert _question().answers() == ("a", "b", "tie")
    assert _question(allow_tie=False).answers() == ("a", "b")
    with pytest.raises(ValidationError, match="allow_tie is false"):
        _question(allow_tie=False, gold="tie")
    with pytest.raises(ValidationError):
        _question(gold="left")


def test_answers_and_predictions(loaded: LoadedStudy) -> None:
    item = loaded.items_by_id["pair-01"]
    question = _question(allow_tie=False, gold="a")
    assert KIND.normalize(item, question, "b") == "b"
    with pytest.raises(AnswerError):
        KIND.normalize(item, question, "tie")
    assert KIND.parse_text(question, " a ") == "a"
    assert KIND.parse_prediction(item, question, " B") == "b"
    with pytest.raises(ValueError, match="not one of"):
        KIND.parse_prediction(item, question, "both")
    assert KIND.is_correct(question, "a") is True and KIND.is_correct(_question(), "a") is None


def test_sides_are_drawn_per_participant_and_recorded(loaded: LoadedStudy) -> None:
    orders = [tuple(p.orders["better"]) for code in ("P1", "P2", "P3", "P4")
              for p in build_plan(loaded.study, code) if "better" in p.orders]
    assert set(orders) == {("a", "b"), ("b", "a")}
    fixed = _question(shuffle_sides=False)
    assert all(KIND.shown_order(fixed, None, True, random.Random(s)) == ["a", "b"]
               for s in range(10))
    assert KIND.gold_place(fixed.model_copy(update={"gold": "b"}), True).place == 1
    assert KIND.gold_place(_question(gold="b"), True) is None  # shuffled: no fixed place


def test_the_screen_shows_b_on_the_left_when_drawn_so(loaded: LoadedStudy) -> None:
    for code in ("P1", "P2", "P3"):
        plan = build_plan(loaded.study, code)
        for planned in (p for p in plan if "better" in p.orders):
            item = loaded.items_by_id[planned.item_id]
            view = trial_view(loaded.study, loaded.folder, item, planned, len(plan))
            left, right = planned.orders["better"]
            question = view.questions[0]
            assert question.shown_sides == (left, right) and question.gold is None
            texts = {"a": item.stimulus.text_a, "b": item.stimulus.text_b}
            assert (view.stimulus.text_a, view.stimulus.text_b) == (texts[left], texts[right])
            assert view.stimulus.label_a == item.stimulus.label_a  # labels name sides
            state = KIND.answer_state(question, [], FakeClock())
            assert isinstance(state, PairwiseState)
            state.pick_side(0)
            assert state.value() == left  # the stored answer names the text, not the side


def test_images_swap_too() -> None:
    images = ImagesStimulus(images=[ImageRef(path="a.png"), ImageRef(path="b.png")])
    swapped = KIND.shown_stimulus(_question(), images, ["b", "a"])
    assert [r.path for r in swapped.images] == ["b.png", "a.png"]
    assert KIND.shown_stimulus(_question(), images, ["a", "b"]) is images
    assert KIND.item_problems(_question(), images, set(), "q") == []
    three = ImagesStimulus(images=[ImageRef(path=f"{k}.png") for k in "abc"])
    assert KIND.item_problems(_question(), three, set(), "q")
    assert KIND.item_problems(_question(), PairStimulus(text_a="x", text_b="y"), set(), "q") == []


def _group(loaded: LoadedStudy) -> QuestionGroup:
    return next(g for g in question_groups(loaded.study) if g.kind == "pairwise")


def test_tables_count_what_the_raters_said(loaded: LoadedStudy) -> None:
    group = _group(loaded)
    # pair-01: system_a is demo-system-1; pair-02: system_a is demo-system-2
    assert group.items["pair-02"].categories["system_a"] == "demo-system-2"
    answers = pd.DataFrame([
        ("r1", "pair-01", "a"), ("r2", "pair-01", "a"), ("r3", "pair-01", "tie"),
        ("r1", "pair-02", "a"), ("r2", "pair-02", "b"), ("r3", "pair-02", "b"),
        ("r1", "pair-03", "b"), ("r2", "pair-03", "tie"),
    ], columns=["participant", "item_id", "answer"])
    tables = {t.name: pd.DataFrame(t.rows, columns=list(t.columns))
              for t in KIND.result_tables(group, answers, {}, ResultsOptions(n_boot=200))}
    table = tables["pairwise"].set_index("system")
    # demo-system-1 won on pair-01 twice (a), on pair-02 twice and on pair-03 once (b: it is
    # system_b there), lost once (pair-02, a) and tied twice
    assert group.items["pair-03"].categories["system_b"] == "demo-system-1"
    one = table.loc["demo-system-1"]
    assert (one.wins, one.losses, one.ties, one.n_comparisons) == (5, 1, 2, 8)
    assert one.win_rate == pytest.approx(6 / 8)
    # two systems: the strength gap is the log of the half-win ratio, 6 : 2
    gap = one.strength - table.loc["demo-system-2"].strength
    assert gap == pytest.approx(math.log(3), abs=0.01)
    assert one.ci_low <= one.strength <= one.ci_high
    matrix = tables["pairwise_matrix"]
    assert matrix.to_dict("records")[0] == {
        "question_id": "better", "system": "demo-system-1", "opponent": "demo-system-2",
        "wins": 5, "losses": 1, "ties": 2, "win_rate": 0.75}


def test_agreement_and_dispute_as_for_labels(loaded: LoadedStudy) -> None:
    group = _group(loaded)
    answers = pd.DataFrame([("r1", "pair-01", "a"), ("r2", "pair-01", "a"), ("r3", "pair-01", "b"),
                            ("r4", "pair-01", "tie")], columns=["participant", "item_id", "answer"])
    assert KIND.answer_value == "label" and KIND.option_order(_question()) == ["a", "b", "tie"]
    assert MEASURES[KIND.dispute_measure](group, "pair-01", list(answers["answer"])) == 0.5


def test_validation_names_a_pairwise_question_without_two_to_compare(tmp_path: Any) -> None:
    import json
    import shutil

    from app.study.errors import StudyError

    folder = tmp_path / "study"
    shutil.copytree(bundled_studies_dir() / "preference-demo", folder)
    raw = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    raw["items"][0]["stimulus"] = {"kind": "text", "text": "only one"}
    (folder / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(StudyError, match="needs a pair stimulus"):
        load_study(folder)
