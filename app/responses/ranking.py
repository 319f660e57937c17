"""A full order of the documents or cards, best first.

The list starts in the shown order (shuffled when the study shuffles). That order counts as
the participant's answer only once they have acted on it: moved an entry, or confirmed the
order as it stands (`confirm`, the "Keep this order" button). Otherwise a participant who
pressed Submit straight away would record the presentation order as a judgement.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from app.responses.base import AnswerState
from app.responses.entries import Entry, check_unique
from app.study.model import RankingQuestion


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
