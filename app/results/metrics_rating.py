"""Rating metrics: agreement of ratings with a gold score (STS), and the authorship judgement."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
from scipy.stats import pearsonr, spearmanr
from sklearn.metrics import accuracy_score, mean_squared_error

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
    """`sts_scores` of gold and predicted arrays without N/A, by scipy and scikit-learn."""
    if len(g) == 0:
        return dict.fromkeys(STS_METRICS, math.nan)
    mse = float(mean_squared_error(g, p))
    if len(g) < 2 or np.ptp(g) == 0 or np.ptp(p) == 0:
        return {"spearman": math.nan, "pearson": math.nan, "mse": mse}
    return {
        "spearman": float(spearmanr(g, p).statistic),
        "pearson": float(pearsonr(g, p).statistic),
        "mse": mse,
    }


def authorship_scores(judged_positive: Sequence[bool],
                      truly_positive: Sequence[bool]) -> dict[str, float]:
    """How often the rater's authorship judgement is right, and how often they said 'positive'
    (e.g. 'written by a human')."""
    if len(judged_positive) == 0:
        return dict.fromkeys(AUTHORSHIP_METRICS, math.nan)
    return {
        "accuracy": float(accuracy_score(list(truly_positive), list(judged_positive))),
        "judged_positive": float(np.mean(np.asarray(judged_positive, dtype=float))),
    }
