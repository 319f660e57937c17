"""One option out of several."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.responses.base import AnswerState
from app.study.model import ChoiceQuestion


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
