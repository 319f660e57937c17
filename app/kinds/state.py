"""The shared part of every answer model: change tracking and timing.

A widget calls the kind-specific setters (`ChoiceState.select`, ...); each change goes through
`_changed`, which stamps the monotonic clock (first interaction, time of the latest change),
counts changes after the first, and tells subscribers. The trial screen turns the final state
into a `QuestionAnswer`, which the session engine records.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.kinds.question import QuestionBase

Listener = Callable[[], None]


@dataclass(frozen=True)
class QuestionAnswer:
    """The final answer to one question and how it came about (monotonic ns)."""

    question_id: str
    answer: Any  # None: not answered (only allowed when optional or timed out)
    answer_ns: int | None = None
    first_interaction_ns: int | None = None
    n_changes: int = 0


class AnswerState:
    """Base class; subclasses hold the kind's answer and implement `value` and `is_complete`."""

    def __init__(self, question: QuestionBase, *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        self.question = question
        self.clock = clock
        self.first_interaction_ns: int | None = None
        self.answer_ns: int | None = None  # time of the latest change: the final answer's time
        self.n_changes = 0  # changes after the first answer
        self.history: list[tuple[int, Any]] = []  # (mono ns, value) for the audit log
        self._listeners: list[Listener] = []

    # -- to implement per kind
    def value(self) -> Any | None:
        """The answer in its stored shape (`Kind.normalize`), or None if not given yet."""
        raise NotImplementedError

    def is_complete(self) -> bool:
        """True when this question no longer blocks Submit."""
        return not self.question.required or self.value() is not None

    def snapshot(self) -> Any:
        """What the audit history records at each change. `value()` by default; kinds whose
        answer is None until complete (relevance, ranking, clustering) record their partial
        state instead, so the log shows how the answer was built."""
        return self.value()

    # -- shared
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def touch(self) -> None:
        """A first interaction that does not change the answer (a click into a text box)."""
        if self.first_interaction_ns is None:
            self.first_interaction_ns = self.clock()

    def _changed(self) -> None:
        now = self.clock()
        if self.first_interaction_ns is None:
            self.first_interaction_ns = now
        if self.answer_ns is not None:
            self.n_changes += 1
        self.answer_ns = now
        self.history.append((now, self.snapshot()))
        for listener in list(self._listeners):
            listener()

    def to_question_answer(self) -> QuestionAnswer:
        return QuestionAnswer(
            question_id=self.question.id,
            answer=self.value(),
            answer_ns=self.answer_ns,
            first_interaction_ns=self.first_interaction_ns,
            n_changes=self.n_changes,
        )
