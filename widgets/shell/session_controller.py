"""A participant's session seen from the UI thread. Every call into the session engine (and so
into the database) runs as a job on the one database writer; results come back as signals or
callbacks, so the window stays responsive and never reads the engine while it is writing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.session.engine import Progress, QuestionFeedback, Screen, SessionEngine, TrialScreenSpec
from app.session.presentation import TrialView
from app.session.standing import CONSENT_EVENT, consent_payload
from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QObject, Signal
from widgets.shell.trial_record import TrialSubmission
from widgets.tasks import DatabaseWriter


class SessionController(QObject):
    opened = Signal(int, int)  # answered, total (answered > 0: a resumed session)
    screen_ready = Signal(object, object)  # Screen, Progress
    failed = Signal(str, object)  # what was being done, the exception

    def __init__(self, writer: DatabaseWriter, db: Database, loaded: LoadedStudy, code: str,
                 profile: Mapping[str, Any], *, refresh_hz: float | None = None,
                 screen: str | None = None, engine_class: type[SessionEngine] = SessionEngine,
                 ui_language: str | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine_class = engine_class  # a preview's engine (app.session.preview) or the real one
        self.writer = writer
        self.db = db
        self.loaded = loaded
        self.code = code
        self.profile = dict(profile)
        self.refresh_hz = refresh_hz
        self.screen = screen
        self.ui_language = ui_language
        self.engine: SessionEngine | None = None
        self._start_finished = False
        self.closed = False
        # The engine's guess at the trial after the one on screen, for the trial screen to
        # build ahead (SessionEngine.peek_trial_after); None when there is none.
        self.ahead: TrialView | None = None
        # What comes after an answer, looked up in the job that saved it: the next screen
        # then needs no second trip through the writer. Dropped by anything that changes it.
        self._found: tuple[Screen, Progress, TrialView | None] | None = None

    # ------------------------------------------------------------------ jobs

    def _run(self, what: str, fn: Callable[[], Any],
             on_done: Callable[[Any], None] | None = None) -> None:
        self._found = None  # every job but an audit event may change what comes next
        self.writer.run(fn, on_done=on_done, on_error=lambda exc: self.failed.emit(what, exc),
                        label=what)

    @staticmethod
    def _find_next(engine: SessionEngine) -> tuple[Screen, Progress, TrialView | None]:
        """The next screen, the progress, and (for a trial) the trial expected after it."""
        screen = engine.next_screen()
        ahead = (engine.peek_trial_after(screen.view.position)
                 if isinstance(screen, TrialScreenSpec) else None)
        return screen, engine.progress(), ahead

    def _screen_found(self, found: tuple[Screen, Progress, TrialView | None]) -> None:
        screen, progress, self.ahead = found
        self.screen_ready.emit(screen, progress)

    def open(self, *, consent_text: str | None = None) -> None:
        """Create the engine (registers study, participant, session); log the agreement."""
        def create() -> tuple[int, int]:
            # A study version new to the database is registered once the first screen is up
            # (`finish_start`): its 20,000-item definition is not on the first item's path.
            engine = self.engine_class(self.loaded, self.db, self.code, profile=self.profile,
                                       refresh_hz=self.refresh_hz, screen=self.screen,
                                       ui_language=self.ui_language, defer_registration=True)
            if consent_text is not None:
                engine.log(CONSENT_EVENT, consent_payload(consent_text))
            self.engine = engine
            return engine.done, engine.total

        self._run(self.tr("opening the session"), create, lambda counts: self.opened.emit(*counts))

    def finish_start(self) -> None:
        """The rest of the engine's start, on the writer, once the first screen is up (the
        first trial painted): the study version registered (SessionEngine.finish_registration;
        an answer would register it first in any case). Queued once."""
        if self._start_finished or self.closed or self.engine is None:
            return
        self._start_finished = True
        engine = self.engine
        # Not `_run`: nothing it does changes what comes next.
        self.writer.run(engine.finish_registration, label="registering the study version",
                        on_error=lambda exc: self.failed.emit(
                            self.tr("registering the study version"), exc))

    def _engine(self) -> SessionEngine:
        if self.engine is None:
            raise RuntimeError("the session is not open yet")
        return self.engine

    def advance(self) -> None:
        """Ask the engine what comes next; answered through `screen_ready`."""
        found, self._found = self._found, None
        if found is not None:  # looked up right after the answer was saved; nothing since
            self._screen_found(found)
            return
        self._run(self.tr("finding the next screen"), lambda: self._find_next(self._engine()),
                  self._screen_found)

    def run_then_advance(self, what: str, fn: Callable[[], Any]) -> None:
        """Run `fn` on the engine's writer, then show what comes next (a preview's jump to an
        item or reload of the study: they change what comes next)."""
        if self.closed:
            return
        self._run(what, fn)
        self.advance()

    def acknowledge_intro(self, block_id: str) -> None:
        self._run(self.tr("recording the introduction as read"),
                  lambda: self._engine().acknowledge_intro(block_id))
        self.advance()

    def start_break(self) -> None:
        self._run(self.tr("starting the break"), lambda: self._engine().start_break())

    def end_break(self) -> None:
        self._run(self.tr("ending the break"), lambda: self._engine().end_break())
        self.advance()

    def submit(self, submission: TrialSubmission,
               on_done: Callable[[list[QuestionFeedback]], None],
               on_error: Callable[[BaseException], None]) -> None:
        """Commit one item's answers; `on_done(feedback)` only once they are durable."""
        self._found = None

        def save() -> tuple[list[QuestionFeedback], tuple[Screen, Progress, TrialView | None]]:
            engine = self._engine()
            feedback = engine.submit(submission.position, submission.answers, submission.timing)
            return feedback, self._find_next(engine)  # after the commit: read-only

        def saved(result: tuple[list[QuestionFeedback],
                                tuple[Screen, Progress, TrialView | None]]) -> None:
            feedback, self._found = result
            on_done(feedback)

        self.writer.run(save, on_done=saved, on_error=on_error, label="saving an answer")

    def log(self, kind: str, payload: Mapping[str, Any] | None = None, *,
            item_id: str | None = None, mono_ns: int | None = None) -> None:
        """An audit event (focus lost, minimised...); failures are reported like any other."""
        if self.engine is None or self.closed:
            return
        self._log_job(self.tr("logging {kind}").format(kind=kind), lambda: self._engine().log(
            kind, dict(payload or {}), item_id=item_id, mono_ns=mono_ns))

    def flag_stimulus_problem(self, item_id: str, problem: str, path: str | None) -> None:
        self._log_job(self.tr("flagging a stimulus problem"), lambda: self._engine().flag_stimulus_problem(
            item_id, problem, path=path))

    def _log_job(self, what: str, fn: Callable[[], None]) -> None:
        """An audit event: it changes nothing of what comes next, so a screen already looked up
        stays valid."""
        found = self._found
        self._run(what, fn)
        self._found = found

    def close(self) -> None:
        """End the session (once): logs session_closed and takes the rolling backup."""
        if self.closed or self.engine is None:
            self.closed = True
            return
        self.closed = True
        self._run(self.tr("closing the session"), lambda: self._engine().close())
