"""Every rater's STS scores computed at once are the floats scipy and scikit-learn give rater by
rater (issue 21, row 9): `==`, not a tolerance, so the exported digits cannot move."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import pearsonr, spearmanr
from sklearn.metrics import mean_squared_error

from app.results.metrics_rating import STS_METRICS, _exact_parties, mse_of, sts_scores_many


def _library(gold: np.ndarray, predicted: np.ndarray) -> dict[str, float]:
    """The per-rater computation the batch replaces (metrics_rating's before issue 21)."""
    keep = ~(np.isnan(gold) | np.isnan(predicted))
    g, p = gold[keep], predicted[keep]
    if len(g) == 0:
        return dict.fromkeys(STS_METRICS, math.nan)
    mse = float(mean_squared_error(g, p))
    if len(g) < 2 or np.ptp(g) == 0 or np.ptp(p) == 0:
        return {"spearman": math.nan, "pearson": math.nan, "mse": mse}
    return {"spearman": float(spearmanr(g, p).statistic),
            "pearson": float(pearsonr(g, p).statistic), "mse": mse}


def _same(a: dict[str, float], b: dict[str, float]) -> bool:
    return a.keys() == b.keys() and all(
        (math.isnan(a[m]) and math.isnan(b[m])) or a[m] == b[m] for m in a)


def _check(parties: list[tuple[np.ndarray, np.ndarray]]) -> None:
    owner = np.repeat(np.arange(len(parties)), [len(g) for g, _ in parties])
    gold = np.concatenate([g for g, _ in parties]) if parties else np.zeros(0)
    predicted = np.concatenate([p for _, p in parties]) if parties else np.zeros(0)
    batch = sts_scores_many(owner, gold, predicted, len(parties))
    for k, (g, p) in enumerate(parties):
        assert _same(batch[k], _library(g, p)), (k, g, p, batch[k])


def _rater(rng: np.random.Generator, n_items: int, step: float, levels: int,
           gaps: float) -> tuple[np.ndarray, np.ndarray]:
    gold = rng.integers(0, levels, n_items) * step
    predicted = rng.integers(0, levels, n_items) * step
    predicted[rng.random(n_items) < gaps] = np.nan  # N/A answers, unanswered items
    gold[rng.random(n_items) < gaps / 4] = np.nan  # items without gold
    return gold, predicted


@pytest.mark.parametrize("seed", range(30))
def test_batch_equals_the_libraries_with_ties_gaps_and_constant_raters(seed: int) -> None:
    rng = np.random.default_rng(seed)
    step = [1.0, 0.5, 0.25, 1 / 1024][seed % 4]
    parties = [_rater(rng, int(rng.integers(0, 40)), step, int(rng.integers(2, 12)),
                      float(rng.uniform(0, 0.5))) for _ in range(int(rng.integers(1, 80)))]
    parties.append((np.arange(6.0), np.full(6, 3.0)))  # constant ratings: NaN correlations
    parties.append((np.full(6, 2.5), np.arange(6.0)))  # constant gold
    parties.append((np.array([1.0]), np.array([2.0])))  # one pair: MSE only
    parties.append((np.array([1.0, 2.0]), np.array([3.0, 0.5])))  # two pairs: r = -1 exactly
    parties.append((np.array([np.nan, 1.0]), np.array([2.0, np.nan])))  # no pair at all
    parties.append((np.zeros(0), np.zeros(0)))  # nothing answered
    order = rng.permutation(len(parties))
    _check([parties[k] for k in order])


def test_a_thousand_raters_on_25_items() -> None:
    rng = np.random.default_rng(9)
    _check([_rater(rng, 25, 0.5, 11, 0.05) for _ in range(1000)])


@pytest.mark.parametrize("seed", range(10))
def test_ratings_whose_sums_round_take_the_libraries(seed: int) -> None:
    """Tenths, random floats and huge values are not summed by the batch."""
    rng = np.random.default_rng(seed)
    parties = [(np.round(rng.random(12) * 5, 1), np.round(rng.random(12) * 5, 1)),
               (rng.random(9), rng.random(9) * 3),
               (np.array([1.0, 2.0, 4000.0]), np.array([1.0, 3.0, 2.0])),
               (rng.integers(0, 5, 10) / 2.0, rng.integers(0, 5, 10) / 2.0)]
    owner = np.repeat(np.arange(len(parties)), [len(g) for g, _ in parties])
    gold = np.concatenate([g for g, _ in parties])
    predicted = np.concatenate([p for _, p in parties])
    assert _exact_parties(owner, gold, predicted, len(parties)).tolist() == [
        False, False, False, True]
    _check(parties)


def test_an_infinite_rating_fails_as_in_scikit_learn() -> None:
    gold, predicted = np.array([1.0, 2.0, 3.0]), np.array([1.0, np.inf, 2.0])
    with pytest.raises(ValueError, match="infinity"):
        _library(gold, predicted)
    with pytest.raises(ValueError, match="infinity"):
        sts_scores_many(np.zeros(3, dtype=int), gold, predicted, 1)


@pytest.mark.parametrize("seed", range(12))
def test_mse_is_scikit_learns(seed: int) -> None:
    """`mse_of` (scikit-learn is not imported for it) is mean_squared_error to the bit: any
    floats (not only the multiples of 1/1024 the batch sums exactly), lengths 1 to ~2,000
    (numpy's pairwise sum changes shape past 8 and 128 values), negative and large values."""
    rng = np.random.default_rng(seed)
    for n in [1, 2, 7, 8, 9, 127, 128, 129, 1000, int(rng.integers(1, 2000))]:
        scale = [1.0, 5.0, 1e6, 1e-3][seed % 4]
        gold, predicted = rng.normal(0, scale, n), rng.normal(0, scale, n)
        assert mse_of(gold, predicted) == float(mean_squared_error(gold, predicted)), n
        assert type(mse_of(gold, predicted)) is float


@pytest.mark.parametrize(("gold", "predicted"), [
    ([1.0, 2.0], [np.inf, 1.0]), ([np.inf, 2.0], [1.0, 1.0]), ([np.nan, 2.0], [1.0, 1.0]),
    ([1.0, 2.0], [np.nan, 1.0]), ([np.inf, 2.0], [np.nan, 1.0]), ([np.nan, np.inf], [1.0, 1.0]),
    ([1.0, -np.inf], [np.inf, np.nan]), ([1e308, -1e308], [-1e308, 1e308])])
def test_mse_refuses_what_scikit_learn_refuses(gold: list[float], predicted: list[float]) -> None:
    g, p = np.array(gold), np.array(predicted)
    try:
        want: float | str = float(mean_squared_error(g, p))
    except ValueError as exc:
        want = str(exc)
    try:
        with np.errstate(over="ignore"):
            got: float | str = mse_of(g, p)
    except ValueError as exc:
        got = str(exc)
    assert got == want
