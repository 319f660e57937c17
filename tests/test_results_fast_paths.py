"""The whole-array paths of app/results (written for 600,000 responses) against the per-item and
per-rater loops they replaced, kept here as references, on small random data with missing
answers, ties, items without gold and answers that are not option keys. Equal to the bit."""

from __future__ import annotations

import math
import random
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import precision_recall_fscore_support

from app.results.bootstrap import boot_mean, boot_mean_rows, resample_counts
from app.results.disputes import _choice_rows, _item_row
from app.results.grouped import group_stats
from app.results.metrics_choice import (
    classification_scores_many,
    majority_candidates,
    majority_vote,
)
from app.results.reliability import ReliabilityData, reliability_data, unit_values
from app.results.rt_analysis import correct_column, rt_tables, timed_answers
from app.results.units import QuestionGroup
from app.study.answers import is_correct
from tests.results_support import text_study_groups

KEYS = ["a", "b", "c", "d"]


def groups(tmp_path: Path, n_items: int = 30) -> dict[str, QuestionGroup]:
    """A choice question (gold on most items) and a rating question, over items in two
    categories."""
    items = []
    for n in range(n_items):
        label: dict[str, Any] = {"id": "label", "kind": "choice",
                                 "options": [{"key": k, "label": k} for k in KEYS]}
        if n % 5:
            label["gold"] = KEYS[n % 3]
        items.append({"id": f"i{n:02d}", "stimulus": {"kind": "text", "text": f"item {n}"},
                      "categories": {"kind": "x" if n % 2 else "y"},
                      "questions": [label, {"id": "score", "kind": "rating", "min": 1, "max": 5}]})
    return text_study_groups(tmp_path, "fast-paths", "Fast paths", items)


def answers_for(group: QuestionGroup, seed: int, raters: int = 7) -> pd.DataFrame:
    """One row per rater and answered item (some skipped), in rater order like the frame."""
    rng = random.Random(seed)
    rows = []
    for r in range(raters):
        for item_id in group.items:
            if rng.random() < 0.2:
                continue
            if group.kind == "choice":
                answer: Any = rng.choice(KEYS[:2] if seed % 2 else KEYS)
                if rng.random() < 0.05:
                    answer = 3.0  # not an option key
            else:
                answer = rng.choice(["1", "2", "3", "NA", "5"])
            rows.append({"participant": f"R{r}", "tier": "", "item_id": item_id, "answer": answer,
                         "rt_ms": rng.lognormvariate(7, 0.5) if rng.random() > 0.1 else math.nan,
                         "timed_out": rng.random() < 0.05})
    return pd.DataFrame(rows)


def test_group_stats_equal_pandas_per_group() -> None:
    rng = np.random.default_rng(0)
    codes = rng.integers(0, 40, 3000)
    codes[codes == 7] = 8  # an empty group
    values = rng.lognormal(7, 1, 3000)
    count, mean, median = group_stats(values, codes, 40)
    for g in range(40):
        mine = pd.Series(values[codes == g])
        assert count[g] == len(mine)
        if len(mine):
            assert mean[g] == mine.mean() and median[g] == mine.median()
        else:
            assert math.isnan(mean[g]) and math.isnan(median[g])


def reference_stats(rows: pd.DataFrame) -> dict[str, Any]:
    """The per-item (and per-category) RT figures as first written, with pandas."""
    rt = rows["rt_ms"].astype(float)
    right = rows[rows["correct"].map(lambda c: c is True)]["rt_ms"].astype(float)
    return {
        "n": int(rt.size), "mean_rt_ms": float(rt.mean()) if rt.size else math.nan,
        "median_rt_ms": float(rt.median()) if rt.size else math.nan,
        "n_correct": int(right.size),
        "mean_rt_correct_ms": float(right.mean()) if right.size else math.nan,
        "median_rt_correct_ms": float(right.median()) if right.size else math.nan,
    }


@pytest.mark.parametrize("seed", range(3))
def test_rt_item_rows_equal_the_per_item_loop(tmp_path: Path, seed: int) -> None:
    group = groups(tmp_path)["label"]
    answers = answers_for(group, seed)
    models = pd.DataFrame({"m1": np.random.default_rng(seed).random(len(group.items))},
                          index=pd.Index(list(group.items), name="item_id"))
    models.iloc[::4, 0] = np.nan
    items, categories = rt_tables(group, answers, models)
    timed = timed_answers(group, answers)
    expected = []
    for item_id, rows in timed.groupby("item_id", sort=False):
        scores = models.loc[str(item_id)].dropna().to_numpy(dtype=float)
        expected.append({"question_id": group.question_id, "item_id": str(item_id),
                         **reference_stats(rows), "metric": "", "human_score": math.nan,
                         "model_score": float(scores.mean()) if scores.size else math.nan,
                         "n_models": int(scores.size)})
    pd.testing.assert_frame_equal(pd.DataFrame(items), pd.DataFrame(expected), check_exact=True)
    for row in categories:
        members = group.items_in(row["category"], row["category_value"])
        expected_row = reference_stats(timed[timed["item_id"].isin(members)])
        assert {k: row[k] for k in expected_row} == pytest.approx(expected_row, rel=0, abs=0,
                                                                  nan_ok=True)


def test_correctness_per_item_and_key_equals_is_correct(tmp_path: Path) -> None:
    group = groups(tmp_path)["label"]
    for seed in (0, 1):
        answers = answers_for(group, seed)
        text = answers[answers["answer"].map(lambda a: isinstance(a, str))]  # the fast path
        for rows in (answers, text):
            assert correct_column(group, rows) == [
                is_correct(group.questions[i], a) for i, a in zip(rows["item_id"], rows["answer"],
                                                                  strict=True)]


def test_classification_scores_equal_sklearn_per_party() -> None:
    rng = np.random.default_rng(4)
    parties: dict[str, tuple[list[str], list[str]]] = {}
    for k in range(8):
        n = int(rng.integers(1, 40))
        parties[f"P{k}"] = ([str(x) for x in rng.choice(list("abcdefghij"), n)],
                            [str(x) for x in rng.choice(list("abcdefgk"), n)])
    parties["empty"] = ([], [])
    got = classification_scores_many(parties)
    for key, (gold, pred) in parties.items():
        if not gold:
            assert all(math.isnan(v) for v in got[key].values())
            continue
        labels = sorted(set(gold) | set(pred))
        precision, recall, f1, support = precision_recall_fscore_support(
            gold, pred, labels=labels, average=None, zero_division=0)
        weights = support / support.sum()
        assert got[key] == {"accuracy": float(np.sum(recall * weights)), "f1": float(np.mean(f1)),
                            "f1_weighted": float(np.sum(f1 * weights)),
                            "precision": float(np.mean(precision)),
                            "recall": float(np.mean(recall))}


@pytest.mark.parametrize("tie_rule", ["first_sorted", "first_option", "random", "exclude"])
def test_majority_candidates_give_the_per_item_vote(tmp_path: Path, tie_rule: Any) -> None:
    group = groups(tmp_path)["label"]
    answers = answers_for(group, 3, raters=4)  # few raters over two keys: many ties
    got = {item: majority_vote(labels, tie_rule=tie_rule, option_order=KEYS[::-1], salt=item)
           for item, labels in majority_candidates(answers)}
    expected = {str(item): majority_vote([str(a) for a in rows["answer"]], tie_rule=tie_rule,
                                         option_order=KEYS[::-1], salt=str(item))
                for item, rows in answers.groupby("item_id", sort=False)}
    assert list(got.items()) == list(expected.items())
    assert any(len(labels) > 1 for _, labels in majority_candidates(answers))  # ties were met


@pytest.mark.parametrize("seed", range(4))
def test_disputes_of_a_choice_group_equal_the_per_item_rows(tmp_path: Path, seed: int) -> None:
    group = groups(tmp_path)["label"]
    answers = answers_for(group, seed)
    answers = answers[answers["answer"].map(lambda a: isinstance(a, str))].reset_index(drop=True)
    expected = [_item_row(group, str(item), list(rows["answer"]))
                for item, rows in answers.groupby("item_id", sort=False) if len(rows) >= 2]
    assert _choice_rows(group, answers) == expected
    assert Counter(r["majority_differs_from_gold"] for r in expected)[True] > 0


def test_boot_mean_rows_equal_boot_mean_row_by_row() -> None:
    rng = np.random.default_rng(8)
    matrix = (rng.random((6, 50)) < 0.6).astype(float)
    matrix[3] = rng.random(50)  # not whole numbers: boot_mean's own product
    matrix[rng.random(matrix.shape) < 0.2] = np.nan
    matrix[5] = np.nan  # a party without values
    counts = resample_counts(50, 200, 1).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = np.vstack([boot_mean(row, None, counts) for row in matrix])
    assert np.array_equal(boot_mean_rows(matrix, counts), expected, equal_nan=True)


def reference_reliability(group: QuestionGroup, answers: pd.DataFrame) -> ReliabilityData:
    """The cell-by-cell build, for units that are items."""
    cells: dict[tuple[str, str], Any] = {}
    units: dict[str, str] = {}
    for participant, item_id, answer in zip(answers["participant"], answers["item_id"],
                                            answers["answer"], strict=True):
        for unit, value in unit_values(group, str(item_id), answer):
            units.setdefault(unit, str(item_id))
            cells[(str(participant), unit)] = value
    raters = sorted({p for p, _ in cells})
    unit_ids = list(units)
    labels = None
    if group.kind == "choice":
        labels = sorted({str(v) for v in cells.values()})
        code = {label: float(i) for i, label in enumerate(labels)}
        cells = {k: code[str(v)] for k, v in cells.items()}
    data = np.full((len(raters), len(unit_ids)), np.nan)
    for (rater, unit), value in cells.items():
        data[raters.index(rater), unit_ids.index(unit)] = float(value)
    return ReliabilityData(raters, unit_ids, np.array(unit_ids, dtype=object), data,
                           np.unique(data[~np.isnan(data)]), labels)


@pytest.mark.parametrize("question", ["label", "score"])
def test_reliability_data_of_item_units_equals_the_cell_by_cell_build(
        tmp_path: Path, question: str) -> None:
    group = groups(tmp_path)[question]
    answers = answers_for(group, 5)
    got, expected = reliability_data(group, answers), reference_reliability(group, answers)
    assert (got.raters, got.unit_ids, got.labels) == (expected.raters, expected.unit_ids,
                                                      expected.labels)
    assert list(got.unit_items) == list(expected.unit_items)
    assert np.array_equal(got.data, expected.data, equal_nan=True)
    assert np.array_equal(got.domain, expected.domain)


def test_sts_scores_remembered_equal_the_libraries() -> None:
    """sts_scores runs scipy and scikit-learn once per distinct pair of arrays: a repeat gives
    the libraries' own numbers, and arrays that differ in any bit (-0.0, N/A) are not mixed up."""
    from app.results.metrics_rating import _library_sts_scores, sts_scores

    rng = np.random.default_rng(11)
    for _ in range(40):
        n = int(rng.integers(0, 12))
        gold = rng.choice([0.0, 0.5, 1.5, -0.0, math.nan, 4.5], size=n)
        predicted = rng.choice([0.0, 1.0, 2.5, -0.0, math.nan, 5.0], size=n)
        keep = ~(np.isnan(gold) | np.isnan(predicted))
        expected = _library_sts_scores(gold[keep], predicted[keep])
        for _repeat in range(2):
            got = sts_scores(list(gold), list(predicted))
            assert got.keys() == expected.keys()
            assert all(_same_float(got[k], expected[k]) for k in got)
    got["mse"] = -1.0  # a caller's changes stay its own
    assert sts_scores([1.0, 2.0], [2.0, 1.0]) == sts_scores([1.0, 2.0], [2.0, 1.0])


def _same_float(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def test_resample_counts_as_floats_are_the_same_draws() -> None:
    for n_items, n_boot in ((0, 5), (7, 0), (13, 250), (300, 101)):
        ints = resample_counts(n_items, n_boot, f"s{n_items}")
        floats = resample_counts(n_items, n_boot, f"s{n_items}", dtype=float)
        assert floats.dtype == np.float64 and floats.shape == ints.shape
        assert np.array_equal(floats, ints.astype(float))
