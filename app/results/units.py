"""What gets scored: questions grouped across items, and the human answers to each group.

A *question group* is every question with the same id and kind across the study's trial items
("label" on all classification items, "similarity" on all STS pairs). Scores, agreement and
model comparisons are computed per group, and broken down by item categories. Practice items,
attention and gold checks, free-text comments, questions with `scoring.include: false` and
unanswered (timed-out) questions are never scored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from app.kinds import KINDS, kind_named
from app.kinds.base import Kind
from app.results.lookup import isin
from app.study.defaults import level_for, metric_for
from app.study.model import Item, MeasurementLevel, Question, ScoringSpec, Study

# Kinds that are never scored (free-text comments), by name: looked up per question.
_UNSCORED = frozenset(k.name for k in KINDS if not k.scored)
ANSWER_COLUMNS = ["participant", "tier", "item_id", "answer", "rt_ms", "timed_out"]


@dataclass(frozen=True)
class QuestionGroup:
    question_id: str
    kind: str
    metric: str  # metric family: accuracy, sts, descriptive, authorship, retrieval, clustering
    level: MeasurementLevel  # for Krippendorff's alpha
    spec: ScoringSpec  # of the group's first question (a designer writes it once per question)
    questions: dict[str, Question] = field(repr=False)  # item id -> the question on that item
    items: dict[str, Item] = field(repr=False)  # item id -> item, in study order
    # Per-item scores by (item id, answer): the same answer is scored once however many
    # breakdown subsets it falls in.
    cache: dict[tuple[str, str], dict[str, float]] = field(default_factory=dict, repr=False,
                                                           compare=False)

    @property
    def response_kind(self) -> Kind[Any]:
        """The group's kind (app.kinds): what its answers are and which statistics fit them."""
        return kind_named(self.kind)

    @property
    def key(self) -> str:
        return self.question_id

    def gold(self, item_id: str) -> Any:
        return getattr(self.questions[item_id], "gold", None)

    @cached_property
    def gold_texts(self) -> dict[str, str]:
        """item id -> gold answer as text, for the items that have one (read by every subset
        and party, so worked out once)."""
        return {i: str(g) for i in self.items if (g := self.gold(i)) is not None}

    @cached_property
    def gold_lookup(self) -> tuple[pd.Index, np.ndarray]:
        """`gold_texts` for whole arrays: (items with gold, their gold then a trailing None),
        so `values[index.get_indexer(item_ids)]` is each row's gold or None."""
        texts = self.gold_texts
        return (pd.Index(list(texts), dtype=object),
                np.array([*texts.values(), None], dtype=object))

    @property
    def has_gold(self) -> bool:
        return any(self.gold(i) is not None for i in self.items)

    def breakdown(self) -> list[str]:
        """Categories to break scores down by: the spec's, else every category on its items."""
        if self.spec.breakdown:
            return list(self.spec.breakdown)
        keys: dict[str, None] = {}
        for item in self.items.values():
            keys.update(dict.fromkeys(item.categories))
        return list(keys)

    def category_values(self, category: str) -> list[str]:
        values: dict[str, None] = {}
        for item in self.items.values():
            if category in item.categories:
                values[item.categories[category]] = None
        return list(values)

    def items_in(self, category: str, value: str) -> set[str]:
        return {i for i, item in self.items.items() if item.categories.get(category) == value}


def question_groups(study: Study) -> list[QuestionGroup]:
    """Every scored question group, in the order the questions first appear."""
    found: dict[tuple[str, str], tuple[dict[str, Question], dict[str, Item]]] = {}
    for item in study.items:
        if item.role != "trial" or study.block(item.block).kind == "practice":
            continue
        for question in item.questions:
            if question.kind in _UNSCORED or not question.scoring.include:
                continue
            questions, items = found.setdefault((question.id, question.kind), ({}, {}))
            questions[item.id] = question
            items[item.id] = item
    groups = []
    for (question_id, kind), (questions, items) in found.items():
        first = next(iter(questions.values()))
        spec = first.scoring
        metric = metric_for(kind, spec, first)
        if metric == "none":
            continue
        groups.append(QuestionGroup(question_id, kind, metric, level_for(kind, spec, first), spec,
                                    questions, items))
    return groups


def group_answers(group: QuestionGroup, frame: pd.DataFrame, tier_field: str | None) -> pd.DataFrame:
    """The human answers to a group: one row per rater and item (`ANSWER_COLUMNS` + `cat_*`)."""
    if frame.empty:
        return pd.DataFrame(columns=ANSWER_COLUMNS)
    mask = (
        (frame["question_id"] == group.question_id)
        & isin(frame["item_id"], list(group.items))
        & ~frame["practice"].astype(bool)
        & frame["answer"].notna()
    )
    rows = frame.loc[mask]
    tier_column = f"profile_{tier_field}" if tier_field else None
    out = pd.DataFrame({
        "participant": rows["participant"].astype(str),
        "tier": (rows[tier_column].fillna("").astype(str) if tier_column and tier_column in rows
                 else ""),
        "item_id": rows["item_id"].astype(str),
        "answer": rows["answer"],
        "rt_ms": pd.to_numeric(rows["rt_ms"], errors="coerce"),
        "timed_out": rows["timed_out"].astype(bool),
    })
    for column in rows.columns:
        if column.startswith("cat_"):
            out[column] = rows[column]
    # A resumed or merged database can hold one item twice for a rater: the first answer counts.
    out = out.drop_duplicates(subset=["participant", "item_id"], keep="first")
    return out.reset_index(drop=True)


def item_order(group: QuestionGroup) -> dict[str, int]:
    return {item_id: index for index, item_id in enumerate(group.items)}
