"""A grade for each document of a query (HUME reranking: Relevant / Not relevant for each of 7).

Every document needs an explicit judgement before the answer is complete; untouched documents
do not default to "not relevant". HUME's annotators judged each document, and a default would
make a document the participant never read indistinguishable in the data from one they judged
irrelevant: a skimming participant would still produce a plausible MAP. With the keyboard a
judgement costs one key (1 or 0, which also moves on to the next document), so the rule is
cheap for a careful participant and only stops a careless one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from app.responses.base import AnswerState
from app.responses.entries import Entry, check_unique
from app.study.model import Grade, RelevanceQuestion


class RelevanceState(AnswerState):
    def __init__(self, question: RelevanceQuestion, entries: Sequence[Entry], *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.entries = check_unique(entries)  # documents in shown order
        self.grades: list[Grade] = list(question.grades)
        self._grades: dict[str, int] = {}

    def review(self) -> str:
        """The judgements in words, for the participant to check before submitting."""
        counts = [(g.label, sum(1 for v in self._grades.values() if v == g.value))
                  for g in self.grades]
        return "; ".join(f"{label}: {n} document{'s' if n != 1 else ''}" for label, n in counts)

    def grade_of(self, doc_id: str) -> int | None:
        return self._grades.get(doc_id)

    def grade_label(self, value: int) -> str:
        return next(g.label for g in self.grades if g.value == value)

    def set_grade(self, doc_id: str, grade: int) -> None:
        if doc_id not in {e.id for e in self.entries}:
            raise ValueError(f"{doc_id!r} is not one of the documents")
        if grade not in {g.value for g in self.grades}:
            raise ValueError(f"{grade!r} is not one of the grades")
        if self._grades.get(doc_id) == grade:
            return
        self._grades[doc_id] = grade
        self._changed()

    def toggle(self, doc_id: str) -> None:
        """Space: an unjudged document gets the highest grade ("Relevant"); after that the
        grades cycle downwards and wrap, so with two grades it flips between them."""
        values = sorted((g.value for g in self.grades), reverse=True)
        current = self._grades.get(doc_id)
        nxt = values[0] if current is None else values[(values.index(current) + 1) % len(values)]
        self.set_grade(doc_id, nxt)

    def n_judged(self) -> int:
        return len(self._grades)

    def value(self) -> dict[str, int] | None:
        if len(self._grades) < len(self.entries):
            return None
        return {e.id: self._grades[e.id] for e in self.entries}

    def is_complete(self) -> bool:
        # Optional or not, a partial judgement cannot be stored: require all or nothing.
        if self._grades:
            return self.value() is not None
        return not self.question.required

    def snapshot(self) -> Any:
        return dict(self._grades)
