"""Agreement statistics through the whole path (responses imported into a real SQLite file,
grouped, turned into reliability data) against published worked examples and hand counts."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.results.options import ResultsOptions
from app.results.summary import StudyResults, compute_results
from app.storage.database import Database
from app.study.loader import load_study
from tests.results_support import Row, import_rows

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", the reliability data
# with missing values: 4 observers x 12 units, values 1-5 (None: not coded).
KRIPPENDORFF_2011 = {
    "A": [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    "B": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    "C": [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    "D": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
}
# Wikipedia, "Fleiss' kappa", worked example: 10 subjects, 14 raters, 5 categories; kappa 0.210.
FLEISS_WIKIPEDIA = [
    [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
]


def write_study(folder: Path, items: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "study.json").write_text(json.dumps({
        "format_version": 1, "id": "agreement-test", "title": "Agreement test",
        "design": {"shuffle_items": False}, "items": items}))
    return folder


def choice(qid: str, keys: list[str], gold: str | None = None, **scoring: Any) -> dict[str, Any]:
    q: dict[str, Any] = {"id": qid, "kind": "choice",
                         "options": [{"key": k, "label": k} for k in keys]}
    if gold is not None:
        q["gold"] = gold
    if scoring:
        q["scoring"] = scoring
    return q


def results_for(tmp_path: Path, db: Database, items: list[dict[str, Any]], rows: list[Row],
                **options: Any) -> StudyResults:
    loaded = load_study(write_study(tmp_path / "study", items))
    import_rows(loaded, db, rows, tmp_path)
    return compute_results(loaded, db, ResultsOptions(n_boot=200, **options))


def stat(results: StudyResults, question_id: str, statistic: str) -> Any:
    table = results.agreement
    row = table[(table["question_id"] == question_id) & (table["statistic"] == statistic)]
    assert len(row) == 1, (question_id, statistic, table)
    return row.iloc[0]


def krippendorff_rows() -> list[Row]:
    rows: list[Row] = []
    for rater, values in KRIPPENDORFF_2011.items():
        for unit, value in enumerate(values, start=1):
            if value is not None:
                rows.append((rater, f"u{unit}", "v", str(value), None, ""))
                rows.append((rater, f"u{unit}", "r", str(value), None, ""))
    return rows


def krippendorff_items() -> list[dict[str, Any]]:
    return [{"id": f"u{n}", "stimulus": {"kind": "text", "text": f"unit {n}"},
             "questions": [choice("v", ["1", "2", "3", "4", "5"]),
                           {"id": "r", "kind": "rating", "min": 1, "max": 5,
                            "scoring": {"level": "interval"}}]}
            for n in range(1, 13)]


def test_krippendorff_alpha_reproduces_the_2011_worked_example(tmp_path: Path, db: Database) -> None:
    results = results_for(tmp_path, db, krippendorff_items(), krippendorff_rows())
    nominal = stat(results, "v", "krippendorff_alpha")
    assert nominal["level"] == "nominal"
    assert nominal["value"] == pytest.approx(0.743, abs=0.0005)
    interval = stat(results, "r", "krippendorff_alpha")
    assert interval["level"] == "interval"
    assert interval["value"] == pytest.approx(0.849, abs=0.0005)
    # Unit 12 has one value and cannot be paired; 11 items and 4 raters count.
    assert nominal["n_items"] == 11 and nominal["n_raters"] == 4
    assert nominal["ci_low"] <= nominal["value"] <= nominal["ci_high"]
    assert nominal["interpretation"] == "tentative"  # 0.667 <= alpha < 0.8


def test_alpha_interval_is_reproducible_and_level_overridable(tmp_path: Path, db: Database) -> None:
    items = krippendorff_items()
    for item in items:
        item["questions"][0]["scoring"] = {"level": "ordinal"}
    loaded = load_study(write_study(tmp_path / "study", items))
    import_rows(loaded, db, krippendorff_rows(), tmp_path)
    first = compute_results(loaded, db, ResultsOptions(n_boot=150, seed=3))
    again = compute_results(loaded, db, ResultsOptions(n_boot=150, seed=3))
    row = stat(first, "v", "krippendorff_alpha")
    assert row["level"] == "ordinal"
    assert (row["ci_low"], row["ci_high"]) == (stat(again, "v", "krippendorff_alpha")["ci_low"],
                                               stat(again, "v", "krippendorff_alpha")["ci_high"])


def test_fleiss_kappa_reproduces_the_wikipedia_example(tmp_path: Path, db: Database) -> None:
    keys = ["c1", "c2", "c3", "c4", "c5"]
    items = [{"id": f"s{i}", "stimulus": {"kind": "text", "text": f"subject {i}"},
              "questions": [choice("label", keys)]} for i in range(1, 11)]
    rows: list[Row] = []
    for i, counts in enumerate(FLEISS_WIKIPEDIA, start=1):
        labels = [k for k, n in zip(keys, counts, strict=True) for _ in range(n)]
        rows += [(f"R{r:02d}", f"s{i}", "label", label, None, "") for r, label in enumerate(labels)]
    results = results_for(tmp_path, db, items, rows)
    row = stat(results, "label", "fleiss_kappa")
    assert row["value"] == pytest.approx(0.210, abs=0.0005)
    assert row["interpretation"] == "Fair"
    assert row["n_items"] == 10 and row["n_raters"] == 14


def test_pairwise_cohen_kappa_and_percent_agreement_by_hand(tmp_path: Path, db: Database) -> None:
    a = ["y", "y", "n", "n", "y", "n", "y", "y"]
    b = ["y", "n", "n", "n", "y", "y", "y", "y"]
    items = [{"id": f"i{n}", "stimulus": {"kind": "text", "text": "t"},
              "questions": [choice("q", ["y", "n"])]} for n in range(8)]
    rows = [("A", f"i{n}", "q", x, None, "") for n, x in enumerate(a)]
    rows += [("B", f"i{n}", "q", x, None, "") for n, x in enumerate(b)]
    results = results_for(tmp_path, db, items, rows)
    po = sum(x == y for x, y in zip(a, b, strict=True)) / 8
    pe = (a.count("y") / 8) * (b.count("y") / 8) + (a.count("n") / 8) * (b.count("n") / 8)
    assert stat(results, "q", "mean_pairwise_cohen_kappa")["value"] == pytest.approx(
        (po - pe) / (1 - pe))
    assert stat(results, "q", "mean_percent_agreement")["value"] == pytest.approx(po)


def test_relevance_per_query_agreement_as_hume(tmp_path: Path, db: Database) -> None:
    docs = [{"id": f"d{k}", "text": f"doc {k}"} for k in range(5)]
    items = [{"id": f"q{n}", "stimulus": {"kind": "query_documents", "query": "q",
                                          "documents": docs},
              "questions": [{"id": "rel", "kind": "relevance",
                             "gold": {"d0": 1, "d1": 0, "d2": 1, "d3": 0, "d4": 0}}]}
             for n in range(2)]
    judged = {"A": [[1, 0, 1, 0, 0], [1, 1, 0, 0, 0]], "B": [[1, 0, 1, 1, 0], [1, 1, 0, 0, 0]]}
    rows = [(r, f"q{n}", "rel", {f"d{k}": g for k, g in enumerate(v)}, None, "")
            for r, vs in judged.items() for n, v in enumerate(vs)]
    results = results_for(tmp_path, db, items, rows)
    # Binary vectors: Spearman (and Kendall's tau-b) reduce to the phi coefficient, i.e. the
    # Pearson correlation of the 0/1 values; kappa from the 2 x 2 counts.
    phis, kappas = [], []
    for x, y in zip(judged["A"], judged["B"], strict=True):
        phis.append(np.corrcoef(x, y)[0, 1])
        po = np.mean(np.array(x) == np.array(y))
        pe = np.mean(x) * np.mean(y) + (1 - np.mean(x)) * (1 - np.mean(y))
        kappas.append((po - pe) / (1 - pe))
    assert stat(results, "rel", "mean_query_spearman")["value"] == pytest.approx(np.mean(phis))
    assert stat(results, "rel", "mean_query_kendall_tau")["value"] == pytest.approx(np.mean(phis))
    assert stat(results, "rel", "mean_query_binary_kappa")["value"] == pytest.approx(
        np.mean(kappas))


def test_rating_and_clustering_pairwise_agreement(tmp_path: Path, db: Database) -> None:
    cards = [{"id": f"c{k}", "text": f"card {k}"} for k in range(4)]
    items = [{"id": f"p{n}", "stimulus": {"kind": "pair", "text_a": "a", "text_b": "b"},
              "questions": [{"id": "sim", "kind": "rating", "min": 0, "max": 5, "gold": 2}]}
             for n in range(4)]
    items.append({"id": "k", "stimulus": {"kind": "cards", "cards": cards},
                  "questions": [{"id": "grp", "kind": "clustering",
                                 "gold": {"c0": "a", "c1": "a", "c2": "b", "c3": "b"}}]})
    ratings = {"A": [1, 2, 3, 4], "B": [2, 1, 4, 5]}
    rows: list[Row] = [(r, f"p{n}", "sim", str(v), None, "")
                       for r, vs in ratings.items() for n, v in enumerate(vs)]
    rows += [("A", "k", "grp", {"c0": "x", "c1": "x", "c2": "y", "c3": "y"}, None, ""),
             ("B", "k", "grp", {"c0": "x", "c1": "y", "c2": "y", "c3": "y"}, None, "")]
    results = results_for(tmp_path, db, items, rows)
    # Ranks of B: 2, 1, 3, 4 against 1, 2, 3, 4: d = (1, -1, 0, 0) -> 1 - 6 * 2 / 60.
    assert stat(results, "sim", "mean_pairwise_spearman")["value"] == pytest.approx(0.8)
    # Pairs of 4 cards (6): together in A {01, 23}; in B {12, 13, 23}; both: {23}.
    expected = (1 - 2 * 3 / 6) / ((2 + 3) / 2 - 2 * 3 / 6)
    assert stat(results, "grp", "mean_pairwise_ari")["value"] == pytest.approx(expected)
    assert "item x card pair" in stat(results, "grp", "krippendorff_alpha")["note"]


def test_disputed_items_rank_splits_first_and_flag_agreement_against_gold(
        tmp_path: Path, db: Database) -> None:
    items = [{"id": f"i{n}", "stimulus": {"kind": "text", "text": "t"},
              "questions": [choice("q", ["a", "b", "c"], gold="a")]} for n in range(3)]
    votes = {"i0": ["a", "b", "c"], "i1": ["a", "a", "a"], "i2": ["b", "b", "b"]}
    rows = [(f"R{r}", i, "q", v, None, "") for i, vs in votes.items() for r, v in enumerate(vs)]
    results = results_for(tmp_path, db, items, rows)
    disputed = results.disputed
    assert list(disputed["item_id"]) == ["i0", "i2"]  # i1: everyone agrees with gold
    first = disputed.iloc[0]
    assert first["dispute"] == pytest.approx(1 - 1 / 3)
    assert first["gold_share"] == pytest.approx(1 / 3)
    wrong = disputed.iloc[1]
    assert wrong["majority_differs_from_gold"] and wrong["dispute"] == 0
    assert math.isclose(wrong["gold_share"], 0.0)


def test_alpha_interval_says_it_draws_raters_and_items(tmp_path: Path, db: Database) -> None:
    four = stat(results_for(tmp_path, db, krippendorff_items(), krippendorff_rows()), "v",
                "krippendorff_alpha")
    assert four["ci_kind"] == "raters and items random (two-way bootstrap), percentile"
    assert math.isfinite(four["ci_low"])


def test_alpha_of_two_raters_gets_no_interval_over_raters(tmp_path: Path, db: Database) -> None:
    two_rows = [r for r in krippendorff_rows() if r[0] in ("B", "D")]
    two = stat(results_for(tmp_path, db, krippendorff_items(), two_rows), "v",
               "krippendorff_alpha")
    assert math.isnan(two["ci_low"]) and two["ci_kind"] == ""
    assert "no interval over raters: 2 rater(s)" in two["note"]
