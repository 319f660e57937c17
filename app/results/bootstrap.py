"""Percentile bootstrap confidence intervals that resample items (seeded, so reproducible).

Every score of a group subset is resampled with the same item draws (a paired bootstrap), so
the intervals of humans and models on the same items are comparable. A resample is held as
multiplicities (how often each item was drawn), which lets a whole set of resamples be scored
with a few matrix operations instead of thousands of calls.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable

import numpy as np

# The draws themselves sit below the core's layers (app/resampling.py), where a response kind's
# own statistics (app/kinds) reach them too; re-exported here, where the results import them.
from app.resampling import percentile_interval as percentile_interval
from app.resampling import resample_counts as resample_counts
from app.resampling import seed_number as seed_number

# (values of one rater per item, gold per item or None, counts n_boot x items) -> n_boot stats
BootFn = Callable[[np.ndarray, "np.ndarray | None", np.ndarray], np.ndarray]


def boot_mean(values: np.ndarray, gold: np.ndarray | None, counts: np.ndarray) -> np.ndarray:
    """The mean of the (non-NaN) item values in each resample."""
    present = ~np.isnan(values)
    weights = counts[:, present].astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (weights @ values[present]) / weights.sum(axis=1)


def _tied_ranks(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Average ranks (as scipy's rankdata gives) of each item's value in each resample, where
    item i occurs weights[b, i] times: below + (ties + 1) / 2."""
    unique, inverse = np.unique(values, return_inverse=True)
    per_value = np.zeros((weights.shape[0], len(unique)))
    np.add.at(per_value.T, inverse, weights.T)
    below = np.cumsum(per_value, axis=1) - per_value
    return (below + (per_value + 1) / 2)[:, inverse]


def boot_spearman(values: np.ndarray, gold: np.ndarray | None, counts: np.ndarray) -> np.ndarray:
    """Spearman's rho of values against gold in each resample: the Pearson correlation of tied
    average ranks over the drawn items, what `scipy.stats.spearmanr` computes on the resample
    written out item by item (a test checks the two agree)."""
    if gold is None:
        return np.full(len(counts), np.nan)
    keep = ~(np.isnan(values) | np.isnan(gold))
    x, y, w = values[keep], gold[keep], counts[:, keep].astype(float)
    rx, ry = _tied_ranks(x, w), _tied_ranks(y, w)
    total = w.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        mx = (w * rx).sum(axis=1, keepdims=True) / total
        my = (w * ry).sum(axis=1, keepdims=True) / total
        cov = (w * (rx - mx) * (ry - my)).sum(axis=1)
        var = (w * (rx - mx) ** 2).sum(axis=1) * (w * (ry - my) ** 2).sum(axis=1)
        rho = cov / np.sqrt(var)
    rho[(total[:, 0] < 2) | ~np.isfinite(rho)] = np.nan
    return rho


def boot_mean_rows(matrix: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """`boot_mean` of every row of `matrix` (rows x items): rows x resamples, to the bit.

    Rows of whole numbers (accuracy: 0/1 per item) go through two matrix products for all of
    them at once: every partial sum is then an integer, exact in any order. Other rows keep
    `boot_mean`'s own product, whose rounding depends on the order it adds in."""
    out = np.empty((len(matrix), len(counts)))
    present = ~np.isnan(matrix)
    whole = np.array([bool(np.all(row[keep] == np.round(row[keep])))
                      for row, keep in zip(matrix, present, strict=True)], dtype=bool)
    if whole.any():
        weights = counts.astype(float, copy=False)
        values = np.where(present[whole], matrix[whole], 0.0)
        with np.errstate(invalid="ignore", divide="ignore"):
            means = (weights @ values.T) / (weights @ present[whole].T.astype(float))
        out[whole] = means.T
    for r in np.flatnonzero(~whole):
        out[r] = boot_mean(matrix[r], None, counts)
    return out


def boot_rows(matrix: np.ndarray, gold: np.ndarray | None, counts: np.ndarray,
              stat: BootFn) -> np.ndarray:
    """rows x resamples: each row's statistic on each resample."""
    if stat is boot_mean:
        return boot_mean_rows(matrix, counts)
    return np.vstack([stat(row, gold, counts) for row in matrix])


def mean_rows_interval(per_row: np.ndarray, confidence: float = 0.95) -> tuple[float, float]:
    """CI of the mean over rows of per-row bootstrap statistics (rows x resamples)."""
    if per_row.size == 0:
        return math.nan, math.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a resample where no row has a value
        stats = np.nanmean(per_row, axis=0)
    return percentile_interval(stats, confidence)


def rows_interval(matrix: np.ndarray, gold: np.ndarray | None, counts: np.ndarray, stat: BootFn,
                  confidence: float = 0.95) -> tuple[float, float]:
    """CI of: the mean over rows (raters, or one pooled human or model) of each row's statistic
    on the resampled items."""
    if counts.size == 0 or matrix.size == 0:
        return math.nan, math.nan
    return mean_rows_interval(boot_rows(matrix, gold, counts, stat), confidence)
