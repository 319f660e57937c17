"""The vectorised agreement statistics against the straightforward computations they replaced
(kept here as references): Krippendorff's alpha bootstrap, value counts, resample counts and
pairwise Cohen's kappa, on small random data with missing values and ties."""

from __future__ import annotations

import math
import warnings
from itertools import combinations

import krippendorff
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score

from app.results.agreement import _alpha, alpha_with_ci, pairwise_choice
from app.results.alpha_bootstrap import (
    alpha_resamples,
    alpha_two_way,
    item_coincidences,
    rater_tables,
)
from app.results.bootstrap import resample_counts, seed_number
from app.results.options import ResultsOptions
from app.results.reliability import ReliabilityData

LEVELS = ["nominal", "ordinal", "interval", "ratio"]


def random_reliability(seed: int, raters: int = 6, items: int = 25, units_per_item: int = 2,
                       values: int = 4, missing: float = 0.3) -> ReliabilityData:
    rng = np.random.default_rng(seed)
    n_units = items * units_per_item
    truth = rng.integers(0, values, size=n_units)
    data = np.where(rng.random((raters, n_units)) < 0.6, truth,
                    rng.integers(0, values, size=(raters, n_units))).astype(float)
    data[rng.random(data.shape) < missing] = np.nan
    data[:, 0] = np.nan  # a unit nobody rated
    data[1:, 1] = np.nan  # a unit with one value: not pairable
    domain = np.unique(data[~np.isnan(data)]) + 1.0  # 1..values: ratio distances defined
    data = data + 1.0
    unit_items = np.array([f"i{u // units_per_item:03d}" for u in range(n_units)], dtype=object)
    return ReliabilityData([f"R{r}" for r in range(raters)], [f"u{u}" for u in range(n_units)],
                           unit_items, data, domain)


def reference_value_counts(rd: ReliabilityData) -> np.ndarray:
    counts = np.zeros((len(rd.unit_ids), len(rd.domain)), dtype=float)
    index = {v: i for i, v in enumerate(rd.domain)}
    for r, u in zip(*np.nonzero(~np.isnan(rd.data)), strict=True):
        counts[u, index[rd.data[r, u]]] += 1
    return counts


def reference_resample_counts(n_items: int, n_boot: int, seed: int | str) -> np.ndarray:
    rng = np.random.default_rng(seed_number(seed))
    draws = rng.integers(0, n_items, size=(n_boot, n_items))
    counts = np.zeros((n_boot, n_items), dtype=np.int64)
    np.add.at(counts, (np.arange(n_boot)[:, None], draws), 1)
    return counts


def reference_alpha_resamples(rd: ReliabilityData, level: str, draws: np.ndarray) -> np.ndarray:
    """The old loop: each resample written out unit by unit and handed to krippendorff."""
    counts = reference_value_counts(rd)
    items = sorted(set(rd.unit_items))
    units_of = {item: np.flatnonzero(rd.unit_items == item) for item in items}
    stats = np.full(len(draws), np.nan)
    for b, multiplicity in enumerate(draws):
        idx = np.concatenate([np.repeat(units_of[items[i]], m)
                              for i, m in enumerate(multiplicity) if m])
        stats[b] = _alpha(counts[idx], rd.domain, level)  # type: ignore[arg-type]
    return stats


def test_value_counts_and_resample_counts_equal_the_loops() -> None:
    for seed in range(4):
        rd = random_reliability(seed)
        assert (rd.value_counts() == reference_value_counts(rd)).all()
        assert (resample_counts(37, 50, f"x{seed}") ==
                reference_resample_counts(37, 50, f"x{seed}")).all()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_alpha_of_every_resample_equals_krippendorff_on_the_written_out_resample(
        level: str, seed: int) -> None:
    rd = random_reliability(seed, units_per_item=1 + seed % 2, values=3 + seed)
    items = sorted(set(rd.unit_items))
    index = {item: i for i, item in enumerate(items)}
    counts = rd.value_counts()
    draws = resample_counts(len(items), 60, seed)
    # Resamples of a few items: some have a single value (alpha undefined, NaN).
    draws[:5] = 0
    draws[:5, :2] = 1
    expected = reference_alpha_resamples(rd, level, draws)
    for dense_limit in (10**9, 0):  # the dense product and the sparse one
        import app.results.alpha_bootstrap as module
        saved, module.DENSE_LIMIT = module.DENSE_LIMIT, dense_limit
        try:
            shares, totals = item_coincidences(counts, np.array([index[u] for u in rd.unit_items]),
                                               len(items))
            got = alpha_resamples(shares, totals, rd.domain, level, draws)  # type: ignore[arg-type]
        finally:
            module.DENSE_LIMIT = saved
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)
        assert np.isnan(got).tolist() == np.isnan(expected).tolist()


def test_alpha_interval_is_seeded_contains_the_estimate_and_narrows_with_more_items() -> None:
    options = ResultsOptions(n_boot=300, seed=5)
    small = random_reliability(3, items=20, missing=0.1)
    large = random_reliability(3, items=400, missing=0.1)
    value, low, high = alpha_with_ci(small, "nominal", options, salt="q")
    assert (value, low, high) == alpha_with_ci(small, "nominal", options, salt="q")
    assert low <= value <= high
    big_value, big_low, big_high = alpha_with_ci(large, "nominal", options, salt="q")
    assert big_low <= big_value <= big_high
    assert big_high - big_low < (high - low) / 2


def reference_pairwise_choice(answers: pd.DataFrame) -> tuple[float, float, int]:
    by_rater = {str(p): rows.set_index("item_id")["answer"]
                for p, rows in answers.groupby("participant", sort=True)}
    kappas, shares = [], []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for a, b in combinations(sorted(by_rater), 2):
            common = by_rater[a].index.intersection(by_rater[b].index)
            if len(common):
                x = by_rater[a].loc[common].astype(str)
                y = by_rater[b].loc[common].astype(str)
                kappas.append(float(cohen_kappa_score(x, y)))
                shares.append(float((x.to_numpy() == y.to_numpy()).mean()))
    finite = [k for k in kappas if math.isfinite(k)]
    return (float(np.mean(finite)) if finite else math.nan,
            float(np.mean(shares)) if shares else math.nan, len(shares))


@pytest.mark.parametrize("seed", range(6))
def test_pairwise_choice_equals_sklearn_pair_by_pair(seed: int) -> None:
    rng = np.random.default_rng(seed)
    rows = []
    for r in range(2 + seed):
        for i in range(12):
            if rng.random() < 0.35:
                continue  # not answered
            # Rater 0 always answers "a" (a constant rater: kappa undefined with some pairs).
            answer = "a" if r == 0 and seed % 2 else str(rng.choice(["a", "b", "c", "d"][:2 + seed % 3]))
            rows.append({"participant": f"P{r}", "item_id": f"i{i}", "answer": answer})
    rows.append({"participant": "Z", "item_id": "only-mine", "answer": "a"})  # shares no item
    answers = pd.DataFrame(rows)
    got = pairwise_choice(answers)
    expected = reference_pairwise_choice(answers)
    # sklearn's formula over all pairs at once (app/results/pairwise.py): the expected
    # disagreement is summed as (n^2 - sum rows * cols) / n, equal to sklearn's sum of the
    # off-diagonal cells within rounding (the old per-pair loop was equal to the bit).
    np.testing.assert_allclose(np.array(got), np.array(expected), rtol=1e-12, equal_nan=True)


def test_krippendorff_package_agrees_with_the_reference_counts() -> None:
    rd = random_reliability(9)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        direct = krippendorff.alpha(reliability_data=rd.data, level_of_measurement="nominal")
    assert _alpha(rd.value_counts(), rd.domain, "nominal") == pytest.approx(direct, rel=1e-12)


@pytest.mark.parametrize("level", LEVELS)
def test_two_way_alpha_with_every_rater_drawn_once_is_the_items_bootstrap(level: str) -> None:
    rd = random_reliability(7)
    items = sorted(set(rd.unit_items))
    unit_item = np.array([items.index(u) for u in rd.unit_items])
    draws = resample_counts(len(items), 40, "two-way")
    shares, totals = item_coincidences(rd.value_counts(), unit_item, len(items))
    expected = alpha_resamples(shares, totals, rd.domain, level, draws)  # type: ignore[arg-type]
    counts_of, present = rater_tables(rd.data, rd.domain)
    got = alpha_two_way(counts_of, present, unit_item, rd.domain, level,  # type: ignore[arg-type]
                        np.ones((len(draws), len(rd.raters))), draws)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


def test_two_way_alpha_of_raters_left_out_is_krippendorff_without_them() -> None:
    rd = random_reliability(8, missing=0.1)
    weights = np.array([[1.0, 0.0, 1.0, 1.0, 0.0, 1.0]])
    kept = rd.data[weights[0] > 0]
    counts_of, present = rater_tables(rd.data, rd.domain)
    n_units = len(rd.unit_ids)
    got = alpha_two_way(counts_of, present, np.arange(n_units), rd.domain, "nominal",
                        weights, np.ones((1, n_units)))
    assert got[0] == pytest.approx(krippendorff.alpha(reliability_data=kept,
                                                      level_of_measurement="nominal"),
                                   rel=1e-12)


def test_a_rater_drawn_twice_is_not_paired_with_itself() -> None:
    # Copies of one rater agree by construction: pairing them would lift alpha towards 1.
    rd = random_reliability(9, raters=4, missing=0.0)
    counts_of, present = rater_tables(rd.data, rd.domain)
    n_units = len(rd.unit_ids)
    twice = alpha_two_way(counts_of, present, np.arange(n_units), rd.domain, "nominal",
                          np.array([[2.0, 1.0, 1.0, 0.0]]), np.ones((1, n_units)))[0]
    without = krippendorff.alpha(reliability_data=rd.data[:3], level_of_measurement="nominal")
    self_paired = krippendorff.alpha(reliability_data=rd.data[[0, 0, 1, 2]],
                                     level_of_measurement="nominal")
    assert abs(twice - without) < abs(twice - self_paired)
    assert twice < self_paired


def test_alpha_interval_draws_raters_by_default_and_needs_three() -> None:
    rd = random_reliability(10, raters=6, items=40, missing=0.1)
    _, low, high = alpha_with_ci(rd, "nominal", ResultsOptions(n_boot=200, seed=1), salt="q")
    _, i_low, i_high = alpha_with_ci(rd, "nominal", ResultsOptions(n_boot=200, seed=1,
                                                                    interval="items"), salt="q")
    assert math.isfinite(low) and math.isfinite(i_low)
    assert (low, high) != (i_low, i_high)
    assert high - low > i_high - i_low  # the raters' variation is in the default interval
    two = ReliabilityData(rd.raters[:2], rd.unit_ids, rd.unit_items, rd.data[:2], rd.domain)
    assert all(math.isnan(x) for x in alpha_with_ci(two, "nominal", ResultsOptions(n_boot=50),
                                                    salt="q")[1:])
    assert math.isfinite(alpha_with_ci(two, "nominal", ResultsOptions(n_boot=50,
                                                                      interval="items"))[1])
