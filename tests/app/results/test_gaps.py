"""Human vs model inference (app/results/paired_tests.py, gaps.py) against scipy and
statsmodels computed here on small data: point estimates exactly, CI bounds and p within
Monte Carlo error; the exact permutation test to the bit."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy.stats import bootstrap, permutation_test, spearmanr
from statsmodels.stats.multitest import multipletests

from app.results.bootstrap import boot_mean, boot_spearman, percentile_interval, resample_counts
from app.results.gaps import method_text
from app.results.human_range import leave_one_out, spearman_or_nan
from app.results.intervals import party_draws
from app.results.paired_tests import bootstrap_p, difference_interval, holm, permutation_p

RNG = np.random.default_rng(7)


def _mean_diff(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(x, axis=axis) - np.mean(y, axis=axis)


def test_difference_interval_of_means_matches_scipy_paired_bootstrap() -> None:
    human = (RNG.random(40) < 0.8).astype(float)
    model = (RNG.random(40) < 0.6).astype(float)
    counts = resample_counts(40, 4000, "ci-test").astype(float)
    low, high = difference_interval(boot_mean(human, None, counts), boot_mean(model, None, counts))
    ref = bootstrap((human, model), _mean_diff, paired=True, vectorized=True, n_resamples=4000,
                    method="percentile", confidence_level=0.95, random_state=1).confidence_interval
    # Two independent 4000-draw bootstraps differ by Monte Carlo error only: the difference of
    # two accuracies on 40 items moves in steps of 1/40, so a bound may sit one step over,
    # plus well under 0.01 of sampling error.
    assert low == pytest.approx(ref.low, abs=1 / 40 + 0.01)
    assert high == pytest.approx(ref.high, abs=1 / 40 + 0.01)


def test_difference_interval_of_spearman_matches_scipy_paired_bootstrap() -> None:
    gold = RNG.integers(0, 6, 30).astype(float)
    human = gold + RNG.normal(0, 0.8, 30)
    model = gold + RNG.normal(0, 1.6, 30)
    counts = resample_counts(30, 1000, "sts").astype(float)
    low, high = difference_interval(boot_spearman(human, gold, counts),
                                    boot_spearman(model, gold, counts))

    def stat(h: np.ndarray, m: np.ndarray, g: np.ndarray) -> float:
        return float(spearmanr(h, g).statistic - spearmanr(m, g).statistic)

    ref = bootstrap((human, model, gold), stat, paired=True, vectorized=False, n_resamples=1000,
                    method="percentile", random_state=2).confidence_interval
    assert low == pytest.approx(ref.low, abs=0.04)  # 1000 draws a side: MC error ~0.01
    assert high == pytest.approx(ref.high, abs=0.04)


def _exact_sign_flip_p(x: np.ndarray, y: np.ndarray) -> float:
    """The paired permutation p written out: every way of swapping the two scores of items."""
    d = x - y
    observed = abs(d.mean())
    flips = [abs((d * np.array(signs)).mean()) >= observed - 1e-12
             for signs in itertools.product([1, -1], repeat=len(d))]
    return float(np.mean(flips))


def test_permutation_p_is_the_exact_paired_test_on_few_items() -> None:
    x = np.array([1, 1, 0, 1, 1, 1, 0, 1], dtype=float)
    y = np.array([0, 1, 0, 0, 0, 1, 1, 0], dtype=float)
    # 2^8 = 256 arrangements < 1000 resamples: scipy runs the exact test.
    assert permutation_p(x, y, 1000, "s") == pytest.approx(_exact_sign_flip_p(x, y), abs=1e-12)


def test_permutation_p_matches_scipy_within_monte_carlo_error() -> None:
    x = RNG.random(60)
    y = x - 0.08 + RNG.normal(0, 0.3, 60)
    mine = permutation_p(x, y, 4000, "a")
    ref = permutation_test((x, y), _mean_diff, permutation_type="samples", vectorized=True,
                           n_resamples=4000, random_state=3).pvalue
    assert 0 < mine <= 1
    assert mine == pytest.approx(ref, abs=0.03)  # SE of a p near 0.1 at 4000 draws: ~0.005


def test_permutation_p_uses_items_both_sides_have_and_respects_zero_resamples() -> None:
    x = np.array([1, 0, np.nan, 1, 1, 0, 1, 1])
    y = np.array([0, 0, 1, np.nan, 0, 1, 0, 0])
    both = ~(np.isnan(x) | np.isnan(y))
    assert permutation_p(x, y, 1000, "s") == pytest.approx(_exact_sign_flip_p(x[both], y[both]))
    assert math.isnan(permutation_p(x, y, 0, "s"))
    assert permutation_p(x, x, 100, "s") == 1.0


def test_bootstrap_p_counts_both_tails() -> None:
    diff = np.array([-0.1, 0.2, 0.3, 0.4, 0.5, 0.1, 0.2, 0.3, 0.05, 0.2])
    # one of ten resampled differences at or below 0: 2 * (1 + 1) / 11
    assert bootstrap_p(diff, np.zeros(10)) == pytest.approx(4 / 11)
    assert bootstrap_p(np.zeros(10), np.zeros(10)) == 1.0


def test_holm_is_statsmodels_over_the_defined_p_values() -> None:
    p = [0.01, math.nan, 0.04, 0.03]
    expected = multipletests([0.01, 0.04, 0.03], method="holm")[1]
    out = holm(p)
    assert math.isnan(out[1])
    assert [out[0], out[2], out[3]] == pytest.approx(list(expected), abs=0)
    # Random families with ties and p near 1 (few: statsmodels collects garbage on every call).
    for size in (2, 5, 9):
        for _ in range(1):
            family = list(np.round(RNG.random(size), 1))
            assert holm(family) == list(multipletests(family, method="holm")[1])


def test_method_says_which_test() -> None:
    assert "sign-flip permutation" in method_text(100, True)
    assert "bootstrap distribution" in method_text(100, False)
    assert "no interval" in method_text(0, True)


def test_leave_one_out_ceiling_is_scipy_spearman_with_the_others_mean() -> None:
    ratings = {"A": np.array([1, 2, 3, 4, 5, np.nan]), "B": np.array([2, 2, 3, 5, 4, 1.0]),
               "C": np.array([1, 3, 2, 4, 5, 2.0])}
    out = leave_one_out(ratings)
    others = np.nanmean(np.vstack([ratings["B"], ratings["C"]]), axis=0)
    assert out["A"] == spearmanr(ratings["A"][:5], others[:5]).statistic
    others = np.nanmean(np.vstack([ratings["A"], ratings["C"]]), axis=0)
    assert out["B"] == spearmanr(ratings["B"], others).statistic
    assert math.isnan(spearman_or_nan(np.array([1.0, 1.0, 1.0]), np.array([1.0, 2.0, 3.0])))
    assert leave_one_out({"A": ratings["A"]}) == {}


def test_rater_resampling_is_scipy_bootstrap_of_the_rater_mean() -> None:
    # Raters whose statistic is the same on every item resample: only the draw of raters
    # moves the mean, so the interval is scipy's bootstrap of the mean over raters.
    scores = np.array([0.5, 0.62, 0.9, 0.71, 0.8, 0.55, 0.67])
    boot = np.repeat(scores[:, None], 4000, axis=1)
    low, high = percentile_interval(party_draws(boot, scores, "raters+items", "raters"))
    ref = bootstrap((scores,), np.mean, vectorized=True, n_resamples=4000, method="percentile",
                    random_state=4).confidence_interval
    assert low == pytest.approx(ref.low, abs=0.015)
    assert high == pytest.approx(ref.high, abs=0.015)


@pytest.mark.parametrize("text", ["str", "string[pyarrow]", object])
def test_score_lookup_reads_the_rows_as_iterating_them_does(text: object) -> None:
    """score_lookup takes each column as a list (iterating an Arrow text column is slow): the
    same keys and values as zipping the columns themselves, missing text and NaN included."""
    import types

    import pandas as pd

    from app.results.gaps import _KEY, score_lookup

    n = 40
    rows = pd.DataFrame({
        "question_id": [f"q{i % 3}" for i in range(n)], "who_kind": ["human", "model"] * (n // 2),
        "who": [f"R{i}" for i in range(n)],
        "category": [None if i % 7 == 0 else "kind" for i in range(n)],
        "category_value": [math.nan if i % 5 == 0 else f"v{i % 4}" for i in range(n)],
        "metric": ["accuracy"] * n, "value": [math.nan if i % 6 == 0 else i / 7 for i in range(n)],
        "n_raters": list(range(n)),
    })
    for column in _KEY:
        rows[column] = rows[column].astype(text)  # type: ignore[call-overload]
    want = {tuple(str(k) for k in key): (float(v), float(m)) for *key, v, m in zip(
        *(rows[c] for c in _KEY), rows["value"], rows["n_raters"], strict=True)}
    got = score_lookup(types.SimpleNamespace(scores=rows))  # type: ignore[arg-type]
    assert list(got) == list(want)
    for key, (value, raters) in want.items():
        assert got[key][1] == raters and (got[key][0] == value
                                          or (math.isnan(value) and math.isnan(got[key][0])))
