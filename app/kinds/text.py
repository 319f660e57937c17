"""Text: a free comment."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from app.kinds.base import AnswerError, Kind
from app.kinds.question import QuestionBase, ScoringSpec
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState

if TYPE_CHECKING:
    from app.study_types.item import ItemFields

# What a simulated participant writes: a bank written for the purpose, marked as simulated.
COMMENTS = [
    "[simulated] Clear enough; I answered quickly.",
    "[simulated] Hard to decide between two of the options.",
    "[simulated] The second half did not fit the first.",
    "[simulated] I would want a closer look before deciding.",
    "[simulated] Nothing stood out either way.",
    "[simulated] Unusual wording, but it works.",
]


class TextQuestion(QuestionBase):
    """A free comment."""

    kind: Literal["text"] = "text"
    required: bool = False
    multiline: bool = True
    max_length: int = Field(default=5000, ge=1, le=100_000)
    scoring: ScoringSpec = Field(default_factory=lambda: ScoringSpec(include=False))


class TextState(AnswerState):
    def __init__(self, question: TextQuestion, *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.max_length = question.max_length
        self._text = ""

    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        if len(text) > self.max_length:
            raise ValueError(f"a comment may have at most {self.max_length} characters")
        if text == self._text:
            return
        self._text = text
        self._changed()

    def value(self) -> str | None:
        # An optional comment left empty is "" (its stored shape); a required one is not given.
        if self.question.required and not self._text.strip():
            return None
        return self._text

    def is_complete(self) -> bool:
        return not self.question.required or bool(self._text.strip())

    def snapshot(self) -> Any:
        # Every keystroke is a change: logging the whole text each time would grow with the
        # square of its length. The length is enough to see the comment being written.
        return {"length": len(self._text)}


class TextKind(Kind[TextQuestion]):
    name = "text"
    question_model = TextQuestion
    state_class = TextState
    metric = "none"
    level = "nominal"
    seconds_per_question = 30.0
    prediction_json = False

    def normalize(self, item: ItemFields, question: TextQuestion, answer: Any) -> Any:
        if not isinstance(answer, str):
            raise AnswerError("a comment is text")
        if len(answer) > question.max_length:
            raise AnswerError(f"comment is {len(answer)} characters; limit {question.max_length}")
        if question.required and not answer.strip():
            raise AnswerError("this comment is required")
        return answer

    def parse_text(self, question: TextQuestion, text: str) -> Any:
        return text.strip()

    def is_empty_answer(self, answer: Any) -> bool:
        return answer == ""

    def give(self, state: AnswerState, answer: Any) -> None:
        assert isinstance(state, TextState)
        state.set_text(answer)

    def simulate(self, rng: random.Random, item: ItemFields, question: TextQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # A comment from the bank at the person's rate (always when required).
        if question.required or rng.random() < person.comment_rate:
            return rng.choice(COMMENTS)[: question.max_length]
        return ""

    def parse_prediction(self, item: ItemFields, question: TextQuestion, value: Any) -> Any:
        return str(value).strip()

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    scored = False
    free_text = True


KIND = TextKind()
