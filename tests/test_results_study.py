"""Scores of a whole study from responses taken through the real session engine: which answers
count (practice and time-outs left out), tiers, the majority vote, models on the same items,
published scores, ratings without gold and the authorship judgement, response times."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from scipy.stats import pearsonr, spearmanr

from app.results.options import ResultsOptions
from app.results.summary import StudyResults, compute_results
from app.session.engine import (
    BlockIntroScreen,
    BreakScreen,
    EndScreen,
    QuestionAnswer,
    SessionEngine,
    TrialScreenSpec,
    TrialTiming,
)
from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import LoadedStudy, load_study
from tests.results_support import Row, import_rows

MS = 1_000_000


def take_with(loaded: LoadedStudy, db: Database, code: str, tier: str,
              answers: dict[str, dict[str, Any]], rts: dict[str, float],
              timed_out: frozenset[str] = frozenset()) -> None:
    """Answer through the engine: answers[item][question], RT in ms per item."""
    engine = SessionEngine(loaded, db, code, profile={"tier": tier})
    clock = 0
    while not isinstance(screen := engine.next_screen(), EndScreen):
        if isinstance(screen, BlockIntroScreen):
            engine.acknowledge_intro(screen.block_id)
        elif isinstance(screen, BreakScreen):
            engine.start_break()
            engine.end_break()
        elif isinstance(screen, TrialScreenSpec):
            view = screen.view
            clock += 10_000 * MS
            answer_at = clock + int(rts.get(view.item_id, 1000) * MS)
            given = [QuestionAnswer(q.id, answers[view.item_id].get(q.id), answer_ns=answer_at)
                     for q in view.questions]
            engine.submit(view.position, given, TrialTiming(
                onset_ns=clock, timed_out=view.item_id in timed_out))
            clock = answer_at
    engine.close()


def with_models(folder: Path, extra_items: list[dict[str, Any]] | None = None) -> LoadedStudy:
    data = json.loads((folder / "study.json").read_text())
    data["models"] = {
        "predictions": [{"file": "predictions.csv", "illustrative": True}],
        "published": [{"model": "demo-a", "metric": "v_measure", "value": 0.61,
                       "source": "a paper", "illustrative": True}],
    }
    data["items"] += extra_items or []
    (folder / "study.json").write_text(json.dumps(data))
    (folder / "predictions.csv").write_text(
        "model,item_id,question_id,prediction\n"
        "demo-a,c1,label,neg\ndemo-a,c2,label,neg\ndemo-b,c1,label,pos\n"
        "demo-a,s1,similarity,2.0\n"
        'demo-a,r1,relevance,"{""d1"": 0.2, ""d2"": 0.9, ""d3"": 0.5}"\n')
    return load_study(folder)


ANSWERS = {
    "P1": {"p1": {"label": "neg"}, "c1": {"label": "neg"}, "c2": {"label": "pos"},
           "s1": {"similarity": 3.0}, "r1": {"relevance": {"d1": 1, "d2": 0, "d3": 1}},
           "k1": {"groups": {"t1": "x", "t2": "x", "t3": "y", "t4": "y"}},
           "v1": {"q": "B"}, "poem1": {"creative": 4, "why": ""},
           "rank1": {"order": ["z", "y", "x"]}},
    "P2": {"p1": {"label": "neg"}, "c1": {"label": "pos"}, "c2": {"label": "pos"},
           "s1": {"similarity": 4.5}, "r1": {"relevance": {"d1": 1, "d2": 1, "d3": 0}},
           "k1": {"groups": {"t1": "x", "t2": "y", "t3": "y", "t4": "y"}},
           "v1": {"q": "A"}, "poem1": {"creative": "NA", "why": "hm"},
           "rank1": {"order": ["y", "z", "x"]}},
    "P3": {"p1": {"label": "pos"}, "c1": {"label": "pos"}, "c2": {"label": "neg"},
           "s1": {"similarity": 3.5}, "r1": {"relevance": {"d1": 0, "d2": 0, "d3": 1}},
           "k1": {"groups": {"t1": "a", "t2": "a", "t3": "b", "t4": "b"}},
           "v1": {"q": "B"}, "poem1": {"creative": 2, "why": ""},
           "rank1": {"order": ["z", "y", "x"]}},
}
TIERS = {"P1": "primary", "P2": "senior", "P3": "primary"}
RTS = {"P1": {"c1": 900, "c2": 1500, "p1": 50}, "P2": {"c1": 2100, "c2": 700},
       "P3": {"c1": 1200, "c2": 99_999}}


@pytest.fixture
def mini_results(mini_study_dir: Path, db: Database) -> tuple[LoadedStudy, StudyResults]:
    loaded = with_models(mini_study_dir)
    for code, answers in ANSWERS.items():
        take_with(loaded, db, code, TIERS[code], answers, RTS[code],
                  timed_out=frozenset({"c2"}) if code == "P3" else frozenset())
    return loaded, compute_results(loaded, db, ResultsOptions(n_boot=200))


def score(results: StudyResults, who: str, metric: str, question_id: str = "label",
          category: str = "all", value: str = "all") -> pd.Series:
    s = results.scores
    row = s[(s["question_id"] == question_id) & (s["who"] == who) & (s["metric"] == metric)
            & (s["category"] == category) & (s["category_value"] == value)]
    assert len(row) == 1, (who, metric, question_id, category, value)
    return row.iloc[0]


def test_choice_scores_per_participant_tier_and_majority(mini_results: tuple) -> None:
    _, results = mini_results
    # gold: c1 neg, c2 pos. P1 2/2, P2 1/2, P3 0/2 (practice p1 never counts).
    assert score(results, "P1", "accuracy")["value"] == 1.0
    assert score(results, "P2", "accuracy")["value"] == 0.5
    assert score(results, "P3", "accuracy")["value"] == 0.0
    assert score(results, "P1", "accuracy")["n_items"] == 2
    assert score(results, "primary", "accuracy")["value"] == pytest.approx((1.0 + 0.0) / 2)
    assert score(results, "primary", "accuracy")["n_raters"] == 2
    assert score(results, "senior", "accuracy")["value"] == 0.5
    assert score(results, "all raters", "accuracy")["value"] == pytest.approx(1.5 / 3)
    # votes c1: neg, pos, pos -> pos (wrong); c2: pos, pos, neg -> pos (right)
    assert score(results, "majority vote", "accuracy")["value"] == 0.5
    by_language = score(results, "all raters", "accuracy", category="language", value="ara")
    assert by_language["value"] == pytest.approx((1 + 1 + 0) / 3) and by_language["n_items"] == 1
    # Two items are below the minimum for an interval (app.results.intervals.MIN_ITEMS):
    # none, and the note says why, where a bootstrap of two items gave one.
    ci = score(results, "all raters", "accuracy")
    assert math.isnan(ci["ci_low"]) and math.isnan(ci["ci_high"])
    assert "2 item(s), fewer than the minimum 5" in ci["note"]


def test_models_on_the_same_items_are_flagged_and_illustrative(mini_results: tuple) -> None:
    _, results = mini_results
    a = score(results, "demo-a", "accuracy")
    assert a["value"] == 0.5 and a["n_items"] == 2 and a["illustrative"]
    assert "illustrative" in a["note"]
    b = score(results, "demo-b", "accuracy")
    assert b["value"] == 0.0 and b["n_items"] == 1
    assert "lacks predictions for 1 of 2 items" in b["note"]
    coverage = results.model_coverage
    row = coverage[(coverage["model"] == "demo-b") & (coverage["question_id"] == "label")].iloc[0]
    assert row["missing"] == 1 and row["missing_items"] == "c2"
    sts = score(results, "demo-a", "mse", question_id="similarity")
    assert sts["value"] == pytest.approx((2.0 - 3.5) ** 2)
    # Relevance: scores rank d2, d3, d1; gold relevant d1, d3 -> AP (1/2 + 2/3) / 2.
    ap = score(results, "demo-a", "map", question_id="relevance")
    assert ap["value"] == pytest.approx((1 / 2 + 2 / 3) / 2)
    published = results.scores[results.scores["who_kind"] == "published"].iloc[0]
    assert published["question_id"] == "groups"  # the only group scored by v_measure
    assert "not the same items" in published["note"] and published["illustrative"]
    comparison = results.comparison
    assert {"tier", "humans", "pooled", "model", "published"} <= set(comparison["row_kind"])
    models = comparison[comparison["row_kind"] == "model"].set_index("who")
    assert models.loc["demo-a", "label accuracy"] == 0.5
    published_row = comparison[comparison["row_kind"] == "published"].iloc[0]
    assert published_row["groups v_measure"] == 0.61 and pd.isna(published_row["label accuracy"])


def test_sts_pooled_mean_rating_and_per_rater(mini_results: tuple) -> None:
    _, results = mini_results
    # One item only: correlations undefined, MSE defined. Mean rating (3 + 4.5 + 3.5) / 3.
    pooled = score(results, "mean rating", "mse", question_id="similarity")
    assert pooled["value"] == pytest.approx(((3 + 4.5 + 3.5) / 3 - 3.5) ** 2)
    assert pd.isna(score(results, "P1", "spearman", question_id="similarity")["value"])


def test_clustering_and_ranking_scores(mini_results: tuple) -> None:
    _, results = mini_results
    assert score(results, "P1", "v_measure", question_id="groups")["value"] == pytest.approx(1.0)
    assert score(results, "P3", "ari", question_id="groups")["value"] == pytest.approx(1.0)
    # P2's ranking y, z, x against gold z, y, x: tau (2 - 1) / 3; relevant (top 1) z at 2.
    assert score(results, "P2", "kendall_tau", question_id="order")["value"] == pytest.approx(1 / 3)
    assert score(results, "P2", "mrr@10", question_id="order")["value"] == pytest.approx(0.5)


def test_ratings_without_gold_exclude_na(mini_results: tuple) -> None:
    _, results = mini_results
    summary = results.rating_summary
    row = summary[(summary["question_id"] == "creative") & (summary["group_by"] == "author")
                  & (summary["group"] == "human")].iloc[0]
    assert row["rater"] == "humans"
    assert row["n"] == 2 and row["n_na"] == 1
    assert row["mean"] == pytest.approx(3.0) and row["sd"] == pytest.approx(statistics.stdev([4, 2]))
    dist = results.rating_distribution
    assert set(dist[dist["question_id"] == "creative"]["rating"]) == {"2", "4", "NA"}
    assert "creative" not in set(results.scores["question_id"])  # no gold: no score rows


def test_response_times_leave_out_practice_and_time_outs(mini_results: tuple) -> None:
    _, results = mini_results
    items = results.rt_items.set_index(["question_id", "item_id"])
    c1 = items.loc[("label", "c1")]
    assert c1["n"] == 3
    assert c1["mean_rt_ms"] == pytest.approx(statistics.mean([900, 2100, 1200]))
    assert c1["median_rt_ms"] == pytest.approx(1200)
    assert c1["n_correct"] == 1 and c1["mean_rt_correct_ms"] == pytest.approx(900)
    c2 = items.loc[("label", "c2")]
    assert c2["n"] == 2  # P3 timed out on c2
    assert c2["mean_rt_ms"] == pytest.approx((1500 + 700) / 2)
    assert ("label", "p1") not in items.index  # practice
    assert c1["metric"] == "accuracy"
    assert c1["model_score"] == pytest.approx((1 + 0) / 2) and c1["n_models"] == 2


def test_authorship_and_tie_rule_from_the_study(mini_study_dir: Path, db: Database,
                                                tmp_path: Path) -> None:
    poem = {"kind": "poem", "prompt": {"form": "limerick", "theme": "rain"}, "text": "..."}
    authorship = {"id": "by_human", "kind": "rating", "min": 1, "max": 5,
                  "scoring": {"metric": "authorship", "options": {
                      "truth_category": "author", "positive_value": "human", "threshold": 4}}}
    extra = [{"id": f"poem{n}", "categories": {"author": author}, "stimulus": poem,
              "questions": [authorship]} for n, author in ((2, "human"), (3, "model-x"))]
    data = json.loads((mini_study_dir / "study.json").read_text())
    data["items"][1]["questions"][0]["scoring"] = {"options": {"tie_rule": "first_option"}}
    data["items"] += extra
    (mini_study_dir / "study.json").write_text(json.dumps(data))
    loaded = load_study(mini_study_dir)
    rows: list[Row] = [("A", "poem2", "by_human", "5", None, ""),
                       ("A", "poem3", "by_human", "4", None, ""),
                       ("B", "poem2", "by_human", "2", None, ""),
                       ("B", "poem3", "by_human", "1", None, ""),
                       ("A", "c1", "label", "pos", None, ""), ("B", "c1", "label", "neg", None, "")]
    import_rows(loaded, db, rows, tmp_path)
    results = compute_results(loaded, db, ResultsOptions(n_boot=50))
    # A says human for both (right on poem2, wrong on poem3); B for neither (wrong, right).
    assert score(results, "A", "accuracy", question_id="by_human")["value"] == 0.5
    assert score(results, "B", "judged_positive", question_id="by_human")["value"] == 0.0
    # c1 tie pos/neg: first_option picks "pos" (listed first), first_sorted would pick "neg".
    assert score(results, "majority vote", "accuracy")["value"] == 0.0


def test_a_bad_tie_rule_names_the_place(mini_study_dir: Path, db: Database) -> None:
    data = json.loads((mini_study_dir / "study.json").read_text())
    data["items"][1]["questions"][0]["scoring"] = {"options": {"tie_rule": "coin"}}
    (mini_study_dir / "study.json").write_text(json.dumps(data))
    with pytest.raises(StudyError) as info:
        compute_results(load_study(mini_study_dir), db)
    assert "items[1].questions[0].scoring.options.tie_rule" in str(info.value)
    assert "study.json" in str(info.value)


def test_rt_against_model_accuracy_per_category_and_item(tmp_path: Path, db: Database) -> None:
    """SpinBench's analysis on a study of 4 task types x 3 items with known RTs."""
    tasks = ["rotation", "identity", "relation", "view"]
    items = [{"id": f"{t}{n}", "categories": {"task": t},
              "stimulus": {"kind": "text", "text": "?"},
              "questions": [{"id": "answer", "kind": "choice", "gold": "A",
                             "options": [{"key": k, "label": k} for k in "ABCD"]}]}
             for t in tasks for n in range(3)]
    folder = tmp_path / "spin"
    folder.mkdir()
    (folder / "study.json").write_text(json.dumps({
        "format_version": 1, "id": "spin", "title": "spin", "items": items,
        "models": {"predictions": [{"file": "p.csv", "illustrative": True}]}}))
    model_right = {"rotation": [1, 0, 0], "identity": [1, 1, 1], "relation": [1, 1, 0],
                   "view": [0, 0, 0]}
    lines = ["model,item_id,question_id,prediction"]
    for t, rights in model_right.items():
        lines += [f"m1,{t}{n},answer,{'A' if r else 'B'}" for n, r in enumerate(rights)]
    (folder / "p.csv").write_text("\n".join(lines) + "\n")
    loaded = load_study(folder)
    rt = {f"{t}{n}": 1000 + 400 * k + 37 * n for k, t in enumerate(tasks) for n in range(3)}
    rows: list[Row] = [(r, i, "answer", "A", rt[i] + 10 * j, "") for j, r in enumerate("XYZ")
                       for i in rt]
    import_rows(loaded, db, rows, tmp_path)
    results = compute_results(loaded, db, ResultsOptions(n_boot=50))
    corr = results.rt_correlations
    pick = corr[(corr["unit"] == "category") & (corr["category"] == "task")
                & (corr["model"] == "m1") & (corr["rt_statistic"] == "mean")
                & (corr["rt_basis"] == "all")].set_index("method")
    rt_by_task = [statistics.mean(rt[f"{t}{n}"] + 10 * j for n in range(3) for j in range(3))
                  for t in tasks]
    acc_by_task = [statistics.mean(model_right[t]) for t in tasks]
    expected = pearsonr(rt_by_task, acc_by_task)
    assert pick.loc["pearson", "r"] == pytest.approx(expected.statistic)
    assert pick.loc["pearson", "p"] == pytest.approx(expected.pvalue)
    assert pick.loc["pearson", "n"] == 4
    assert pick.loc["spearman", "r"] == pytest.approx(spearmanr(rt_by_task, acc_by_task).statistic)
    per_item = corr[(corr["unit"] == "item") & (corr["model"] == "m1")
                    & (corr["rt_statistic"] == "median") & (corr["method"] == "spearman")
                    & (corr["rt_basis"] == "all")].iloc[0]
    item_ids = list(rt)
    expected_item = spearmanr([statistics.median(rt[i] + 10 * j for j in range(3))
                               for i in item_ids],
                              [model_right[i[:-1]][int(i[-1])] for i in item_ids])
    assert per_item["r"] == pytest.approx(expected_item.statistic) and per_item["n"] == 12
