"""A group's answers split by rater once, as arrays, and the per-item values of every rater as
one batch: what scoring each of 1,000 raters needs without a pandas frame and Series per rater.

`split_raters` holds what `answers.groupby("participant", sort=True)` gives (the raters in the
same order, each rater's rows in frame order), and `RaterValues` what the scorers' per-rater
`item_values` Series hold, flattened (rater, item, value per entry, raters in order): a breakdown
cell's raters x items matrix is then one lookup of every entry (`RaterValues.matrix`), equal to
`Subset.matrix` of the Series (tests/app/results/test_rater_batch.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from app.results.lookup import positions


@dataclass(frozen=True)
class RaterSplit:
    """Rows of an answers frame (columns participant, tier, item_id, answer) grouped by rater."""

    codes: list[str]  # the raters, sorted as groupby(sort=True) sorts them
    owner: np.ndarray  # per grouped row: its rater's position in `codes`
    item_ids: np.ndarray  # per grouped row (object)
    answers: np.ndarray  # per grouped row (object)
    tiers: list[str]  # per rater: the tier of its first row
    n_items: list[int]  # per rater: distinct items answered
    source: pd.DataFrame = field(repr=False)  # the frame split
    rows: np.ndarray = field(repr=False)  # per grouped row: its position in `source`

    @property
    def bounds(self) -> np.ndarray:
        """Rater k's rows are [bounds[k], bounds[k + 1])."""
        return np.searchsorted(self.owner, np.arange(len(self.codes) + 1))

    def frame(self, k: int) -> pd.DataFrame:
        """Rater k's rows of the frame: its group in `groupby("participant")`."""
        start, end = self.bounds[k:k + 2]
        return self.source.iloc[self.rows[start:end]]


def split_raters(answers: pd.DataFrame) -> RaterSplit:
    if answers.empty:
        empty = np.zeros(0, dtype=object)
        return RaterSplit([], np.zeros(0, dtype=np.intp), empty, empty, [], [], answers,
                          np.zeros(0, dtype=np.intp))
    # factorize(sort=True) orders the raters as groupby(sort=True) does; a stable sort by
    # rater keeps each rater's rows in frame order, as groupby's groups do.
    codes, uniques = pd.factorize(answers["participant"], sort=True)
    order = np.argsort(codes, kind="stable")
    owner = codes[order].astype(np.intp)
    first = np.searchsorted(owner, np.arange(len(uniques)))
    tiers = (answers["tier"].to_numpy(dtype=object)[order][first] if "tier" in answers
             else np.full(len(uniques), "", dtype=object))
    item_ids = answers["item_id"].to_numpy(dtype=object)[order]
    item_codes = pd.factorize(item_ids)[0]
    pairs = _distinct(owner.astype(np.int64) * (int(item_codes.max()) + 1) + item_codes)
    n_items = np.bincount(pairs // (int(item_codes.max()) + 1), minlength=len(uniques))
    return RaterSplit([str(c) for c in uniques], owner, item_ids,
                      answers["answer"].to_numpy(dtype=object)[order],
                      [str(t) for t in tiers], [int(n) for n in n_items], answers, order)


def _distinct(values: np.ndarray) -> np.ndarray:
    """np.unique of integers, sorted, by a sort and a comparison of neighbours: NumPy 2's
    np.unique hashes and then sorts what it found, ~30 times slower on 600,000 pairs
    (0.4 s against 0.013 s; five splits per export). Tested equal in test_rater_batch.py."""
    ordered = np.sort(values)
    return ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))] if len(ordered) \
        else ordered


@dataclass(frozen=True)
class RaterValues:
    """Per-item values of several raters: entry j is rater `owner[j]`'s value on `item_ids[j]`,
    entries grouped by rater and in the order of the rater's Series."""

    codes: list[str]
    owner: np.ndarray
    item_ids: np.ndarray
    values: np.ndarray

    @classmethod
    def of_series(cls, codes: list[str], series: list[pd.Series]) -> RaterValues:
        owner = np.repeat(np.arange(len(codes), dtype=np.intp), [len(s) for s in series])
        if not series:
            return cls(codes, owner, np.zeros(0, dtype=object), np.zeros(0))
        return cls(codes, owner,
                   np.concatenate([s.index.to_numpy(dtype=object) for s in series]),
                   np.concatenate([s.to_numpy(dtype=float) for s in series]))

    def series(self, k: int) -> pd.Series:
        """Rater k's values as the scorer's `item_values` Series."""
        start, end = np.searchsorted(self.owner, [k, k + 1])
        return pd.Series(self.values[start:end], index=list(self.item_ids[start:end]), dtype=float)

    def matrix(self, index: pd.Index, rows: list[int] | None = None) -> np.ndarray:
        """raters x index: each rater's value on each item of `index`, NaN where it has none
        (`Subset.matrix` of the raters' Series); `rows`: only these raters, in this order."""
        out = np.full((len(self.codes), len(index)), np.nan)
        if len(self.values):
            where = positions(index, self.item_ids) if len(index) else np.full(len(self.values), -1)
            kept = where >= 0
            out[self.owner[kept], where[kept]] = self.values[kept]
        return out if rows is None else out[rows]


@dataclass(frozen=True)
class RaterScores:
    """Every rater's scores (`FamilyScorer.rater_scores`) and per-item values, in `codes` order."""

    codes: list[str]
    scores: list[dict[str, float]]
    values: RaterValues
