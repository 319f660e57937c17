"""A clock for answer models under test: each call is `step` nanoseconds after the last."""

from __future__ import annotations


class FakeClock:
    def __init__(self, step: int = 1000) -> None:
        self.step = step
        self.now = 0

    def __call__(self) -> int:
        self.now += self.step
        return self.now
