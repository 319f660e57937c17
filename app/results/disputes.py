"""The items raters split on most, per question, and those where they agree against gold:
where HUME found errors in the datasets.

`dispute` is 0 when every rater gave the same answer and grows with disagreement. Each kind
names its measure (`Kind.dispute_measure`, one of `MEASURES`):

| measure        | kind       | dispute                                                      |
|----------------|------------|--------------------------------------------------------------|
| answer_share   | choice     | 1 - share of raters giving the most frequent answer          |
| scale_spread   | rating     | standard deviation of the ratings, over half the scale range |
| document_split | relevance  | share of documents on which the raters do not all agree      |
| rank_tau       | ranking    | (1 - mean pairwise Kendall tau) / 2                          |
| partition_ari  | clustering | 1 - mean pairwise adjusted Rand index                        |

`gold_share` is the share of raters whose answer equals the gold answer; an item where
raters agree with each other but not with gold (`majority_differs_from_gold`) is worth a look.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from app.results.grouped import answer_counts
from app.results.metrics_clustering import grouping_labels
from app.results.metrics_rating import numeric
from app.results.pairwise import ari_rows, kendall_rows
from app.results.units import QuestionGroup
from app.study.answers import is_correct, item_document_ids

DISPUTE_COLUMNS = ["question_id", "item_id", "n_raters", "dispute", "gold_share",
                   "most_common_answer", "most_common_share", "gold",
                   "majority_differs_from_gold", "categories"]


def _answer_share(group: QuestionGroup, item_id: str, answers: list[Any]) -> float:
    cell = group.response_kind.answer_cell
    counts = Counter(cell(a) for a in answers)
    return 1 - max(counts.values()) / len(answers)


def _scale_spread(group: QuestionGroup, item_id: str, answers: list[Any]) -> float:
    values = np.array([numeric(a) for a in answers])
    values = values[~np.isnan(values)]
    bounds = group.response_kind.scale_bounds(group.questions[item_id])
    half = (bounds[1] - bounds[0]) / 2 if bounds is not None else 1.0
    return float(values.std(ddof=1) / half) if len(values) > 1 else math.nan


def _document_split(group: QuestionGroup, item_id: str, answers: list[Any]) -> float:
    docs = item_document_ids(group.items[item_id])
    split = [len({a.get(d) for a in answers if isinstance(a, dict)}) > 1 for d in docs]
    return float(np.mean(split)) if split else math.nan


# Rank and partition measures: every pair of the item's raters at once (app/results/pairwise.py;
# one library call per pair made an item with 1,000 raters take minutes).
def _rank_tau(group: QuestionGroup, item_id: str, answers: list[Any]) -> float:
    docs = item_document_ids(group.items[item_id])
    places = [[a.index(d) for d in docs] for a in answers
              if isinstance(a, list) and all(d in a for d in docs)]
    taus = kendall_rows(np.array(places, dtype=float).reshape(len(places), len(docs)))
    if len(taus) == 0 or np.isnan(taus).all():
        return math.nan
    return float((1 - np.nanmean(taus)) / 2)


def _partition_ari(group: QuestionGroup, item_id: str, answers: list[Any]) -> float:
    docs = item_document_ids(group.items[item_id])
    labels = [x for x in (grouping_labels(a, docs) for a in answers) if x]
    aris = ari_rows(np.array(labels, dtype=object).reshape(len(labels), len(docs)))
    return float(1 - np.mean(aris)) if len(aris) else math.nan


# (group, item id, the item's answers) -> dispute, by the names kinds give (`Kind.dispute_measure`).
MEASURES: dict[str, Callable[[QuestionGroup, str, list[Any]], float]] = {
    "answer_share": _answer_share, "scale_spread": _scale_spread,
    "document_split": _document_split, "rank_tau": _rank_tau, "partition_ari": _partition_ari,
}


def _dispute(group: QuestionGroup, item_id: str, answers: list[Any]) -> float:
    measure = MEASURES.get(group.response_kind.dispute_measure)
    return measure(group, item_id, answers) if measure is not None else math.nan


def _order(row: dict[str, Any]) -> tuple[float, float]:
    dispute, gold_share = float(row["dispute"]), float(row["gold_share"])
    return (-dispute if not math.isnan(dispute) else 1.0,
            gold_share if not math.isnan(gold_share) else 2.0)


def disputed_items(group: QuestionGroup, answers: pd.DataFrame, top: int) -> list[dict[str, Any]]:
    """The `top` items with the highest dispute among those answered by two or more raters
    (items every rater answered alike are left out unless they agree against gold)."""
    if answers.empty:
        return []
    given = answers["answer"].tolist()
    kind = group.response_kind
    # Labels measured by their shares: counted for all items at once.
    if (kind.answer_value == "label" and kind.dispute_measure == "answer_share"
            and all(isinstance(a, str) for a in given)):
        rows = _choice_rows(group, answers)
    else:
        by_item: dict[str, list[Any]] = {}  # in order of first appearance, as groupby(sort=False)
        for item_id, answer in zip(answers["item_id"].tolist(), given, strict=True):
            by_item.setdefault(str(item_id), []).append(answer)
        rows = [_item_row(group, i, values) for i, values in by_item.items() if len(values) >= 2]
    rows = [r for r in rows if r["majority_differs_from_gold"] or r["dispute"] > 0]
    rows.sort(key=_order)
    chosen = rows[:top]
    # Raters who agree with each other against gold are not "split", but they are how HUME
    # found wrong gold labels: up to `top` of those are listed too.
    chosen += [r for r in rows[top:] if r["majority_differs_from_gold"]][:top]
    for row in chosen:
        item = group.items[row["item_id"]]
        row["categories"] = "; ".join(f"{k}={v}" for k, v in item.categories.items())
    return chosen


def _item_row(group: QuestionGroup, item_id: str, given: list[Any]) -> dict[str, Any]:
    question = group.questions[item_id]
    kind = group.response_kind
    gold = kind.gold(question)
    counts = Counter(kind.answer_cell(a) for a in given)
    common, n_common = counts.most_common(1)[0]
    verdicts = [is_correct(question, a) for a in given] if gold is not None else []
    gold_share = float(np.mean([bool(v) for v in verdicts])) if verdicts else math.nan
    return _row(group, item_id, len(given), _dispute(group, item_id, given), gold_share, common,
                n_common, gold)


def _row(group: QuestionGroup, item_id: str, n: int, dispute: float, gold_share: float,
         common: str, n_common: int, gold: Any) -> dict[str, Any]:
    cell = group.response_kind.answer_cell
    return {
        "question_id": group.question_id, "item_id": item_id, "n_raters": n,
        "dispute": dispute, "gold_share": gold_share,
        "most_common_answer": common, "most_common_share": n_common / n,
        "gold": "" if gold is None else cell(gold),
        "majority_differs_from_gold": bool(gold is not None and n_common / n > 0.5
                                           and common != cell(gold)),
    }


def _choice_rows(group: QuestionGroup, answers: pd.DataFrame) -> list[dict[str, Any]]:
    """`_item_row` of every item of a label group whose answers are all labels, counted
    with one `np.bincount` over items x keys. Ties for the most common answer go to the one
    given first (as `Counter.most_common`)."""
    tally = answer_counts(answers["item_id"].astype(str).tolist(), answers["answer"].tolist())
    item_ids, names, counts, cells = tally.item_names, tally.answer_names, tally.counts, tally.cells
    n_items, n_keys = counts.shape
    first = np.full(n_items * n_keys, len(cells))
    np.minimum.at(first, cells, np.arange(len(cells)))
    top = counts.max(axis=1)
    # Among the keys given most often, the one given first.
    first = np.where(counts == top[:, None], first.reshape(n_items, n_keys), len(cells) + 1)
    common = first.argmin(axis=1)
    n = counts.sum(axis=1)
    code_of = {name: k for k, name in enumerate(names)}
    rows = []
    for k, item_id in enumerate(item_ids):
        if n[k] < 2:
            continue
        gold = group.response_kind.gold(group.questions[item_id])
        # is_correct of a label is `answer == gold`: the share of raters who gave the gold key.
        right = counts[k, code_of[gold]] if gold in code_of else 0
        rows.append(_row(group, item_id, int(n[k]), 1 - int(top[k]) / int(n[k]),
                         int(right) / int(n[k]) if gold is not None else math.nan,
                         str(names[common[k]]), int(top[k]), gold))
    return rows
