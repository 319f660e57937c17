"""Paired inference on the difference of two parties' scores on the same items.

- The CI comes from `app.results.intervals` (what it treats as random; BCa; exact or no
  interval where the bootstrap cannot give one), on the two sides' statistics on the same
  resampled items (`Party.boot` of `app.results.party_cells`).
- Where the main metric is a mean of per-item scores, p is the paired sign-flip
  (permutation) test, H0: an item's two values are exchangeable, of the reported difference
  itself: T = sum_i w_i x_i - sum_i v_i y_i, each side's score written as a weighted sum of
  its per-item values (`party_cells.item_weights`), so that T observed is gaps.csv's
  `difference` to the rounding. Exact (every arrangement of the discordant items) up to
  2^20 arrangements, else Monte Carlo with p = (b + 1) / (m + 1) and its standard error;
  equal to `scipy.stats.permutation_test(permutation_type="samples")` of that statistic
  where scipy enumerates. Elsewhere (Spearman of ratings) p is read off the bootstrap
  distribution of the difference: twice the smaller share of resampled differences on
  either side of 0, counted as (k + 1) / (B + 1), so that it is never 0.
- Holm's adjustment is statsmodels' `multipletests(method="holm")`, in its arithmetic (see
  `holm`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from app.resampling import seeded_rng
from app.results.bootstrap import percentile_interval


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


EXACT_LIMIT = 2 ** 20  # arrangements up to which the sign-flip test enumerates them all
_CHUNK = 100  # Monte Carlo arrangements per matrix product


@dataclass(frozen=True)
class PValue:
    """A two-sided p, how it was found and its Monte Carlo standard error (0 when exact)."""

    p: float
    method: str  # "exact", "monte carlo", "bootstrap" or "" (no test)
    mc_error: float = 0.0
    n_discordant: int = 0
    n_arrangements: int = 0

    @property
    def text(self) -> str:
        if self.method == "exact":
            return (f"exact paired sign-flip test: all {self.n_arrangements} arrangements of "
                    f"the {self.n_discordant} discordant items")
        if self.method == "monte carlo":
            return (f"paired sign-flip test, Monte Carlo: (b + 1) / (m + 1) over m = "
                    f"{self.n_arrangements} random arrangements of the {self.n_discordant} "
                    f"discordant items")
        if self.method == "bootstrap":
            return "p from the bootstrap distribution of the difference"
        return ""


NO_TEST = PValue(math.nan, "")


def bootstrap_p_value(human_boot: np.ndarray, model_boot: np.ndarray) -> PValue:
    """`bootstrap_p` with its Monte Carlo error."""
    p = bootstrap_p(human_boot, model_boot)
    if not math.isfinite(p):
        return NO_TEST
    n = int(np.isfinite(human_boot - model_boot).sum())
    return PValue(p, "bootstrap", math.sqrt(p * (1 - p) / n), 0, n)


@dataclass(frozen=True)
class SignFlip:
    """One pair's test set up: T = const + sum_i s_i e_i over the paired items, s_i = +1 as
    observed and -1 where the two sides' values of item i swap places; T observed is the
    reported difference."""

    observed: float
    e: np.ndarray  # (w_h + w_m)(x - y) / 2 per paired item, 0 where the two agree
    discordant: int

    @classmethod
    def of(cls, x: np.ndarray, wx: np.ndarray, y: np.ndarray, wy: np.ndarray) -> SignFlip:
        """x, y: the two sides' per-item values (NaN: none), wx, wy their weights: each
        side's score is sum(w * value) over its own items, so T = sum(wx x) - sum(wy y) is
        the difference of the two scores. Swapping item i's values turns its share
        wx x - wy y into wx y - wy x: T moves by (wx + wy)(x - y), nothing where x = y."""
        fx, fy = np.isfinite(x), np.isfinite(y)
        observed = float(np.sum(np.where(fx, wx * np.where(fx, x, 0), 0))
                         - np.sum(np.where(fy, wy * np.where(fy, y, 0), 0)))
        both = fx & fy
        e = np.where(both, (wx + wy) * (np.where(both, x, 0) - np.where(both, y, 0)) / 2, 0.0)
        return cls(observed, e, int(np.count_nonzero(e)))

    def _tolerance(self) -> float:
        # Arrangements whose sum equals the observed one up to rounding count as equal (the
        # sums are added in another order than the observed one).
        return 1e-10 * float(np.sum(np.abs(self.e)))

    def exact(self) -> PValue:
        """Every one of the 2^d arrangements of the d discordant items, counted by meeting in
        the middle: the signed sums of each half, one sorted and searched."""
        e = self.e[self.e != 0]
        d = len(e)
        if d == 0:
            return PValue(1.0, "exact", 0.0, 0, 1)
        half = d // 2
        left, right = _signed_sums(e[:half]), np.sort(_signed_sums(e[half:]))
        s_obs, tol = float(e.sum()), self._tolerance()
        upper = int(np.sum(len(right) - np.searchsorted(right, s_obs - tol - left, "left")))
        lower = int(np.sum(np.searchsorted(right, s_obs + tol - left, "right")))
        total = 2 ** d
        p = min(1.0, 2 * min(upper, lower) / total)
        return PValue(p, "exact", 0.0, d, total)


def _signed_sums(e: np.ndarray) -> np.ndarray:
    """sum_i s_i e_i for every s in {+1, -1}^len(e)."""
    sums = np.zeros(1)
    for value in e:
        sums = np.concatenate([sums + value, sums - value])
    return sums


def sign_flip_p_rows(tests: list[SignFlip], n_resamples: int, seed: int | str) -> list[PValue]:
    """Two-sided p of the paired sign-flip (permutation) test of each pair, H0: the two
    values of an item are exchangeable. Exact where the discordant items are at most 20
    (2^20 arrangements, EXACT_LIMIT); else Monte Carlo over `n_resamples` random
    arrangements, all pairs of the call sharing them (seeded by `seed`), p = (b + 1) /
    (m + 1) on each side as `scipy.stats.permutation_test` counts, twice the smaller side,
    with its standard error. Equal to scipy's permutation_test of the same statistic where
    scipy enumerates (tests)."""
    out: list[PValue] = [NO_TEST] * len(tests)
    sampled = []
    for k, test in enumerate(tests):
        if not math.isfinite(test.observed):
            continue
        if 2 ** min(test.discordant, 64) <= EXACT_LIMIT:
            out[k] = test.exact()
        elif n_resamples > 0:
            sampled.append(k)
    if not sampled:
        return out
    e = np.vstack([tests[k].e for k in sampled])  # pairs x items
    e = e[:, (e != 0).any(axis=0)]  # an item no pair is discordant on moves no sum
    rng = seeded_rng(seed)
    s_obs = e.sum(axis=1)
    tol = 1e-10 * np.abs(e).sum(axis=1)
    upper = np.zeros(len(sampled))
    lower = np.zeros(len(sampled))
    for start in range(0, n_resamples, _CHUNK):
        size = min(_CHUNK, n_resamples - start)
        signs = rng.integers(0, 2, size=(size, e.shape[1])).astype(float) * 2 - 1
        sums = signs @ e.T  # arrangements x pairs
        upper += (sums >= s_obs - tol).sum(axis=0)
        lower += (sums <= s_obs + tol).sum(axis=0)
    for j, k in enumerate(sampled):
        p = min(1.0, 2 * min(upper[j] + 1, lower[j] + 1) / (n_resamples + 1))
        out[k] = PValue(p, "monte carlo", math.sqrt(p * (1 - p) / n_resamples),
                        tests[k].discordant, n_resamples)
    return out


def permutation_p(human_items: np.ndarray, model_items: np.ndarray, n_resamples: int,
                  seed: int | str) -> float:
    """The sign-flip p of the mean per-item difference over the items both sides have (each
    side's plain mean over those items)."""
    both = np.isfinite(human_items) & np.isfinite(model_items)
    if both.sum() < 2 or n_resamples <= 0:
        return math.nan
    x, y = np.where(both, human_items, np.nan), np.where(both, model_items, np.nan)
    w = both / both.sum()
    return sign_flip_p_rows([SignFlip.of(x, w, y, w)], n_resamples, seed)[0].p


def within_mc_error(p: float, mc_error: float, alpha: float = 0.05) -> bool:
    """A p (Holm-adjusted or not) whose Monte Carlo error reaches across alpha: two standard
    errors, about a 95% band."""
    return math.isfinite(p) and mc_error > 0 and abs(p - alpha) <= 2 * mc_error


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
