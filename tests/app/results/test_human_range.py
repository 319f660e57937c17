"""The human ceiling computed for all raters at once is the same float as the per-rater
loop over scipy's spearmanr (issue 21, row 9): exported digits must not move."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from app.results.human_range import _sums_are_exact, leave_one_out, spearman_or_nan


def _reference(ratings: dict[str, np.ndarray]) -> dict[str, float]:
    matrix = np.vstack(list(ratings.values()))
    out = {}
    for k, code in enumerate(ratings):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            consensus = np.nanmean(np.delete(matrix, k, axis=0), axis=0)
        out[code] = spearman_or_nan(matrix[k], consensus)
    return out


def _same(a: dict[str, float], b: dict[str, float]) -> bool:
    return a.keys() == b.keys() and all(
        (np.isnan(a[c]) and np.isnan(b[c])) or a[c] == b[c] for c in a)


@pytest.mark.parametrize("seed", range(40))
def test_all_at_once_equals_scipy_bit_for_bit_with_ties_and_gaps(seed: int) -> None:
    rng = np.random.default_rng(seed)
    raters, items = int(rng.integers(2, 60)), int(rng.integers(1, 40))
    scale = [1, 2, 4, 10][seed % 4]  # Likert steps, halves, quarters, a 0-10 scale
    step = 1.0 if scale == 10 else 1.0 / scale
    levels = int(rng.integers(2, 8))
    matrix = rng.integers(0, levels, size=(raters, items)) * step
    matrix[rng.random(matrix.shape) < rng.uniform(0, 0.6)] = np.nan  # unrated items
    matrix[0, :] = 3.0  # a rater who gave one rating to everything
    if raters > 2:
        matrix[1, :] = np.nan  # one who rated nothing
    ratings = {f"P{i:03d}": row for i, row in enumerate(matrix)}
    assert _sums_are_exact(matrix)
    assert _same(leave_one_out(ratings), _reference(ratings))


def test_ratings_whose_sums_round_take_the_per_rater_path() -> None:
    rng = np.random.default_rng(3)
    matrix = rng.random((30, 12))
    matrix[rng.random(matrix.shape) < 0.2] = np.nan
    ratings = {f"P{i:03d}": row for i, row in enumerate(matrix)}
    assert not _sums_are_exact(matrix)
    assert _same(leave_one_out(ratings), _reference(ratings))


def test_a_thousand_raters() -> None:
    rng = np.random.default_rng(9)
    matrix = rng.integers(0, 6, size=(1000, 50)).astype(float)
    matrix[rng.random(matrix.shape) < 0.1] = np.nan
    ratings = {f"P{i:04d}": row for i, row in enumerate(matrix)}
    assert _same(leave_one_out(ratings), _reference(ratings))
