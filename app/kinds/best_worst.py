"""Best-worst: the best and the worst of a set of cards (typically 4), on a stated criterion.

The item's `cards` stimulus is the set; the same card id on several items is the same element
(a best-worst design shows each element in several sets). The stored answer is
{"best": card id, "worst": card id}, two different cards of the item. Scored per element by
best-worst counting, (times best - times worst) / times shown (`best_worst.csv`), with its
split-half reliability in agreement.csv (app/kinds/maxdiff.py says exactly what it is), and
Krippendorff's alpha over item x card units (best 1, worst -1, neither 0; ordinal).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from app.kinds.base import AnswerError, Kind, item_document_ids
from app.kinds.entries import Entry, check_unique
from app.kinds.question import QuestionBase, ScoringSpec
from app.kinds.results_types import ResamplingOptions, ResultTable, ScoredGroup
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.stimuli import CardsStimulus

if TYPE_CHECKING:  # pandas and the statistics load when a result is computed, not with the
    # registry (the command line and the results options stay light: tests/test_startup_imports.py)
    import pandas as pd

    from app.kinds.maxdiff import Trial
    from app.study_types.item import ItemFields

TABLE_COLUMNS = ("question_id", "element", "score", "n_best", "n_worst", "n_appearances")


class BestWorstQuestion(QuestionBase):
    """The best and the worst of the item's cards (the prompt states on what)."""

    kind: Literal["best_worst"] = "best_worst"
    best_label: str | None = Field(default=None, description="What the best is called on the "
                                   "screen ('Most vivid'); default: the app's own 'Best'.")
    worst_label: str | None = Field(default=None, description="What the worst is called; "
                                    "default: the app's own 'Worst'.")
    set_size: int | None = Field(default=None, ge=3, description="Cards every item of this "
                                 "question shows (4 is usual); checked when given.")


class BestWorstState(AnswerState):
    """The two picks. Picking as best the card that is the worst (or the other way round)
    moves it: one card is never both."""

    def __init__(self, question: BestWorstQuestion, entries: Sequence[Entry], *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.entries = check_unique(entries)
        self._ids = [e.id for e in self.entries]
        self.best: str | None = None
        self.worst: str | None = None
        self._picks: list[str] = []  # "best" / "worst" in the order given, for undo

    def pick(self, role: str, card: str) -> None:
        if card not in self._ids:
            raise ValueError(f"{card!r} is not one of the cards")
        if role not in ("best", "worst"):
            raise ValueError(f"{role!r} is neither best nor worst")
        if getattr(self, role) == card:
            return
        other = "worst" if role == "best" else "best"
        if getattr(self, other) == card:
            setattr(self, other, None)
            self._picks = [p for p in self._picks if p != other]
        setattr(self, role, card)
        self._picks = [p for p in self._picks if p != role] + [role]
        self._changed()

    def next_role(self) -> str:
        """What a card's key picks now: best until there is one, then worst."""
        return "best" if self.best is None else "worst"

    def pick_next(self, place: int) -> None:
        """The card shown at `place` (0-based) as best, or as worst once the best is picked
        (a key press: the best first, then the worst). Once both are picked it changes the
        worst."""
        card = self._ids[place]
        if self.best is not None and card == self.best and self.worst is None:
            return  # the best again as worst: a slip, not a change
        self.pick(self.next_role(), card)

    def undo(self) -> None:
        """Takes back the last pick."""
        if not self._picks:
            return
        setattr(self, self._picks.pop(), None)
        self._changed()

    def value(self) -> dict[str, str] | None:
        if self.best is None or self.worst is None:
            return None
        return {"best": self.best, "worst": self.worst}

    def snapshot(self) -> Any:
        return {"best": self.best, "worst": self.worst}


def _checked(answer: Any, cards: list[str], error: type[ValueError]) -> dict[str, str]:
    if not isinstance(answer, dict) or set(answer) != {"best", "worst"}:
        raise error('a best-worst answer is {"best": card id, "worst": card id}')
    best, worst = str(answer["best"]), str(answer["worst"])
    unknown = [c for c in (best, worst) if c not in cards]
    if unknown:
        raise error(f"{unknown} are not among the item's cards {cards}")
    if best == worst:
        raise error("the best and the worst are the same card")
    return {"best": best, "worst": worst}


def trials(group: ScoredGroup, answers: pd.DataFrame) -> list[Trial]:
    from app.kinds.maxdiff import Trial

    out = []
    for rater, item_id, answer in zip(answers["participant"].astype(str),
                                      answers["item_id"].astype(str), answers["answer"],
                                      strict=True):
        if isinstance(answer, dict) and {"best", "worst"} <= set(answer):
            shown = tuple(item_document_ids(group.items[item_id]))
            out.append(Trial(rater, shown, str(answer["best"]), str(answer["worst"])))
    return out


class BestWorstKind(Kind[BestWorstQuestion]):
    name = "best_worst"
    question_model = BestWorstQuestion
    state_class = BestWorstState
    uses_documents = True
    metric = "descriptive"  # no gold: the result is the elements' scores
    level = "ordinal"
    seconds_per_question = 4.0
    seconds_per_document = 3.0

    def answer_state(self, question: BestWorstQuestion, entries: Sequence[Entry],
                     clock: Callable[[], int] = time.monotonic_ns) -> AnswerState:
        return BestWorstState(question, entries, clock=clock)

    def normalize(self, item: ItemFields, question: BestWorstQuestion, answer: Any) -> Any:
        return _checked(answer, item_document_ids(item), AnswerError)

    def gold(self, question: BestWorstQuestion) -> Any | None:
        return None

    def item_problems(self, question: BestWorstQuestion, stimulus: Any, known: set[str],
                      where: str) -> list[tuple[str, str]]:
        if not isinstance(stimulus, CardsStimulus) or len(stimulus.cards) < 3:
            return [(where, "a best_worst question needs a cards stimulus of at least 3 cards")]
        if question.set_size is not None and len(stimulus.cards) != question.set_size:
            return [(f"{where}.set_size", f"the item shows {len(stimulus.cards)} cards, not "
                                          f"{question.set_size}")]
        return []

    def shown_question(self, question: BestWorstQuestion,
                       order: list[str] | None) -> BestWorstQuestion:
        return question.model_copy(update={"scoring": ScoringSpec()})

    def give(self, state: AnswerState, answer: Any) -> None:
        assert isinstance(state, BestWorstState)
        state.pick("best", answer["best"])
        state.pick("worst", answer["worst"])

    def simulate(self, rng: random.Random, item: ItemFields, question: BestWorstQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # Each card has one value on every item that shows it (drawn from its id), seen with
        # noise that grows as p falls: the best and the worst as seen.
        cards = item_document_ids(item)
        noise = 2 * (1 - p_correct)
        seen = sorted(cards, key=lambda c: random.Random(f"{question.id}:{c}").gauss(0, 1)
                      + rng.gauss(0, noise))
        return {"best": seen[-1], "worst": seen[0]}

    def parse_prediction(self, item: ItemFields, question: BestWorstQuestion, value: Any) -> Any:
        return _checked(value, item_document_ids(item), ValueError)

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    unit_name = "item x card"
    # Raters split on an item: 1 - the share of its most common (best, worst) pair.
    dispute_measure = "answer_share"

    def unit_values(self, item_id: str, documents: Sequence[str], answer: Any
                    ) -> list[tuple[str, float]]:
        # Each card of the item is a unit: 1 picked best, -1 picked worst, 0 neither.
        if not isinstance(answer, dict):
            return []
        best, worst = answer.get("best"), answer.get("worst")
        return [(f"{item_id}/{card}", 1.0 if card == best else -1.0 if card == worst else 0.0)
                for card in documents]

    def extra_agreement_rows(self, group: ScoredGroup, answers: pd.DataFrame,
                             options: ResamplingOptions) -> list[dict[str, Any]]:
        from app.kinds.maxdiff import split_half

        found = trials(group, answers)
        result = split_half(found, seed=f"{options.seed}:split-half:{group.question_id}")
        note = (f"mean Pearson r {result.mean_r:.3f} of the two halves' scores over "
                f"{result.n_splits} random splits of the raters, Spearman-Brown corrected"
                if result.n_splits else "needs two raters and three elements both halves saw")
        return [{"statistic": "split_half_reliability", "value": result.value,
                 "n_raters": result.n_raters, "note": note}]

    def result_tables(self, group: ScoredGroup, answers: pd.DataFrame,
                      models: Mapping[str, pd.DataFrame],
                      options: ResamplingOptions) -> list[ResultTable]:
        from app.kinds.maxdiff import element_scores

        elements = [c for item in group.items.values() for c in item_document_ids(item)]
        rows = [{"question_id": group.question_id, "element": s.element, "score": s.score,
                 "n_best": s.n_best, "n_worst": s.n_worst, "n_appearances": s.n_appearances}
                for s in element_scores(trials(group, answers), list(dict.fromkeys(elements)))]
        return [ResultTable("best_worst", TABLE_COLUMNS, rows)]


KIND = BestWorstKind()
