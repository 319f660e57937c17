"""Score rows: one metric of one scored party on one subset of a question group's items.

The long table behind human_scores.csv, model_scores.csv and comparison.csv. `who_kind` says
what the row scores:

| who_kind    | who                          | how                                              |
|-------------|------------------------------|--------------------------------------------------|
| participant | the participant code         | the rater's own answers                          |
| tier        | the tier (a profile value)   | mean over the tier's raters of each rater's score |
| humans      | "all raters"                 | mean over all raters                             |
| pooled      | "majority vote"/"mean rating"| HUME's headline human (choice, STS)              |
| model       | the model name               | its predictions on the items humans answered     |
| published   | the model name               | a published aggregate: NOT the same items        |
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from app.results.bootstrap import BootFn, boot_mean, boot_rows, resample_counts
from app.results.intervals import Interval, PartyData, jackknife_mean, party_data, party_interval
from app.results.lookup import positions
from app.results.options import ResultsOptions
from app.results.rater_batch import RaterValues
from app.results.scorers import FamilyScorer
from app.results.units import QuestionGroup

SCORE_COLUMNS = [
    "question_id", "kind", "who_kind", "who", "category", "category_value", "metric", "value",
    "ci_low", "ci_high", "ci_kind", "n_items", "n_raters", "illustrative", "note",
]
MULTI = ("tier", "humans")  # parties of several raters: the ones whose raters may be drawn
# Rows x items^2 up to which a statistic other than the mean is jackknifed (recomputed with
# each item left out: an items x items weight table per row); above it percentile bounds.
JACKKNIFE_LIMIT = 20_000_000
ALL = "all"  # category and category_value of the row over all items


@dataclass
class Subset:
    """The items of one breakdown cell and the bootstrap draws shared by all its rows."""

    group: QuestionGroup
    scorer: FamilyScorer
    category: str
    value: str
    item_ids: list[str]
    counts: np.ndarray
    gold: np.ndarray | None
    options: ResultsOptions

    @classmethod
    def make(cls, group: QuestionGroup, scorer: FamilyScorer, category: str, value: str,
             item_ids: list[str], options: ResultsOptions) -> Subset:
        # Held as floats: every use is as weights in a matrix product (the same numbers).
        counts = resample_counts(len(item_ids), options.n_boot,
                                 f"{options.seed}:{group.question_id}:{category}={value}",
                                 dtype=float)
        return cls(group, scorer, category, value, item_ids, counts,
                   scorer.gold_vector(group, item_ids), options)

    @cached_property
    def index(self) -> pd.Index:
        """`item_ids` as an index (one per subset: its parties are looked up in the same)."""
        return pd.Index(self.item_ids)

    def matrix(self, series: list[pd.Series]) -> np.ndarray:
        """Per-item values of several parties aligned on the subset's items (NaN: not answered)."""
        out = np.full((len(series), len(self.item_ids)), np.nan)
        if not series:
            return out
        index = self.index
        for row, s in zip(out, series, strict=True):
            where = positions(index, s.index)
            kept = where >= 0
            row[where[kept]] = s.to_numpy(dtype=float)[kept]
        return out

    def boot_rows(self, series: list[pd.Series]) -> np.ndarray:
        """parties x resamples: each party's main metric on each resample (one batch)."""
        if self.counts.size == 0 or not series:
            return np.zeros((len(series), 0))
        return self.boot_matrix(self.matrix(series))

    def boot_values(self, values: RaterValues) -> np.ndarray:
        """`boot_rows` of the raters' per-item values given as one batch (rater_batch)."""
        if self.counts.size == 0 or not values.codes:
            return np.zeros((len(values.codes), 0))
        return self.boot_matrix(values.matrix(self.index))

    def boot_matrix(self, matrix: np.ndarray) -> np.ndarray:
        """`boot_rows` of parties whose `matrix` is known already."""
        if self.counts.size == 0 or len(matrix) == 0:
            return np.zeros((len(matrix), 0))
        return boot_rows(matrix, self.gold, self.counts, self._stat())

    def _stat(self) -> BootFn:
        return boot_mean if type(self.scorer).boot is FamilyScorer.boot else self.scorer.boot

    def full_stats(self, matrix: np.ndarray) -> np.ndarray:
        """Each row's statistic on the cell's items, as the resamples compute it."""
        if len(matrix) == 0 or not self.item_ids:
            return np.zeros(len(matrix))
        return boot_rows(matrix, self.gold, np.ones((1, len(self.item_ids))), self._stat())[:, 0]

    def jackknife(self, matrix: np.ndarray) -> np.ndarray | None:
        """rows x items: each row's statistic with one item left out (None: too many items
        to jackknife a statistic other than the mean)."""
        n = len(self.item_ids)
        if self._stat() is boot_mean:
            return jackknife_mean(matrix)
        if len(matrix) * n * n > JACKKNIFE_LIMIT or n < 2:
            return None
        return boot_rows(matrix, self.gold, 1.0 - np.eye(n), self._stat())

    def party(self, who_kind: str, who: str, matrix: np.ndarray,
              per_row: np.ndarray | None = None) -> PartyData:
        """What the interval of one party is computed from: `matrix` its rows' per-item values
        (raters x items, or one row), `per_row` their `boot_matrix` when the caller has it."""
        if per_row is None:
            per_row = self.boot_matrix(matrix)
        multi = who_kind in MULTI
        key = (f"{self.options.seed}:raters:{self.group.question_id}:{self.category}="
               f"{self.value}:{who_kind}={who}")
        here = np.isfinite(matrix).any(axis=1)
        jack = self.jackknife(matrix[here]) if per_row.size else None
        return party_data(matrix, per_row, self.full_stats(matrix), jack,
                          self.options.interval if multi else "single", key)

    def interval_of(self, who_kind: str, who: str, matrix: np.ndarray,
                    per_row: np.ndarray | None = None) -> Interval:
        return party_interval(self.party(who_kind, who, matrix, per_row),
                              self.options.confidence)

    def rows(self, who_kind: str, who: str, scores: dict[str, float], series: list[pd.Series],
             *, n_items: int, n_raters: int, illustrative: bool = False, note: str = "",
             per_row: np.ndarray | None = None,
             matrix: np.ndarray | None = None) -> list[dict[str, Any]]:
        """The metric rows of one party; `matrix`: its rows' per-item values and `per_row`
        their `boot_matrix`, when the caller has them already (every rater's are computed in
        one batch and shared by the tier rows); else from `series`."""
        if matrix is None:
            matrix = self.matrix(series)
        if self.counts.size and len(matrix):
            interval = self.interval_of(who_kind, who, matrix, per_row)
        else:
            interval = Interval(math.nan, math.nan, "items", "none")
        if interval.note:
            note = "; ".join(n for n in (note, interval.note) if n)
        low, high = interval.low, interval.high
        out = []
        for metric in self.scorer.metrics(self.group):
            main = metric == self.scorer.main
            out.append({
                "question_id": self.group.question_id, "kind": self.group.kind,
                "who_kind": who_kind, "who": who, "category": self.category,
                "category_value": self.value, "metric": metric,
                "value": scores.get(metric, math.nan),
                "ci_low": low if main else math.nan, "ci_high": high if main else math.nan,
                "ci_kind": interval.text if main else "",
                "n_items": n_items, "n_raters": n_raters, "illustrative": illustrative,
                "note": note,
            })
        return out


def subsets(group: QuestionGroup, scorer: FamilyScorer, answered: set[str],
            options: ResultsOptions) -> list[Subset]:
    """All items, then one subset per value of each breakdown category (answered items only)."""
    order = [i for i in group.items if i in answered]
    out = [all_items(group, scorer, answered, options)]
    for category in group.breakdown():
        for value in group.category_values(category):
            members = group.items_in(category, value)
            ids = [i for i in order if i in members]
            if ids:
                out.append(Subset.make(group, scorer, category, value, ids, options))
    return out


def all_items(group: QuestionGroup, scorer: FamilyScorer, answered: set[str],
              options: ResultsOptions) -> Subset:
    """The first of `subsets`, alone (its resamples without the categories' ones)."""
    return Subset.make(group, scorer, ALL, ALL, [i for i in group.items if i in answered], options)


def mean_scores(scores: list[dict[str, float]]) -> dict[str, float]:
    """Metric by metric mean over raters, ignoring raters for whom a metric is undefined."""
    out: dict[str, float] = {}
    for metric in {m for s in scores for m in s}:
        values = [s[metric] for s in scores if not math.isnan(s.get(metric, math.nan))]
        out[metric] = float(np.mean(values)) if values else math.nan
    return out


def empty_scores() -> pd.DataFrame:
    return pd.DataFrame(columns=SCORE_COLUMNS)
