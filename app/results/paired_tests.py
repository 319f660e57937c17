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
- Holm's adjustment is statsmodels' `multipletests(method="holm")`, in its arithmetic (see
  `holm`).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from scipy.stats import permutation_test

from app.results.bootstrap import percentile_interval, seed_number


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
    # NaN where a side has no value on an item: swapping the two leaves it NaN, so such items
    # take no part in any arrangement.
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a row without a shared item
        return np.nanmean(x - y, axis=axis)


def permutation_p(human_items: np.ndarray, model_items: np.ndarray, n_resamples: int,
                  seed: int | str) -> float:
    """`permutation_p_rows` of one pair of per-item vectors."""
    return float(permutation_p_rows(human_items[None, :], model_items[None, :], n_resamples,
                                    seed)[0])


def permutation_p_rows(human_items: np.ndarray, model_items: np.ndarray, n_resamples: int,
                       seed: int | str) -> np.ndarray:
    """Two-sided p of scipy's paired permutation test of the mean per-item difference, over
    the items both sides have a value for, for every row of `human_items` against the same row
    of `model_items` (rows x items). All rows share one
    set of arrangements (one scipy call for a whole cell: a call costs milliseconds, a cell has
    dozens of comparisons). NaN where a row has fewer than two shared items or `n_resamples`
    is 0; 1 where the two sides agree on every shared item."""
    x, y = human_items.astype(float), model_items.astype(float)
    both = np.isfinite(x) & np.isfinite(y)
    x, y = np.where(both, x, np.nan), np.where(both, y, np.nan)
    out = np.full(len(x), np.nan)
    testable = both.sum(axis=1) >= 2
    if n_resamples <= 0 or not testable.any():
        return out
    same = testable & np.all(~both | (x == y), axis=1)
    out[same] = 1.0
    rows = testable & ~same
    if rows.any():
        keep = both[rows].any(axis=0)  # items no tested row has are left out of the draws
        result = permutation_test((x[rows][:, keep], y[rows][:, keep]), _mean_difference,
                                  permutation_type="samples", vectorized=True, axis=-1,
                                  n_resamples=n_resamples, alternative="two-sided",
                                  random_state=np.random.default_rng(seed_number(seed)))
        out[rows] = np.atleast_1d(result.pvalue)
    return out


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p over the finite values; undefined ones stay undefined.

    Holm's step-down written out (sorted p times the number of hypotheses not yet rejected,
    running maximum, capped at 1): the arithmetic of statsmodels'
    `multipletests(method="holm")`, which a test checks value for value. Not the call itself:
    statsmodels runs `gc.collect()` on every Holm call, 0.2 s with a results-sized heap, and an
    export adjusts one family per human party and cell (hundreds)."""
    finite = [k for k, p in enumerate(p_values) if math.isfinite(p)]
    out = [math.nan] * len(p_values)
    if finite:
        p = np.array([p_values[k] for k in finite], dtype=float)
        order = np.argsort(p)
        adjusted = np.maximum.accumulate(p[order] * np.arange(len(p), 0, -1))
        adjusted = np.minimum(adjusted, 1.0)
        for k, value in zip(np.array(finite)[order], adjusted, strict=True):
            out[int(k)] = float(value)
    return out
