"""The model among the individual humans (human_range.csv).

For every breakdown cell and model: where the model's main score falls among the individual
raters' scores on the cell's items (how many are below, equal, the mid-rank percentile, the
range). For agreement-type metrics (STS: the Spearman correlation of ratings) also a human
ceiling: each rater's leave-one-out Spearman with the mean rating of the other raters, the
range a model's Spearman with the raters' consensus (the mean of all raters) is judged by.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import rankdata, spearmanr

from app.results.gaps import gaps_frame, score_lookup
from app.results.metrics_rating import spearman_of_centred_ranks
from app.results.party_cells import Cell, party_cells
from app.results.summary import StudyResults

RANGE_COLUMNS = [
    "question_id", "category", "category_value", "model", "model_value", "n_raters",
    "raters_below", "raters_equal", "percentile", "human_min", "human_max", "within_human_range",
    "ceiling_min", "ceiling_mean", "ceiling_max", "model_vs_consensus",
]
CEILING_FAMILIES = ("sts",)  # metrics that score agreement with a rating, not correctness


def spearman_or_nan(x: np.ndarray, y: np.ndarray) -> float:
    """scipy's Spearman over the pairs with both values; NaN with fewer than two pairs or no
    variation on a side."""
    both = np.isfinite(x) & np.isfinite(y)
    x, y = x[both], y[both]
    if x.size < 2 or np.all(x == x[0]) or np.all(y == y[0]):
        return math.nan
    return float(spearmanr(x, y).statistic)


def leave_one_out(ratings: dict[str, np.ndarray]) -> dict[str, float]:
    """Each rater's Spearman with the mean rating of all the other raters (per item)."""
    codes = list(ratings)
    if len(codes) < 2:
        return {}
    matrix = np.vstack([ratings[c] for c in codes]).astype(float)
    if _sums_are_exact(matrix):
        return dict(zip(codes, _all_at_once(matrix).tolist(), strict=True))
    out = {}
    for k, code in enumerate(codes):
        others = np.delete(matrix, k, axis=0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # items no other rater rated
            consensus = np.nanmean(others, axis=0)
        out[code] = spearman_or_nan(matrix[k], consensus)
    return out


def _sums_are_exact(matrix: np.ndarray) -> bool:
    """Whether every sum of these ratings is exact in floating point (finite multiples of 1/1024,
    small): then the others' mean taken as (total - own) / (count - 1) is the same number
    nanmean gives, bit for bit, and the all-at-once path exports the same digits."""
    values = matrix[~np.isnan(matrix)] * 1024.0
    return bool(np.all(np.isfinite(values)) and np.all(values == np.round(values))
                and np.abs(values).sum() < 2.0**50)


def _all_at_once(matrix: np.ndarray) -> np.ndarray:
    """spearman_or_nan of every rater against the others' mean, for all raters in one go.
    Average ranks are halves, so with the mean rank (n+1)/2 every sum below is exact whatever
    its order, and the divisions follow numpy's corrcoef (as scipy's spearmanr calls it) step
    for step: the same float, not merely a close one (tests/app/results/test_human_range.py)."""
    rated = ~np.isnan(matrix)
    total = np.where(rated, matrix, 0.0).sum(axis=0)
    others_total = total[None, :] - np.where(rated, matrix, 0.0)
    others_count = rated.sum(axis=0)[None, :] - rated
    with np.errstate(invalid="ignore", divide="ignore"):
        consensus = np.where(others_count > 0, others_total / others_count, np.nan)
    both = np.isfinite(matrix) & np.isfinite(consensus)
    n = both.sum(axis=1)
    r = spearman_of_centred_ranks(_centred_ranks(matrix, both, n),
                                  _centred_ranks(consensus, both, n), n)
    constant = _constant(matrix, both) | _constant(consensus, both)
    return np.where((n < 2) | constant, math.nan, r)


def _centred_ranks(values: np.ndarray, both: np.ndarray, n: np.ndarray) -> np.ndarray:
    # Unpaired cells rank last (as +inf) and are then zeroed: the paired ones rank 1..n.
    ranks = rankdata(np.where(both, values, np.inf), axis=1)
    return np.where(both, ranks - (n[:, None] + 1) / 2, 0.0)


def _constant(values: np.ndarray, both: np.ndarray) -> np.ndarray:
    return np.where(both, values, np.inf).min(axis=1) == np.where(both, values, -np.inf).max(axis=1)


def range_rows(results: StudyResults, cells: list[Cell] | None = None) -> list[dict[str, Any]]:
    lookup = score_lookup(results)
    rows: list[dict[str, Any]] = []
    for cell in cells if cells is not None else party_cells(results):
        subset = cell.subset
        scores = np.array([v for v in cell.rater_scores.values() if math.isfinite(v)])
        ceiling: dict[str, float] = {}
        consensus = None
        if subset.scorer.family in CEILING_FAMILIES:
            ceiling = leave_one_out(cell.rater_items)
            consensus = next((p.items for p in cell.humans if p.kind == "humans"), None)
        loo = np.array([v for v in ceiling.values() if math.isfinite(v)])
        for model in cell.models:
            value, _ = lookup.get((cell.question_id, "model", model.name, subset.category,
                                   subset.value, cell.main), (math.nan, 0))
            below = int(np.sum(scores < value))
            equal = int(np.sum(scores == value))
            rows.append({
                "question_id": cell.question_id, "category": subset.category,
                "category_value": subset.value, "model": model.name, "model_value": value,
                "n_raters": int(scores.size), "raters_below": below, "raters_equal": equal,
                "percentile": (100 * (below + equal / 2) / scores.size
                               if scores.size and math.isfinite(value) else math.nan),
                "human_min": float(scores.min()) if scores.size else math.nan,
                "human_max": float(scores.max()) if scores.size else math.nan,
                "within_human_range": bool(scores.size and math.isfinite(value)
                                           and scores.min() <= value <= scores.max()),
                "ceiling_min": float(loo.min()) if loo.size else math.nan,
                "ceiling_mean": float(loo.mean()) if loo.size else math.nan,
                "ceiling_max": float(loo.max()) if loo.size else math.nan,
                "model_vs_consensus": (spearman_or_nan(model.items, consensus)
                                       if consensus is not None else math.nan),
            })
    return rows


def range_frame(results: StudyResults, cells: list[Cell] | None = None) -> pd.DataFrame:
    return pd.DataFrame(range_rows(results, cells), columns=RANGE_COLUMNS)


def compare_with_models(results: StudyResults) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(gaps, human range) of the results: the cells are built once for both."""
    cells = list(party_cells(results))
    return gaps_frame(results, cells), range_frame(results, cells)
