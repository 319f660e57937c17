"""The best_worst kind: its answer state (picks that move, keys in turn, undo), answers and
checks, and its tables (counting scores per element, the split-half row) on hand counts."""

from __future__ import annotations

import math
import random

import pandas as pd
import pytest

from app.home import bundled_studies_dir
from app.kinds import kind_named
from app.kinds.base import AnswerError
from app.kinds.best_worst import BestWorstQuestion, BestWorstState
from app.kinds.entries import Entry
from app.results.disputes import MEASURES
from app.results.options import ResultsOptions
from app.results.units import QuestionGroup, question_groups
from app.study.loader import LoadedStudy, load_study
from app.study.model import CardsStimulus, Document
from tests.clocks import FakeClock

KIND = kind_named("best_worst")
ENTRIES = [Entry(f"l{k}", f"line {k}") for k in range(1, 5)]


@pytest.fixture(scope="module")
def loaded() -> LoadedStudy:
    return load_study(bundled_studies_dir() / "preference-demo")


def _state() -> BestWorstState:
    state = KIND.answer_state(BestWorstQuestion(id="q", kind="best_worst"), ENTRIES, FakeClock())
    assert isinstance(state, BestWorstState)
    return state


def test_picks_move_and_complete_the_answer() -> None:
    state = _state()
    state.pick("best", "l2")
    assert state.value() is None and not state.is_complete()
    state.pick("worst", "l2")  # the best picked as worst: it moves
    assert (state.best, state.worst) == (None, "l2")
    state.pick("best", "l3")
    assert state.value() == {"best": "l3", "worst": "l2"} and state.is_complete()
    with pytest.raises(ValueError, match="not one of the cards"):
        state.pick("best", "l9")


def test_keys_pick_best_then_worst_and_undo() -> None:
    state = _state()
    assert state.next_role() == "best"
    state.pick_next(2)
    state.pick_next(2)  # the best again: a slip, nothing changes
    assert (state.best, state.worst) == ("l3", None) and state.next_role() == "worst"
    state.pick_next(0)
    assert state.value() == {"best": "l3", "worst": "l1"}
    state.pick_next(3)  # both picked: a number changes the worst
    assert state.value() == {"best": "l3", "worst": "l4"}
    state.undo()
    assert (state.best, state.worst) == ("l3", None)
    state.undo()
    state.undo()  # nothing left to take back
    assert (state.best, state.worst) == (None, None)
    assert state.history[-1][1] == {"best": None, "worst": None}


def test_answers_predictions_and_checks(loaded: LoadedStudy) -> None:
    item = loaded.items_by_id["lines-01"]
    question = item.questions[0]
    cards = [c.id for c in item.stimulus.cards]
    answer = {"best": cards[0], "worst": cards[1]}
    assert KIND.normalize(item, question, answer) == answer
    for wrong in ({"best": cards[0], "worst": cards[0]}, {"best": "zz", "worst": cards[1]},
                  [cards[0], cards[1]], {"best": cards[0]}):
        with pytest.raises(AnswerError):
            KIND.normalize(item, question, wrong)
    assert KIND.parse_prediction(item, question, answer) == answer
    assert KIND.gold(question) is None and KIND.is_correct(question, answer) is None
    four = CardsStimulus(cards=[Document(id=e.id, text=e.text) for e in ENTRIES])
    sized = BestWorstQuestion(id="q", kind="best_worst", set_size=5)
    assert KIND.item_problems(sized, four, set(), "q")[0][0] == "q.set_size"
    assert KIND.item_problems(question, four, set(), "q") == []
    two = CardsStimulus(cards=[Document(id=e.id, text=e.text) for e in ENTRIES[:2]])
    assert KIND.item_problems(question, two, set(), "q")


def test_a_simulated_rater_sees_one_value_per_card_across_sets(loaded: LoadedStudy) -> None:
    from app.kinds.simulated import ItemLatent, Person

    person = Person(0.0, 0.0, 0.5, 1.0, 0.0)
    picks = []
    for item_id in ("lines-01", "lines-02"):
        item = loaded.items_by_id[item_id]
        latent = ItemLatent(0.0, item_id)
        picks.append(KIND.simulate(random.Random(1), item, item.questions[0], latent, person, 1.0))
    assert all(set(p) == {"best", "worst"} and p["best"] != p["worst"] for p in picks)


def _group(loaded: LoadedStudy) -> QuestionGroup:
    return next(g for g in question_groups(loaded.study) if g.kind == "best_worst")


def test_tables_count_by_hand(loaded: LoadedStudy) -> None:
    group = _group(loaded)
    one, two = (loaded.items_by_id[i].stimulus.cards for i in ("lines-01", "lines-02"))
    shared = ({c.id for c in one} & {c.id for c in two}).pop()  # a balanced design: one each
    a = [c.id for c in one if c.id != shared]
    b = [c.id for c in two if c.id != shared]
    answers = pd.DataFrame([
        ("r1", "lines-01", {"best": shared, "worst": a[0]}),
        ("r2", "lines-01", {"best": a[1], "worst": shared}),
        ("r1", "lines-02", {"best": shared, "worst": b[0]}),
    ], columns=["participant", "item_id", "answer"])
    (found,) = KIND.result_tables(group, answers, {}, ResultsOptions())
    assert found.name == "best_worst"
    table = pd.DataFrame(found.rows, columns=list(found.columns))
    assert list(table.columns) == ["question_id", "element", "score", "n_best", "n_worst",
                                   "n_appearances"]
    assert len(table) == 13  # every element of the design, shown or not
    row = table.set_index("element").loc[shared]
    assert (row.n_best, row.n_worst, row.n_appearances) == (2, 1, 3)
    assert row.score == pytest.approx(1 / 3)
    unseen = table[table["n_appearances"] == 0]
    assert unseen["score"].isna().all() and len(unseen) == 13 - 7


def test_split_half_row(loaded: LoadedStudy) -> None:
    group = _group(loaded)
    rng = random.Random(3)
    rows = []
    for r in range(8):
        for item_id, item in group.items.items():
            cards = sorted(c.id for c in item.stimulus.cards)  # everyone: lowest id best
            rows.append((f"r{r}", item_id, {"best": cards[0], "worst": cards[-1]}))
    rng.shuffle(rows)
    answers = pd.DataFrame(rows, columns=["participant", "item_id", "answer"])
    (row,) = KIND.extra_agreement_rows(group, answers, ResultsOptions(seed=4))
    assert row["statistic"] == "split_half_reliability" and row["value"] == pytest.approx(1.0)
    assert row["n_raters"] == 8 and "Spearman-Brown" in row["note"]
    (alone,) = KIND.extra_agreement_rows(group, answers[answers["participant"] == "r0"],
                                         ResultsOptions())
    assert math.isnan(alone["value"]) and "two raters" in alone["note"]


def test_agreement_units_and_dispute(loaded: LoadedStudy) -> None:
    item = loaded.items_by_id["lines-01"]
    cards = [c.id for c in item.stimulus.cards]
    units = KIND.unit_values("lines-01", cards, {"best": cards[1], "worst": cards[2]})
    assert [v for _, v in units] == [0.0, 1.0, -1.0, 0.0] and units[0][0] == f"lines-01/{cards[0]}"
    assert KIND.unit_values("lines-01", cards, "best") == []
    group = _group(loaded)
    same = {"best": cards[0], "worst": cards[1]}
    other = {"best": cards[2], "worst": cards[1]}
    dispute = MEASURES[KIND.dispute_measure]
    assert dispute(group, "lines-01", [same, same]) == 0
    assert dispute(group, "lines-01", [same, same, other, same]) == pytest.approx(0.25)
