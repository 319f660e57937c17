"""The session engine: given a study, a participant and the database, it says what to show
next and records what was answered.

Everything it knows about progress comes from the database (responses and events), so a
process killed at any point resumes on the first unanswered item of the same plan, with the
block introductions and breaks already seen not shown again. A submit writes all the item's
answers in one transaction and returns only once they are committed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from app import __version__
from app.kinds import kind_of
from app.kinds.state import QuestionAnswer  # re-exported: the UI hands it back here
from app.machine import machine_id
from app.session.asset_record import AssetRecorder, inline_digest
from app.session.codes import check_participant_code
from app.session.flags import STIMULUS_PROBLEM
from app.session.plan import PlannedTrial, build_plan, min_items_after_break
from app.session.presentation import TrialView, image_files, trial_view
from app.session.recording import (  # TrialTiming re-exported: the UI hands it back here
    SubmitError,
    TrialTiming,
    item_response_fields,
)
from app.session.sittings import Sitting, current_sitting, next_opens_utc
from app.session.tally import PlanTally
from app.storage.backup import backup_after_session
from app.storage.database import Database, new_uuid, utc_now
from app.storage.records import EventRecord, ResponseRecord
from app.study.answers import feedback_correct, is_correct
from app.study.assets import asset_paths
from app.study.errors import UserInputError
from app.study.lazy import definition_json, items_by_id
from app.study.loader import LoadedStudy

# Items ahead whose images the UI may decode while the current one is answered: two keep the
# next item ready even if the participant answers one in a second, and cost at most a few
# screen-sized decodes of memory.
PREFETCH_ITEMS = 2
ASSET_DIGEST_WAIT_S = 5.0  # at close, for a first start's digest still being made (app.session.asset_record)

# ----------------------------------------------------------------------- what the UI shows


# The main block's introduction when the study gives none (after practice). English here (the
# core has no Qt); the participant's window shows it translated (widgets/shell/core_words.py).
PRACTICE_OVER = ("**Practice is over.** From now on your answers count and no feedback is "
                 "given.")


@dataclass(frozen=True)
class BlockIntroScreen:
    block_id: str
    title: str
    text: str  # Markdown
    practice: bool


@dataclass(frozen=True)
class TrialScreenSpec:
    """Next comes a trial of `view` (shown by the widget widgets.shell.trial_screen.TrialScreen)."""

    view: TrialView


@dataclass(frozen=True)
class BreakScreen:
    done: int
    total: int


@dataclass(frozen=True)
class EndScreen:
    done: int
    total: int
    score: float | None  # only when the study allows showing it
    # A reader study's sittings (app.session.sittings): those still to come after this one,
    # and when the next one opens (the washout's end; None: at once, or none left).
    sittings_left: int = 0
    next_opens_utc: str | None = None
    waiting: bool = False  # no sitting is open yet: the washout is not over


Screen = BlockIntroScreen | TrialScreenSpec | BreakScreen | EndScreen


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    block_title: str
    block_done: int
    block_total: int


# ----------------------------------------------------------------------- what the UI hands back
# (and QuestionAnswer, the final answer to one question: `app.kinds.state`, re-exported here)


@dataclass(frozen=True)
class QuestionFeedback:
    question_id: str
    given: Any
    correct_answer: Any
    correct: bool | None


class SessionEngine:
    def __init__(
        self,
        loaded: LoadedStudy,
        db: Database,
        participant_code: str,
        *,
        profile: Mapping[str, Any] | None = None,
        refresh_hz: float | None = None,
        screen: str | None = None,
        ui_language: str | None = None,
        simulated: bool = False,
        clock: Callable[[], int] = time.monotonic_ns,
        defer_registration: bool = False,
    ) -> None:
        """`defer_registration`: a study version new to this database is registered (its
        definition written, its files' digest made or started) by `finish_registration`,
        which the app calls once the first screen is up (a 20,000-item definition is ~0.25 s
        of CPU); `submit` and `close` call it first in any case, so no answer is stored
        before the version it answers."""
        # Pseudonyms only (no e-mail, no phone), and one of the study's codes if it says which.
        check_participant_code(participant_code, None if simulated else loaded.study)
        self.loaded = loaded
        self.study = loaded.study
        self.db = db
        self.code = participant_code
        self.simulated = simulated
        self.clock = clock
        self.asset_recorder: AssetRecorder | None = None
        # A session's rows name the version by its content hash (no foreign key): they may
        # come first; its answers may not (`submit`).
        self.registration_pending = not db.study_registered(loaded.content_hash)
        if not defer_registration:
            self.finish_registration()
        self.participant = db.ensure_participant(
            self.study.id, participant_code, dict(profile or {}), simulated=simulated
        )
        self.sitting, self._answered = self._sitting(participant_code)
        self.condition = self.sitting.condition
        self.plan: list[PlannedTrial] = [] if self.sitting.waiting else build_plan(
            self.study, participant_code, condition=self.condition,
            practice_blocks=self.sitting.first)
        self._items = items_by_id(self.study)  # a lazy study's models: of the items read
        self._tally = PlanTally(self.plan, self._answered)
        # Introductions and breaks are per sitting: the second condition's main block has its
        # introduction again.
        every_event = db.events(self.study.id, participant_code=participant_code)
        seen = [e for e in every_event
                if json.loads(e.payload_json).get("condition") == self.condition]
        self._intros_seen = {
            json.loads(e.payload_json).get("block") for e in seen if e.kind == "block_intro_seen"
        }
        self._breaks_taken = {
            int(json.loads(e.payload_json).get("at", -1)) for e in seen if e.kind == "break_end"
        }
        resumed = bool(self._answered) or bool(seen)
        # A session of this participant that never ended was killed (crash, power cut): the
        # audit trail says so once per such session, even if this start is killed too.
        recovered = {json.loads(e.payload_json).get("session") for e in every_event
                     if e.kind == "crash_recovered"}
        crashed = [s for s in db.sessions(self.study.id) if s.participant_code == participant_code
                   and s.ended_utc is None and s.uuid not in recovered]
        self.session_uuid = db.start_session(
            self.study.id, loaded.content_hash, participant_code, app_version=__version__,
            refresh_hz=refresh_hz, screen=screen, machine_id=machine_id(),
        )
        # The language of the app's own words in this session (the participant's pick among
        # the study's ui_languages), kept with the session's first event: no new column.
        self.ui_language = ui_language
        opened: dict[str, Any] = {"answered": len(self._answered), "of": len(self.plan)}
        if ui_language is not None:
            opened["ui_language"] = ui_language
        self._log("session_resumed" if resumed else "session_started", opened)
        for old in crashed:
            self._log("crash_recovered", {"session": old.uuid, "started_utc": old.started_utc,
                                          "answered": len(self._answered)})

    def _sitting(self, code: str) -> tuple[Sitting, set[str]]:
        """The sitting to read now and the items already answered in it."""
        if not self.study.conditions:
            return Sitting(None, 0, 1), self.db.answered_item_ids(self.study.id, code)
        by_condition = self.db.answered_by_condition(self.study.id, code)
        sitting = current_sitting(
            self.study, code, {t.item_id for t in build_plan(self.study, code)},
            {c: items for c, (items, _) in by_condition.items()},
            {c: last for c, (_, last) in by_condition.items()},
            washout=not self.simulated)  # simulated readers are test data: no waiting
        return sitting, set(by_condition.get(sitting.condition, (set(), ""))[0])

    def finish_registration(self) -> None:
        """Register the study version if this database does not hold it (see __init__); once."""
        if not self.registration_pending:
            return
        loaded, db = self.loaded, self.db
        paths = asset_paths(loaded)  # every item's images: read once for both below
        digest = inline_digest(loaded, paths)
        # The study's model_dump_json(), written without building a lazy study's models.
        db.register_study(
            self.study.id, self.study.version, self.study.title, loaded.content_hash,
            definition_json(self.study), assets_digest=digest,
        )
        self.registration_pending = False
        if digest is None:  # hashing 12,000 photographs takes minutes: it follows
            self.asset_recorder = AssetRecorder(loaded, db, paths)

    # ------------------------------------------------------------------ reading state

    @property
    def total(self) -> int:
        return len(self.plan)

    @property
    def done(self) -> int:
        return self._tally.done

    def next_trial(self) -> PlannedTrial | None:
        return self._tally.next_trial()

    def progress(self) -> Progress:
        planned = self.next_trial() or (self.plan[-1] if self.plan else None)
        if planned is None:
            return Progress(0, 0, "", 0, 0)
        block = self.study.block(planned.block_id)
        return Progress(
            done=self.done,
            total=self.total,
            block_title=block.title or ("Practice" if block.kind == "practice" else "Main"),
            block_done=self._tally.block_done[planned.block_id],
            block_total=self._tally.block_total[planned.block_id],
        )

    def _last_answer_utc(self) -> str | None:
        """The time of this sitting's latest answer, as stored (the washout counts from it)."""
        read = self.db.answered_by_condition(self.study.id, self.code).get(self.condition)
        return read[1] if read else None

    def next_screen(self) -> Screen:
        planned = self.next_trial()
        sitting = self.sitting
        if planned is None:
            left = sitting.count - sitting.index - (0 if sitting.waiting else 1)
            opens = (sitting.opens_utc if sitting.waiting else
                     next_opens_utc(self.study, self._last_answer_utc()) if left else None)
            return EndScreen(self.done, self.total, self._score() if
                             self.study.design.show_score_at_end else None,
                             sittings_left=left, next_opens_utc=opens, waiting=sitting.waiting)
        if self.condition is not None and self.condition_intro_id not in self._intros_seen:
            condition = next(c for c in self.study.conditions if c.id == self.condition)
            return BlockIntroScreen(self.condition_intro_id, condition.label,
                                    condition.intro or "", False)
        block = self.study.block(planned.block_id)
        if planned.block_id not in self._intros_seen and self._needs_intro(planned):
            text = block.intro or self._default_intro(planned)
            return BlockIntroScreen(block.id, block.title or block.id, text,
                                    block.kind == "practice")
        main_done = self._tally.main_done
        every = self.study.design.break_every
        if (every and not planned.practice and main_done and main_done % every == 0
                and main_done not in self._breaks_taken
                and self._tally.main_total - main_done >= min_items_after_break(every)):
            return BreakScreen(self.done, self.total)
        return TrialScreenSpec(self._trial_view(planned))

    @property
    def condition_intro_id(self) -> str:
        """The id the sitting's introduction (its condition's label and intro) is
        acknowledged under, beside the blocks' ids."""
        return f"condition:{self.condition}"

    def peek_trial_after(self, position: int) -> TrialView | None:
        """The view of the next unanswered item after the one at `position`: what
        `next_screen` will most likely show once that item is answered, for a UI that builds
        the next screen while the current one is answered. Read-only: nothing is recorded and
        no state changes. A guess, not a promise: a block introduction, a break or the end may
        come first, which only `next_screen` decides, so the UI compares before using it."""
        if not 0 <= position < len(self.plan):
            return None
        following = self._tally.after(self.plan[position], 1)
        return self._trial_view(following[0]) if following else None

    def _trial_view(self, planned: PlannedTrial) -> TrialView:
        item = self._items[planned.item_id]
        view = trial_view(self.study, self.loaded.folder, item, planned, self.total)
        upcoming = [path for later in self._tally.after(planned, PREFETCH_ITEMS)
                    for path in image_files(self.loaded.folder, self._items[later.item_id])]
        return replace(view, upcoming_images=tuple(upcoming))

    def _needs_intro(self, planned: PlannedTrial) -> bool:
        block = self.study.block(planned.block_id)
        if block.intro:
            return True
        # Without an intro of its own, say when practice ends and the real items begin.
        first_main = not planned.practice and self._tally.has_practice
        return first_main and planned == self._tally.first_of_block[block.id]

    @staticmethod
    def _default_intro(planned: PlannedTrial) -> str:
        return PRACTICE_OVER if not planned.practice else ""

    # ------------------------------------------------------------------ acting

    def acknowledge_intro(self, block_id: str) -> None:
        self._intros_seen.add(block_id)
        self._log("block_intro_seen", {"block": block_id})

    def start_break(self) -> None:
        self._log("break_start", {"at": self._main_done()}, mono_ns=self.clock())

    def end_break(self) -> None:
        self._breaks_taken.add(self._main_done())
        self._log("break_end", {"at": self._main_done()}, mono_ns=self.clock())

    def _main_done(self) -> int:
        return self._tally.main_done

    def log(self, kind: str, payload: dict[str, Any] | None = None, *, item_id: str | None = None,
            mono_ns: int | None = None) -> None:
        """An audit event from the UI (paused, focus lost, closed...)."""
        self._log(kind, payload or {}, item_id=item_id, mono_ns=mono_ns)

    def flag_stimulus_problem(self, item_id: str, problem: str, *, path: str | None = None) -> None:
        """A stimulus that could not be shown: the session goes on, the designer sees the item
        in `app.session.flags.stimulus_problems`."""
        self._log(STIMULUS_PROBLEM, {"problem": problem, "path": path}, item_id=item_id)

    def _log(self, kind: str, payload: dict[str, Any], *, item_id: str | None = None,
             mono_ns: int | None = None) -> None:
        if self.condition is not None:  # which sitting it happened in
            payload = {**payload, "condition": self.condition}
        self.db.log_event(self.study.id, kind, participant_code=self.code,
                          session_uuid=self.session_uuid, item_id=item_id, payload=payload,
                          mono_ns=mono_ns)

    def submit(self, position: int, answers: list[QuestionAnswer],
               timing: TrialTiming) -> list[QuestionFeedback]:
        """Record the answers to the item at `position`. Durable when this returns.

        Returns feedback (with the right answers) only for items of a block that gives
        feedback (practice, by default); otherwise an empty list.
        """
        if not 0 <= position < len(self.plan):
            raise SubmitError(f"no item at position {position}")
        planned = self.plan[position]
        if planned.item_id in self._answered:
            raise SubmitError(f"item {planned.item_id!r} is already answered")
        self.finish_registration()  # the version before any answer to it
        item = self._items[planned.item_id]
        by_id = {a.question_id: a for a in answers}
        unknown = set(by_id) - {q.id for q in item.questions}
        if unknown:
            raise SubmitError(f"unknown questions {sorted(unknown)} for item {item.id!r}")

        now_utc = utc_now()
        fields, normalized = item_response_fields(item, planned, by_id, timing,
                                                  answer_utc=now_utc, simulated=self.simulated)
        rows = [ResponseRecord(uuid=new_uuid(), study_id=self.study.id,
                               content_hash=self.loaded.content_hash, participant_code=self.code,
                               session_uuid=self.session_uuid, **row) for row in fields]
        events = [
            EventRecord(uuid=new_uuid(), study_id=self.study.id, participant_code=self.code,
                        session_uuid=self.session_uuid, kind=str(ev.get("kind", "trial_event")),
                        item_id=item.id, payload_json=json.dumps(ev, sort_keys=True, default=str),
                        mono_ns=ev.get("mono_ns"), utc=now_utc)
            for ev in timing.events
        ]
        self.db.save_responses(rows, events)
        self._answered.add(item.id)
        self._tally.mark(planned)

        block = self.study.block(planned.block_id)
        gives_feedback = block.feedback if block.feedback is not None else block.kind == "practice"
        if not gives_feedback:
            return []
        return [
            QuestionFeedback(q.id, normalized[q.id], kind_of(q).feedback_gold(q),
                             feedback_correct(q, normalized[q.id]) if normalized[q.id] is not None
                             else False)
            for q in item.questions if getattr(q, "gold", None) is not None
        ]

    def close(self) -> None:
        self.finish_registration()  # a session that ends unanswered: registered as before
        # A short wait: a digest still being made stays unknown rather than hold the close.
        if self.asset_recorder is not None and not self.asset_recorder.wait(ASSET_DIGEST_WAIT_S):
            self.asset_recorder.stop()
        self._log("session_closed", {"answered": self.done, "of": self.total})
        self.db.end_session(self.session_uuid)
        # The file alone now holds the whole session: a copy made before the next one starts
        # (with the app still open, without its -wal) loses nothing.
        self.db.checkpoint()
        if not self.simulated:  # simulations are regenerated at will; real answers get a backup
            self._backup()

    def _backup(self) -> None:
        """A rolling, verified backup of a SQLite database, taken after `session_closed` so that
        a restored backup shows this session as ended. A failure is logged, not raised: the
        answers themselves are already committed."""
        try:
            backup_after_session(self.db)
        except (OSError, UserInputError) as exc:  # BackupError is a UserInputError
            self._log("backup_failed", {"error": str(exc)})

    def _score(self) -> float | None:
        """Share of gold-answered main questions answered right, for an end screen that shows it."""
        right = total = 0
        for row in self.db.responses(self.study.id, participant_code=self.code):
            if row.practice:
                continue
            question = next(q for q in self._items[row.item_id].questions if q.id == row.question_id)
            if getattr(question, "gold", None) is None:
                continue
            answer = json.loads(row.answer_json)
            verdict = False if answer is None else is_correct(question, answer)
            if verdict is not None:
                total += 1
                right += int(verdict)
        return right / total if total else None
