"""rt_items.csv and rt_categories.csv name their metric, and the humans' and the models' figure
in a row are that metric: the question's main one, equal to the headline's cells
(human_scores.csv's "all raters" row, model_scores.csv's rows), on hume-demo answered by
simulated raters (its relevance question's main metric is not the share of exact answers)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from app.results.options import ResultsOptions
from app.results.scorers import scorer_for
from app.results.summary import StudyResults, compute_results
from app.storage import open_database
from app.study.loader import load_study
from tests.results_support import import_rows, simulated_rows

STUDIES = Path(__file__).resolve().parents[3] / "studies"
RATERS = [("P01", "a", 0.9), ("P02", "a", 0.7), ("P03", "b", 0.8), ("P04", "b", 0.5)]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> StudyResults:
    folder = tmp_path_factory.mktemp("rt")
    loaded = load_study(STUDIES / "hume-demo")
    db = open_database(f"sqlite:///{folder / 'study.db'}")
    try:
        import_rows(loaded, db, simulated_rows(loaded, RATERS, seed=5), folder)
        return compute_results(loaded, db, ResultsOptions(n_boot=0))
    finally:
        db.close()


def test_each_row_names_one_metric_the_question_s_main_one(results: StudyResults) -> None:
    mains = {g.question_id: scorer.main for g in results.groups
             if (scorer := scorer_for(g)) is not None}
    for table in (results.rt_items, results.rt_categories):
        assert "human_accuracy" not in table and "model_accuracy" not in table
        for question_id, rows in table.groupby("question_id"):
            assert set(rows["metric"]) == {mains.get(question_id, "")}
    assert mains["relevance"] != "accuracy"  # the case that mixed two metrics in one column
    relevance = results.rt_categories[results.rt_categories["question_id"] == "relevance"]
    assert not relevance.empty and relevance["model_score"].notna().any()
    correlations = results.rt_correlations
    assert (correlations["metric"] == correlations["question_id"].map(mains)).all()


def test_category_figures_equal_the_headline_cells(results: StudyResults) -> None:
    scores = results.scores
    checked = 0
    for row in results.rt_categories.itertuples(index=False):
        cell = scores[(scores["question_id"] == row.question_id)
                      & (scores["category"] == row.category)
                      & (scores["category_value"].astype(str) == str(row.category_value))
                      & (scores["metric"] == row.metric)]
        humans = cell[cell["who_kind"] == "humans"]["value"]
        models = cell[cell["who_kind"] == "model"]["value"].dropna()
        assert len(humans) == 1
        assert row.human_score == pytest.approx(float(humans.iloc[0]), abs=1e-12)
        if models.empty:
            assert math.isnan(row.model_score)
        else:
            assert row.model_score == pytest.approx(float(models.mean()), abs=1e-12)
            assert row.n_models == len(models)
        checked += 1
    assert checked >= 8


def test_item_figures_are_the_mean_over_raters_of_their_item_scores(
        results: StudyResults) -> None:
    """An item's human_score is the "all raters" figure on that item alone: the mean over the
    raters who answered it of their score on it."""
    group = next(g for g in results.groups if g.question_id == "label")
    scorer = scorer_for(group)
    assert scorer is not None
    answers = results.answers["label"]
    items = results.rt_items[results.rt_items["question_id"] == "label"].set_index("item_id")
    for item_id in list(items.index)[:10]:
        mine = answers[answers["item_id"] == item_id]
        values = [float(scorer.item_values(group, rows).iloc[0])
                  for _, rows in mine.groupby("participant")]
        assert items.loc[item_id, "human_score"] == pytest.approx(np.mean(values), abs=1e-12)
