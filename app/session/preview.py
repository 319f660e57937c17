"""The session engine of a study preview (`run --preview`, Designer > Preview study).

A preview runs on a throwaway database, so it may do what a real session never does: show any
item on request (jump to item), let an item be answered again, and take a study that changed on
disk while the session runs (live reload). Everything else, every screen and every answer's
path, is the ordinary engine's, so a preview shows exactly what a participant gets.
"""

from __future__ import annotations

from typing import Any

from app.session.engine import (
    Progress,
    QuestionAnswer,
    QuestionFeedback,
    Screen,
    SessionEngine,
    SubmitError,
    TrialScreenSpec,
    TrialTiming,
)
from app.session.plan import PlannedTrial, build_plan
from app.session.tally import PlanTally
from app.study.assets import registering_digest
from app.study.errors import UserInputError
from app.study.loader import LoadedStudy


class PreviewEngine(SessionEngine):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._jump: PlannedTrial | None = None

    def position_of(self, item_id: str) -> int | None:
        """The item's place in the plan, or None when the plan does not hold it."""
        return next((p.position for p in self.plan if p.item_id == item_id), None)

    def jump_to(self, position: int) -> None:
        """The next screen is the trial at `position`, answered or not; after it the session
        goes on with the first unanswered item, as usual."""
        if not 0 <= position < len(self.plan):
            raise SubmitError(f"no item at position {position}")
        self._jump = self.plan[position]

    def progress(self) -> Progress:
        """The jumped-to item's place, as the header shows it ("Item 3 of 8 in this part"):
        the ordinary progress names the next unanswered item, which is not on screen."""
        jumped = self._jump
        if jumped is None:
            return super().progress()
        block = self.study.block(jumped.block_id)
        in_block = [p for p in self.plan if p.block_id == jumped.block_id]
        # One block: the header numbers the item by `done` ("Item 3 of 8"), so it is the place.
        done = in_block.index(jumped) if len(in_block) == self.total else self.done
        return Progress(done=done, total=self.total,
                        block_title=block.title or ("Practice" if block.kind == "practice"
                                                    else "Main"),
                        block_done=in_block.index(jumped), block_total=len(in_block))

    def next_screen(self) -> Screen:
        if self._jump is not None:
            return TrialScreenSpec(self._trial_view(self._jump))
        return super().next_screen()

    def submit(self, position: int, answers: list[QuestionAnswer],
               timing: TrialTiming) -> list[QuestionFeedback]:
        self._jump = None
        if 0 <= position < len(self.plan) and self.plan[position].item_id in self._answered:
            # Seen again through "jump to item": the first answer stays, nothing is added.
            return []
        return super().submit(position, answers, timing)

    def reload(self, loaded: LoadedStudy, *, keep_item: str | None = None) -> None:
        """Carry on with `loaded`, the same study changed on disk: a new plan, the answers given
        so far to items it still has, and (`keep_item`) the item on screen shown again."""
        if loaded.study.id != self.study.id:
            raise UserInputError(
                f"the study's id changed from {self.study.id!r} to {loaded.study.id!r}: close "
                "the preview and open it again")
        if not self.db.study_registered(loaded.content_hash):
            self.db.register_study(loaded.study.id, loaded.study.version, loaded.study.title,
                                   loaded.content_hash, loaded.study.model_dump_json(),
                                   assets_digest=registering_digest(loaded))
        self.loaded = loaded
        self.study = loaded.study
        self._items = loaded.items_by_id
        self.plan = build_plan(self.study, self.code)
        self._answered &= set(self._items)
        self._tally = PlanTally(self.plan, self._answered)
        position = self.position_of(keep_item) if keep_item is not None else None
        self._jump = self.plan[position] if position is not None else None
