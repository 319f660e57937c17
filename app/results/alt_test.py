"""Can a model stand in for a human annotator? The alternative annotator test of Calderon,
Reichart and Dror (2025, "The Alternative Annotator Test for LLM-as-a-Judge"), per model and
per choice or rating question, and for ratings the judge's calibration against the humans.

For each human j left out in turn, on every item the model, j and at least one other human
answered: the model's alignment with the remaining humans and j's alignment with them (choice:
the share of the remaining humans' answers it equals; rating: minus the root mean squared
difference from their ratings, as the authors' code does). W_f = 1 where the model aligns at
least as well, W_h = 1 where j does. One-sided t-test of the mean of W_f - W_h against -epsilon
(H1: the model's advantage probability exceeds j's minus epsilon; scipy `ttest_1samp`,
alternative "greater"); where W_f - W_h is constant (no spread, no t) the p-value is 0 when
that constant exceeds -epsilon and 1 otherwise. A human compared on fewer than
`MIN_COMPARED_ITEMS` items is left out of the test (neither beaten nor unbeaten; the row's
`humans_left_out` names them and their number of items): the t-test rests on the mean of the
differences being near normal, which the authors ask 30 instances for (their code's default,
and their FAQ: "at least 30 instances"), and on one item a difference above -epsilon used to
give p = 0, a human beaten on one answer. Benjamini-Yekutieli over the humans at 0.05
(statsmodels `multipletests`, `fdr_by`); the winning rate is the share of humans whose null is
rejected; the model passes when it is at least 0.5. The advantage probability is the mean over
humans of the mean of W_f.

epsilon: the cost-benefit margin (how much worse than a human the model may be, given what it
saves). The paper recommends 0.2 when the humans are experts and 0.1 when they are crowd
workers; the default here is 0.2 (`export --alt-test-epsilon`).
"""

from __future__ import annotations

import math
from typing import Any

import krippendorff
import numpy as np
import pandas as pd
from scipy.stats import spearmanr, ttest_1samp
from statsmodels.stats.multitest import multipletests

from app.kinds import kind_named
from app.results.metrics_rating import numeric
from app.results.units import QuestionGroup
from app.study.model import MeasurementLevel

DEFAULT_EPSILON = 0.2
FDR_Q = 0.05
MIN_HUMANS = 3
# the fewest items a left-out human must share with the model and another human to be tested
MIN_COMPARED_ITEMS = 30
ALT_TEST_COLUMNS = ["question_id", "model", "epsilon", "winning_rate", "advantage_probability",
                    "passed", "n_humans", "n_items", "humans_left_out", "note"]
CALIBRATION_COLUMNS = ["question_id", "model", "n_items", "spearman", "mean_bias",
                       "alpha_humans", "alpha_with_model"]


def _labels(kind: str) -> bool:
    """Whether the kind's answers are labels (compared by equality) rather than numbers."""
    return kind_named(kind).answer_value == "label"


def _tested(group: QuestionGroup) -> bool:
    """The test takes one value per rater and item: a label or a number."""
    return group.response_kind.answer_value is not None


def _values(kind: str, answers: pd.Series) -> list[Any]:
    """Labels (None for anything else); numbers (NaN for anything else)."""
    if _labels(kind):
        return [a if isinstance(a, str) else None for a in answers]
    return [numeric(a) for a in answers]


def _table(group: QuestionGroup, answers: pd.DataFrame) -> pd.DataFrame:
    """raters x items: each human's answer (a label, or a number; else NaN)."""
    frame = answers.assign(value=pd.Series(_values(group.kind, answers["answer"]),
                                           index=answers.index, dtype=object))
    frame = frame.dropna(subset=["value"])
    table = frame.pivot_table(index="participant", columns="item_id", values="value",
                              aggfunc="first", sort=True)
    return table if _labels(group.kind) else table.astype(float)


def _model_vector(group: QuestionGroup, predictions: pd.DataFrame, items: pd.Index) -> pd.Series:
    series = pd.Series(_values(group.kind, predictions["answer"]), index=predictions["item_id"].astype(str), dtype=object)
    return series.dropna().reindex(items)


def _scores(kind: str, humans: pd.DataFrame, model: pd.Series
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(answered, model score, human score), raters x items: the model's and each rater's
    alignment with the item's other raters, from per-item sums rather than a loop over raters
    and items (labels: their counts; numbers: sums of the values and of their squares)."""
    if _labels(kind):
        index = pd.Index(sorted({v for v in humans.to_numpy().ravel() if isinstance(v, str)}))
        codes = np.stack([index.get_indexer(pd.Index(humans[c].astype(object))) for c in humans.columns],
                         axis=1)
        answered = codes >= 0
        n_labels = len(index)
        counts = np.zeros((n_labels + 1, codes.shape[1]))  # (row n_labels: no human's answer)
        for k in range(n_labels):
            counts[k] = (codes == k).sum(axis=0)
        m = index.get_indexer(pd.Index(model.astype(object)))
        m = np.where(m < 0, n_labels, m)
        others = answered.sum(axis=0) - 1
        with np.errstate(divide="ignore", invalid="ignore"):
            own = np.take_along_axis(counts, np.where(answered, codes, n_labels), axis=0)
            s_human = (own - 1) / others
            s_model = (counts[m, np.arange(len(m))] - (codes == m)) / others
        return answered, s_model, s_human
    x = humans.to_numpy(dtype=float)
    answered = np.isfinite(x)
    filled = np.nan_to_num(x)
    others = answered.sum(axis=0) - 1
    rest1 = filled.sum(axis=0) - filled
    rest2 = (filled ** 2).sum(axis=0) - filled ** 2

    def neg_rmse(value: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            mse = (rest2 - 2 * value * rest1 + others * value ** 2) / others
        return -np.sqrt(np.clip(mse, 0, None))
    model_values = np.broadcast_to(model.to_numpy(dtype=float), x.shape)
    return answered, neg_rmse(model_values), neg_rmse(filled)


def alt_test(kind: str, humans: pd.DataFrame, model: pd.Series, epsilon: float = DEFAULT_EPSILON,
             *, min_items: int = MIN_COMPARED_ITEMS) -> dict[str, Any]:
    """The test on a raters x items table of human answers and the model's answer per item
    (aligned on the table's items, NaN where it has none): the row's numbers, or a note. A
    human compared on fewer than `min_items` items is left out (`humans_left_out`)."""
    humans = humans.loc[:, model.notna().to_numpy()]
    model = model.dropna()
    answered = humans.notna()
    shared = answered.loc[:, answered.sum() >= 2]  # items with someone to compare with
    n_compared = shared.sum(axis=1)
    usable = [h for h in shared.index if n_compared[h] >= min_items]
    short = [(str(h), int(n_compared[h])) for h in shared.index
             if 0 < n_compared[h] < min_items]
    items = shared.columns
    out: dict[str, Any] = {
        "epsilon": epsilon, "winning_rate": math.nan, "advantage_probability": math.nan,
        "passed": None, "n_humans": len(usable), "n_items": len(items),
        "humans_left_out": "; ".join(f"{h}: {n} item{'s' if n != 1 else ''} compared, fewer "
                                     f"than {min_items}" for h, n in short),
        "note": ""}
    if len(usable) < MIN_HUMANS:
        out["note"] = (f"not tested: {len(usable)} human rater(s) answered at least {min_items} "
                       f"items together with the model and another human; the test needs at "
                       f"least {MIN_HUMANS}")
        return out
    answered_all, s_model, s_human = _scores(kind, humans, model)
    compared = answered_all & (answered_all.sum(axis=0) >= 2)
    p_values, advantage = [], []
    for h in usable:
        row = humans.index.get_loc(h)
        mask = compared[row]
        w_model = (s_model[row, mask] >= s_human[row, mask]).astype(float)
        w_human = (s_human[row, mask] >= s_model[row, mask]).astype(float)
        advantage.append(float(np.mean(w_model)))
        p_values.append(_p_value(w_model - w_human, epsilon))
    rejected = multipletests(p_values, alpha=FDR_Q, method="fdr_by")[0]
    out["winning_rate"] = float(np.mean(rejected))
    out["advantage_probability"] = float(np.mean(advantage))
    out["passed"] = bool(out["winning_rate"] >= 0.5)
    return out


def _p_value(d: np.ndarray, epsilon: float) -> float:
    """One-sided p of mean(d) > -epsilon; `d` has at least `MIN_COMPARED_ITEMS` values (the
    caller leaves out humans with fewer), so a constant `d` is a sure verdict, not one item."""
    if np.all(d == d[0]):
        return 0.0 if d[0] > -epsilon else 1.0
    return float(ttest_1samp(d, -epsilon, alternative="greater").pvalue)


def alt_test_rows(group: QuestionGroup, answers: pd.DataFrame, models: dict[str, pd.DataFrame],
                  epsilon: float = DEFAULT_EPSILON) -> list[dict[str, Any]]:
    """llm_annotators.csv rows of a choice or rating question: one per model with predictions."""
    if not _tested(group) or not models or answers.empty:
        return []
    table = _table(group, answers)
    rows = []
    for name, predictions in models.items():
        model = _model_vector(group, predictions, table.columns)
        rows.append({"question_id": group.question_id, "model": name,
                     **alt_test(group.kind, table, model, epsilon)})
    return rows


def calibration_rows(group: QuestionGroup, answers: pd.DataFrame,
                     models: dict[str, pd.DataFrame]) -> list[dict[str, Any]]:
    """judge_calibration.csv rows of a rating question: the model against the mean human rating
    per item (Spearman, mean of model minus humans) and Krippendorff's alpha of the humans
    without and with the model as one more rater (the question's measurement level)."""
    if group.response_kind.answer_value != "number" or not models or answers.empty:
        return []
    table = _table(group, answers)
    rows = []
    for name, predictions in models.items():
        model = _model_vector(group, predictions, table.columns).astype(float)
        both = model.notna() & table.notna().any().to_numpy()
        mean = table.mean()[both]
        judged = model[both]
        rho = float(spearmanr(judged, mean).statistic) if both.sum() >= 3 else math.nan
        rows.append({
            "question_id": group.question_id, "model": name, "n_items": int(both.sum()),
            "spearman": rho,
            "mean_bias": float((judged - mean).mean()) if both.any() else math.nan,
            "alpha_humans": _alpha(table.to_numpy(dtype=float), group.level),
            "alpha_with_model": _alpha(np.vstack([table.to_numpy(dtype=float),
                                                  model.to_numpy(dtype=float)]), group.level),
        })
    return rows


def _alpha(matrix: np.ndarray, level: MeasurementLevel) -> float:
    if matrix.shape[0] < 2 or np.isfinite(matrix).sum(axis=0).max(initial=0) < 2:
        return math.nan
    values = matrix[np.isfinite(matrix)]
    if np.unique(values).size < 2:
        return math.nan  # every rating the same: agreement is undefined
    return float(krippendorff.alpha(reliability_data=matrix, level_of_measurement=level))
