"""Agreement between raters: Krippendorff's alpha (with a bootstrap CI over items), Fleiss'
kappa with its bands, and the pairwise statistics HUME reports for each task type.

Libraries do the statistics: `krippendorff.alpha`, statsmodels' `fleiss_kappa` and
`aggregate_raters`; the pairwise means (HUME's) use the formulas of sklearn's
`cohen_kappa_score` and `adjusted_rand_score` and scipy's `spearmanr` and `kendalltau` over all
rater pairs at once (app/results/pairwise.py), equal to those functions pair by pair.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import krippendorff
import numpy as np
import pandas as pd
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

from app.resampling import seeded_rng
from app.results.alpha_bootstrap import (
    alpha_resamples,
    alpha_two_way,
    item_coincidences,
    rater_tables,
)
from app.results.bootstrap import percentile_interval, resample_counts
from app.results.intervals import KIND_TEXT, MIN_RATERS, draws_raters, too_little
from app.results.metrics_clustering import grouping_labels
from app.results.metrics_rating import numeric
from app.results.options import IntervalKind, ResultsOptions
from app.results.pairwise import (
    ari_rows,
    binary_kappa_rows,
    choice_pairs,
    kendall_rows,
    masked_spearman,
    spearman_rows,
)
from app.results.reliability import ReliabilityData, reliability_data
from app.results.units import QuestionGroup
from app.study.answers import item_document_ids
from app.study.model import MeasurementLevel

AGREEMENT_COLUMNS = ["question_id", "statistic", "level", "value", "ci_low", "ci_high",
                     "ci_kind", "n_items", "n_raters", "interpretation", "note"]
FLEISS_BANDS = ((0.8, "Almost perfect"), (0.6, "Substantial"), (0.4, "Moderate"), (0.2, "Fair"))


def fleiss_band(kappa: float) -> str:
    """Landis and Koch's (1977) bands: above 0.8, 0.6, 0.4, 0.2; Slight from 0 to 0.2, Poor
    below 0."""
    if math.isnan(kappa):
        return ""
    return next((label for bound, label in FLEISS_BANDS if kappa > bound),
                "Slight" if kappa >= 0 else "Poor")


def alpha_band(alpha: float) -> str:
    """Krippendorff's own guidance: >= 0.800 reliable, >= 0.667 tentative conclusions only."""
    if math.isnan(alpha):
        return ""
    return "reliable" if alpha >= 0.8 else "tentative" if alpha >= 0.667 else "unreliable"


def _alpha(counts: np.ndarray, domain: np.ndarray, level: MeasurementLevel) -> float:
    pairable = counts[counts.sum(axis=1) >= 2]
    if len(pairable) == 0 or (pairable.sum(axis=0) > 0).sum() < 2:
        return math.nan  # one value in all the data: alpha is undefined
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return float(krippendorff.alpha(value_counts=pairable, value_domain=domain,
                                        level_of_measurement=level))


def alpha_with_ci(rd: ReliabilityData, level: MeasurementLevel, options: ResultsOptions,
                  salt: str = "") -> tuple[float, float, float]:
    """Krippendorff's alpha and a percentile bootstrap CI of the kind `options.interval`
    names: by default raters and items drawn (`alpha_two_way`: alpha stands for the
    population of raters, as the scores do; over items alone it is conditional on the raters
    who came, and covered a population's alpha in 316 of 400 replicate studies,
    docs/results.md "Calibration"), or whole items only, or raters only. No interval that
    draws raters with fewer than MIN_RATERS raters (`alpha_note` says so)."""
    counts = rd.value_counts()
    value = _alpha(counts, rd.domain, level)
    items = sorted(set(rd.unit_items))
    kind = options.interval
    rated = ~np.isnan(rd.data)
    n_raters = int(rated.any(axis=1).sum())
    if math.isnan(value) or not items or (draws_raters(kind) and n_raters < MIN_RATERS):
        return value, math.nan, math.nan
    index = {item: i for i, item in enumerate(items)}
    unit_item = np.array([index[u] for u in rd.unit_items])
    draws = resample_counts(len(items), options.n_boot, f"{options.seed}:alpha:{salt}")
    if kind == "items":
        shares, totals = item_coincidences(counts, unit_item, len(items))
        stats = alpha_resamples(shares, totals, rd.domain.astype(float), level, draws)
    else:
        if kind == "raters":
            draws = np.ones_like(draws)
        kept = rd.data[rated.any(axis=1)]
        picks = seeded_rng(f"{options.seed}:alpha-raters:{salt}").integers(
            0, n_raters, size=(len(draws), n_raters))
        rater_draws = np.zeros((len(draws), n_raters))
        np.add.at(rater_draws, (np.arange(len(draws))[:, None], picks), 1.0)
        counts_of, present = rater_tables(kept, rd.domain)
        stats = alpha_two_way(counts_of, present, unit_item, rd.domain.astype(float), level,
                              rater_draws, draws)
    low, high = percentile_interval(stats, options.confidence)
    return value, low, high


def fleiss(rd: ReliabilityData) -> tuple[float, int, int]:
    """Fleiss' kappa over the units rated by the most common number of raters (it needs the
    same number on every unit): (kappa, n units used, raters per unit)."""
    present = ~np.isnan(rd.data)
    per_unit = present.sum(axis=0)
    if not (per_unit >= 2).any():
        return math.nan, 0, 0
    n = int(np.bincount(per_unit[per_unit >= 2]).argmax())
    rows = [rd.data[present[:, u], u] for u in np.flatnonzero(per_unit == n)]
    table, _ = aggregate_raters(np.asarray(rows))
    if table.shape[1] < 2:
        return math.nan, len(rows), n
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return float(fleiss_kappa(table, method="fleiss")), len(rows), n


def _finite_mean(values: np.ndarray) -> float:
    """The mean of the finite values (NaN and infinities left out), NaN when there are none."""
    finite = values[np.isfinite(values)]
    return float(np.mean(finite)) if len(finite) else math.nan


def pairwise_choice(answers: pd.DataFrame) -> tuple[float, float, int]:
    """Mean pairwise Cohen's kappa, mean % agreement, number of pairs (HUME classification).

    Every pair at once from three sparse products of the raters' answers (app/results/
    pairwise.py): 499,500 pairs of 1,000 raters in about a second, not one sklearn call (or
    one Python step) per pair."""
    if answers.empty:
        return math.nan, math.nan, 0
    raters, _ = pd.factorize(answers["participant"].astype(str), sort=True)
    items, _ = pd.factorize(answers["item_id"].astype(str))
    labels, _ = pd.factorize(answers["answer"].astype(str), sort=True)
    codes = [np.ascontiguousarray(c, dtype=np.intp) for c in (raters, items, labels)]
    if len(raters) > _REMEMBERED_ANSWERS:
        return _choice_means(*codes)
    return _remembered_choice_means(*(c.tobytes() for c in codes))


# The export asks for the same pairwise means twice (agreement.csv, then the MTEB files), and
# at 1,000 raters each is a raters x raters computation (~0.2 s). The last few are remembered,
# keyed by the exact codes (or ratings) they are of, up to this many answers or matrix cells
# (a key is then at most 1.5 MB, the eight at most 12 MB; row 9's are 0.6 MB each).
_REMEMBERED_ANSWERS = 1 << 16


@lru_cache(maxsize=8)
def _remembered_choice_means(raters: bytes, items: bytes, labels: bytes
                             ) -> tuple[float, float, int]:
    return _choice_means(*(np.frombuffer(c, dtype=np.intp) for c in (raters, items, labels)))


def _choice_means(raters: np.ndarray, items: np.ndarray, labels: np.ndarray
                  ) -> tuple[float, float, int]:
    kappas, shares = choice_pairs(raters, items, labels)
    return _finite_mean(kappas), _finite_mean(shares), len(shares)


def _rater_matrix(answers: pd.DataFrame, values: list[float]) -> np.ndarray:
    """raters (sorted by code) x items: each rater's value on each item, NaN where none."""
    raters, _ = pd.factorize(answers["participant"].astype(str), sort=True)
    items, item_names = pd.factorize(answers["item_id"].astype(str))
    matrix = np.full((int(raters.max()) + 1, len(item_names)), np.nan)
    matrix[raters, items] = values
    return matrix


def pairwise_spearman(answers: pd.DataFrame) -> tuple[float, int]:
    """Mean over rater pairs of the Spearman correlation of their ratings on the items both
    rated (HUME STS); pairs with fewer than two such items, or constant ratings, are left out.
    All pairs at once (app/results/pairwise.py): 1,000 raters in seconds."""
    if answers.empty:
        return math.nan, 0
    matrix = np.ascontiguousarray(
        _rater_matrix(answers, [numeric(v) for v in answers["answer"]]), dtype=float)
    if matrix.size > _REMEMBERED_ANSWERS:
        return _spearman_mean(matrix)
    return _remembered_spearman_mean(matrix.tobytes(), matrix.shape)


@lru_cache(maxsize=8)
def _remembered_spearman_mean(matrix: bytes, shape: tuple[int, int]) -> tuple[float, int]:
    return _spearman_mean(np.frombuffer(matrix, dtype=float).reshape(shape))


def _spearman_mean(matrix: np.ndarray) -> tuple[float, int]:
    values = masked_spearman(matrix)
    return _finite_mean(values), len(values)


def _by_item(answers: pd.DataFrame) -> dict[str, list[tuple[str, Any]]]:
    """item id -> (rater, answer) in rater order: each item's raters, for its pairs."""
    ordered = answers.assign(_rater=answers["participant"].astype(str)).sort_values(
        "_rater", kind="stable")
    found: dict[str, list[tuple[str, Any]]] = {}
    for item_id, rater, answer in zip(ordered["item_id"].astype(str), ordered["_rater"],
                                      ordered["answer"], strict=True):
        found.setdefault(item_id, []).append((rater, answer))
    return found


def pairwise_ari(group: QuestionGroup, answers: pd.DataFrame) -> tuple[float, int]:
    """Mean over rater pairs and items of the ARI between their groupings (HUME clustering),
    every pair of an item's raters in one step (app/results/pairwise.py)."""
    values: list[np.ndarray] = []
    for item_id, given in _by_item(answers).items():
        cards = item_document_ids(group.items[item_id])
        labels = [la for la in (grouping_labels(a, cards) for _, a in given) if la is not None]
        if len(labels) > 1:
            values.append(ari_rows(np.array(labels, dtype=object).reshape(len(labels), -1)))
    found = np.concatenate(values) if values else np.empty(0)
    return _finite_mean(found), len(found)


def per_query_agreement(group: QuestionGroup, answers: pd.DataFrame) -> dict[str, float]:
    """HUME reranking: per rater pair and query, Spearman and Kendall of the grade vectors and
    Cohen's kappa of relevant (grade > 0) vs not; non-finite values (a constant vector) dropped.
    Every pair of a query's raters in one step (app/results/pairwise.py). The grade vectors
    are the kind's (`Kind.document_grades`)."""
    grades_of = group.response_kind.document_grades
    spear: list[np.ndarray] = []
    kend: list[np.ndarray] = []
    kappa: list[np.ndarray] = []
    for item_id, given in _by_item(answers).items():
        docs = item_document_ids(group.items[item_id])
        grades = [g for g in (grades_of(a, docs) for _, a in given) if g is not None]
        if len(grades) < 2:
            continue
        table = np.array(grades, dtype=float).reshape(len(grades), len(docs))
        spear.append(spearman_rows(table))
        kend.append(kendall_rows(table))
        kappa.append(binary_kappa_rows(table > 0))
    s, k, b = (np.concatenate(x) if x else np.empty(0) for x in (spear, kend, kappa))
    finite = s[np.isfinite(s)]
    return {"mean_spearman": _finite_mean(s), "mean_kendall_tau": _finite_mean(k),
            "mean_binary_kappa": _finite_mean(b),
            "spearman_std": float(np.std(finite)) if len(finite) > 1 else 0.0,
            "n_comparisons": float(len(finite))}


class AgreementRows:
    """agreement.csv rows of one group as they are added (the defaults filled in): what a
    statistic in `STATISTICS` adds its rows to."""

    def __init__(self, group: QuestionGroup, rd: ReliabilityData) -> None:
        self.group, self.rd = group, rd
        self.rows: list[dict[str, Any]] = []
        self.n_raters = len(rd.raters)

    def add(self, statistic: str, value: float, *, level: str = "",
            ci: tuple[float, float] = (math.nan, math.nan), n_items: int | None = None,
            raters: int | None = None, interpretation: str = "", note: str = "",
            ci_kind: IntervalKind = "items") -> None:
        """`ci_kind`: what the interval `ci` treats as sampled (an `IntervalKind`)."""
        items = self.rd.n_items if n_items is None else n_items
        if math.isfinite(ci[0]) and math.isfinite(ci[1]):
            # The scores' rule: too few items, or every resample the same, is no interval.
            short = too_little(items, self.n_raters, ci_kind) or (
                "no interval: every resample gave the same value" if ci[0] == ci[1] else "")
            if short:
                ci, note = (math.nan, math.nan), "; ".join(filter(None, [note, short]))
        self.rows.append({"question_id": self.group.question_id, "statistic": statistic,
                          "level": level, "value": value, "ci_low": ci[0], "ci_high": ci[1],
                          "ci_kind": f"{KIND_TEXT[ci_kind]}, percentile"
                          if math.isfinite(ci[0]) else "",
                          "n_items": items,
                          "n_raters": self.n_raters if raters is None else raters,
                          "interpretation": interpretation, "note": note})

    def add_row(self, row: dict[str, Any]) -> None:
        """A row a kind gives (`Kind.extra_agreement_rows`)."""
        self.add(str(row["statistic"]), row["value"], level=row.get("level", ""),
                 ci=(row.get("ci_low", math.nan), row.get("ci_high", math.nan)),
                 n_items=row.get("n_items"), raters=row.get("n_raters"),
                 interpretation=row.get("interpretation", ""), note=row.get("note", ""))


def _fleiss_rows(out: AgreementRows, answers: pd.DataFrame) -> None:
    rd = out.rd
    kappa, used, per_unit = fleiss(rd)
    out.add("fleiss_kappa", kappa, level="nominal", n_items=len(set(rd.unit_items[
        (~np.isnan(rd.data)).sum(axis=0) == per_unit])) if used else 0,
        interpretation=fleiss_band(kappa),
        note=f"{used} units rated by {per_unit} raters each" if used else "no shared units")


def _cohen_rows(out: AgreementRows, answers: pd.DataFrame) -> None:
    kappa, share, pairs = pairwise_choice(answers)
    out.add("mean_pairwise_cohen_kappa", kappa, level="nominal", note=f"{pairs} rater pairs")
    out.add("mean_percent_agreement", share, note=f"{pairs} rater pairs")


def _spearman_rows(out: AgreementRows, answers: pd.DataFrame) -> None:
    value, pairs = pairwise_spearman(answers)
    out.add("mean_pairwise_spearman", value, level="ordinal", note=f"{pairs} rater pairs")


def _mean_ari_rows(out: AgreementRows, answers: pd.DataFrame) -> None:
    value, pairs = pairwise_ari(out.group, answers)
    out.add("mean_pairwise_ari", value, note=f"{pairs} rater pairs x items")


def _query_rows(out: AgreementRows, answers: pd.DataFrame) -> None:
    stats = per_query_agreement(out.group, answers)
    n = int(stats["n_comparisons"])
    out.add("mean_query_spearman", stats["mean_spearman"], level="ordinal",
            note=f"{n} rater pairs x queries; std {stats['spearman_std']:.3f}")
    out.add("mean_query_kendall_tau", stats["mean_kendall_tau"], level="ordinal")
    out.add("mean_query_binary_kappa", stats["mean_binary_kappa"], level="nominal",
            note="relevant = grade > 0")


# The statistics beside alpha, by the names kinds give (`Kind.agreement_statistics`).
STATISTICS: dict[str, Callable[[AgreementRows, pd.DataFrame], None]] = {
    "fleiss_kappa": _fleiss_rows, "pairwise_cohen_kappa": _cohen_rows,
    "pairwise_spearman": _spearman_rows, "pairwise_ari": _mean_ari_rows,
    "query_agreement": _query_rows,
}


def agreement_rows(group: QuestionGroup, answers: pd.DataFrame,
                   options: ResultsOptions) -> list[dict[str, Any]]:
    """Every agreement statistic that fits the group's kind, one row each: Krippendorff's
    alpha, the statistics the kind names, then any rows of the kind's own."""
    if answers.empty:
        return []
    kind = group.response_kind
    rd = reliability_data(group, answers)
    out = AgreementRows(group, rd)
    alpha, low, high = alpha_with_ci(rd, group.level, options, salt=group.question_id)
    # An interval left out for too few raters or items says why (a finite one is checked in
    # `add`, by the same rule).
    short = "" if options.n_boot <= 0 or math.isnan(alpha) or math.isfinite(low) else too_little(
        rd.n_items, int((~np.isnan(rd.data)).any(axis=1).sum()), options.interval)
    out.add("krippendorff_alpha", alpha, level=group.level, ci=(low, high),
            interpretation=alpha_band(alpha), ci_kind=options.interval,
            note="; ".join(filter(None, [f"units: {kind.unit_name}", short])))
    for name in kind.agreement_statistics:
        STATISTICS[name](out, answers)
    for row in kind.extra_agreement_rows(group, answers, options):
        out.add_row(row)
    return out.rows
