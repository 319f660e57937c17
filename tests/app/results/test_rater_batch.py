"""Every rater split and scored from whole arrays (`split_raters`, `FamilyScorer.score_raters`)
gives what the per-rater path gave: pandas' groupby, a frame per rater, the scorer's own
`score_parties` and `Subset.matrix` of its Series (issue 21, row 9). Equal (`==`), on random
answers with ties, N/A and unanswered items, items without gold, answers that are not option
keys, constant raters and ratings whose sums round."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from app.results.options import ResultsOptions
from app.results.rasch import Party, group_rasch, rasch_rows
from app.results.rater_batch import RaterValues, split_raters
from app.results.score_rows import Subset
from app.results.scorers import scorer_for
from app.results.units import QuestionGroup
from tests.results_support import text_study_groups

KEYS = ["a", "b", "c", "d"]
CODES = ["P10", "P9", "p1", "Zoë", "zed", "Ärger", "P01", "10", "9", "P1 ", "é"]


def groups(tmp_path: Path, n_items: int = 24) -> dict[str, QuestionGroup]:
    """A choice question, an STS rating (gold in halves, or in tenths on some items) and an
    authorship rating (scored by the per-rater default path)."""
    items = []
    for n in range(n_items):
        label: dict[str, Any] = {"id": "label", "kind": "choice",
                                 "options": [{"key": k, "label": k} for k in KEYS]}
        sts: dict[str, Any] = {"id": "similarity", "kind": "rating", "min": 0, "max": 5,
                               "step": 0.1, "scoring": {"metric": "sts", "level": "interval"}}
        if n % 5:
            label["gold"] = KEYS[n % 3]
            sts["gold"] = (n % 11) / 2
        items.append({"id": f"i{n:02d}", "stimulus": {"kind": "text", "text": f"item {n}"},
                      "categories": {"kind": "x" if n % 2 else "y",
                                     "author_type": "human" if n % 3 else "model"},
                      "questions": [label, sts,
                                    {"id": "author", "kind": "rating", "min": 1, "max": 5,
                                     "scoring": {"metric": "authorship"}}]})
    return text_study_groups(tmp_path, "rater-batch", "Rater batch", items)


def _answer(question_id: str, rng: random.Random, rater: int, tenths: bool) -> Any:
    if question_id == "label":
        return rng.choice([*KEYS, "N/A"] if rng.random() < 0.9 else [None, 3, "zz"])
    if rater % 7 == 3:
        return 2.5  # a constant rater: NaN correlations
    if question_id == "similarity":
        value = rng.randrange(0, 51) / 10 if tenths else rng.randrange(0, 11) / 2
        return rng.choice([value] * 8 + ["N/A", str(value)])
    return rng.choice([1, 2, 3, 4, 5, "N/A"])


def answers_for(group: QuestionGroup, seed: int, raters: int = 12, *,
                tenths: bool = False) -> pd.DataFrame:
    """One row per rater and answered item (some skipped), raters interleaved and unsorted."""
    rng = random.Random(seed)
    rows = []
    for item_id in list(group.items):
        for r in rng.sample(range(raters), raters):
            if rng.random() < 0.8:
                rows.append({"participant": CODES[r % len(CODES)] + "x" * (r // len(CODES)),
                             "tier": "expert" if r % 2 else "", "item_id": item_id,
                             "answer": _answer(group.question_id, rng, r, tenths and r % 2)})
    frame = pd.DataFrame(rows, columns=["participant", "tier", "item_id", "answer"])
    for column in ("participant", "tier", "item_id"):
        frame[column] = frame[column].astype(str)
    return frame


def _same_scores(a: dict[str, float], b: dict[str, float]) -> bool:
    return a.keys() == b.keys() and all(
        (math.isnan(a[m]) and math.isnan(b[m])) or a[m] == b[m] for m in a)


def test_split_is_the_groupby(tmp_path: Path) -> None:
    group = groups(tmp_path)["label"]
    answers = answers_for(group, 1, raters=30)
    split = split_raters(answers)
    by_rater = {str(p): rows for p, rows in answers.groupby("participant", sort=True)}
    assert split.codes == list(by_rater)
    for k, rows in enumerate(by_rater.values()):
        mine = split.frame(k)
        assert mine["item_id"].tolist() == rows["item_id"].tolist()
        assert mine["answer"].tolist() == rows["answer"].tolist()
        assert split.tiers[k] == str(rows["tier"].iloc[0])
        assert split.n_items[k] == rows["item_id"].nunique()
    assert split_raters(answers.iloc[:0]).codes == []


@pytest.mark.parametrize("question_id", ["label", "similarity", "author"])
@pytest.mark.parametrize("seed", range(12))
def test_score_raters_is_score_parties(tmp_path: Path, question_id: str, seed: int) -> None:
    group = groups(tmp_path)[question_id]
    scorer = scorer_for(group)
    assert scorer is not None
    answers = answers_for(group, seed, raters=int(random.Random(seed).randint(1, 40)),
                          tenths=seed % 3 == 0)
    if seed % 4 == 1:  # a cell of the items of one category
        answers = answers[answers["item_id"].isin(group.items_in("kind", "x"))]
    by_rater = {str(p): rows for p, rows in answers.groupby("participant", sort=True)}
    old = scorer.score_parties(group, by_rater)
    new = scorer.score_raters(group, split_raters(answers))
    assert new.codes == list(old)
    for k, code in enumerate(new.codes):
        assert _same_scores(new.scores[k], old[code][0]), (code, new.scores[k], old[code][0])
        series = new.values.series(k)
        assert series.index.tolist() == old[code][1].index.tolist()
        assert np.array_equal(series.to_numpy(), old[code][1].to_numpy(), equal_nan=True)
    # The matrix of every cell, as Subset.matrix builds it from the Series
    for ids in (list(group.items), [i for i in group.items if i in group.items_in("kind", "y")],
                []):
        subset = Subset.make(group, scorer, "c", "v", ids, ResultsOptions(n_boot=20))
        series = [old[c][1] for c in new.codes]
        assert np.array_equal(new.values.matrix(subset.index), subset.matrix(series),
                              equal_nan=True)
        assert np.array_equal(subset.boot_values(new.values), subset.boot_rows(series),
                              equal_nan=True)


def test_values_of_series_round_trip() -> None:
    series = [pd.Series([1.0, np.nan], index=["a", "b"]), pd.Series([], dtype=float),
              pd.Series([0.5], index=["c"])]
    values = RaterValues.of_series(["x", "y", "z"], series)
    for k, s in enumerate(series):
        assert values.series(k).index.tolist() == s.index.tolist()
        assert np.array_equal(values.series(k).to_numpy(), s.to_numpy(), equal_nan=True)
    assert np.array_equal(values.matrix(pd.Index(["c", "a", "q"])),
                          [[np.nan, 1.0, np.nan], [np.nan] * 3, [0.5, np.nan, np.nan]],
                          equal_nan=True)


def _rasch_per_rater(group: QuestionGroup, answers: pd.DataFrame,
                     models: dict[str, pd.DataFrame]) -> tuple[list, list]:
    """group_rasch before the batch: a frame and `score_parties` per rater, a Party each."""
    scorer = scorer_for(group)
    assert scorer is not None
    by_rater = {str(code): rows for code, rows in answers.groupby("participant", sort=True)}
    tiers = {code: str(rows["tier"].iloc[0]) for code, rows in by_rater.items()}
    parties = [Party("participant", code, tiers[code], values)
               for code, (_, values) in scorer.score_parties(group, by_rater).items()]
    parties += [Party("model", name, "", values)
                for name, (_, values) in scorer.score_parties(group, models).items()]
    return rasch_rows(group.question_id, parties)


def _models(group: QuestionGroup, seed: int) -> dict[str, pd.DataFrame]:
    """A model answering most items, one answering only N/A (no outcome: left out)."""
    rng = random.Random(seed)
    items = [i for i in group.items if rng.random() < 0.9]
    return {"model-a": pd.DataFrame({"item_id": items, "answer": [rng.choice(KEYS) for _ in items]}),
            "model-na": pd.DataFrame({"item_id": items[:3], "answer": ["N/A"] * len(items[:3])})}


@pytest.mark.parametrize("seed", range(6))
def test_rasch_of_the_batch_is_the_per_rater_one(tmp_path: Path, seed: int) -> None:
    group = groups(tmp_path)["label"]
    answers = answers_for(group, seed, raters=25 if seed % 3 else 2)
    models = _models(group, seed) if seed % 2 else {}
    new = group_rasch(group, scorer_for(group), answers, models)
    old = _rasch_per_rater(group, answers, models)
    for mine, theirs in zip(new, old, strict=True):  # (equals: NaN where both have NaN)
        assert mine and pd.DataFrame(mine).equals(pd.DataFrame(theirs))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_distinct_is_numpy_unique(seed: int) -> None:
    """split_raters' count of distinct (rater, item) pairs: np.unique's values, in its order."""
    from app.results.rater_batch import _distinct

    rng = np.random.default_rng(seed)
    for size, high in [(0, 1), (1, 1), (7, 3), (1_000, 50), (20_000, 10**12)]:
        values = rng.integers(0, high, size).astype(np.int64)
        assert np.array_equal(_distinct(values), np.unique(values))
        assert _distinct(values).dtype == np.unique(values).dtype
