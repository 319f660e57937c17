"""The seeded draws the results and the response kinds share (app/resampling.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from app import resampling
from app.results import bootstrap


def test_the_results_draw_with_the_same_functions() -> None:
    for name in ("resample_counts", "seed_number", "percentile_interval"):
        assert getattr(bootstrap, name) is getattr(resampling, name)


def test_draws_are_seeded_multiplicities() -> None:
    counts = resampling.resample_counts(7, 250, "3:q")
    assert counts.shape == (250, 7) and (counts.sum(axis=1) == 7).all()
    assert np.array_equal(counts, resampling.resample_counts(7, 250, "3:q"))
    assert not np.array_equal(counts, resampling.resample_counts(7, 250, "4:q"))
    assert resampling.resample_counts(0, 10, 0).shape == (0, 0)


def test_percentile_interval() -> None:
    low, high = resampling.percentile_interval(np.arange(101, dtype=float), 0.9)
    assert (low, high) == (pytest.approx(5.0), pytest.approx(95.0))
    assert all(math.isnan(v) for v in resampling.percentile_interval(np.array([1.0, np.nan])))
