"""The pairwise agreement statistics, all pairs at once (app/results/pairwise.py), against the
per-pair implementation they replaced (kept here as the reference) and against scipy and
scikit-learn called pair by pair; and their time at 1,000 raters."""

from __future__ import annotations

import math
import time
import warnings
from dataclasses import replace
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy.stats import kendalltau, spearmanr
from sklearn.metrics import adjusted_rand_score, cohen_kappa_score

from app.results.agreement import (
    pairwise_ari,
    pairwise_choice,
    pairwise_spearman,
    per_query_agreement,
)
from app.results.disputes import _dispute
from app.results.pairwise import (
    ari_rows,
    binary_kappa_rows,
    kendall_rows,
    masked_spearman,
    spearman_rows,
)
from app.results.units import QuestionGroup, question_groups
from app.study.answers import item_document_ids
from app.study.loader import load_study
from tests.conftest import REPO

REL = 1e-12


# --- the replaced per-pair implementation (the reference) --------------------------------

def rater_pairs(answers: pd.DataFrame) -> Any:
    by_rater = {str(p): rows.set_index("item_id")["answer"]
                for p, rows in answers.groupby("participant", sort=True)}
    for a, b in combinations(sorted(by_rater), 2):
        common = by_rater[a].index.intersection(by_rater[b].index)
        if len(common):
            yield a, b, pd.DataFrame({"item_id": common, "a": by_rater[a].loc[common].to_numpy(),
                                      "b": by_rater[b].loc[common].to_numpy()})


def finite_mean(values: list[float]) -> float:
    finite = [v for v in values if math.isfinite(v)]
    return float(np.mean(finite)) if finite else math.nan


def reference_spearman(answers: pd.DataFrame) -> tuple[float, int]:
    values = []
    for _, _, common in rater_pairs(answers):
        a, b = common["a"].astype(float).to_numpy(), common["b"].astype(float).to_numpy()
        keep = ~(np.isnan(a) | np.isnan(b))
        if keep.sum() > 1 and np.ptp(a[keep]) > 0 and np.ptp(b[keep]) > 0:
            values.append(float(spearmanr(a[keep], b[keep]).statistic))
    return finite_mean(values), len(values)


def reference_choice(answers: pd.DataFrame) -> tuple[float, float, int]:
    kappas, shares = [], []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _, _, common in rater_pairs(answers):
            kappas.append(float(cohen_kappa_score(common["a"], common["b"])))
            shares.append(float((common["a"] == common["b"]).mean()))
    return finite_mean(kappas), finite_mean(shares), len(shares)


def ratings(n_raters: int, n_items: int, seed: int, *, share: float = 0.7,
            levels: int = 5) -> pd.DataFrame:
    """Sparse ratings with ties, constant raters and an N/A (NaN) now and then."""
    rng = np.random.default_rng(seed)
    rows = []
    for r in range(n_raters):
        constant = r % 7 == 3
        for i in range(n_items):
            if rng.random() < share:
                value = 2.0 if constant else float(rng.integers(0, levels))
                if rng.random() < 0.05:
                    value = math.nan
                rows.append((f"R{r:03d}", f"i{i}", value))
    return pd.DataFrame(rows, columns=["participant", "item_id", "answer"])


@pytest.mark.parametrize("seed", range(6))
def test_pairwise_spearman_equals_the_per_pair_reference(seed: int) -> None:
    answers = ratings(14, 12, seed, share=0.4 + 0.1 * seed)
    value, pairs = pairwise_spearman(answers)
    expected, expected_pairs = reference_spearman(answers)
    assert pairs == expected_pairs
    assert value == pytest.approx(expected, rel=REL, nan_ok=True)


def test_pairwise_spearman_dense_block_and_mixed() -> None:
    # Everyone on every item (one block, one product), then one rater short of an item.
    dense = ratings(9, 8, 11, share=1.1, levels=50)
    assert pairwise_spearman(dense) == pytest.approx(reference_spearman(dense), rel=REL)
    mixed = dense[~((dense["participant"] == "R004") & (dense["item_id"] == "i2"))]
    assert pairwise_spearman(mixed) == pytest.approx(reference_spearman(mixed), rel=REL)


def test_masked_spearman_pair_by_pair_with_scipy() -> None:
    matrix = ratings(8, 10, 5, share=0.6).pivot(index="participant", columns="item_id",
                                                values="answer").to_numpy(dtype=float)
    got = masked_spearman(matrix)
    want = []
    for a, b in combinations(range(len(matrix)), 2):
        keep = ~(np.isnan(matrix[a]) | np.isnan(matrix[b]))
        x, y = matrix[a][keep], matrix[b][keep]
        if keep.sum() > 1 and np.ptp(x) > 0 and np.ptp(y) > 0:
            want.append(spearmanr(x, y).statistic)
    np.testing.assert_allclose(got, want, rtol=REL)


@pytest.mark.parametrize("seed", range(4))
def test_pairwise_choice_equals_sklearn_pair_by_pair(seed: int) -> None:
    rng = np.random.default_rng(seed)
    rows = [(f"R{r}", f"i{i}", "ABCD"[int(rng.integers(0, 2 + seed % 3))])
            for r in range(12) for i in range(15) if rng.random() < 0.6]
    rows += [("Rsame1", "i0", "A"), ("Rsame2", "i0", "A"), ("Ralone", "i99", "B")]
    answers = pd.DataFrame(rows, columns=["participant", "item_id", "answer"])
    kappa, share, pairs = pairwise_choice(answers)
    want_kappa, want_share, want_pairs = reference_choice(answers)
    assert pairs == want_pairs
    assert kappa == pytest.approx(want_kappa, rel=REL)
    assert share == pytest.approx(want_share, rel=REL)


def test_remembered_pairwise_means_are_the_computed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The export's second ask for the same means (the MTEB files) is answered from memory:
    the same numbers as computing them, on the first ask, the second, and past the size up to
    which they are remembered; other answers are not confused with them."""
    from app.results import agreement

    rng = np.random.default_rng(5)
    rows = [(f"R{r}", f"i{i}") for r in range(30) for i in range(12) if rng.random() < 0.7]
    chosen = pd.DataFrame(rows, columns=["participant", "item_id"]).assign(
        answer=np.array(list("ABC"))[rng.integers(0, 3, len(rows))])
    rated = chosen.assign(answer=rng.integers(0, 5, len(rows)).astype(float))
    other = chosen.assign(answer=np.where(rng.random(len(rows)) < 0.5, "A", chosen["answer"]))
    results = {}
    for limit in (agreement._REMEMBERED_ANSWERS, 0):
        monkeypatch.setattr(agreement, "_REMEMBERED_ANSWERS", limit)
        agreement._remembered_choice_means.cache_clear()
        agreement._remembered_spearman_mean.cache_clear()
        for _ in range(2):
            for name, answers in (("chosen", chosen), ("other", other)):
                got = pairwise_choice(answers)
                assert results.setdefault(name, got) == got
            got_rated = pairwise_spearman(rated)
            assert results.setdefault("rated", got_rated) == got_rated
        if limit:  # the second ask of each was answered from memory
            assert agreement._remembered_choice_means.cache_info().hits == 2
            assert agreement._remembered_spearman_mean.cache_info().hits == 1
    assert results["chosen"] != results["other"]
    assert agreement._remembered_choice_means.cache_info().hits == 0  # (the limit 0 pass)
    want = reference_choice(chosen)
    assert results["chosen"][2] == want[2]
    assert results["chosen"][0] == pytest.approx(want[0], rel=REL)


def test_row_statistics_pair_by_pair_with_scipy_and_sklearn() -> None:
    rng = np.random.default_rng(3)
    grades = rng.integers(0, 3, size=(9, 6)).astype(float)
    grades[4] = 1.0  # a constant row: NaN, as the libraries give
    labels = rng.integers(0, 3, size=(9, 6))
    labels[2] = labels[5]  # identical groupings: 1.0
    pairs = list(combinations(range(9), 2))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spear = [spearmanr(grades[a], grades[b]).statistic for a, b in pairs]
        kend = [kendalltau(grades[a], grades[b]).statistic for a, b in pairs]
        kappa = [cohen_kappa_score(grades[a] > 0, grades[b] > 0) for a, b in pairs]
    ari = [adjusted_rand_score(labels[a], labels[b]) for a, b in pairs]
    np.testing.assert_allclose(spearman_rows(grades), spear, rtol=REL, equal_nan=True)
    np.testing.assert_allclose(kendall_rows(grades), kend, rtol=REL, equal_nan=True)
    np.testing.assert_allclose(binary_kappa_rows(grades > 0), kappa, rtol=REL, equal_nan=True)
    np.testing.assert_array_equal(ari_rows(labels.astype(str).astype(object)), ari)


def hume_groups() -> dict[str, QuestionGroup]:
    """The real question groups of the bundled HUME demo, by kind."""
    loaded = load_study(REPO / "studies" / "hume-demo")
    return {g.kind: g for g in question_groups(loaded.study)}


def test_per_query_ari_and_disputes_equal_the_per_pair_reference() -> None:
    groups = hume_groups()
    relevance_group, clustering_group = groups["relevance"], groups["clustering"]
    rng = np.random.default_rng(8)
    relevance, clusters, rankings = [], [], []
    for r in range(10):
        for item in relevance_group.items.values():
            if rng.random() < 0.8:
                ds = item_document_ids(item)
                relevance.append((f"R{r}", item.id, {d: int(rng.integers(0, 3)) for d in ds}))
                rankings.append((f"R{r}", item.id, [str(d) for d in rng.permutation(ds)]))
        for item in clustering_group.items.values():
            if rng.random() < 0.8:
                ds = item_document_ids(item)
                clusters.append((f"R{r}", item.id, {d: f"g{rng.integers(0, 3)}" for d in ds}))
    columns = ["participant", "item_id", "answer"]
    rel = pd.DataFrame(relevance, columns=columns)
    got = per_query_agreement(relevance_group, rel)
    spear, kend, kappa = [], [], []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _, _, common in rater_pairs(rel):
            for item_id, a, b in zip(common["item_id"], common["a"], common["b"], strict=True):
                ds = item_document_ids(relevance_group.items[item_id])
                va, vb = np.array([float(a[d]) for d in ds]), np.array([float(b[d]) for d in ds])
                spear.append(float(spearmanr(va, vb).statistic))
                kend.append(float(kendalltau(va, vb).statistic))
                kappa.append(float(cohen_kappa_score(va > 0, vb > 0)))
    finite = [s for s in spear if math.isfinite(s)]
    assert got["mean_spearman"] == pytest.approx(finite_mean(spear), rel=REL)
    assert got["mean_kendall_tau"] == pytest.approx(finite_mean(kend), rel=REL)
    assert got["mean_binary_kappa"] == pytest.approx(finite_mean(kappa), rel=REL)
    assert got["spearman_std"] == pytest.approx(float(np.std(finite)), rel=1e-9)
    assert got["n_comparisons"] == len(finite)

    clu = pd.DataFrame(clusters, columns=columns)
    value, n = pairwise_ari(clustering_group, clu)
    aris = [adjusted_rand_score(*[[str(x[d]) for d in
                                   item_document_ids(clustering_group.items[i])] for x in (a, b)])
            for _, _, common in rater_pairs(clu)
            for i, a, b in zip(common["item_id"], common["a"], common["b"], strict=True)]
    assert (value, n) == (pytest.approx(float(np.mean(aris)), rel=REL), len(aris))

    for item_id, item in clustering_group.items.items():
        ds = item_document_ids(item)
        given = [a for _, i, a in clusters if i == item_id]
        want = 1 - np.mean([adjusted_rand_score([a[d] for d in ds], [b[d] for d in ds])
                            for a, b in combinations(given, 2)])
        assert _dispute(clustering_group, item_id, given) == pytest.approx(want, rel=REL)
    ranking_group = replace(relevance_group, kind="ranking")
    for item_id, item in relevance_group.items.items():
        ds = item_document_ids(item)
        ranked = [a for _, i, a in rankings if i == item_id]
        taus = [kendalltau([a.index(d) for d in ds], [b.index(d) for d in ds]).statistic
                for a, b in combinations(ranked, 2)]
        assert _dispute(ranking_group, item_id, ranked) == pytest.approx(
            (1 - np.nanmean(taus)) / 2, rel=REL)


def test_a_thousand_raters_take_seconds_not_minutes() -> None:
    # 1,000 raters x 50 items, everyone on everything: 499,500 pairs (the old per-pair code:
    # over ten minutes for the export). Generous bounds: the CI machine is shared.
    rng = np.random.default_rng(0)
    raters = np.repeat([f"R{r:04d}" for r in range(1000)], 50)
    items = np.tile([f"i{i}" for i in range(50)], 1000)
    rated = pd.DataFrame({"participant": raters, "item_id": items,
                          "answer": rng.integers(0, 6, size=50_000).astype(float)})
    start = time.perf_counter()
    _, pairs = pairwise_spearman(rated)
    assert pairs == 499_500
    chosen = rated.assign(answer=np.array(list("ABCD"))[rng.integers(0, 4, size=50_000)])
    _, _, pairs = pairwise_choice(chosen)
    assert pairs == 499_500
    assert time.perf_counter() - start < 30
