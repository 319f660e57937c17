"""The paired tests of a gap (app/results/paired_tests.py) stated on small hand-made data:
the sign-flip p exact up to 20 discordant items, Monte Carlo past them over the seeded
arrangements (counted as scipy counts, ties included), the same whatever the values' scale
and whichever pairs share the call; the bootstrap p and the difference's interval; Holm
capped at 1; a p within Monte Carlo error of alpha."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import permutation_test
from statsmodels.stats.multitest import multipletests

from app.resampling import seeded_rng
from app.results.paired_tests import (
    NO_TEST,
    PValue,
    SignFlip,
    bootstrap_p,
    bootstrap_p_value,
    difference_interval,
    holm,
    permutation_p,
    sign_flip_p_rows,
    within_mc_error,
)


def flip(diffs: list[float]) -> SignFlip:
    """A pair whose items differ by `diffs` (human 1 + d, model 1), each weighted 1: e = d."""
    d = np.asarray(diffs, dtype=float)
    ones = np.ones(len(d))
    return SignFlip.of(1 + d, ones / 2, ones, ones / 2)


def scipy_exact(diffs: list[float]) -> float:
    d = np.asarray(diffs, dtype=float)
    return float(permutation_test((d, np.zeros(len(d))),
                                  lambda a, b, axis=-1: np.sum(a - b, axis=axis),
                                  permutation_type="samples", vectorized=True,
                                  n_resamples=10 ** 7).pvalue)


def by_hand(e: np.ndarray, m: int, seed: str) -> float:
    """The Monte Carlo p read off its definition: m arrangements of the seeded stream, each
    side's count of sums at least as far out as the observed (ties included) plus one over
    m + 1, twice the smaller, at most 1."""
    signs = seeded_rng(seed).integers(0, 2, size=(m, len(e))) * 2 - 1
    sums, observed = signs @ e, e.sum()
    upper, lower = int(np.sum(sums >= observed)), int(np.sum(sums <= observed))
    return min(1.0, 2 * min(upper + 1, lower + 1) / (m + 1))


# --- exact -----------------------------------------------------------------------------------

def test_no_discordant_item_is_p_one_of_one_arrangement() -> None:
    x = np.array([1.0, 0.0, 1.0])
    w = np.full(3, 1 / 3)
    assert SignFlip.of(x, w, x, w).exact() == PValue(1.0, "exact", 0.0, 0, 1)
    assert sign_flip_p_rows([SignFlip.of(x, w, x, w)], 100, "s") == [
        PValue(1.0, "exact", 0.0, 0, 1)]


def test_one_discordant_item_is_two_arrangements() -> None:
    assert flip([0, 1, 0]).exact() == PValue(1.0, "exact", 0.0, 1, 2)


@pytest.mark.parametrize("diffs", [
    [-1, -1, -1, -1, 1, -1, 0],     # the model ahead: the lower side, ties at the observed
    [-2, -1, -1, 1, -3, -1, -2, 2],
    [1, 1, 1, -1, 1, 2, 1],          # the human ahead
    [1, -1, 1, -1],                  # no difference: both sides over half, p capped at 1
])
def test_the_exact_p_is_scipys_on_either_side_with_ties(diffs: list[float]) -> None:
    p = flip(diffs).exact()
    assert p.p == pytest.approx(scipy_exact(diffs), abs=1e-12)
    discordant = sum(1 for d in diffs if d)
    assert (p.n_discordant, p.n_arrangements) == (discordant, 2 ** discordant)
    assert p.p <= 1.0


def test_a_balanced_pair_is_p_one() -> None:
    assert flip([1, -1, 2, -2]).exact().p == 1.0


@pytest.mark.parametrize("discordant", [15, 20])
def test_up_to_twenty_discordant_items_are_enumerated(discordant: int) -> None:
    diffs = [1.0 if k % 3 else -1.0 for k in range(discordant)] + [0.0] * 5
    [p] = sign_flip_p_rows([flip(diffs)], 500, "e")
    assert p.method == "exact" and p.n_arrangements == 2 ** discordant
    assert p.n_discordant == discordant and p.mc_error == 0.0


def test_a_pair_without_a_difference_is_skipped_not_the_end_of_the_call() -> None:
    undefined = SignFlip(math.nan, np.zeros(3), 0)
    first, second = sign_flip_p_rows([undefined, flip([1, 1, 1, 0])], 100, "s")
    assert first == NO_TEST
    assert second.method == "exact" and second.p == 0.25


def test_the_observed_difference_leaves_out_an_items_missing_value() -> None:
    x = np.array([1.0, np.nan, 0.0, 1.0])
    y = np.array([0.0, 1.0, np.nan, 1.0])
    wx, wy = np.array([0.5, 0.0, 0.25, 0.25]), np.array([0.25, 0.25, 0.0, 0.5])
    test = SignFlip.of(x, wx, y, wy)
    assert test.observed == pytest.approx(0.5 + 0.25 - 0.25 - 0.5)
    assert test.discordant == 1


@pytest.mark.parametrize("scale", [1e-6, 1e6])
def test_the_p_does_not_depend_on_the_scale_of_the_values(scale: float) -> None:
    """Sums within rounding of the observed count as ties; "within rounding" grows with the
    values: a gap of millionths is tested as a gap of units."""
    exact = [1.0, 1.0, -1.0, 1.0, 1.0, 1.0, -1.0, 1.0, 1.0]
    assert flip([d * scale for d in exact]).exact().p == pytest.approx(
        flip(exact).exact().p, rel=1e-12)
    sampled = [1.0 if k % 4 else -1.0 for k in range(30)]
    assert sign_flip_p_rows([flip([d * scale for d in sampled])], 300, "m")[0].p == (
        sign_flip_p_rows([flip(sampled)], 300, "m")[0].p)


# --- Monte Carlo -----------------------------------------------------------------------------

@pytest.mark.parametrize("diffs", [
    [1.0] * 25,                                      # every value 1: the observed is the top
    [1.0] * 14 + [-1.0] * 12,                        # ties at the observed are common
    [-1.0] * 14 + [1.0] * 11 + [2.0],                # the lower side
    [-1.0] * 22 + [1.0] * 3,                         # far on the lower side
    [0.5, -0.25, 1.0, 0.75, -1.0] * 5,
])
def test_the_monte_carlo_p_is_its_definition_over_the_seeded_arrangements(
        diffs: list[float]) -> None:
    """250 arrangements: two full chunks of 100 and a part one."""
    [p] = sign_flip_p_rows([flip(diffs)], 250, "0:q:all")
    assert p.method == "monte carlo" and p.n_arrangements == 250
    assert p.n_discordant == len(diffs)
    assert p.p == by_hand(np.array(diffs), 250, "0:q:all")
    assert p.mc_error == pytest.approx(math.sqrt(p.p * (1 - p.p) / 250))


def test_a_balanced_pair_past_the_exact_limit_is_p_one() -> None:
    [p] = sign_flip_p_rows([flip([1.0, -1.0] * 11)], 200, "b")
    assert p.p == 1.0 and p.method == "monte carlo"


def test_the_seed_chooses_the_arrangements() -> None:
    diffs = [1.0] * 14 + [-1.0] * 12
    ps = {seed: sign_flip_p_rows([flip(diffs)], 200, seed)[0].p for seed in ("a", "b", "c")}
    assert ps == {seed: by_hand(np.array(diffs), 200, seed) for seed in ps}
    assert len(set(ps.values())) > 1


def test_pairs_sharing_a_call_get_each_the_p_it_gets_alone() -> None:
    """Two pairs discordant on every item (so the call draws for the same items), one a
    millionth of a millionth of the other's scale: the counts, the observed sums and the
    tolerances are each pair's own."""
    a = [1.0] * 14 + [-1.0] * 12
    b = [-1e-12 * v for v in [1.0, 1.0, -1.0] * 8 + [1.0, -1.0]]
    together = sign_flip_p_rows([flip(a), flip(b)], 300, "s")
    alone = [sign_flip_p_rows([flip(d)], 300, "s")[0] for d in (a, b)]
    assert together == alone
    assert together[0].p != together[1].p


def test_past_the_exact_limit_no_resamples_is_no_test_and_one_is_a_test() -> None:
    diffs = [1.0] * 25
    assert sign_flip_p_rows([flip(diffs)], 0, "s") == [NO_TEST]
    [one] = sign_flip_p_rows([flip(diffs)], 1, "s")
    assert one.method == "monte carlo" and one.n_arrangements == 1
    assert one.p == by_hand(np.array(diffs), 1, "s")


# --- permutation_p (plain means) -------------------------------------------------------------

def test_permutation_p_needs_two_items_both_sides_have() -> None:
    assert math.isnan(permutation_p(np.array([1.0, np.nan, 0.0]),
                                    np.array([0.0, 1.0, np.nan]), 100, "s"))
    two = permutation_p(np.array([1.0, 0.0, np.nan]), np.array([0.0, 0.0, 1.0]), 100, "s")
    assert two == pytest.approx(scipy_exact([1.0, 0.0]))  # 1.0: one discordant item
    assert permutation_p(np.array([1.0, 1.0]), np.array([0.0, 0.0]), 1, "s") == 0.5


def test_permutation_p_past_the_exact_limit_is_the_seeded_monte_carlo() -> None:
    rng = np.random.default_rng(4)
    x = rng.random(30)
    y = x + rng.normal(0, 0.4, 30)
    p = permutation_p(x, y, 400, "seed-a")
    w = np.full(30, 1 / 30)
    assert p == sign_flip_p_rows([SignFlip.of(x, w, y, w)], 400, "seed-a")[0].p
    assert p == by_hand(w * 2 * (x - y) / 2, 400, "seed-a")


# --- the bootstrap p and the difference's interval -------------------------------------------

def test_the_bootstrap_p_counts_each_side_of_zero() -> None:
    human = np.array([2.0, 3.0, 4.0, 0.0, np.nan, 5.0])
    model = np.array([1.0, 1.0, 1.0, 1.0, 1.0, np.inf])
    # finite differences 1, 2, 3, -1: one at or below 0, three at or above
    assert bootstrap_p(human, model) == pytest.approx(2 * (1 + 1) / (4 + 1))
    assert bootstrap_p(np.arange(1.0, 100.0), np.zeros(99)) == pytest.approx(2 / 100)
    assert bootstrap_p(np.array([0.0, 0.0, 1.0]), np.zeros(3)) == 1.0  # zeros on both sides
    assert bootstrap_p(np.array([1.0, 2.0]), np.zeros(2)) == pytest.approx(2 / 3)
    # a zero is on both sides, a difference below 1 above zero: 11 at or below, 4 at or above
    mostly_below = np.array([-1.0] * 9 + [0.0] * 2 + [0.5] * 2)
    assert bootstrap_p(mostly_below, np.zeros(13)) == pytest.approx(2 * (4 + 1) / (13 + 1))
    assert math.isnan(bootstrap_p(np.array([1.0, np.nan]), np.zeros(2)))


def test_the_bootstrap_p_value_carries_its_error_and_its_words() -> None:
    human = np.array([2.0, 3.0, 4.0, 0.0, np.nan])
    model = np.ones(5)
    p = bootstrap_p_value(human, model)
    assert (p.p, p.method, p.n_discordant, p.n_arrangements) == (0.8, "bootstrap", 0, 4)
    assert p.mc_error == pytest.approx(math.sqrt(0.8 * 0.2 / 4))
    assert p.text == "p from the bootstrap distribution of the difference"
    assert bootstrap_p_value(np.array([1.0]), np.array([0.0])) == NO_TEST


def test_the_difference_interval_is_the_percentile_of_the_shared_resamples() -> None:
    human = np.arange(101, dtype=float)
    model = np.full(101, 10.0)
    assert difference_interval(human, model, 0.9) == (pytest.approx(-5.0), pytest.approx(85.0))
    assert difference_interval(human, model) == (pytest.approx(-7.5), pytest.approx(87.5))
    with_nan = np.append(human, np.nan)
    assert difference_interval(with_nan, np.append(model, 1.0), 0.9) == (
        pytest.approx(-5.0), pytest.approx(85.0))
    for empty in ((np.array([]), model), (human, np.array([]))):
        assert all(math.isnan(v) for v in difference_interval(*empty))


# --- Holm, and the decision within Monte Carlo error -----------------------------------------

def test_holm_is_capped_at_one_and_keeps_the_undefined() -> None:
    ps = [0.6, math.nan, 0.7, 0.02]
    expected = multipletests([0.6, 0.7, 0.02], method="holm")[1]
    out = holm(ps)
    assert math.isnan(out[1])
    assert [out[0], out[2], out[3]] == list(expected)
    assert out[0] == out[2] == 1.0


def test_a_p_exactly_two_errors_from_alpha_is_within_and_an_exact_p_never() -> None:
    assert within_mc_error(0.75, 0.125, alpha=0.5)      # 0.25 apart: exactly two errors
    assert not within_mc_error(0.06, 0.004)              # 2.5 errors from 0.05
    assert not within_mc_error(0.05, 0.0)                # exact: decided, even at alpha
    assert not within_mc_error(math.nan, 0.01)
