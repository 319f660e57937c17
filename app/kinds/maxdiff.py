"""Best-worst scaling (MaxDiff) by counting, and its split-half reliability.

Each trial shows a rater a set of elements (typically 4) and records the one they judged best
and the one they judged worst. An element's score is (times best - times worst) / times shown,
from -1 (worst whenever shown) to 1 (best whenever shown): the best-minus-worst counting
score (Louviere, Flynn & Marley 2015, "Best-Worst Scaling").

Split-half reliability (the measure Kiritchenko & Mohammad 2017 report for best-worst
annotations, here with the Pearson correlation and the Spearman-Brown correction): the raters
are split at random into two halves, each half's counting scores are computed, and the
Pearson correlation r of the two over the elements both halves saw is taken. The value
reported is the mean r over `n_splits` seeded random splits (a single split is noisy),
corrected to the full number of raters with the Spearman-Brown formula 2r / (1 + r); the
mean is taken before the correction, which would stretch a negative r of one split towards -1.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.stats import pearsonr

from app.resampling import seed_number

N_SPLITS = 100


@dataclass(frozen=True)
class Trial:
    """One rater's answer to one set: the elements shown, the best and the worst of them."""

    rater: str
    shown: tuple[str, ...]
    best: str
    worst: str


@dataclass(frozen=True)
class ElementScore:
    element: str
    score: float
    n_best: int
    n_worst: int
    n_appearances: int


def element_scores(trials: Sequence[Trial], elements: Sequence[str] = ()) -> list[ElementScore]:
    """Counting scores of every element shown (and of `elements`, scored NaN when never shown),
    sorted by element."""
    best: dict[str, int] = dict.fromkeys(elements, 0)
    worst = dict(best)
    shown = dict(best)
    for trial in trials:
        for element in trial.shown:
            shown[element] = shown.get(element, 0) + 1
            best.setdefault(element, 0)
            worst.setdefault(element, 0)
        best[trial.best] += 1
        worst[trial.worst] += 1
    return [ElementScore(e, (best[e] - worst[e]) / shown[e] if shown[e] else math.nan,
                         best[e], worst[e], shown[e]) for e in sorted(shown)]


def _half_correlation(first: Sequence[Trial], second: Sequence[Trial]) -> float:
    """Pearson r of the two halves' scores over the elements both showed (NaN below 3)."""
    one = {s.element: s.score for s in element_scores(first)}
    two = {s.element: s.score for s in element_scores(second)}
    common = sorted(one.keys() & two.keys())
    if len(common) < 3:
        return math.nan
    x, y = np.array([one[e] for e in common]), np.array([two[e] for e in common])
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        return math.nan  # a constant half: no correlation to speak of
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return float(pearsonr(x, y).statistic)


def spearman_brown(r: float) -> float:
    """The reliability of the full set from the correlation of its two halves: 2r / (1 + r)."""
    if math.isnan(r) or r <= -1:
        return math.nan
    return 2 * r / (1 + r)


@dataclass(frozen=True)
class SplitHalf:
    value: float  # Spearman-Brown corrected mean correlation over the splits that gave one
    mean_r: float  # the mean correlation of the halves, before the correction
    n_splits: int  # how many splits gave a correlation
    n_raters: int
    n_elements: int


def split_half(trials: Sequence[Trial], *, n_splits: int = N_SPLITS,
               seed: int | str = 0) -> SplitHalf:
    """Split-half reliability of the counting scores over random halves of the raters."""
    raters = sorted({t.rater for t in trials})
    by_rater: dict[str, list[Trial]] = {r: [] for r in raters}
    for trial in trials:
        by_rater[trial.rater].append(trial)
    n_elements = len({e for t in trials for e in t.shown})
    if len(raters) < 2:
        return SplitHalf(math.nan, math.nan, 0, len(raters), n_elements)
    rng = np.random.default_rng(seed_number(seed))
    values = []
    for _ in range(n_splits):
        order = rng.permutation(len(raters))
        half = len(raters) // 2
        first = [t for k in order[:half] for t in by_rater[raters[k]]]
        second = [t for k in order[half:] for t in by_rater[raters[k]]]
        r = _half_correlation(first, second)
        if not math.isnan(r):
            values.append(r)
    mean_r = float(np.mean(values)) if values else math.nan
    return SplitHalf(spearman_brown(mean_r), mean_r, len(values), len(raters), n_elements)
