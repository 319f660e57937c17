"""Relevance: a grade for each document of a query (HUME reranking: Relevant / Not relevant
for each of 7).

Every document needs an explicit judgement before the answer is complete; untouched documents
do not default to "not relevant". HUME's annotators judged each document, and a default would
make a document the participant never read indistinguishable in the data from one they judged
irrelevant: a skimming participant would still produce a plausible MAP. With the keyboard a
judgement costs one key (1 or 0, which also moves on to the next document), so the rule is
cheap for a careful participant and only stops a careless one.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from app.kinds.base import AnswerError, GoldOrder, Kind, item_document_ids, set_mismatch
from app.kinds.entries import Entry, check_unique
from app.kinds.question import QuestionBase
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.base import StrictModel
from app.study_types.stimuli import QueryDocumentsStimulus

if TYPE_CHECKING:
    from app.study_types.item import ItemFields


class Grade(StrictModel):
    value: int
    label: str


def _binary_grades() -> list[Grade]:
    return [Grade(value=0, label="Not relevant"), Grade(value=1, label="Relevant")]


class RelevanceQuestion(QuestionBase):
    """A judgement per document of the item's `query_documents` stimulus."""

    kind: Literal["relevance"] = "relevance"
    grades: list[Grade] = Field(default_factory=_binary_grades, min_length=2)
    gold: dict[str, int] | None = Field(default=None, description="document id -> grade")

    @model_validator(mode="after")
    def _gold_grades_known(self) -> RelevanceQuestion:
        values = {g.value for g in self.grades}
        if len(values) != len(self.grades):
            raise ValueError("grade values must be unique")
        if self.gold:
            bad = sorted(d for d, g in self.gold.items() if g not in values)
            if bad:
                raise ValueError(f"gold grades of {bad} are not among the grade values {sorted(values)}")
        return self


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


def _scores(value: Any, docs: list[str]) -> dict[str, float]:
    """A model's score per document (any numbers, higher = more relevant)."""
    if isinstance(value, list):
        if len(value) != len(docs):
            raise ValueError(f"expected {len(docs)} scores, got {len(value)}")
        value = dict(zip(docs, value, strict=True))
    if not isinstance(value, Mapping) or set(value) != set(docs):
        raise ValueError(f"a score for each of {docs}")
    out = {}
    for doc in docs:
        score = value[doc]
        if isinstance(score, bool) or not isinstance(score, int | float):
            raise ValueError(f"score {score!r} for {doc!r} is not a number")
        try:
            number = float(score)  # an integer of 400 digits overflows here
        except OverflowError:
            raise ValueError(f"score for {doc!r} is too large ({len(str(score))} digits)") from None
        if not math.isfinite(number):
            raise ValueError(f"score {score!r} for {doc!r} is not a finite number")
        out[doc] = number
    return out


class RelevanceKind(Kind[RelevanceQuestion]):
    name = "relevance"
    question_model = RelevanceQuestion
    state_class = RelevanceState
    uses_documents = True
    metric = "retrieval"
    level = "ordinal"
    seconds_per_document = 5.0

    def answer_state(self, question: RelevanceQuestion, entries: Sequence[Entry],
                     clock: Callable[[], int] = time.monotonic_ns) -> AnswerState:
        return RelevanceState(question, entries, clock=clock)

    def normalize(self, item: ItemFields, question: RelevanceQuestion, answer: Any) -> Any:
        docs = item_document_ids(item)
        if isinstance(answer, list):  # grades in document order
            if len(answer) != len(docs):
                raise AnswerError(f"expected {len(docs)} grades, got {len(answer)}")
            answer = dict(zip(docs, answer, strict=True))
        if not isinstance(answer, dict) or set(answer) != set(docs):
            raise AnswerError(f"a relevance answer gives a grade for each of {docs}")
        grades = {g.value for g in question.grades}
        out = {}
        for doc in docs:
            grade = answer[doc]
            if isinstance(grade, bool) or not isinstance(grade, int) or grade not in grades:
                raise AnswerError(f"grade {grade!r} for {doc!r} is not one of {sorted(grades)}")
            out[doc] = grade
        return out

    def is_correct(self, question: RelevanceQuestion, answer: Any) -> bool | None:
        return None if question.gold is None else bool(answer == question.gold)

    def give(self, state: AnswerState, answer: Any) -> None:
        assert isinstance(state, RelevanceState)
        for doc, grade in answer.items():
            state.set_grade(doc, grade)

    def item_problems(self, question: RelevanceQuestion, stimulus: Any, known: set[str],
                      where: str) -> list[tuple[str, str]]:
        if not isinstance(stimulus, QueryDocumentsStimulus):
            return [(where, "a relevance question needs a query_documents stimulus")]
        if question.gold is not None and set(question.gold) != known:
            return [(f"{where}.gold", set_mismatch(question.gold, known, "documents"))]
        return []

    def gold_order(self, question: RelevanceQuestion,
                   places: Mapping[str, float]) -> GoldOrder | None:
        # Relevant documents (any grade above the lowest) against the others.
        if not question.gold:
            return None
        low = min(g.value for g in question.grades)
        yes: list[float] = []
        no: list[float] = []
        for d, grade in question.gold.items():
            (yes if grade > low else no).append(places[d])
        return GoldOrder("groups", yes, no)

    def simulate(self, rng: random.Random, item: ItemFields, question: RelevanceQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # Each document's gold grade with probability p, else another grade.
        grades = [g.value for g in question.grades]
        docs = item_document_ids(item)
        grade_of = question.gold or latent.truth(
            question.id, lambda r: {d: r.choice(grades) for d in docs})
        return {d: grade_of[d] if rng.random() < p_correct
                else rng.choice([g for g in grades if g != grade_of[d]]) for d in docs}

    def parse_prediction(self, item: ItemFields, question: RelevanceQuestion, value: Any) -> Any:
        # A score per document {"d1": 0.83, "d2": 0.12}, or a list of scores in document order.
        return _scores(value, item_document_ids(item))

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    unit_name = "item x document"
    agreement_statistics = ("fleiss_kappa", "query_agreement")
    dispute_measure = "document_split"
    mteb_task = "reranking"

    def gold_gains(self, question: RelevanceQuestion, documents: Sequence[str]
                   ) -> tuple[list[float], list[bool]] | None:
        # The gain is the gold grade; a document is relevant above grade 0.
        if not question.gold:
            return None
        gains = [float(question.gold.get(d, 0)) for d in documents]
        return gains, [g > 0 for g in gains]

    def document_grades(self, answer: Any, documents: Sequence[str]) -> list[float] | None:
        if isinstance(answer, dict) and all(d in answer for d in documents):
            return [float(answer[d]) for d in documents]
        return None

    def unit_values(self, item_id: str, documents: Sequence[str], answer: Any
                    ) -> list[tuple[str, float]]:
        # Each document of the item is a unit; its value is the grade.
        if not isinstance(answer, dict):
            return []
        return [(f"{item_id}/{d}", float(answer[d])) for d in documents if d in answer]


KIND = RelevanceKind()
