"""Reliability data: the raters x units table that agreement statistics are computed on.

What a *unit* is depends on the kind of question (`Kind.answer_value`, `Kind.unit_values`):

| kind                     | unit                   | value                           |
|--------------------------|------------------------|---------------------------------|
| choice (a label)         | the item               | the option key (coded)          |
| rating (a number)        | the item               | the rating (N/A: missing)       |
| relevance                | item x document        | the grade                       |
| ranking                  | item x document        | the place in the ranking (0 = best) |
| clustering               | item x pair of cards   | 1 if the pair is grouped together, else 0 |

A rater who did not answer an item is missing on its units (Krippendorff's alpha allows that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from app.results.metrics_rating import numeric
from app.results.units import QuestionGroup
from app.study.answers import item_document_ids


@dataclass(frozen=True)
class ReliabilityData:
    raters: list[str]
    unit_ids: list[str]
    unit_items: np.ndarray  # the item of each unit, for resampling whole items
    data: np.ndarray  # raters x units; float codes, NaN where missing
    domain: np.ndarray  # the possible values, sorted
    labels: list[str] | None = None  # nominal choice: the label of code i

    @property
    def n_items(self) -> int:
        return len(set(self.unit_items[self.pairable()]))

    def pairable(self) -> np.ndarray:
        """Units with at least two values: the only ones agreement can use."""
        return (~np.isnan(self.data)).sum(axis=0) >= 2

    def value_counts(self) -> np.ndarray:
        """units x domain: how many raters gave each value on each unit."""
        present = ~np.isnan(self.data)
        units = np.nonzero(present)[1]
        codes = np.searchsorted(self.domain, self.data[present])
        n_values = len(self.domain)
        flat = np.bincount(units * n_values + codes, minlength=len(self.unit_ids) * n_values)
        return flat.reshape(len(self.unit_ids), n_values).astype(float)


def unit_values(group: QuestionGroup, item_id: str, answer: Any) -> list[tuple[str, Any]]:
    """The (unit, value) pairs one answer contributes."""
    kind = group.response_kind
    if kind.answer_value == "label":
        return [(item_id, str(answer))] if isinstance(answer, str) else []
    if kind.answer_value == "number":
        return [(item_id, numeric(answer))]
    return kind.unit_values(item_id, item_document_ids(group.items[item_id]), answer)


def reliability_data(group: QuestionGroup, answers: pd.DataFrame) -> ReliabilityData:
    kind = group.response_kind
    if kind.answer_value is not None:
        return _item_units(group, answers)
    # An answer with parts: its kind says its units (one call per answer, as the table is
    # built cell by cell; the item's documents looked up once per item).
    values_of = kind.unit_values
    documents: dict[str, list[str]] = {}
    cells: dict[tuple[str, str], Any] = {}
    units: dict[str, str] = {}
    for participant, item_id, answer in zip(answers["participant"], answers["item_id"],
                                            answers["answer"], strict=True):
        item_id = str(item_id)
        docs = documents.get(item_id)
        if docs is None:
            docs = documents[item_id] = item_document_ids(group.items[item_id])
        for unit, value in values_of(item_id, docs, answer):
            units.setdefault(unit, item_id)
            cells[(str(participant), unit)] = value
    raters = sorted({p for p, _ in cells})
    unit_ids = list(units)
    labels = None
    data = np.full((len(raters), len(unit_ids)), np.nan)
    r_index = {r: i for i, r in enumerate(raters)}
    u_index = {u: i for i, u in enumerate(unit_ids)}
    for (rater, unit), value in cells.items():
        data[r_index[rater], u_index[unit]] = float(value)
    present = data[~np.isnan(data)]
    return ReliabilityData(raters, unit_ids, np.array([units[u] for u in unit_ids], dtype=object),
                           data, np.unique(present), labels)


def _item_units(group: QuestionGroup, answers: pd.DataFrame) -> ReliabilityData:
    """`reliability_data` where each answer is one value on its item's unit (choice, rating),
    filled column-wise: what the cell-by-cell build gives (one answer per rater and item)."""
    participants = answers["participant"].tolist()
    item_ids = answers["item_id"].tolist()
    given = answers["answer"].tolist()
    label = group.response_kind.answer_value == "label"
    if label:  # the option key; any other answer gives no value
        keep = [isinstance(a, str) for a in given]
        if not all(keep):
            participants, item_ids, given = (
                [x for x, k in zip(column, keep, strict=True) if k]
                for column in (participants, item_ids, given))
    values = given if label else [numeric(a) for a in given]
    raters, rater_names = pd.factorize(np.asarray([str(p) for p in participants], dtype=object),
                                       sort=True)
    units, unit_names = pd.factorize(np.asarray([str(i) for i in item_ids], dtype=object),
                                     sort=False)
    labels = None
    if label:
        codes, label_names = pd.factorize(np.asarray(values, dtype=object), sort=True)
        labels = [str(x) for x in label_names]
        coded = codes.astype(float)
    else:
        coded = np.asarray(values, dtype=float)
    data = np.full((len(rater_names), len(unit_names)), np.nan)
    data[raters, units] = coded
    unit_ids = [str(u) for u in unit_names]
    present = data[~np.isnan(data)]
    return ReliabilityData([str(r) for r in rater_names], unit_ids,
                           np.array(unit_ids, dtype=object), data, np.unique(present), labels)
