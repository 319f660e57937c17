"""Best-worst counting scores equal hand counts; split-half reliability is the Spearman-Brown
corrected mean correlation of random halves of the raters, seeded."""

from __future__ import annotations

import math
import random

import pytest
from scipy.stats import pearsonr

from app.kinds.maxdiff import SplitHalf, Trial, element_scores, spearman_brown, split_half


def test_scores_are_best_minus_worst_over_appearances() -> None:
    trials = [Trial("r1", ("p", "q", "r", "s"), best="p", worst="s"),
              Trial("r2", ("p", "q", "r", "s"), best="q", worst="s"),
              Trial("r1", ("p", "r", "t", "u"), best="p", worst="r")]
    scores = {s.element: s for s in element_scores(trials, elements=["v"])}
    assert (scores["p"].n_best, scores["p"].n_worst, scores["p"].n_appearances) == (2, 0, 3)
    assert scores["p"].score == pytest.approx(2 / 3)
    assert scores["s"].score == -1 and scores["r"].score == pytest.approx(-1 / 3)
    assert scores["t"].score == 0 and scores["t"].n_appearances == 1
    assert math.isnan(scores["v"].score) and scores["v"].n_appearances == 0
    assert list(scores) == sorted(scores)


def test_spearman_brown() -> None:
    assert spearman_brown(0.5) == pytest.approx(2 / 3)
    assert spearman_brown(1.0) == 1 and spearman_brown(0.0) == 0
    assert math.isnan(spearman_brown(math.nan))


ELEMENTS = [f"e{k}" for k in range(8)]
SETS = [ELEMENTS[k:k + 4] for k in range(0, 8, 2)] + [ELEMENTS[k::2] for k in range(2)]


def _raters(n: int, noise: float, seed: int) -> list[Trial]:
    """Raters who judge by a true value (e0 best ... e7 worst) plus Gaussian noise."""
    rng = random.Random(seed)
    trials = []
    for r in range(n):
        for shown in SETS:
            seen = sorted(shown, key=lambda e: -ELEMENTS.index(e) + rng.gauss(0, noise))
            trials.append(Trial(f"r{r:02d}", tuple(shown), best=seen[-1], worst=seen[0]))
    return trials


def test_two_raters_have_one_split_and_its_value_is_hand_computed() -> None:
    trials = _raters(2, noise=3.0, seed=4)
    one = [s.score for s in element_scores([t for t in trials if t.rater == "r00"])]
    two = [s.score for s in element_scores([t for t in trials if t.rater == "r01"])]
    expected = spearman_brown(float(pearsonr(one, two).statistic))
    result = split_half(trials, n_splits=10, seed=1)
    assert result.value == pytest.approx(expected)
    assert (result.n_splits, result.n_raters, result.n_elements) == (10, 2, 8)


def test_consistent_raters_are_reliable_and_random_ones_are_not() -> None:
    assert split_half(_raters(10, noise=0.0, seed=1)).value == pytest.approx(1.0)
    # answers at random: the halves barely correlate (8 elements: r itself is noisy)
    noisy = split_half(_raters(10, noise=1e6, seed=1), n_splits=200)
    assert abs(noisy.mean_r) < 0.2 and noisy.value < 0
    middling = split_half(_raters(10, noise=2.0, seed=1))
    assert 0.5 < middling.mean_r < middling.value < 1  # the correction raises a positive r


def test_split_half_is_seeded() -> None:
    trials = _raters(9, noise=2.0, seed=3)
    assert split_half(trials, seed="0:q") == split_half(trials, seed="0:q")
    assert split_half(trials, seed="0:q").value != split_half(trials, seed="1:q").value


def test_one_rater_has_no_split() -> None:
    result = split_half(_raters(1, noise=0.0, seed=1))
    assert math.isnan(result.value) and result == SplitHalf(result.value, result.mean_r, 0, 1, 8)
