"""Rating metrics: agreement of ratings with a gold score (STS), and the authorship judgement."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
from scipy.stats import pearsonr, rankdata, spearmanr

from app.study.answers import NA

STS_METRICS = ("spearman", "pearson", "mse")
AUTHORSHIP_METRICS = ("accuracy", "judged_positive")


def numeric(answer: Any) -> float:
    """A stored rating as a float; N/A (and anything not a number) as NaN."""
    if answer is None or answer == NA or isinstance(answer, bool):
        return math.nan
    try:
        return float(answer)
    except (TypeError, ValueError):
        return math.nan


def sts_scores(gold: Sequence[float], predicted: Sequence[float]) -> dict[str, float]:
    """Spearman, Pearson and MSE of predicted against gold scores (MTEB STS), N/A pairs dropped.

    A correlation needs two pairs and some variation on both sides; otherwise it is NaN
    (HUME's script writes 0.0 there; an undefined number is not a zero).
    """
    g = np.asarray(gold, dtype=float)
    p = np.asarray(predicted, dtype=float)
    keep = ~(np.isnan(g) | np.isnan(p))
    g, p = np.ascontiguousarray(g[keep]), np.ascontiguousarray(p[keep])
    # An export scores each rater's same ratings several times (the scores, the gaps, the
    # sensitivity, the MTEB files): the libraries run once per distinct pair of arrays, bit for bit.
    return dict(_sts_scores(g.tobytes(), p.tobytes()))


@lru_cache(maxsize=1 << 15)
def _sts_scores(gold: bytes, predicted: bytes) -> tuple[tuple[str, float], ...]:
    return tuple(_library_sts_scores(np.frombuffer(gold), np.frombuffer(predicted)).items())


def _library_sts_scores(g: np.ndarray, p: np.ndarray) -> dict[str, float]:
    """`sts_scores` of gold and predicted arrays without N/A: scipy's correlations and
    scikit-learn's mean squared error (`mse_of`)."""
    if len(g) == 0:
        return dict.fromkeys(STS_METRICS, math.nan)
    mse = mse_of(g, p)
    if len(g) < 2 or np.ptp(g) == 0 or np.ptp(p) == 0:
        return {"spearman": math.nan, "pearson": math.nan, "mse": mse}
    return {
        "spearman": float(spearmanr(g, p).statistic),
        "pearson": float(pearsonr(g, p).statistic),
        "mse": mse,
    }


def mse_of(gold: np.ndarray, predicted: np.ndarray) -> float:
    """scikit-learn's `mean_squared_error` of two float vectors, as it computes it: the squared
    differences averaged down the one output column (a column's mean is the vector's, the same
    pairwise sum), then averaged over that one output (itself). Not imported from sklearn, so
    an export without clustering or retrieval questions never loads it (~0.15 s); equal to
    sklearn's (`==`) in tests/app/results/test_sts_batch.py, and refusing what it refuses
    (an infinite rating fails the export, as it did) with its message."""
    for values in (gold, predicted):  # (sklearn's check_array: the true values first)
        if not np.isfinite(values).all():
            if np.isnan(values).any():
                raise ValueError("Input contains NaN.")
            raise ValueError(f"Input contains infinity or a value too large for {values.dtype!r}.")
    return float(np.mean((gold - predicted) ** 2))


def sts_scores_many(owner: np.ndarray, gold: np.ndarray, predicted: np.ndarray,
                    n_parties: int) -> list[dict[str, float]]:
    """`sts_scores` of many parties at once: entry j is party `owner[j]`'s pair (gold[j],
    predicted[j]), entries grouped by party (owner sorted). The same floats as the per-party
    call, not close ones (tests/app/results/test_sts_batch.py):

    - MSE: when every value of a party is a multiple of 1/1024 no larger than 1024 (rating steps,
      halves, quarters; not tenths), each squared difference and every partial sum of them is
      exact, so the sum by bincount is the sum scikit-learn takes, in any order, and the one
      division by the count is its mean. Other parties take the libraries (`sts_scores`).
    - Spearman: average ranks are halves and their mean (n+1)/2, so every sum of scipy's
      `corrcoef` is exact in any order; the divisions follow it step by step
      (`spearman_of_centred_ranks`).
    - Pearson: scipy's `pearsonr` along the rows of the parties with the same number of pairs,
      which is its one-row computation for each row.
    """
    g = np.asarray(gold, dtype=float)
    p = np.asarray(predicted, dtype=float)
    keep = ~(np.isnan(g) | np.isnan(p))
    owner, g, p = np.asarray(owner)[keep], g[keep], p[keep]
    counts = np.bincount(owner, minlength=n_parties)
    start = np.concatenate([[0], np.cumsum(counts)])
    batch = _exact_parties(owner, g, p, n_parties)
    out: list[dict[str, float]] = [{} for _ in range(n_parties)]
    for k in np.flatnonzero(~batch):
        out[k] = sts_scores(g[start[k]:start[k + 1]], p[start[k]:start[k + 1]])
    diff = np.where(batch[owner], g, 0.0) - np.where(batch[owner], p, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mse = np.bincount(owner, diff * diff, minlength=n_parties) / counts
    low_g, high_g = _party_range(owner, g, n_parties)
    low_p, high_p = _party_range(owner, p, n_parties)
    varied = (counts >= 2) & (low_g != high_g) & (low_p != high_p)
    for k in np.flatnonzero(batch):
        if counts[k] == 0:
            out[k] = dict.fromkeys(STS_METRICS, math.nan)
        else:
            out[k] = {"spearman": math.nan, "pearson": math.nan, "mse": float(mse[k])}
    for n in np.unique(counts[batch & varied]):
        parties = np.flatnonzero(batch & varied & (counts == n))
        rows = start[parties][:, None] + np.arange(n)
        gold_rows, predicted_rows = g[rows], p[rows]
        spearman = spearman_of_centred_ranks(rankdata(gold_rows, axis=1) - (n + 1) / 2,
                                             rankdata(predicted_rows, axis=1) - (n + 1) / 2,
                                             np.full(len(parties), n))
        pearson = pearsonr(gold_rows, predicted_rows, axis=1).statistic
        for k, s, r in zip(parties, spearman.tolist(), pearson.tolist(), strict=True):
            out[k] = {"spearman": float(s), "pearson": float(r), "mse": float(mse[k])}
    return out


def _exact_parties(owner: np.ndarray, g: np.ndarray, p: np.ndarray, n_parties: int) -> np.ndarray:
    """Per party: every value a multiple of 1/1024 within +-1024 and the sum of squared
    differences below 2**32 (then every partial sum is exact); the others take the libraries."""
    bad = np.zeros(len(g), dtype=bool)
    for values in (g, p):
        scaled = values * 1024.0
        with np.errstate(invalid="ignore"):
            bad |= ~(np.abs(values) <= 1024.0) | (scaled != np.round(scaled))
    ok = np.bincount(owner, bad, minlength=n_parties) == 0
    diff = np.where(bad, 0.0, g) - np.where(bad, 0.0, p)
    return ok & (np.bincount(owner, diff * diff, minlength=n_parties) < 2.0**32)


def _party_range(owner: np.ndarray, values: np.ndarray, n_parties: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    low = np.full(n_parties, np.inf)
    high = np.full(n_parties, -np.inf)
    np.minimum.at(low, owner, values)
    np.maximum.at(high, owner, values)
    return low, high


def spearman_of_centred_ranks(dx: np.ndarray, dy: np.ndarray, n: np.ndarray) -> np.ndarray:
    """scipy's `spearmanr(x, y)` of each row pair, from the rows' average ranks less their mean
    (zero where a row has no pair): numpy's `corrcoef` of the two rank rows step by step (the
    sums are exact, so their order does not matter; then the product by 1/(n-1), and the
    division by y's standard deviation before x's, as `rs[1, 0]`), clipped to [-1, 1]."""
    with np.errstate(invalid="ignore", divide="ignore"):
        scale = np.true_divide(1, n - 1)
        r = (dx * dy).sum(axis=1) * scale / np.sqrt((dy * dy).sum(axis=1) * scale)
        return np.clip(r / np.sqrt((dx * dx).sum(axis=1) * scale), -1, 1)


def authorship_scores(judged_positive: Sequence[bool],
                      truly_positive: Sequence[bool]) -> dict[str, float]:
    """How often the rater's authorship judgement is right, and how often they said 'positive'
    (e.g. 'written by a human')."""
    if len(judged_positive) == 0:
        return dict.fromkeys(AUTHORSHIP_METRICS, math.nan)
    from sklearn.metrics import accuracy_score  # (only authorship questions: see above)

    return {
        "accuracy": float(accuracy_score(list(truly_positive), list(judged_positive))),
        "judged_positive": float(np.mean(np.asarray(judged_positive, dtype=float))),
    }
