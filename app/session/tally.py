"""Running counts over a participant's plan, so that each screen change costs O(1).

Finding the next item, the progress bar and the break check by a scan of the whole plan on
every screen would cost ~200 ms per answer at 20,000 items (benchmarks/bench_next_text.py). The
answered set only ever grows during a session, so the first unanswered position only moves
forward and every count only goes up: a cursor and a few counters keep them exactly.
"""

from __future__ import annotations

from collections import Counter

from app.session.plan import PlannedTrial


class PlanTally:
    def __init__(self, plan: list[PlannedTrial], answered: set[str]) -> None:
        self.plan = plan
        self._answered = answered  # the engine's own set, shared: it adds, then calls mark()
        self.block_total = Counter(p.block_id for p in plan)
        self.block_done = Counter(p.block_id for p in plan if p.item_id in answered)
        self.done = sum(self.block_done.values())
        self.main_done = sum(1 for p in plan if not p.practice and p.item_id in answered)
        self.main_total = sum(1 for p in plan if not p.practice)
        self.has_practice = any(p.practice for p in plan)
        self.first_of_block: dict[str, PlannedTrial] = {}
        for planned in plan:
            self.first_of_block.setdefault(planned.block_id, planned)
        self._cursor = 0

    def next_trial(self) -> PlannedTrial | None:
        """The first planned trial not yet answered, in plan order."""
        while self._cursor < len(self.plan) and self.plan[self._cursor].item_id in self._answered:
            self._cursor += 1
        return self.plan[self._cursor] if self._cursor < len(self.plan) else None

    def mark(self, planned: PlannedTrial) -> None:
        """`planned` was just answered (its item added to the answered set)."""
        self.block_done[planned.block_id] += 1
        self.done += 1
        if not planned.practice:
            self.main_done += 1

    def after(self, planned: PlannedTrial, count: int) -> list[PlannedTrial]:
        """Up to `count` unanswered trials that follow `planned` in the plan."""
        out: list[PlannedTrial] = []
        for index in range(planned.position + 1, len(self.plan)):
            if len(out) >= count:
                break
            if self.plan[index].item_id not in self._answered:
                out.append(self.plan[index])
        return out
