"""A free comment."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.responses.base import AnswerState
from app.study.model import TextQuestion


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
