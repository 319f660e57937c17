"""The intervals and tests of the score rows and gaps (app/results/intervals.py,
paired_tests.py) against scipy and statsmodels on small data: BCa to scipy's bounds on
scipy's own bootstrap distribution, the exact sign-flip p to scipy's exact permutation test,
Clopper-Pearson to scipy's binomtest; and the cells that get no interval."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binomtest, bootstrap, permutation_test, spearmanr

from app.results import intervals
from app.results.bootstrap import boot_mean, resample_counts
from app.results.intervals import PartyData, bca_interval, party_draws, party_interval
from app.results.paired_tests import SignFlip, permutation_p, sign_flip_p_rows, within_mc_error
from app.results.party_cells import item_weights

RNG = np.random.default_rng(11)


def _jackknife(values: np.ndarray, stat: object) -> np.ndarray:
    return np.array([stat(np.delete(values, i)) for i in range(len(values))])  # type: ignore[operator]


@pytest.mark.parametrize("case", ["skewed mean", "spearman"])
def test_bca_is_scipys_on_scipys_own_draws(case: str) -> None:
    """scipy's bootstrap distribution (`bootstrap_distribution`) and the jackknife given to
    bca_interval give scipy's BCa bounds."""
    if case == "skewed mean":
        data = RNG.exponential(1.0, 25) ** 2
        res = bootstrap((data,), np.mean, method="BCa", n_resamples=3000, random_state=5)
        estimate, jack = float(np.mean(data)), _jackknife(data, np.mean)
        args: tuple[np.ndarray, ...] = (data,)
    else:
        gold = RNG.integers(0, 6, 30).astype(float)
        human = gold + RNG.normal(0, 1.2, 30)

        def rho(h: np.ndarray, g: np.ndarray) -> float:
            return float(spearmanr(h, g).statistic)

        res = bootstrap((human, gold), rho, paired=True, vectorized=False, method="BCa",
                        n_resamples=2000, random_state=6)
        estimate = rho(human, gold)
        jack = np.array([rho(np.delete(human, i), np.delete(gold, i)) for i in range(30)])
        args = (human, gold)
    assert args
    low, high = bca_interval(res.bootstrap_distribution, estimate, [jack], 0.95)
    assert low == pytest.approx(res.confidence_interval.low, rel=1e-12)
    assert high == pytest.approx(res.confidence_interval.high, rel=1e-12)


def test_bca_of_two_samples_combines_their_jackknives_as_scipy() -> None:
    """The two-way kind combines the items' and the raters' jackknives as scipy combines two
    independent samples' (the mean of a sum of two samples' means)."""
    a, b = RNG.exponential(1.0, 15), RNG.exponential(2.0, 9)

    def stat(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.mean(x, axis=axis) + np.mean(y, axis=axis)

    res = bootstrap((a, b), stat, method="BCa", n_resamples=2000, random_state=8)
    jacks = [_jackknife(a, np.mean) + b.mean(), a.mean() + _jackknife(b, np.mean)]
    low, high = bca_interval(res.bootstrap_distribution, float(a.mean() + b.mean()), jacks)
    assert (low, high) == (pytest.approx(res.confidence_interval.low, rel=1e-12),
                           pytest.approx(res.confidence_interval.high, rel=1e-12))


def test_all_correct_on_40_items_gets_the_exact_interval_not_a_point() -> None:
    """A majority vote right on 40 of 40 items: every resample is 1, the percentile interval
    was [1, 1]; Clopper-Pearson's is [0.912, 1]."""
    values = np.ones(40)
    counts = resample_counts(40, 500, "0:all-right:all=all").astype(float)
    party = PartyData(1.0, boot_mean(values, None, counts), values, 40, 1, "single",
                      intervals.jackknife_mean(values[None, :])[0])
    ci = party_interval(party)
    reference = binomtest(40, 40).proportion_ci(method="exact")
    assert (ci.low, ci.high) == (reference.low, reference.high)
    assert round(ci.low, 3) == 0.912 and ci.high == 1.0
    assert "Clopper-Pearson" in ci.text


def test_a_gap_between_two_perfect_scores_is_no_point() -> None:
    values = np.ones(30)
    counts = resample_counts(30, 300, "0:both-right:all=all").astype(float)
    boot = boot_mean(values, None, counts)
    side = PartyData(1.0, boot, values, 30, 1, "single", np.ones(30))
    ci = intervals.difference_interval(side, side, 0.0)
    assert ci.low < 0 < ci.high and "Newcombe" in ci.text


@pytest.mark.parametrize(("n_items", "n_raters", "kind", "says"), [
    (4, 8, "raters+items", "4 item(s)"), (1, 1, "single", "1 item(s)"),
    (30, 2, "raters+items", "2 rater(s)"), (30, 1, "raters", "1 rater(s)"),
])
def test_too_little_data_gets_no_interval_and_says_why(n_items: int, n_raters: int, kind: str,
                                                       says: str) -> None:
    values = RNG.random((n_raters, n_items))
    counts = resample_counts(n_items, 200, f"few:{n_items}:{n_raters}").astype(float)
    boot = np.vstack([boot_mean(v, None, counts) for v in values])
    party = PartyData(float(values.mean()), party_draws(boot, values.mean(axis=1), kind, "k"),
                      values.mean(axis=0), n_items, n_raters, kind)
    ci = party_interval(party)
    assert math.isnan(ci.low) and math.isnan(ci.high) and says in ci.note and ci.text == ""


def test_items_kind_keeps_the_raters_and_raters_kind_keeps_the_items() -> None:
    values = RNG.random((6, 40))
    counts = resample_counts(40, 300, "kinds").astype(float)
    boot = np.vstack([boot_mean(v, None, counts) for v in values])
    full = values.mean(axis=1)
    items = party_draws(boot, full, "items", "k")
    assert np.allclose(items, boot.mean(axis=0))
    raters = party_draws(boot, full, "raters", "k")
    # Items fixed: every resample is a mean of the raters' own full-item scores.
    assert set(np.round(raters * 6, 9)) <= {round(v, 9) for v in _sums_of(full, 6)}
    both = party_draws(boot, full, "raters+items", "k")
    assert np.std(both) > np.std(items)  # the raters' spread added


def _sums_of(values: np.ndarray, k: int) -> set[float]:
    """Every sum of k values drawn with replacement from `values` (6 of 6: 462 multisets)."""
    from itertools import combinations_with_replacement

    return {float(sum(c)) for c in combinations_with_replacement(values.tolist(), k)}


def _scipy_exact(x: np.ndarray, wx: np.ndarray, y: np.ndarray, wy: np.ndarray) -> float:
    def stat(a: np.ndarray, b: np.ndarray, axis: int = -1) -> np.ndarray:
        return np.sum(wx * a, axis=axis) - np.sum(wy * b, axis=axis)

    return float(permutation_test((x, y), stat, permutation_type="samples", vectorized=True,
                                  n_resamples=10 ** 7, alternative="two-sided").pvalue)


def test_five_discordant_items_give_the_exact_p() -> None:
    """A gap decided by 5 discordant items (all in the human's favour): 32 arrangements, the
    exact two-sided p is 2/32 = 0.0625 (Monte Carlo gave 0.048 and 0.0639)."""
    x = np.array([1] * 5 + [1] * 20 + [0] * 15, dtype=float)
    y = np.array([0] * 5 + [1] * 20 + [0] * 15, dtype=float)
    w = np.full(40, 1 / 40)
    p = sign_flip_p_rows([SignFlip.of(x, w, y, w)], 1000, "five")[0]
    assert p.p == 0.0625 and p.method == "exact" and p.n_arrangements == 32
    assert p.mc_error == 0
    assert p.p == pytest.approx(_scipy_exact(x[:5], w[:5], y[:5], w[:5]), abs=1e-15)


def test_sign_flip_is_scipys_exact_permutation_test_of_the_reported_difference() -> None:
    """Raters on different numbers of items: the statistic is the difference of the reported
    scores (the mean over raters of each one's accuracy minus the model's accuracy), and p is
    scipy's exact permutation test of that statistic."""
    n = 14
    matrix = (RNG.random((4, n)) < 0.7).astype(float)
    matrix[0, :5] = np.nan  # rater 0 saw 9 items, rater 1 6
    matrix[1, 8:] = np.nan
    model = (RNG.random(n) < 0.5).astype(float)
    model[3] = np.nan  # no prediction for one item
    x, wx = item_weights(matrix)
    y, wy = item_weights(model[None, :])
    test = SignFlip.of(x, wx, y, wy)
    reported = np.mean([np.nanmean(r) for r in matrix]) - np.nanmean(model)
    assert test.observed == pytest.approx(reported, abs=1e-14)
    p = sign_flip_p_rows([test], 1000, "w")[0]
    both = np.isfinite(x) & np.isfinite(y)
    # Unpaired items are constants of the statistic: scipy gets them on both sides as is.
    const = float(np.nansum(np.where(~both, np.nan_to_num(wx * x), 0))
                  - np.nansum(np.where(~both, np.nan_to_num(wy * y), 0)))

    def stat(a: np.ndarray, b: np.ndarray, axis: int = -1) -> np.ndarray:
        return const + np.sum(wx[both] * a, axis=axis) - np.sum(wy[both] * b, axis=axis)

    ref = permutation_test((x[both], y[both]), stat, permutation_type="samples",
                           vectorized=True, n_resamples=10 ** 7).pvalue
    assert p.method == "exact" and p.p == pytest.approx(ref, abs=1e-12)


def test_many_discordant_items_give_a_monte_carlo_p_with_its_error() -> None:
    x = RNG.random(60)
    y = x - 0.05 + RNG.normal(0, 0.3, 60)
    w = np.full(60, 1 / 60)
    p = sign_flip_p_rows([SignFlip.of(x, w, y, w)], 4000, "mc")[0]
    assert p.method == "monte carlo" and p.n_arrangements == 4000
    assert p.mc_error == pytest.approx(math.sqrt(p.p * (1 - p.p) / 4000))
    ref = permutation_test((x, y), lambda a, b, axis=-1: np.mean(a - b, axis=axis),
                           permutation_type="samples", vectorized=True, n_resamples=4000,
                           random_state=3).pvalue
    assert p.p == pytest.approx(ref, abs=5 * math.sqrt(ref * (1 - ref) / 2000))
    assert p.p > 1 / 4001  # (b + 1) / (m + 1): never 0
    again = sign_flip_p_rows([SignFlip.of(x, w, y, w)], 4000, "mc")[0]
    assert again == p  # seeded


def test_permutation_p_of_plain_means_and_no_test_without_resamples() -> None:
    x = np.array([1, 0, np.nan, 1, 1, 0, 1, 1])
    y = np.array([0, 0, 1, np.nan, 0, 1, 0, 0])
    both = ~(np.isnan(x) | np.isnan(y))
    assert permutation_p(x, y, 1000, "s") == pytest.approx(
        _scipy_exact(x[both], np.full(6, 1 / 6), y[both], np.full(6, 1 / 6)))
    assert math.isnan(permutation_p(x, y, 0, "s"))
    assert permutation_p(x, x, 100, "s") == 1.0


def test_a_p_within_monte_carlo_error_of_alpha_is_no_decision() -> None:
    assert within_mc_error(0.049, 0.004)
    assert not within_mc_error(0.03, 0.004)
    assert not within_mc_error(0.0625, 0.0)  # exact: decided


def _gap(question: str, category: str, human: str, model: str, p: float,
         mc_error: float = 0.0) -> dict[str, object]:
    return {"question_id": question, "category": category, "category_value": category,
            "human_kind": "pooled" if human in ("majority vote", "Dawid-Skene", "MACE")
            else "humans", "human": human, "model": model, "p_value": p, "p_mc_error": mc_error}


def test_holm_family_is_the_table_with_the_rater_models_apart() -> None:
    """By default every gap of a table is one family (across questions and human parties);
    the Dawid-Skene and MACE rows, which repeat the majority vote's test, are adjusted apart;
    `question` gives one family per question (all its cells)."""
    from statsmodels.stats.multitest import multipletests

    from app.results.gaps import adjust

    ps = [0.01, 0.02, 0.03, 0.04, 0.011, 0.012]
    rows = [_gap("q1", "all", "all raters", "A", ps[0]), _gap("q1", "all", "majority vote", "A", ps[1]),
            _gap("q2", "all", "all raters", "A", ps[2]), _gap("q2", "kind", "all raters", "A", ps[3]),
            _gap("q1", "all", "Dawid-Skene", "A", ps[4]), _gap("q1", "all", "MACE", "A", ps[5])]
    adjust(rows, "table")  # type: ignore[arg-type]
    table = multipletests(ps[:3], method="holm")[1]
    assert [r["p_holm"] for r in rows[:3]] == list(table)
    assert rows[3]["p_holm"] == ps[3]  # the breakdown table: a family of one here
    assert [r["p_holm"] for r in rows[4:]] == list(multipletests(ps[4:], method="holm")[1])
    assert "adjusted apart" in str(rows[4]["holm_family"])
    assert rows[0]["holm_family"] == rows[2]["holm_family"] != rows[3]["holm_family"]
    adjust(rows, "question")  # type: ignore[arg-type]
    assert rows[0]["p_holm"] == multipletests(ps[:2], method="holm")[1][0]
    assert [r["p_holm"] for r in rows[2:4]] == list(multipletests(ps[2:4], method="holm")[1])
    assert "question q2" in str(rows[2]["holm_family"])


def test_no_significance_mark_within_monte_carlo_error_of_alpha() -> None:
    from app.results.gaps import adjust

    rows = [_gap("q", "all", "all raters", "A", 0.046, 0.004),
            _gap("q", "kind", "all raters", "A", 0.0625),
            _gap("q", "mood", "all raters", "A", 0.001, 0.0005)]
    adjust(rows, "table")  # type: ignore[arg-type]
    assert [r["significant"] for r in rows] == ["within Monte Carlo error", "no", "yes"]
