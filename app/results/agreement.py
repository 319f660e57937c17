"""Agreement between raters: Krippendorff's alpha (with a bootstrap CI over items), Fleiss'
kappa with its bands, and the pairwise statistics HUME reports for each task type.

Libraries do the statistics: `krippendorff.alpha`, statsmodels' `fleiss_kappa` and
`aggregate_raters`, sklearn's `cohen_kappa_score` and `adjusted_rand_score`, scipy's
`spearmanr` and `kendalltau`.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import krippendorff
import numpy as np
import pandas as pd
import scipy.sparse as sp
from scipy.stats import kendalltau, spearmanr
from sklearn import config_context
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

from app.results.alpha_bootstrap import alpha_resamples, item_coincidences
from app.results.bootstrap import percentile_interval, resample_counts
from app.results.metrics_clustering import grouping_labels, pair_ari
from app.results.metrics_rating import numeric
from app.results.options import ResultsOptions
from app.results.reliability import ReliabilityData, reliability_data
from app.results.units import QuestionGroup
from app.study.answers import item_document_ids
from app.study.model import MeasurementLevel

AGREEMENT_COLUMNS = ["question_id", "statistic", "level", "value", "ci_low", "ci_high",
                     "n_items", "n_raters", "interpretation", "note"]
FLEISS_BANDS = ((0.8, "Almost perfect"), (0.6, "Substantial"), (0.4, "Moderate"), (0.2, "Fair"))


def fleiss_band(kappa: float) -> str:
    """HUME's bands (Landis & Koch): above 0.8, 0.6, 0.4, 0.2; otherwise Poor."""
    if math.isnan(kappa):
        return ""
    return next((label for bound, label in FLEISS_BANDS if kappa > bound), "Poor")


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
    """Krippendorff's alpha and a percentile bootstrap CI that resamples whole items."""
    counts = rd.value_counts()
    value = _alpha(counts, rd.domain, level)
    items = sorted(set(rd.unit_items))
    if math.isnan(value) or not items:
        return value, math.nan, math.nan
    index = {item: i for i, item in enumerate(items)}
    shares, totals = item_coincidences(counts, np.array([index[u] for u in rd.unit_items]),
                                       len(items))
    draws = resample_counts(len(items), options.n_boot, f"{options.seed}:alpha:{salt}")
    stats = alpha_resamples(shares, totals, rd.domain.astype(float), level, draws)
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


def rater_pairs(answers: pd.DataFrame) -> Iterator[tuple[str, str, pd.DataFrame]]:
    """Each pair of raters with the items both answered (columns item_id, a, b)."""
    by_rater = {str(p): rows.set_index("item_id")["answer"]
                for p, rows in answers.groupby("participant", sort=True)}
    for a, b in combinations(sorted(by_rater), 2):
        common = by_rater[a].index.intersection(by_rater[b].index)
        if len(common):
            yield a, b, pd.DataFrame({"item_id": common, "a": by_rater[a].loc[common].to_numpy(),
                                      "b": by_rater[b].loc[common].to_numpy()})


def _finite_mean(values: list[float]) -> float:
    finite = [v for v in values if math.isfinite(v)]
    return float(np.mean(finite)) if finite else math.nan


def pairwise_choice(answers: pd.DataFrame) -> tuple[float, float, int]:
    """Mean pairwise Cohen's kappa, mean % agreement, number of pairs (HUME classification).

    Every pair's confusion matrix comes from one sparse product of the raters' one-hot answers
    (435 pairs of 30 raters over 20,000 items: milliseconds, not a minute of sklearn calls);
    kappa is then sklearn's formula on the labels the pair used, to the bit."""
    if answers.empty:
        return math.nan, math.nan, 0
    raters, rater_names = pd.factorize(answers["participant"].astype(str), sort=True)
    items, _ = pd.factorize(answers["item_id"].astype(str))
    labels, label_names = pd.factorize(answers["answer"].astype(str), sort=True)
    k = len(label_names)
    onehot = sp.csr_matrix((np.ones(len(answers)), (raters * k + labels, items)),
                           shape=(len(rater_names) * k, int(items.max()) + 1))
    confusion = (onehot @ onehot.T).toarray()
    kappas, shares = [], []
    for a, b in combinations(range(len(rater_names)), 2):
        table = confusion[a * k:(a + 1) * k, b * k:(b + 1) * k]
        n = table.sum()
        if n == 0:
            continue  # no item in common
        kappas.append(_cohen_kappa(table))
        shares.append(float(np.trace(table) / n))
    return _finite_mean(kappas), _finite_mean(shares), len(shares)


def _cohen_kappa(table: np.ndarray) -> float:
    """`sklearn.metrics.cohen_kappa_score` from a confusion matrix over all labels: the rows
    and columns of labels neither rater used are dropped first, as sklearn never has them."""
    used = (table.sum(axis=0) + table.sum(axis=1)) > 0
    confusion = table[np.ix_(used, used)]
    sum0, sum1 = confusion.sum(axis=0), confusion.sum(axis=1)
    expected = np.outer(sum0, sum1) / np.sum(sum0)
    w_mat = np.ones(confusion.shape)
    np.fill_diagonal(w_mat, 0)
    denominator = np.sum(w_mat * expected)
    if denominator == 0:
        return math.nan
    return float(1 - np.sum(w_mat * confusion) / denominator)


def pairwise_spearman(answers: pd.DataFrame) -> tuple[float, int]:
    """Mean over rater pairs of the Spearman correlation of their ratings (HUME STS)."""
    values = []
    for _, _, common in rater_pairs(answers):
        a = np.array([numeric(v) for v in common["a"]])
        b = np.array([numeric(v) for v in common["b"]])
        keep = ~(np.isnan(a) | np.isnan(b))
        if keep.sum() > 1 and np.ptp(a[keep]) > 0 and np.ptp(b[keep]) > 0:
            values.append(float(spearmanr(a[keep], b[keep]).statistic))
    return _finite_mean(values), len(values)


def pairwise_ari(group: QuestionGroup, answers: pd.DataFrame) -> tuple[float, int]:
    """Mean over rater pairs and items of the ARI between their groupings (HUME clustering)."""
    values = []
    for _, _, common in rater_pairs(answers):
        for item_id, a, b in zip(common["item_id"], common["a"], common["b"], strict=True):
            cards = item_document_ids(group.items[str(item_id)])
            la, lb = grouping_labels(a, cards), grouping_labels(b, cards)
            if la is not None and lb is not None:
                values.append(pair_ari(la, lb))
    return _finite_mean(values), len(values)


def per_query_agreement(group: QuestionGroup, answers: pd.DataFrame) -> dict[str, float]:
    """HUME reranking: per rater pair and query, Spearman and Kendall of the grade vectors and
    Cohen's kappa of relevant (grade > 0) vs not; non-finite values (a constant vector) dropped."""
    spear: list[float] = []
    kend: list[float] = []
    kappa: list[float] = []
    with warnings.catch_warnings(), config_context(skip_parameter_validation=True):
        warnings.simplefilter("ignore")
        for _, _, common in rater_pairs(answers):
            for item_id, a, b in zip(common["item_id"], common["a"], common["b"], strict=True):
                docs = item_document_ids(group.items[str(item_id)])
                va, vb = _grades(a, docs), _grades(b, docs)
                if va is None or vb is None:
                    continue
                spear.append(float(spearmanr(va, vb).statistic))
                kend.append(float(kendalltau(va, vb).statistic))
                kappa.append(float(cohen_kappa_score(va > 0, vb > 0)))
    finite = [s for s in spear if math.isfinite(s)]
    return {"mean_spearman": _finite_mean(spear), "mean_kendall_tau": _finite_mean(kend),
            "mean_binary_kappa": _finite_mean(kappa),
            "spearman_std": float(np.std(finite)) if len(finite) > 1 else 0.0,
            "n_comparisons": float(len(finite))}


def _grades(answer: Any, docs: list[str]) -> np.ndarray | None:
    if isinstance(answer, dict) and all(d in answer for d in docs):
        return np.array([float(answer[d]) for d in docs])
    if isinstance(answer, list) and sorted(map(str, answer)) == sorted(docs):
        place = {d: i for i, d in enumerate(answer)}
        return np.array([float(len(docs) - place[d]) for d in docs])
    return None


def agreement_rows(group: QuestionGroup, answers: pd.DataFrame,
                   options: ResultsOptions) -> list[dict[str, Any]]:
    """Every agreement statistic that fits the group's kind, one row each."""
    if answers.empty:
        return []
    rd = reliability_data(group, answers)
    n_raters = len(rd.raters)
    rows: list[dict[str, Any]] = []

    def add(statistic: str, value: float, *, level: str = "", ci: tuple[float, float] = (
            math.nan, math.nan), n_items: int | None = None, raters: int | None = None,
            interpretation: str = "", note: str = "") -> None:
        rows.append({"question_id": group.question_id, "statistic": statistic, "level": level,
                     "value": value, "ci_low": ci[0], "ci_high": ci[1],
                     "n_items": rd.n_items if n_items is None else n_items,
                     "n_raters": n_raters if raters is None else raters,
                     "interpretation": interpretation, "note": note})

    alpha, low, high = alpha_with_ci(rd, group.level, options, salt=group.question_id)
    add("krippendorff_alpha", alpha, level=group.level, ci=(low, high),
        interpretation=alpha_band(alpha), note=f"units: {_unit_name(group.kind)}")
    if group.kind in ("choice", "relevance"):
        kappa, used, per_unit = fleiss(rd)
        add("fleiss_kappa", kappa, level="nominal", n_items=len(set(rd.unit_items[
            (~np.isnan(rd.data)).sum(axis=0) == per_unit])) if used else 0,
            interpretation=fleiss_band(kappa),
            note=f"{used} units rated by {per_unit} raters each" if used else "no shared units")
    if group.kind == "choice":
        kappa, share, pairs = pairwise_choice(answers)
        add("mean_pairwise_cohen_kappa", kappa, level="nominal", note=f"{pairs} rater pairs")
        add("mean_percent_agreement", share, note=f"{pairs} rater pairs")
    if group.kind == "rating":
        value, pairs = pairwise_spearman(answers)
        add("mean_pairwise_spearman", value, level="ordinal", note=f"{pairs} rater pairs")
    if group.kind == "clustering":
        value, pairs = pairwise_ari(group, answers)
        add("mean_pairwise_ari", value, note=f"{pairs} rater pairs x items")
    if group.kind in ("relevance", "ranking"):
        stats = per_query_agreement(group, answers)
        n = int(stats["n_comparisons"])
        add("mean_query_spearman", stats["mean_spearman"], level="ordinal",
            note=f"{n} rater pairs x queries; std {stats['spearman_std']:.3f}")
        add("mean_query_kendall_tau", stats["mean_kendall_tau"], level="ordinal")
        add("mean_query_binary_kappa", stats["mean_binary_kappa"], level="nominal",
            note="relevant = grade > 0")
    return rows


def _unit_name(kind: str) -> str:
    return {"relevance": "item x document", "ranking": "item x document",
            "clustering": "item x card pair"}.get(kind, "item")
