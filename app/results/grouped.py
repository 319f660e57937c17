"""Per-group sums, means and medians of a long column in a few NumPy calls, with the very same
floating-point results as computing each group on its own (`Series.mean`, `Series.median`).

A pandas `groupby(...).mean()` sums with Kahan compensation and so can differ from a
per-group `Series.mean()` in the last bit; the exports must not change when the code gets
faster. NumPy's sum of a 1-D array and its row sums of a C-contiguous 2-D array use the same
pairwise summation, so groups of equal size are stacked as rows and reduced together: a
handful of calls (one per distinct group size) instead of one per group.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd


def _by_size(codes: np.ndarray, n_groups: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(groups of one size, their member positions as a groups x size matrix), each group's
    members in their original order."""
    order = np.argsort(codes, kind="stable")
    sizes = np.bincount(codes, minlength=n_groups)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    for size in np.unique(sizes):
        if size == 0:
            continue
        groups = np.flatnonzero(sizes == size)
        yield groups, order[starts[groups][:, None] + np.arange(size)]


def group_sums(values: np.ndarray, codes: np.ndarray, n_groups: int) -> np.ndarray:
    """Sum of `values` per group code (0 .. n_groups-1), equal to `np.sum` of each group."""
    out = np.zeros(n_groups)
    for groups, members in _by_size(codes, n_groups):
        out[groups] = values[members].sum(axis=1)
    return out


def group_stats(values: np.ndarray, codes: np.ndarray,
                n_groups: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(count, mean, median) of `values` per group; NaN mean and median for an empty group."""
    counts = np.bincount(codes, minlength=n_groups)
    means = np.full(n_groups, np.nan)
    medians = np.full(n_groups, np.nan)
    for groups, members in _by_size(codes, n_groups):
        rows = values[members]
        means[groups] = rows.sum(axis=1) / members.shape[1]
        medians[groups] = np.median(rows, axis=1)
    return counts, means, medians


def answer_counts(item_ids: list[Any], answers: list[Any]) -> AnswerCounts:
    """How often each distinct answer was given on each item, from one `np.bincount` over
    items x answers (not a pandas group per item). Items and answers are numbered in order of
    first appearance (as `groupby(sort=False)` and `Counter` meet them)."""
    items, item_names = pd.factorize(np.asarray(item_ids, dtype=object), sort=False)
    answer_codes, answer_names = pd.factorize(np.asarray(answers, dtype=object), sort=False)
    cells = items * len(answer_names) + answer_codes
    counts = np.bincount(cells, minlength=len(item_names) * len(answer_names))
    return AnswerCounts(items, list(item_names), answer_codes, list(answer_names),
                        counts.reshape(len(item_names), len(answer_names)))


@dataclass(frozen=True)
class AnswerCounts:
    items: np.ndarray  # each answer's item number
    item_names: list[Any]
    answer_codes: np.ndarray  # each answer's number among the distinct answers
    answer_names: list[Any]
    counts: np.ndarray  # items x distinct answers

    @property
    def cells(self) -> np.ndarray:
        """Each answer's cell in `counts.ravel()`."""
        return self.items * len(self.answer_names) + self.answer_codes
