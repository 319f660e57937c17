"""preference-demo end to end: simulated participants taken through the session engine, the
full export, and the two preference kinds' own tables in it: pairwise.csv and
pairwise_matrix.csv (Bradley-Terry per system, counts equal to the responses), best_worst.csv
(counting scores equal to the responses) and the split-half row of agreement.csv."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest

from app.home import bundled_studies_dir
from app.results.options import ResultsOptions
from app.simulate import simulate
from app.simulation.config import SimulationConfig
from app.storage.database import Database
from app.study.loader import load_study
from exporters.export_all import export_all


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from app.storage import open_database

    folder = tmp_path_factory.mktemp("preferences")
    db: Database = open_database(f"sqlite:///{folder / 'db.sqlite3'}")
    loaded = load_study(bundled_studies_dir() / "preference-demo")
    simulate(loaded, db, SimulationConfig(participants=8, seed=3))
    export_all(loaded, db, folder / "out", include_simulated=True,
               options=ResultsOptions(n_boot=200))
    rows = pd.DataFrame([{"item_id": r.item_id, "question_id": r.question_id,
                          "answer_json": r.answer_json, "option_order_json": r.option_order_json}
                         for r in db.responses(loaded.study.id)])
    rows.to_pickle(folder / "responses.pkl")
    db.close()
    return folder


def _responses(exported: Path, question_id: str) -> pd.DataFrame:
    rows = pd.read_pickle(exported / "responses.pkl")
    return rows[rows["question_id"] == question_id]


def test_pairwise_tables(exported: Path) -> None:
    out = exported / "out"
    table = pd.read_csv(out / "pairwise.csv")
    assert list(table.columns) == ["question_id", "system", "strength", "ci_low", "ci_high",
                                   "ci_kind", "wins", "losses", "ties", "n_comparisons", "win_rate"]
    assert set(table["system"]) == {"demo-system-1", "demo-system-2"}
    items = {i.id: i for i in load_study(bundled_studies_dir() / "preference-demo").study.items}
    wins = {"demo-system-1": 0, "demo-system-2": 0}
    ties = 0
    responses = _responses(exported, "better")
    for item_id, answer_json in zip(responses["item_id"], responses["answer_json"], strict=True):
        answer = json.loads(answer_json)
        if answer == "tie":
            ties += 1
        else:
            wins[items[item_id].categories[f"system_{answer}"]] += 1
    by_system = table.set_index("system")
    for system, won in wins.items():
        row = by_system.loc[system]
        assert (row.wins, row.ties, row.n_comparisons) == (won, ties, len(responses))
        assert row.ci_low <= row.strength <= row.ci_high
    one, two = (wins[s] + ties / 2 for s in ("demo-system-1", "demo-system-2"))
    gap = by_system.loc["demo-system-1"].strength - by_system.loc["demo-system-2"].strength
    assert gap == pytest.approx(math.log(one / two), abs=0.01)
    matrix = pd.read_csv(out / "pairwise_matrix.csv")
    assert len(matrix) == 2 and set(matrix["wins"]) == set(wins.values())
    # the sides were drawn and stored with each answer, both ways round
    orders = {tuple(json.loads(o)) for o in responses["option_order_json"]}
    assert orders == {("a", "b"), ("b", "a")}


def test_best_worst_table_and_split_half(exported: Path) -> None:
    out = exported / "out"
    table = pd.read_csv(out / "best_worst.csv")
    assert list(table.columns) == ["question_id", "element", "score", "n_best", "n_worst",
                                   "n_appearances"]
    responses = _responses(exported, "vivid")
    answers = [json.loads(a) for a in responses["answer_json"]]
    by_element = table.set_index("element")
    assert len(table) == 13
    assert (by_element["n_appearances"] == 8 * 4).all()  # 8 raters, each element in 4 sets
    for element, row in by_element.iterrows():
        assert row.n_best == sum(a["best"] == element for a in answers)
        assert row.n_worst == sum(a["worst"] == element for a in answers)
        assert row.score == pytest.approx((row.n_best - row.n_worst) / row.n_appearances)
    agreement = pd.read_csv(out / "agreement.csv")
    split = agreement[agreement["statistic"] == "split_half_reliability"]
    assert list(split["question_id"]) == ["vivid"]
    assert -1 <= float(split["value"].iloc[0]) <= 1 and int(split["n_raters"].iloc[0]) == 8
    assert set(agreement[agreement["statistic"] == "krippendorff_alpha"]["question_id"]) == {
        "better", "vivid"}


def test_llm_judges_are_scored_as_for_choice(exported: Path) -> None:
    scores = pd.read_csv(exported / "out" / "model_scores.csv")
    judged = scores[(scores["question_id"] == "better") & (scores["metric"] == "accuracy")
                    & (scores["category"] == "all")]
    assert set(judged["who"]) == {"demo-model-a", "demo-model-b", "demo-model-c"}
