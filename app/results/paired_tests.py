"""Paired inference on the difference of two parties' scores on the same items.

- The CI is a percentile bootstrap of the difference: both sides' statistics come from the
  same resampled items (`Party.boot` of `app.results.party_cells`, the multiplicity tables of
  `app.results.bootstrap`). It is the same estimator as
  `scipy.stats.bootstrap((h, m), stat, paired=True, method="percentile")`, written on
  multiplicities so that every party of a cell reuses one set of draws (the tests compare the
  two on small data).
- Where the main metric is a mean of per-item scores, p is scipy's paired permutation test
  (`permutation_type="samples"`: the two scores of an item swap places) of the mean per-item
  difference; elsewhere (Spearman of ratings) p is read off the bootstrap distribution of the
  difference: twice the smaller share of resampled differences on either side of 0, counted
  as (k + 1) / (B + 1) as a permutation p is, so that it is never 0.
- Holm's adjustment is statsmodels' `multipletests(method="holm")`.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import permutation_test
from statsmodels.stats.multitest import multipletests

from app.results.bootstrap import _seed, percentile_interval


def difference_interval(human_boot: np.ndarray, model_boot: np.ndarray,
                        confidence: float = 0.95) -> tuple[float, float]:
    """Percentile CI of human - model over the shared resamples (NaN resamples left out)."""
    if human_boot.size == 0 or model_boot.size == 0:
        return math.nan, math.nan
    return percentile_interval(human_boot - model_boot, confidence)


def bootstrap_p(human_boot: np.ndarray, model_boot: np.ndarray) -> float:
    """Two-sided p of "no difference" from the bootstrap distribution of the difference."""
    diff = human_boot - model_boot
    diff = diff[np.isfinite(diff)]
    if diff.size < 2:
        return math.nan
    k = min(int(np.sum(diff <= 0)), int(np.sum(diff >= 0)))
    return min(1.0, 2 * (k + 1) / (diff.size + 1))


def _mean_difference(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(x - y, axis=axis)


def permutation_p(human_items: np.ndarray, model_items: np.ndarray, n_resamples: int,
                  seed: int | str) -> float:
    """Two-sided p of scipy's paired permutation test of the mean per-item difference, over
    the items both sides have a value for. `n_resamples` 0: no test (NaN)."""
    both = np.isfinite(human_items) & np.isfinite(model_items)
    x, y = human_items[both], model_items[both]
    if n_resamples <= 0 or x.size < 2:
        return math.nan
    if np.all(x == y):
        return 1.0
    result = permutation_test((x, y), _mean_difference, permutation_type="samples",
                              vectorized=True, n_resamples=n_resamples,
                              alternative="two-sided", random_state=np.random.default_rng(_seed(seed)))
    return float(result.pvalue)


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p over the finite values; undefined ones stay undefined."""
    finite = [k for k, p in enumerate(p_values) if math.isfinite(p)]
    out = [math.nan] * len(p_values)
    if finite:
        adjusted = multipletests([p_values[k] for k in finite], method="holm")[1]
        for k, p in zip(finite, adjusted, strict=True):
            out[k] = float(p)
    return out
