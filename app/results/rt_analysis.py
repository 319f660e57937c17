"""Response times: mean and median per item and per category (all answers, and correct ones
only), and how human response time relates to model accuracy (SpinBench's analysis).

Beside the times, each row gives the question's main metric (`metric`, the one of the headline
table and human_scores.csv) for the humans and for the models, the same metric in both
columns: `human_score`, the mean over raters of each rater's score on the row's items (the
"all raters" row of human_scores.csv for a category value, from all their answers, timed out
or not, as there), and `model_score`, the mean over models of each model's score on the items
the humans answered (the mean of model_scores.csv's rows of the cell). On a relevance question
the main metric is not the share of exact answers: the share of right answers stays in
`n_correct` and the times of the right answers.

Left out: practice, time-outs, answers without a response time. The correlation is computed
per item and per category value (the unit is not public), with Pearson and Spearman, the mean
and the median RT, against each model's accuracy and the mean over models; n is the number of
items or category values that have both numbers. Fewer than three: no correlation.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import pearsonr, spearmanr

from app.results.grouped import group_stats
from app.results.lookup import isin
from app.results.rater_batch import split_raters
from app.results.score_rows import mean_scores
from app.results.scorers import FamilyScorer
from app.results.units import QuestionGroup
from app.study.answers import is_correct

RT_ITEM_COLUMNS = ["question_id", "item_id", "n", "mean_rt_ms", "median_rt_ms", "n_correct",
                   "mean_rt_correct_ms", "median_rt_correct_ms", "metric", "human_score",
                   "model_score", "n_models"]
RT_CATEGORY_COLUMNS = ["question_id", "category", "category_value", "n_items", "n",
                       "mean_rt_ms", "median_rt_ms", "n_correct", "mean_rt_correct_ms",
                       "median_rt_correct_ms", "metric", "human_score", "model_score",
                       "n_models"]
CORRELATION_COLUMNS = ["question_id", "unit", "category", "model", "metric", "rt_statistic",
                       "rt_basis", "method", "r", "p", "n"]
ALL_MODELS = "all models (mean)"
MIN_N = 3


def timed_answers(group: QuestionGroup, answers: pd.DataFrame) -> pd.DataFrame:
    """Answers that count for RT, with `correct` (True/False, or None without gold)."""
    kept = answers[~answers["timed_out"] & answers["rt_ms"].notna()].copy()
    kept["correct"] = correct_column(group, kept)
    return kept


def correct_column(group: QuestionGroup, rows: pd.DataFrame) -> list[bool | None]:
    """`is_correct` of each row, worked out once per item and distinct answer (600,000 answers
    are 20,000 items times a handful of option keys)."""
    item_ids, given = rows["item_id"].tolist(), rows["answer"].tolist()
    if given and all(type(a) is str for a in given):  # option keys: one verdict per item x key
        items, item_names = pd.factorize(np.asarray(item_ids, dtype=object))
        keys, key_names = pd.factorize(np.asarray(given, dtype=object))
        pairs, pair_names = pd.factorize(items * len(key_names) + keys)
        verdicts = [is_correct(group.questions[str(item_names[p // len(key_names)])],
                               key_names[p % len(key_names)]) for p in pair_names]
        return np.asarray(verdicts, dtype=object)[pairs].tolist()
    memo: dict[tuple[str, type, Any], bool | None] = {}
    out: list[bool | None] = []
    for item_id, answer in zip(item_ids, given, strict=True):
        if isinstance(answer, dict | list):  # unhashable, and rarely repeated
            out.append(is_correct(group.questions[str(item_id)], answer))
            continue
        key = (item_id, type(answer), answer)
        if key not in memo:
            memo[key] = is_correct(group.questions[str(item_id)], answer)
        out.append(memo[key])
    return out


def _stats(rows: pd.DataFrame) -> dict[str, Any]:
    rt = rows["rt_ms"].astype(float)
    correct = rows["correct"].tolist()
    right = rt[np.fromiter((c is True for c in correct), dtype=bool, count=len(correct))]
    return {
        "n": int(rt.size), "mean_rt_ms": float(rt.mean()) if rt.size else math.nan,
        "median_rt_ms": float(rt.median()) if rt.size else math.nan,
        "n_correct": int(right.size),
        "mean_rt_correct_ms": float(right.mean()) if right.size else math.nan,
        "median_rt_correct_ms": float(right.median()) if right.size else math.nan,
    }


def _item_rows(group: QuestionGroup, timed: pd.DataFrame, model_scores: pd.DataFrame,
               metric: str, human_values: pd.Series) -> list[dict[str, Any]]:
    """`_stats` of every item (in order of first appearance) from a few NumPy calls over the
    whole column (`app.results.grouped`, equal to the per-item pandas figures to the bit);
    `human_values`: the humans' main-metric value per item (`_human_item_values`)."""
    codes, item_ids = pd.factorize(timed["item_id"], sort=False)
    n = len(item_ids)
    rt = timed["rt_ms"].to_numpy(dtype=float)
    correct = timed["correct"].tolist()
    right = np.fromiter((c is True for c in correct), dtype=bool, count=len(correct))
    count, mean, median = group_stats(rt, codes, n)
    n_right, mean_right, median_right = group_stats(rt[right], codes[right], n)
    names = [str(i) for i in item_ids]
    models = model_scores.reindex(names).to_numpy(dtype=float)
    humans = human_values.reindex(names).to_numpy(dtype=float)
    rows = []
    for k, item_id in enumerate(names):
        scores = models[k][~np.isnan(models[k])]
        rows.append({"question_id": group.question_id, "item_id": item_id, "n": int(count[k]),
                     "mean_rt_ms": float(mean[k]), "median_rt_ms": float(median[k]),
                     "n_correct": int(n_right[k]), "mean_rt_correct_ms": float(mean_right[k]),
                     "median_rt_correct_ms": float(median_right[k]), "metric": metric,
                     "human_score": float(humans[k]),
                     "model_score": float(scores.mean()) if scores.size else math.nan,
                     "n_models": int(scores.size)})
    return rows


def _human_item_values(group: QuestionGroup, scorer: FamilyScorer | None,
                       answers: pd.DataFrame) -> pd.Series:
    """item id -> the mean over raters of each rater's main-metric value on the item (a
    rater's score on one item, for a metric that is the mean of per-item values); empty for
    other metrics."""
    if scorer is None or not scorer.decomposable or answers.empty:
        return pd.Series(dtype=float)
    values = scorer.score_raters(group, split_raters(answers)).values
    frame = pd.DataFrame({"item_id": values.item_ids.astype(str), "value": values.values})
    return frame.groupby("item_id", sort=False)["value"].mean()


def _human_score(group: QuestionGroup, scorer: FamilyScorer | None,
                 answers: pd.DataFrame) -> float:
    """The humans' main-metric score on these answers as human_scores.csv's "all raters" row
    gives it: every rater scored on their answers, then the mean over raters."""
    if scorer is None or answers.empty:
        return math.nan
    scored = scorer.score_raters(group, split_raters(answers))
    return float(mean_scores(scored.scores).get(scorer.main, math.nan))


def model_item_scores(group: QuestionGroup, scorer: FamilyScorer | None,
                      models: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """items x models: each model's per-item score (correct = 1.0 for choice questions)."""
    if scorer is None or not scorer.decomposable or not models:
        return pd.DataFrame(index=pd.Index(list(group.items), name="item_id"))
    columns = {m: scorer.item_values(group, rows) for m, rows in models.items()}
    return pd.DataFrame(columns).reindex(list(group.items))


def rt_tables(group: QuestionGroup, answers: pd.DataFrame, model_scores: pd.DataFrame,
              scorer: FamilyScorer | None = None, models: dict[str, pd.DataFrame] | None = None
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(per-item rows, per-category rows); `scorer`: the group's (`scorer_for`), for the
    humans' and the models' main-metric scores; `models`: the models' predictions, each scored
    on a category's items as model_scores.csv scores it (a metric that is not a mean over
    items, such as a correlation, has no per-item score to average)."""
    timed = timed_answers(group, answers)
    metric = scorer.main if scorer is not None else ""
    items = _item_rows(group, timed, model_scores, metric,
                       _human_item_values(group, scorer, answers))
    answered = set(answers["item_id"].astype(str).unique())
    categories: list[dict[str, Any]] = []
    for category in group.breakdown():
        for value in group.category_values(category):
            members = group.items_in(category, value)
            rows = timed[isin(timed["item_id"], members)]
            if rows.empty:
                continue
            cell = [i for i in group.items if i in members and i in answered]
            per_model = _model_scores(group, scorer, models or {}, cell)
            categories.append({"question_id": group.question_id, "category": category,
                               "category_value": value, "n_items": int(rows["item_id"].nunique()),
                               **_stats(rows), "metric": metric,
                               "human_score": _human_score(group, scorer,
                                                           answers[isin(answers["item_id"],
                                                                        members)]),
                               "model_score": float(np.mean(per_model)) if per_model
                               else math.nan, "n_models": len(per_model)})
    return items, categories


def _model_scores(group: QuestionGroup, scorer: FamilyScorer | None,
                  models: dict[str, pd.DataFrame], item_ids: list[str]) -> list[float]:
    """Each model's main-metric score on the items (the items of a cell the humans answered)
    as model_scores.csv gives it; models without predictions there, or without a score, left
    out."""
    if scorer is None or not item_ids:
        return []
    wanted = set(item_ids)
    subs = {m: rows[isin(rows["item_id"], wanted)] for m, rows in models.items()}
    scored = scorer.score_parties(group, {m: sub for m, sub in subs.items() if not sub.empty})
    values = [float(scores.get(scorer.main, math.nan)) for scores, _ in scored.values()]
    return [v for v in values if not math.isnan(v)]


def _correlate(x: pd.Series, y: pd.Series) -> list[tuple[str, float, float, int]]:
    both = pd.DataFrame({"x": x, "y": y}).dropna()
    n = len(both)
    if n < MIN_N or both["x"].nunique() < 2 or both["y"].nunique() < 2:
        return [("pearson", math.nan, math.nan, n), ("spearman", math.nan, math.nan, n)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = pearsonr(both["x"], both["y"])
        s = spearmanr(both["x"], both["y"])
    return [("pearson", float(p.statistic), float(p.pvalue), n),
            ("spearman", float(s.statistic), float(s.pvalue), n)]


def rt_correlations(group: QuestionGroup, answers: pd.DataFrame,
                    model_scores: pd.DataFrame, metric: str = "") -> list[dict[str, Any]]:
    """Human RT against the models' score (`metric`, the main metric of `model_scores`), per
    item and per category value."""
    if model_scores.shape[1] == 0:
        return []
    timed = timed_answers(group, answers)
    variants = {"all": timed, "correct": timed[timed["correct"].map(lambda c: c is True)]}
    accuracy: dict[str, pd.Series] = {str(m): s for m, s in model_scores.items()}
    accuracy[ALL_MODELS] = model_scores.mean(axis=1)
    out: list[dict[str, Any]] = []

    def emit(basis: str, unit: str, category: str, x_by: pd.DataFrame,
             y_by: dict[str, pd.Series]) -> None:
        for basis_stat in ("mean", "median"):
            for model, y in y_by.items():
                for method, r, p, n in _correlate(x_by[basis_stat], y):
                    out.append({"question_id": group.question_id, "unit": unit,
                                "category": category, "model": model, "metric": metric,
                                "rt_statistic": basis_stat,
                                "rt_basis": basis, "method": method, "r": r, "p": p, "n": n})

    for basis, rows in variants.items():
        if rows.empty:
            continue
        per_item = rows.groupby("item_id")["rt_ms"].agg(["mean", "median"])
        emit(basis, "item", "", per_item, {m: s.reindex(per_item.index) for m, s in accuracy.items()})
        for category in group.breakdown():
            cats = {i: group.items[i].categories.get(category) for i in group.items}
            labelled = rows.assign(cat=rows["item_id"].map(cats)).dropna(subset=["cat"])
            per_cat = labelled.groupby("cat")["rt_ms"].agg(["mean", "median"])
            by_cat = {m: s.groupby(s.index.map(cats)).mean().reindex(per_cat.index)
                      for m, s in accuracy.items()}
            emit(basis, "category", category, per_cat, by_cat)
    return out
