"""Seeded resampling for percentile bootstrap intervals: the draws (how often each unit is
drawn in each resample), the seed as NumPy takes it, and the interval from the resampled
statistics. Numpy only and below the core's layers, so the results (app/results/bootstrap.py,
which re-exports these) and a response kind's own statistics (app/kinds) draw alike.
"""

from __future__ import annotations

import hashlib
import math
import threading
from collections import OrderedDict

import numpy as np


def resample_counts(n_items: int, n_boot: int, seed: int | str, *,
                    dtype: type = np.int64) -> np.ndarray:
    """(n_boot x n_items) multiplicities: how often each item is drawn in each resample.
    `dtype=float`: the same whole numbers as floats, without an int table to convert.
    A fresh array each call (the callers may write to it)."""
    if n_items == 0 or n_boot <= 0:
        return np.zeros((0, n_items), dtype=dtype)
    # The draws depend on nothing but these three numbers: an export asks for the same table
    # again and again (human_scores.csv, the party cells of gaps.csv and human_range.csv,
    # sensitivity.csv: 20,000 items x 1,000 resamples, 0.2-0.4 s to draw each time).
    key = (n_items, n_boot, seed_number(seed))
    with _KEPT_LOCK:
        kept = _KEPT.get(key)
        if kept is not None:
            _KEPT.move_to_end(key)
    if kept is not None:
        return kept.astype(dtype)
    counts, peak = _drawn(n_items, n_boot, key[2], dtype)
    if peak <= np.iinfo(np.uint8).max and counts.size <= _KEPT_BYTES:
        _keep(key, counts.astype(np.uint8))
    return counts


def _drawn(n_items: int, n_boot: int, seed: int, dtype: type) -> tuple[np.ndarray, int]:
    """(the table, its largest count)."""
    rng = np.random.default_rng(seed)
    counts: np.ndarray = np.zeros((n_boot, n_items), dtype=dtype)
    peak = 0
    # Drawn a block of resamples at a time (the same stream of draws as one big call) and
    # counted row by row with bincount: np.add.at over the whole table took seconds.
    for start in range(0, n_boot, _BLOCK):
        draws = rng.integers(0, n_items, size=(min(_BLOCK, n_boot - start), n_items))
        for row, drawn in enumerate(draws, start=start):
            tally = np.bincount(drawn, minlength=n_items)
            peak = max(peak, int(tally.max()))
            counts[row] = tally
    return counts, peak


def _keep(key: tuple[int, int, int], compact: np.ndarray) -> None:
    """Keep the last tables drawn, as bytes (every count is small: 20 MB for 20,000 items x
    1,000 resamples), within _KEPT_BYTES; the oldest go first."""
    with _KEPT_LOCK:
        _KEPT[key] = compact
        while sum(a.nbytes for a in _KEPT.values()) > _KEPT_BYTES:
            _KEPT.popitem(last=False)


_KEPT: OrderedDict[tuple[int, int, int], np.ndarray] = OrderedDict()
_KEPT_LOCK = threading.Lock()
_KEPT_BYTES = 64 * 2**20
_BLOCK = 100


# `ci_kind` of an interval from a percentile bootstrap over items alone (agreement, ratings,
# Bradley-Terry strengths): conditional on the raters who took part.
OVER_ITEMS = "items random, raters fixed (bootstrap over items), percentile"


def seed_number(seed: int | str) -> int:
    """A stream's key (the export's `--seed` and what the draws are for, e.g. "0:q1:all=all")
    as the integer NumPy takes: the SHA-256 of its whole text, 256 bits, which
    `np.random.default_rng` feeds to a `SeedSequence`. Every character of the key reaches
    the draws, so two keys (two seeds, two cells) share a stream only if their SHA-256
    collide; an integer seed is taken as its decimal text, so 3 and "3" draw alike."""
    return int.from_bytes(hashlib.sha256(str(seed).encode("utf-8")).digest(), "big")


def seeded_rng(seed: int | str) -> np.random.Generator:
    """The generator of one stream (`seed_number`)."""
    return np.random.default_rng(seed_number(seed))


def percentile_interval(stats: np.ndarray, confidence: float = 0.95) -> tuple[float, float]:
    kept = stats[~np.isnan(stats)]
    if kept.size < 2:
        return math.nan, math.nan
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(kept, [tail, 100 - tail])
    return float(low), float(high)
