"""Multi-reader multi-case (MRMC) analysis of a reader study: the Obuchowski-Rockette (OR)
model with the jackknife covariance over cases and Hillis' denominator degrees of freedom.

Every reader reads every case under every condition (a fully crossed design); the figure of
merit (FOM) of a reader under a condition is the empirical (trapezoidal, Wilcoxon) AUC of their
confidence ratings against the truth, or their accuracy for a choice question.

From the reader x condition FOMs and the jackknife covariance of the FOMs (each case left out
in turn) come the OR error variance and the three covariances (Obuchowski & Rockette 1995):
Cov1 same reader, different conditions; Cov2 different readers, same condition; Cov3 different
readers and conditions. Then three analyses (Hillis 2007, 2008; Hillis, Obuchowski, Schartz &
Berbaum 2005), as the OR-DBM MRMC program, MRMCaov and RJafroc print them:

- random readers and random cases: F = MS(T) / [MS(T*R) + r max(Cov2 - Cov3, 0)] on 1 and
  Hillis' ddf_H = [MS(T*R) + r max(Cov2 - Cov3, 0)]^2 / {MS(T*R)^2 / [(t-1)(r-1)]};
- fixed readers (random cases): chi-square (t-1) MS(T) / [Var - Cov1 + (r-1) max(Cov2 - Cov3, 0)]
  on t - 1, normal intervals;
- fixed cases (random readers): F = MS(T) / MS(T*R) on t - 1 and (t-1)(r-1).

Readers against a standalone AI read on the same cases: Hillis' single-condition OR analysis of
the reader-minus-AI differences, whose jackknife covariances include the AI's own case
variance (the "1T" analysis of RJafroc's CAD-vs-radiologists test). With the AI's FOM as a
fixed number (its jackknife values all equal) it is the single-condition interval of the
readers shifted by the AI's FOM, as the iMRMC documentation describes for a fixed comparator.

Tested against the Van Dyke et al. (1993) data and the OR-DBM MRMC 2.51 printout of them to
every printed digit (tests/app/results/test_mrmc.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

ANALYSES = ("random_readers_random_cases", "fixed_readers_random_cases",
            "random_readers_fixed_cases")
ALPHA = 0.05


class MrmcError(ValueError):
    """The data cannot be analysed (too few readers, cases of one truth only...)."""


def auc_with_jackknife(truth: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The empirical AUC of each row of `scores` (n_rows x n_cases) against `truth` (0/1 per
    case), and its n_rows x n_cases jackknife values (case k left out).

    The Wilcoxon statistic with ties counted one half (scikit-learn's `roc_auc_score`; tested
    equal): from the placement matrix psi(abnormal j, normal i), the AUC without a case is the
    sum without that case's row or column, so all jackknife values cost one pass."""
    truth = np.asarray(truth, dtype=bool)
    scores = np.asarray(scores, dtype=float)
    if scores.ndim == 1:
        scores = scores[None, :]
    pos, neg = scores[:, truth], scores[:, ~truth]
    n1, n0 = pos.shape[1], neg.shape[1]
    if n1 < 2 or n0 < 2:
        raise MrmcError(f"an AUC with its jackknife needs two cases of each truth "
                        f"(have {n1} positive, {n0} negative)")
    diff = pos[:, :, None] - neg[:, None, :]  # rows x n1 x n0
    psi = (diff > 0) + 0.5 * (diff == 0)
    total = psi.sum(axis=(1, 2))
    auc = total / (n1 * n0)
    jack = np.empty(scores.shape, dtype=float)
    jack[:, truth] = (total[:, None] - psi.sum(axis=2)) / ((n1 - 1) * n0)
    jack[:, ~truth] = (total[:, None] - psi.sum(axis=1)) / (n1 * (n0 - 1))
    return auc, jack


def accuracy_with_jackknife(correct: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The share of correct answers of each row (n_rows x n_cases of 0/1) and its jackknife."""
    correct = np.asarray(correct, dtype=float)
    if correct.ndim == 1:
        correct = correct[None, :]
    n = correct.shape[1]
    if n < 2:
        raise MrmcError("an accuracy with its jackknife needs two cases")
    total = correct.sum(axis=1)
    return total / n, (total[:, None] - correct) / (n - 1)


def jackknife_covariance(jack: np.ndarray) -> np.ndarray:
    """(c-1)/c times the sum of cross-products of the jackknife values about their means: the
    jackknife covariance of the FOMs (rows of `jack`, cases along the last axis)."""
    c = jack.shape[-1]
    centred = jack - jack.mean(axis=-1, keepdims=True)
    return (c - 1) / c * (centred @ centred.T)


@dataclass(frozen=True)
class Components:
    """The OR error variance and covariances, averaged over the pairs of each type."""

    var_error: float
    cov1: float
    cov2: float
    cov3: float


def or_components(cov: np.ndarray, n_conditions: int, n_readers: int) -> Components:
    """`cov`: the (t*r) x (t*r) covariance of the FOMs ordered condition-major (row t*r + j)."""
    t, r = n_conditions, n_readers
    cond = np.repeat(np.arange(t), r)
    reader = np.tile(np.arange(r), t)
    same_t = cond[:, None] == cond[None, :]
    same_r = reader[:, None] == reader[None, :]

    def mean_of(mask: np.ndarray) -> float:
        return float(cov[mask].mean()) if mask.any() else math.nan

    return Components(var_error=mean_of(same_t & same_r), cov1=mean_of(~same_t & same_r),
                      cov2=mean_of(same_t & ~same_r), cov3=mean_of(~same_t & ~same_r))


@dataclass(frozen=True)
class Interval:
    """An estimate with its standard error, degrees of freedom (inf: normal) and 95% CI."""

    estimate: float
    se: float
    df: float
    ci_low: float
    ci_high: float
    p_value: float

    @classmethod
    def of(cls, estimate: float, se: float, df: float, alpha: float = ALPHA) -> Interval:
        if not se > 0 or math.isnan(df):
            return cls(estimate, se, df, math.nan, math.nan, math.nan)
        dist = stats.norm if math.isinf(df) else stats.t(df)
        q = float(dist.ppf(1 - alpha / 2))
        p = 2 * float(dist.sf(abs(estimate) / se))
        return cls(estimate, se, df, estimate - q * se, estimate + q * se, p)


@dataclass(frozen=True)
class Test:
    """One analysis of one pair of conditions: the global test and the difference's interval."""

    analysis: str
    statistic: float  # F, or chi-square for fixed readers
    df_num: float
    df_den: float  # inf for the chi-square
    p_value: float
    difference: Interval  # fom_a - fom_b


@dataclass(frozen=True)
class OrAnalysis:
    """The OR analysis of t conditions x r readers (conditions and readers in input order)."""

    conditions: tuple[str, ...]
    readers: tuple[str, ...]
    fom: np.ndarray  # t x r
    cov: np.ndarray  # (t*r) x (t*r), condition-major
    components: Components
    ms_t: float
    ms_r: float
    ms_tr: float
    var_r: float
    var_tr: float
    n_cases: int

    @property
    def fom_means(self) -> np.ndarray:
        return self.fom.mean(axis=1)

    def jackknife_se(self) -> np.ndarray:
        """t x r: each reader's FOM's jackknife SE under each condition."""
        t, r = self.fom.shape
        return np.sqrt(np.diag(self.cov)).reshape(t, r)

    def tests(self) -> list[Test]:
        """The three analyses; their intervals are for the first condition minus the second
        (with more than two conditions: the global tests, and no single difference)."""
        t, r = self.fom.shape
        c = self.components
        df_tr = (t - 1) * (r - 1)
        diff = float(self.fom_means[0] - self.fom_means[1]) if t == 2 else math.nan
        out: list[Test] = []
        # Random readers and random cases (Hillis 2007: ddf_H).
        den = self.ms_tr + r * max(c.cov2 - c.cov3, 0.0)
        ddf = den ** 2 / (self.ms_tr ** 2 / df_tr) if self.ms_tr > 0 else math.inf
        f = self.ms_t / den if den > 0 else math.nan
        out.append(Test(ANALYSES[0], f, t - 1, ddf, _f_sf(f, t - 1, ddf),
                        Interval.of(diff, math.sqrt(2 / r * den) if den > 0 else math.nan, ddf)))
        # Fixed readers, random cases: chi-square, normal intervals.
        den = c.var_error - c.cov1 + (r - 1) * max(c.cov2 - c.cov3, 0.0)
        x2 = (t - 1) * self.ms_t / den if den > 0 else math.nan
        p = float(stats.chi2.sf(x2, t - 1)) if not math.isnan(x2) else math.nan
        out.append(Test(ANALYSES[1], x2, t - 1, math.inf, p,
                        Interval.of(diff, math.sqrt(2 / r * den) if den > 0 else math.nan,
                                    math.inf)))
        # Fixed cases, random readers: the conventional condition x reader ANOVA.
        f = self.ms_t / self.ms_tr if self.ms_tr > 0 else math.nan
        out.append(Test(ANALYSES[2], f, t - 1, df_tr, _f_sf(f, t - 1, df_tr),
                        Interval.of(diff, math.sqrt(2 / r * self.ms_tr), df_tr)))
        return out

    def single(self, index: int) -> dict[str, Interval]:
        """Each analysis' 95% interval of one condition's reader-averaged FOM, from that
        condition's data alone (its reader ANOVA, error variance and Cov2)."""
        r = self.fom.shape[1]
        return single_condition(self.fom[index], self.cov[index * r:(index + 1) * r,
                                                          index * r:(index + 1) * r])


def single_condition(fom: np.ndarray, cov: np.ndarray) -> dict[str, Interval]:
    """The single-condition OR intervals of the mean of `fom` (r readers) with their r x r
    jackknife covariance `cov` (Hillis 2007: ddf_H_single)."""
    fom = np.asarray(fom, dtype=float)
    r = len(fom)
    mean = float(fom.mean())
    ms_r = float(np.var(fom, ddof=1)) if r > 1 else math.nan
    off = ~np.eye(r, dtype=bool)
    var_error = float(np.diag(cov).mean())
    cov2 = float(cov[off].mean()) if r > 1 else 0.0
    out: dict[str, Interval] = {}
    den = ms_r + r * max(cov2, 0.0)
    df = den ** 2 / (ms_r ** 2 / (r - 1)) if r > 1 and ms_r > 0 else math.inf
    out[ANALYSES[0]] = Interval.of(mean, math.sqrt(den / r) if den > 0 else math.nan, df)
    den = var_error + (r - 1) * max(cov2, 0.0)
    out[ANALYSES[1]] = Interval.of(mean, math.sqrt(den / r) if den > 0 else math.nan, math.inf)
    out[ANALYSES[2]] = Interval.of(mean, math.sqrt(ms_r / r) if r > 1 else math.nan, r - 1)
    return out


def _f_sf(f: float, df1: float, df2: float) -> float:
    if math.isnan(f) or math.isnan(df2):
        return math.nan
    if math.isinf(df2):
        return float(stats.chi2.sf(f * df1, df1))
    return float(stats.f.sf(f, df1, df2))


def analyse(fom: np.ndarray, jack: np.ndarray, conditions: Sequence[str],
            readers: Sequence[str]) -> OrAnalysis:
    """The OR analysis from the t x r FOMs and their t x r x c jackknife values."""
    fom = np.asarray(fom, dtype=float)
    t, r = fom.shape
    if t < 1 or r < 2:
        raise MrmcError(f"an MRMC analysis needs two readers or more (have {r})")
    c = jack.shape[-1]
    cov = jackknife_covariance(jack.reshape(t * r, c))
    comp = or_components(cov, t, r)
    grand = fom.mean()
    by_t, by_r = fom.mean(axis=1), fom.mean(axis=0)
    ms_t = r * float(((by_t - grand) ** 2).sum()) / (t - 1) if t > 1 else math.nan
    ms_r = t * float(((by_r - grand) ** 2).sum()) / (r - 1)
    inter = fom - by_t[:, None] - by_r[None, :] + grand
    ms_tr = float((inter ** 2).sum()) / ((t - 1) * (r - 1)) if t > 1 else math.nan
    # Expected mean squares of the OR model (Hillis et al. 2005, table I).
    var_tr = ms_tr - comp.var_error + comp.cov1 + comp.cov2 - comp.cov3 if t > 1 else math.nan
    tr_part = var_tr if t > 1 else 0.0
    var_r = (ms_r - tr_part - comp.var_error - (t - 1) * comp.cov1 + comp.cov2
             + (t - 1) * comp.cov3) / t
    return OrAnalysis(tuple(conditions), tuple(readers), fom, cov, comp, ms_t, ms_r, ms_tr,
                      var_r, var_tr, c)


def analyse_ratings(truth: np.ndarray, ratings: np.ndarray, conditions: Sequence[str],
                    readers: Sequence[str]) -> OrAnalysis:
    """OR analysis of confidence ratings `ratings` (t x r x c) with the empirical AUC."""
    ratings = np.asarray(ratings, dtype=float)
    t, r, c = ratings.shape
    auc, jack = auc_with_jackknife(truth, ratings.reshape(t * r, c))
    return analyse(auc.reshape(t, r), jack.reshape(t, r, c), conditions, readers)


@dataclass(frozen=True)
class VersusStandalone:
    """Readers (reader-averaged FOM) against a standalone AI on the same cases."""

    reader_fom: float
    ai_fom: float
    difference: dict[str, Interval]  # readers minus AI, per analysis


def readers_vs_standalone(reader_fom: np.ndarray, reader_jack: np.ndarray, ai_fom: float,
                          ai_jack: np.ndarray) -> VersusStandalone:
    """`reader_fom`: r FOMs of one condition, `reader_jack` their r x c jackknife values;
    `ai_fom`, `ai_jack` (c values): the AI's on the same cases in the same order."""
    diffs = np.asarray(reader_fom, dtype=float) - ai_fom
    jack = np.asarray(reader_jack, dtype=float) - np.asarray(ai_jack, dtype=float)[None, :]
    return VersusStandalone(float(np.mean(reader_fom)), float(ai_fom),
                            single_condition(diffs, jackknife_covariance(jack)))
