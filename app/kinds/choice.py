"""Choice: one option out of several (A-D, Y/N, a class label)."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from app.kinds.base import AnswerError, GoldPlace, Kind
from app.kinds.question import QuestionBase, ScoringSpec
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.base import Identifier, StrictModel

if TYPE_CHECKING:
    from app.study_types.item import ItemFields


class Option(StrictModel):
    key: Identifier
    label: str


class ChoiceQuestion(QuestionBase):
    """One option out of several (A-D, Y/N, a class label)."""

    kind: Literal["choice"] = "choice"
    options: list[Option] = Field(min_length=2)
    shuffle_options: bool | None = Field(
        default=None, description="Overrides the study's design.shuffle_options for this question."
    )
    gold: Identifier | None = None

    @model_validator(mode="after")
    def _keys_unique_and_gold_known(self) -> ChoiceQuestion:
        keys = [o.key for o in self.options]
        if len(set(keys)) != len(keys):  # the quick test first: this runs for every question
            dupes = sorted({k for k in keys if keys.count(k) > 1})
            raise ValueError(f"option keys must be unique; repeated: {', '.join(dupes)}")
        if self.gold is not None and self.gold not in keys:
            raise ValueError(f"gold {self.gold!r} is not one of the option keys {keys}")
        return self


class ChoiceState(AnswerState):
    def __init__(self, question: ChoiceQuestion, *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.options = list(question.options)  # in shown order (the TrialView already ordered them)
        self._selected: str | None = None

    @property
    def selected(self) -> str | None:
        return self._selected

    def select(self, key: str) -> None:
        if key not in {o.key for o in self.options}:
            raise ValueError(f"{key!r} is not one of the options")
        if key == self._selected:
            return  # picking the same option again is not a change
        self._selected = key
        self._changed()

    def clear(self) -> None:
        if self._selected is None:
            return
        self._selected = None
        self._changed()

    def value(self) -> str | None:
        return self._selected


def _shuffled(question: ChoiceQuestion, shuffle_default: bool) -> bool:
    flag = question.shuffle_options
    return shuffle_default if flag is None else flag


class ChoiceKind(Kind[ChoiceQuestion]):
    name = "choice"
    question_model = ChoiceQuestion
    state_class = ChoiceState
    answer_key_submits = True
    metric = "accuracy"
    level = "nominal"
    seconds_per_question = 10.0
    prediction_json = False
    plan_level = "nominal"
    plan_model_gap = True

    def normalize(self, item: ItemFields, question: ChoiceQuestion, answer: Any) -> Any:
        keys = [o.key for o in question.options]
        if not isinstance(answer, str) or answer not in keys:
            raise AnswerError(f"{answer!r} is not one of the options {keys}")
        return answer

    def parse_text(self, question: ChoiceQuestion, text: str) -> Any:
        return text.strip()

    def is_correct(self, question: ChoiceQuestion, answer: Any) -> bool | None:
        return None if question.gold is None else bool(answer == question.gold)

    def give(self, state: AnswerState, answer: Any) -> None:
        assert isinstance(state, ChoiceState)
        state.select(answer)

    def compact(self, question: ChoiceQuestion, pool: dict[tuple[object, ...], Any]) -> None:
        # A 20,000-item study holds 100,000 options and far fewer distinct ones; `Option` is
        # frozen and holds only strings, so equal options can be one object. Keyed on every
        # field's value, so a field added to `Option` keeps unequal options apart.
        options = question.options
        for index, option in enumerate(options):
            shared = pool.setdefault(tuple(option.__dict__.values()), option)
            if shared is not option:
                options[index] = shared

    def gold_place(self, question: ChoiceQuestion, shuffle_default: bool) -> GoldPlace | None:
        if question.gold is None or _shuffled(question, shuffle_default):
            return None
        keys = [o.key for o in question.options]
        return GoldPlace(keys.index(question.gold), len(keys),
                         tuple(o.label for o in question.options), question.gold)

    def ambiguous_gold(self, question: ChoiceQuestion) -> str | None:
        if question.gold is None:
            return None
        labels = Counter(" ".join(o.label.split()).casefold() for o in question.options)
        right = next(o.label for o in question.options if o.key == question.gold)
        return right if labels[" ".join(right.split()).casefold()] > 1 else None

    def shown_order(self, question: ChoiceQuestion, documents: list[str] | None,
                    shuffle_default: bool, rng: random.Random) -> list[str] | None:
        keys = [o.key for o in question.options]
        if _shuffled(question, shuffle_default):
            rng.shuffle(keys)
        return keys

    def shown_question(self, question: ChoiceQuestion, order: list[str] | None) -> ChoiceQuestion:
        update: dict[str, Any] = {"gold": None, "scoring": ScoringSpec()}
        if order:
            by_key = {o.key: o for o in question.options}
            update["options"] = [by_key[k] for k in order]
        return question.model_copy(update=update)

    def simulate(self, rng: random.Random, item: ItemFields, question: ChoiceQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # The gold option with probability p, else another one; without gold, an option drawn
        # once per item from the seed ("popular") takes gold's place.
        keys = [o.key for o in question.options]
        target = question.gold or self.latent_answer(question, latent)
        if rng.random() < p_correct:
            return target
        return rng.choice([k for k in keys if k != target])

    def latent_answer(self, question: ChoiceQuestion, latent: ItemLatent) -> str:
        """The item's "popular" option, drawn once from the seed: gold's stand-in."""
        keys = [o.key for o in question.options]
        return str(latent.truth(question.id, lambda r: r.choice(keys)))

    def plan_point(self, question: ChoiceQuestion, latent: ItemLatent,
                   answer: Any) -> tuple[float, float]:
        keys = [o.key for o in question.options]
        truth = question.gold or self.latent_answer(question, latent)
        return float(answer == truth), float(keys.index(answer))

    def pilot_rates(self, questions: Mapping[str, ChoiceQuestion], rows: Any) -> dict[str, float]:
        # Humans' accuracy against gold.
        gold = {i: q.gold for i, q in questions.items() if q.gold}
        graded = rows[rows["item_id"].isin(list(gold))]
        if not gold or graded.empty:
            return {}
        right = [a == gold[i] for i, a in zip(graded["item_id"], graded["answer"], strict=True)]
        return {"accuracy": sum(right) / len(right)}

    def parse_prediction(self, item: ItemFields, question: ChoiceQuestion, value: Any) -> Any:
        text = str(value).strip()
        keys = [o.key for o in question.options]
        if text not in keys:
            raise ValueError(f"{text!r} is not one of the options {keys}")
        return text

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    answer_value = "label"
    agreement_statistics = ("fleiss_kappa", "pairwise_cohen_kappa")
    dispute_measure = "answer_share"
    mteb_task = "classification"

    def option_order(self, question: ChoiceQuestion) -> list[str]:
        return [o.key for o in question.options]


KIND = ChoiceKind()
