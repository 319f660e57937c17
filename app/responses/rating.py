"""A point on a scale, or N/A where the question allows it."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.responses.base import AnswerState
from app.study.answers import NA
from app.study.model import RatingQuestion


class RatingState(AnswerState):
    def __init__(self, question: RatingQuestion, *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.rating = question
        self.points = question.scale_points()
        self._value: float | str | None = None

    def point_index(self) -> int | None:
        """Index of the chosen point in `points`; None for no answer or N/A."""
        if not isinstance(self._value, float | int):
            return None
        chosen = float(self._value)
        return min(range(len(self.points)), key=lambda i: abs(self.points[i] - chosen))

    def set(self, value: float) -> None:
        """Choose a point; values between points are refused (the widgets only offer points)."""
        matches = [p for p in self.points if abs(p - float(value)) < 1e-9]
        if not matches:
            raise ValueError(f"{value!r} is not a point of the scale {self.points}")
        self._set(matches[0])

    def set_index(self, index: int) -> None:
        self._set(self.points[index])

    def set_na(self) -> None:
        if not self.rating.allow_na:
            raise ValueError("this scale has no N/A")
        self._set(NA)

    def clear(self) -> None:
        self._set(None)

    @property
    def is_na(self) -> bool:
        return self._value == NA

    def _set(self, value: float | str | None) -> None:
        if value == self._value:
            return
        self._value = value
        self._changed()

    def value(self) -> float | str | None:
        return self._value
