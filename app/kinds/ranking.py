"""Ranking: a full order of the documents or cards, best first.

The list starts in the shown order (shuffled when the study shuffles). That order counts as
the participant's answer only once they have acted on it: moved an entry, or confirmed the
order as it stands (`confirm`, the "Keep this order" button). Otherwise a participant who
pressed Submit straight away would record the presentation order as a judgement.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from app.kinds.base import AnswerError, GoldOrder, Kind, item_document_ids
from app.kinds.entries import Entry, check_unique
from app.kinds.question import QuestionBase
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.stimuli import CardsStimulus, QueryDocumentsStimulus

if TYPE_CHECKING:
    from app.study_types.item import ItemFields


class RankingQuestion(QuestionBase):
    """A full order of the item's documents or cards, most relevant first."""

    kind: Literal["ranking"] = "ranking"
    gold: list[str] | None = Field(default=None, description="ids in the right order")


class RankingState(AnswerState):
    def __init__(self, question: RankingQuestion, entries: Sequence[Entry], *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.entries = check_unique(entries)
        self._by_id = {e.id: e for e in self.entries}
        self._order = [e.id for e in self.entries]
        self._engaged = False

    @property
    def order(self) -> list[str]:
        return list(self._order)

    def ordered_entries(self) -> list[Entry]:
        return [self._by_id[i] for i in self._order]

    @property
    def engaged(self) -> bool:
        return self._engaged

    def move(self, from_index: int, to_index: int) -> None:
        """Take the entry at `from_index` out and put it back at `to_index` (both 0-based,
        `to_index` counted in the list after removal, clamped to its ends)."""
        if not 0 <= from_index < len(self._order):
            raise IndexError(f"no entry at {from_index}")
        to_index = max(0, min(to_index, len(self._order) - 1))
        if to_index == from_index:
            return
        entry = self._order.pop(from_index)
        self._order.insert(to_index, entry)
        self._engaged = True
        self._changed()

    def confirm(self) -> None:
        """Accept the order as it stands."""
        if self._engaged:
            return
        self._engaged = True
        self._changed()

    def value(self) -> list[str] | None:
        return list(self._order) if self._engaged else None

    def snapshot(self) -> Any:
        return list(self._order)


def _full_order(value: Any, docs: list[str], error: type[ValueError]) -> list[str]:
    if not isinstance(value, list) or sorted(map(str, value)) != sorted(docs):
        raise error(f"a ranking lists every one of {docs} exactly once")
    return [str(v) for v in value]


class RankingKind(Kind[RankingQuestion]):
    name = "ranking"
    question_model = RankingQuestion
    state_class = RankingState
    uses_documents = True
    metric = "retrieval"
    level = "ordinal"
    seconds_per_document = 6.0

    def answer_state(self, question: RankingQuestion, entries: Sequence[Entry],
                     clock: Callable[[], int] = time.monotonic_ns) -> AnswerState:
        return RankingState(question, entries, clock=clock)

    def normalize(self, item: ItemFields, question: RankingQuestion, answer: Any) -> Any:
        return _full_order(answer, item_document_ids(item), AnswerError)

    def is_correct(self, question: RankingQuestion, answer: Any) -> bool | None:
        return None if question.gold is None else bool(answer == question.gold)

    def give(self, state: AnswerState, answer: Any) -> None:
        assert isinstance(state, RankingState)
        for place, entry in enumerate(answer):
            state.move(state.order.index(entry), place)
        state.confirm()  # the order as shown may already be the answer

    def item_problems(self, question: RankingQuestion, stimulus: Any, known: set[str],
                      where: str) -> list[tuple[str, str]]:
        if not isinstance(stimulus, QueryDocumentsStimulus | CardsStimulus):
            return [(where, "a ranking question needs a query_documents or cards stimulus")]
        if question.gold is not None and sorted(question.gold) != sorted(known):
            return [(f"{where}.gold", "gold must list every document exactly once")]
        return []

    def gold_order(self, question: RankingQuestion,
                   places: Mapping[str, float]) -> GoldOrder | None:
        # The gold order's shown places against its own: a trend says the file gives it away.
        if not question.gold:
            return None
        n = len(question.gold)
        return GoldOrder("trend", [places[d] for d in question.gold],
                         [i / (n - 1) for i in range(n)])

    def simulate(self, rng: random.Random, item: ItemFields, question: RankingQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # The gold order (or the item's latent one) sorted again by position plus noise whose
        # SD grows as p falls.
        docs = item_document_ids(item)
        order = list(question.gold or latent.truth(question.id, lambda r: r.sample(docs, len(docs))))
        noise = (1 - p_correct) * len(order)
        return [d for _, d in sorted((i + rng.gauss(0.0, noise), d) for i, d in enumerate(order))]

    def parse_prediction(self, item: ItemFields, question: RankingQuestion, value: Any) -> Any:
        # Every document id once, best first.
        return _full_order(value, item_document_ids(item), ValueError)

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    unit_name = "item x document"
    agreement_statistics = ("query_agreement",)
    dispute_measure = "rank_tau"
    mteb_task = "reranking"
    ranks_documents = True

    def gold_gains(self, question: RankingQuestion, documents: Sequence[str]
                   ) -> tuple[list[float], list[bool]] | None:
        # The document at gold place i of n has gain n - i; the top
        # `scoring.options.relevant_k` (default 1) are relevant.
        if not question.gold:
            return None
        n = len(question.gold)
        place = {doc: i for i, doc in enumerate(question.gold)}
        k = int(question.scoring.options.get("relevant_k", 1))
        return ([float(n - place[d]) if d in place else 0.0 for d in documents],
                [place.get(d, n) < k for d in documents])

    def document_grades(self, answer: Any, documents: Sequence[str]) -> list[float] | None:
        # The document at place i of n grades n - i.
        if isinstance(answer, list) and sorted(map(str, answer)) == sorted(documents):
            place = {d: i for i, d in enumerate(answer)}
            return [float(len(documents) - place[d]) for d in documents]
        return None

    def unit_values(self, item_id: str, documents: Sequence[str], answer: Any
                    ) -> list[tuple[str, float]]:
        # Each document of the item is a unit; its value is its place (0 = best).
        if not isinstance(answer, list):
            return []
        return [(f"{item_id}/{d}", float(place)) for place, d in enumerate(answer)]


KIND = RankingKind()
