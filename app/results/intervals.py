"""Confidence intervals of the score rows and the gaps: what they treat as sampled, the
interval from the bootstrap distribution (BCa), and the cells that get an exact interval or
none (docs/results.md, "Intervals").

Kinds (`ResultsOptions.interval`, `--interval`):

- "raters+items" (the default): a two-way bootstrap. On every resample the items are drawn
  with replacement (the cell's multiplicity table, `app.resampling`) and, for a party of
  several raters (a tier, all raters), the raters too, anew for each resample (seeded from
  the cell and the party); the party's statistic is the mean over the drawn raters of each
  one's statistic on the drawn items. A human baseline stands for the population of raters
  and the population of items, not for the few of each a study had.
- "items": raters fixed, items drawn (the interval of these raters on new items).
- "raters": items fixed, raters drawn (the interval of new raters on these items).

A party of one rater or of one pooled answer (a participant, the majority vote, Dawid-Skene,
MACE) and a model have no raters to draw: their interval is over items, and `ci_kind` says so.

Bounds are BCa (Efron's bias-corrected and accelerated interval, as
`scipy.stats.bootstrap(method="BCa")` computes it) where a jackknife is at hand, percentile
otherwise; for the two-way kind the acceleration combines the items' and the raters'
jackknives as scipy combines the jackknives of several samples.

No interval is a point: a cell with fewer than MIN_ITEMS items, or a two-way (or raters)
interval of a party with fewer than MIN_RATERS raters, gets none, with a note; a proportion
whose every resample is the same (0 or 1 on every drawn item) gets Clopper-Pearson's exact
interval over its items, and a difference of two such proportions Newcombe's
square-and-add interval of the two Wilson intervals.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from scipy.special import ndtr, ndtri
from scipy.stats import binomtest
from statsmodels.stats.proportion import proportion_confint

from app.resampling import percentile_interval, seeded_rng
from app.results.options import INTERVAL_KINDS as INTERVAL_KINDS
from app.results.options import IntervalKind as IntervalKind

MIN_ITEMS = 5  # fewer items than this: no interval (a bootstrap of 1-4 values is no interval)
MIN_RATERS = 3  # fewer raters than this: no interval that draws raters

KIND_TEXT = {
    "raters+items": "raters and items random (two-way bootstrap)",
    "items": "items random, raters fixed (bootstrap over items)",
    "raters": "raters random, items fixed (bootstrap over raters)",
    "single": "items random (bootstrap over items; one rater or pooled answer)",
    "exact": "items random (Clopper-Pearson exact: every resample the same)",
    "newcombe": "items random (Newcombe square-and-add of Wilson intervals: every resample "
                "the same)",
}


@dataclass(frozen=True)
class Interval:
    low: float
    high: float
    kind: str  # a KIND_TEXT key
    method: str = "BCa"  # BCa, percentile, exact, none
    note: str = ""

    @property
    def text(self) -> str:
        """What the interval covers and how it was read off, for the `ci_kind` column."""
        if self.method == "none":
            return ""
        own = KIND_TEXT[self.kind]
        return own if self.method in ("exact",) else f"{own}, {self.method}"


NO_INTERVAL = Interval(math.nan, math.nan, "items", "none")


def none(note: str) -> Interval:
    return Interval(math.nan, math.nan, "items", "none", note)


def draws_raters(kind: str) -> bool:
    return kind in ("raters+items", "raters")


def party_draws(boot: np.ndarray, full: np.ndarray, kind: str, key: str) -> np.ndarray:
    """The party's statistic on each resample from its raters' (`boot`: raters x resamples,
    on the resampled items; `full`: each rater's statistic on the cell's items): the mean over
    the raters, drawn again on each resample where `kind` draws raters (seeded by `key`)."""
    n_raters, n_boot = boot.shape
    if n_raters == 0 or n_boot == 0:
        return np.full(n_boot, np.nan)
    if kind == "raters":
        boot = np.repeat(full[:, None], n_boot, axis=1)
    if draws_raters(kind):
        drawn = seeded_rng(key).integers(0, n_raters, size=(n_boot, n_raters))
        boot = boot[drawn, np.arange(n_boot)[:, None]].T  # raters x resamples, drawn
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a resample where no rater has a value
        return np.nanmean(boot, axis=0)


def jackknife_mean(matrix: np.ndarray) -> np.ndarray:
    """rows x items: each row's mean over its present items with item i left out (the row's
    own mean where it has no value on i; NaN where nothing is left)."""
    present = np.isfinite(matrix)
    values = np.where(present, matrix, 0.0)
    total = values.sum(axis=1, keepdims=True)
    count = present.sum(axis=1, keepdims=True).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        left = np.where(present, (total - values) / (count - 1), total / count)
    return left


def acceleration(jackknives: list[np.ndarray]) -> float:
    """Efron's acceleration from the jackknife values of each sample (items; raters), combined
    over samples as `scipy.stats.bootstrap` combines them (its `_bca_interval`)."""
    nums, dens = 0.0, 0.0
    for values in jackknives:
        values = values[np.isfinite(values)]
        n = float(len(values))
        if n < 2:
            continue
        u = (n - 1) * (values.mean() - values)
        nums += float(np.sum(u ** 3)) / n ** 3
        dens += float(np.sum(u ** 2)) / n ** 2
    if dens <= 0:
        return 0.0
    return nums / dens ** 1.5 / 6


def bca_interval(boot: np.ndarray, estimate: float, jackknives: list[np.ndarray],
                 confidence: float = 0.95) -> tuple[float, float]:
    """scipy's BCa bounds (`scipy.stats.bootstrap(method="BCa")`) from a bootstrap
    distribution, the estimate and the jackknife values; NaN resamples left out. NaN where
    the bias correction is infinite (the estimate outside the resampled values)."""
    kept = boot[np.isfinite(boot)]
    if kept.size < 2 or not math.isfinite(estimate):
        return math.nan, math.nan
    share = (np.count_nonzero(kept < estimate) + np.count_nonzero(kept <= estimate)) / (
        2 * kept.size)
    z0 = float(ndtri(share))
    if not math.isfinite(z0):
        return math.nan, math.nan
    a = acceleration(jackknives)
    z = float(ndtri((1 - confidence) / 2))
    tails = []
    for zz in (z, -z):
        num = z0 + zz
        tails.append(float(ndtr(z0 + num / (1 - a * num))))
    low, high = np.quantile(kept, tails)
    return float(low), float(high)


def is_binary(values: np.ndarray) -> bool:
    kept = values[np.isfinite(values)]
    return kept.size > 0 and bool(np.all((kept == 0) | (kept == 1)))


def clopper_pearson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    ci = binomtest(k, n).proportion_ci(confidence_level=confidence, method="exact")
    return float(ci.low), float(ci.high)


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    low, high = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
    return float(low), float(high)


def _degenerate(low: float, high: float) -> bool:
    return math.isfinite(low) and math.isfinite(high) and math.isclose(low, high, rel_tol=0,
                                                                      abs_tol=1e-12)


@dataclass
class PartyData:
    """What a party's interval is computed from."""

    estimate: float  # the reported value (the main metric)
    boot: np.ndarray  # the party's statistic on each resample (`party_draws`)
    items: np.ndarray  # per-item values (pooled over raters), NaN where none
    n_items: int
    n_raters: int  # raters the party draws from (1: a single rater or a pooled answer)
    kind: str  # "raters+items", "items", "raters" or "single"
    jack_items: np.ndarray | None = None  # the party's statistic with each item left out
    jack_raters: np.ndarray | None = None  # ... with each rater left out


def party_data(matrix: np.ndarray, per_row: np.ndarray, full: np.ndarray,
               jack: np.ndarray | None, kind: str, key: str) -> PartyData:
    """A party's `PartyData` from its rows (raters, or one row): `matrix` their per-item
    values, `per_row` their statistic on each resample, `full` on the cell's items, `jack`
    with each item left out (rows with a value only; None: no jackknife); `kind` "single"
    for one rater or pooled answer, else the interval kind; `key` seeds the raters' draws."""
    here = np.isfinite(matrix).any(axis=1)
    multi = kind != "single"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # no row with a value
        estimate = float(np.nanmean(full[here])) if here.any() else math.nan
        items = np.nanmean(matrix, axis=0) if len(matrix) else np.zeros(0)
        jack_items = None if jack is None else np.nanmean(jack, axis=0)
        kept = full[here]
        jack_raters = (np.array([np.nanmean(np.delete(kept, r)) for r in range(len(kept))])
                       if multi and len(kept) >= 2 else None)
    if multi:
        boot = party_draws(per_row[here], kept, kind, key)
    else:
        boot = per_row[0] if len(per_row) else np.zeros(0)
    return PartyData(estimate, boot, items, int(np.isfinite(items).sum()),
                     int(here.sum()) if multi else 1, kind, jack_items, jack_raters)


def _jackknives(party: PartyData) -> list[np.ndarray] | None:
    wanted: list[np.ndarray | None] = []
    if party.kind in ("raters+items", "items", "single"):
        wanted.append(party.jack_items)
    if draws_raters(party.kind):
        wanted.append(party.jack_raters)
    if any(j is None for j in wanted):
        return None
    return [j for j in wanted if j is not None]


def too_little(n_items: int, n_raters: int, kind: str) -> str:
    """The note of a cell with too little data for an interval of `kind`, or ""."""
    if n_items < MIN_ITEMS:
        return f"no interval: {n_items} item(s), fewer than the minimum {MIN_ITEMS}"
    if draws_raters(kind) and n_raters < MIN_RATERS:
        return (f"no interval over raters: {n_raters} rater(s), fewer than the minimum "
                f"{MIN_RATERS} (--interval items gives one conditional on these raters)")
    return ""


def _from_boot(boot: np.ndarray, estimate: float, jackknives: list[np.ndarray] | None,
               confidence: float) -> tuple[float, float, str]:
    if jackknives is not None:
        low, high = bca_interval(boot, estimate, jackknives, confidence)
        if math.isfinite(low) and math.isfinite(high):
            return low, high, "BCa"
    low, high = percentile_interval(boot, confidence)
    return low, high, "percentile"


def party_interval(party: PartyData, confidence: float = 0.95) -> Interval:
    if party.boot.size == 0:
        return NO_INTERVAL
    note = too_little(party.n_items, party.n_raters, party.kind)
    if note:
        return none(note)
    low, high, method = _from_boot(party.boot, party.estimate, _jackknives(party), confidence)
    if not _degenerate(low, high):
        if not (math.isfinite(low) and math.isfinite(high)):
            return none("no interval: the statistic is undefined on the resamples")
        return Interval(low, high, party.kind, method)
    if is_binary(party.items) and math.isfinite(party.estimate):
        k = round(party.estimate * party.n_items)
        low, high = clopper_pearson(k, party.n_items, confidence)
        return Interval(low, high, "exact", "exact")
    return none("no interval: every resample gives the same value")


def difference_interval(human: PartyData, model: PartyData, difference: float,
                        confidence: float = 0.95) -> Interval:
    """The interval of human - model on the shared resamples (paired on the items)."""
    if human.boot.size == 0 or model.boot.size == 0:
        return NO_INTERVAL
    note = too_little(min(human.n_items, model.n_items), human.n_raters, human.kind)
    if note:
        return none(note)
    # Items fixed: the model's score on them is fixed too; only the raters' draws vary.
    boot = human.boot - (model.estimate if human.kind == "raters" else model.boot)
    jackknives: list[np.ndarray] | None = []
    if human.kind != "raters":  # the items are drawn: both sides' item jackknives
        if human.jack_items is None or model.jack_items is None:
            jackknives = None
        else:
            jackknives = [human.jack_items - model.jack_items]
    if jackknives is not None and draws_raters(human.kind):
        jackknives = None if human.jack_raters is None else [*jackknives, human.jack_raters]
    low, high, method = _from_boot(boot, difference, jackknives, confidence)
    if not _degenerate(low, high):
        if not (math.isfinite(low) and math.isfinite(high)):
            return none("no interval: the difference is undefined on the resamples")
        return Interval(low, high, human.kind, method)
    if is_binary(human.items) and is_binary(model.items):
        return Interval(*newcombe(human, model, confidence), "newcombe", "exact")
    return none("no interval: every resample gives the same difference")


def newcombe(human: PartyData, model: PartyData, confidence: float) -> tuple[float, float]:
    """Newcombe's square-and-add interval of p1 - p2 from the two Wilson intervals (1998,
    method 10 without the correlation term: wider than the paired one, never a point)."""
    p1, p2 = human.estimate, model.estimate
    l1, u1 = wilson(round(p1 * human.n_items), human.n_items, confidence)
    l2, u2 = wilson(round(p2 * model.n_items), model.n_items, confidence)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))
