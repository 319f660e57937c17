"""Seeded resampling for percentile bootstrap intervals: the draws (how often each unit is
drawn in each resample), the seed as NumPy takes it, and the interval from the resampled
statistics. Numpy only and below the core's layers, so the results (app/results/bootstrap.py,
which re-exports these) and a response kind's own statistics (app/kinds) draw alike.
"""

from __future__ import annotations

import math

import numpy as np


def resample_counts(n_items: int, n_boot: int, seed: int | str, *,
                    dtype: type = np.int64) -> np.ndarray:
    """(n_boot x n_items) multiplicities: how often each item is drawn in each resample.
    `dtype=float`: the same whole numbers as floats, without an int table to convert."""
    if n_items == 0 or n_boot <= 0:
        return np.zeros((0, n_items), dtype=dtype)
    rng = np.random.default_rng(seed_number(seed))
    counts: np.ndarray = np.zeros((n_boot, n_items), dtype=dtype)
    # Drawn a block of resamples at a time (the same stream of draws as one big call) and
    # counted row by row with bincount: np.add.at over the whole table took seconds.
    for start in range(0, n_boot, _BLOCK):
        draws = rng.integers(0, n_items, size=(min(_BLOCK, n_boot - start), n_items))
        for row, drawn in enumerate(draws, start=start):
            counts[row] = np.bincount(drawn, minlength=n_items)
    return counts


_BLOCK = 100


def seed_number(seed: int | str) -> int:
    """A bootstrap seed as the integer NumPy takes (a text seed turned into one, stably)."""
    if isinstance(seed, int):
        return seed
    return int.from_bytes(seed.encode("utf-8")[-8:].rjust(8, b"\0"), "big") ^ len(seed)


def percentile_interval(stats: np.ndarray, confidence: float = 0.95) -> tuple[float, float]:
    kept = stats[~np.isnan(stats)]
    if kept.size < 2:
        return math.nan, math.nan
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(kept, [tail, 100 - tail])
    return float(low), float(high)
