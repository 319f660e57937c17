"""One trial: (ready screen) -> (fixation cross) -> stimulus and questions -> saving ->
(feedback) -> (blank inter-trial interval) -> `finished`.

The stimulus view and the questions (a `TrialBody`) are usually built already: while the
participant answered the previous item, this one was built underneath it, so showing it is a
raise (widgets/shell/trial_body.py). Otherwise they are built at once, and their images
decode while the ready screen or the fixation cross is up. The trial is shown only once its
stimulus reports `ready`, and the trial clock starts at the end of its first repaint
(widgets.timing). Submit stays disabled until every required
question is answered; pressing it emits `submit_requested` and locks the answers until the
window reports back through `committed` (durable: the next item may come) or `commit_failed`
(the message stays on screen and the same answers can be sent again).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.session.engine import Progress, QuestionFeedback
from app.session.presentation import TrialView
from widgets.i18n import participant_number
from widgets.kinds import widget_kind
from widgets.qt import (
    QApplication,
    QEvent,
    QKeyEvent,
    Qt,
    QtGui,
    QTimer,
    QtWidgets,
    QWidget,
    Signal,
)
from widgets.shell.feedback import feedback_line, feedback_text
from widgets.shell.pause_page import PausePage
from widgets.shell.question_panel import QuestionPanel
from widgets.shell.trial_body import TrialBodies, TrialBody
from widgets.shell.trial_header import TrialHeader
from widgets.shell.trial_keys import (
    explain_incomplete,
    handle_trial_key,
    pause_keys,
    trial_key_help,
)
from widgets.shell.trial_pause import pause_trial, resume_trial
from widgets.shell.trial_record import TrialSubmission, broken_images, build_submission
from widgets.shell.trial_review import awaiting_confirmation, reviewed
from widgets.stimuli.base import StimulusWidget
from widgets.timing import TrialClock
from widgets.typography import ScaledFonts, mute


class TrialScreen(QWidget):
    submit_requested = Signal(object)  # TrialSubmission
    finished = Signal()  # committed and any feedback seen: the next screen may come
    log_requested = Signal(str, object, object, object)  # kind, payload, item id, mono ns
    stimulus_problem = Signal(str, str, object)  # item id, message, path in the study or None

    def __init__(self, image_cache: Any, *, clock: Callable[[], int] = time.monotonic_ns,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image_cache = image_cache
        self.clock = clock
        self.view: TrialView | None = None
        self.phase = "idle"
        self.trial_clock: TrialClock | None = None
        self.fonts = ScaledFonts(self)
        self.body: TrialBody | None = None
        self._next_view: TrialView | None = None  # the engine's guess at the next trial
        self.look_ahead = True  # build the next trial while this one is answered
        self._fixation_over = False
        outer = QtWidgets.QVBoxLayout(self)
        outer.setContentsMargins(24, 16, 24, 16)
        outer.setSpacing(12)
        self.header = TrialHeader(self)
        outer.addWidget(self.header)
        self.pages = QtWidgets.QStackedWidget(self)
        outer.addWidget(self.pages, 1)
        self.ready_page = self._centered(self.tr("Press Space when you are ready."), 1.4)
        self.fixation_page = self._centered("+", 3.0)
        self.blank_page = self._centered("", 1.0)
        self.loading_page = self._centered(self.tr("Loading the images…"), 1.0)
        self.content_page = QWidget(self)
        content = QtWidgets.QVBoxLayout(self.content_page)
        content.setContentsMargins(0, 0, 0, 0)
        content.setSpacing(12)
        self.bodies = TrialBodies(image_cache, clock=clock, parent=self.content_page)
        content.addWidget(self.bodies, 1)
        # Practice feedback and saving errors: what the participant must not miss.
        self.notice = QtWidgets.QLabel("", self.content_page)
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.MarkdownText)
        self.notice.setAutoFillBackground(True)
        self.notice.setBackgroundRole(QtGui.QPalette.ColorRole.AlternateBase)
        self.notice.setContentsMargins(16, 10, 16, 10)
        self.fonts.add(self.notice, 1.15)
        self.notice.hide()
        content.addWidget(self.notice)
        footer = QtWidgets.QHBoxLayout()
        self.status = QtWidgets.QLabel("")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.MarkdownText)
        footer.addWidget(self.status, 1)
        # The time left, where the study shows it (design.show_time_left): a time-out is then
        # no surprise.
        self.time_left = QtWidgets.QLabel("", self.content_page)
        self.time_left.setObjectName("time-left")
        self.fonts.add(self.time_left, 1.1, bold=True)
        self.time_left.hide()
        footer.addWidget(self.time_left)
        self._time_left_timer = QTimer(self)
        self._time_left_timer.setInterval(200)
        self._time_left_timer.timeout.connect(self._show_time_left)
        self.timed_out = False  # the trial's answers went in when the time ran out
        self.status_note: str | None = None  # "incomplete": the status names open questions
        self.hint = mute(QtWidgets.QLabel(""))
        footer.addWidget(self.hint)
        # No focus: a click pauses, and the keys stay with the answers.
        self.pause_button = QtWidgets.QPushButton(self.tr("Pause"), self.content_page)
        self.pause_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.pause_button.setMinimumHeight(self.pause_button.sizeHint().height() + 8)
        self.pause_button.clicked.connect(lambda: self.pause())
        footer.addWidget(self.pause_button)
        self.submit_button = QtWidgets.QPushButton(self.tr("Submit  ⏎"), self.content_page)
        self.submit_button.setDefault(True)
        self.submit_button.setMinimumHeight(self.submit_button.sizeHint().height() + 8)
        self.submit_button.clicked.connect(self._on_button)
        footer.addWidget(self.submit_button)
        content.addLayout(footer)
        self.pause_page = PausePage(self)
        self.pause_page.resume_requested.connect(self.resume)
        self.pause_reason: str | None = None
        self.review_token: tuple[int | None, ...] | None = None  # the answers last reviewed
        self.focus_before_pause: QWidget | None = None
        for page in (self.ready_page, self.fixation_page, self.blank_page, self.loading_page,
                     self.content_page, self.pause_page):
            self.pages.addWidget(page)
        self._fixation_timer = QTimer(self)
        self._fixation_timer.setSingleShot(True)
        self._fixation_timer.timeout.connect(self._fixation_done)
        self._iti_timer = QTimer(self)
        self._iti_timer.setSingleShot(True)
        self._iti_timer.timeout.connect(self._finish)
        for timer in (self._fixation_timer, self._iti_timer):
            timer.setTimerType(Qt.TimerType.PreciseTimer)  # coarse timers may fire 5% early
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # a place for the focus between trials

    def _centered(self, text: str, factor: float) -> QWidget:
        page = QWidget(self)
        box = QtWidgets.QVBoxLayout(page)
        label = QtWidgets.QLabel(text, page)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.fonts.add(label, factor, bold=factor > 2)
        box.addWidget(label)
        return page

    # ------------------------------------------------------------------ the trial's widgets

    @property
    def stimulus(self) -> StimulusWidget | None:
        return self.body.stimulus if self.body is not None else None

    @property
    def panel(self) -> QuestionPanel | None:
        return self.body.panel if self.body is not None else None

    @property
    def splitter(self) -> QtWidgets.QSplitter | None:
        return self.body.splitter if self.body is not None else None

    def prepare_next(self, view: TrialView | None) -> None:
        """The trial the engine expects after this one (None: none, or not a trial): built
        hidden once this one's stimulus is on screen, used only if it is what comes next."""
        self._next_view = view if self.look_ahead else None
        if self._next_view is None:
            self.bodies.discard_ahead()
        elif self.onset_seen:
            self.bodies.build_ahead(self._next_view)

    def discard_next(self) -> None:
        """Something else than a trial comes next (introduction, break, end, another session)."""
        self._next_view = None
        self.bodies.discard_ahead()

    # ------------------------------------------------------------------ a new trial

    def show_trial(self, view: TrialView, progress: Progress) -> None:
        self._teardown()
        self._next_view = None
        body = self.body = self.bodies.body_for(view)  # usually built during the previous item
        self.view = view
        self.header.set_trial(view, progress)
        assert body.stimulus is not None and body.panel is not None
        body.panel.completeness_changed.connect(self._completeness_changed)
        self.status.setText("")
        self.status_note = None
        body.panel.answer_changed.connect(self._answers_changed)
        self._set_notice("")
        self.review_token = None
        self.timed_out = False
        self.time_left.setText("")
        self.time_left.setVisible(view.show_time_left)
        comments = any(widget_kind(q.kind).enter_makes_new_line(q) for q in view.questions)
        self.hint.setText(self.tr("Your answer key submits at once") if view.submit_on_answer
                          else self.tr("Enter submits · from a comment box, Ctrl+Enter")
                          if comments else self.tr("Enter submits"))
        keys = pause_keys(self)
        self.pause_button.setText(self.tr("Pause  ({keys})").format(keys=keys))
        self.pause_page.set_keys(keys)
        self.trial_clock = TrialClock(self.window(), deadline_ms=view.deadline_ms, clock=self.clock,
                                      log=self._log_away)
        self.trial_clock.onset.connect(self._on_onset)
        self.trial_clock.deadline_reached.connect(self._on_deadline)
        self._fixation_over = False
        # Shown only once every image (stimulus and prompts) is decoded: the onset is honest.
        body.stimulus.ready.connect(self._maybe_present)
        body.panel.ready.connect(self._maybe_present)
        if view.ready_screen:
            self._set_phase("ready", self.ready_page)
        else:
            self.start_fixation()

    def start_fixation(self) -> None:
        assert self.view is not None
        if self.view.fixation_ms > 0:
            self._set_phase("fixation", self.fixation_page)
            self._fixation_timer.start(self.view.fixation_ms)
        else:
            self.phase = "fixation"  # of no length: straight on
            self._fixation_done()

    def _fixation_done(self) -> None:
        self._fixation_over = True
        self._maybe_present()

    def _maybe_present(self) -> None:
        # Images that finish decoding during the ready screen or the fixation cross change
        # nothing yet: the trial appears when both are over.
        if not self._fixation_over or self.phase not in ("idle", "fixation", "loading"):
            return
        if self.stimulus is None or self.panel is None:
            return
        if not (self.stimulus.is_ready() and self.panel.is_ready()):
            if self.phase != "loading":
                self._set_phase("loading", self.blank_page)
                # Most decodes finish within a frame or two; say what is happening only if not.
                QTimer.singleShot(400, self, self._still_loading)
            return
        assert self.trial_clock is not None and self.body is not None
        self.trial_clock.watch(self.stimulus)  # arm before the page switch triggers the paint
        self.bodies.present(self.body)
        self._set_phase("trial", self.content_page)
        self.sync_button()
        self.panel.focus_first()
        self._paint_now()

    def _paint_now(self) -> None:
        """Repaint what changed now rather than when the event loop gets to the (low-priority)
        update request, behind whatever else is queued: the same repaint cycle (the onset
        probe times it), a few ms sooner. Pending layout requests go first, so that it paints
        the final layout."""
        if not self.isVisible():
            return
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.sendEvent(self.window(), QEvent(QEvent.Type.UpdateRequest))

    def _on_onset(self, _ns: int) -> None:
        self.sync_button()
        if self.view is not None and self.view.show_time_left:
            self._show_time_left()
            self._time_left_timer.start()
        self._report_broken_images()
        # Off the answer's path from here: what the last trial left, and the next trial.
        self.bodies.drop_retired()
        if self._next_view is not None:
            self.bodies.build_ahead(self._next_view)

    def _report_broken_images(self) -> None:
        """An image that could not be decoded shows its message in its place; the session goes
        on, and the item is flagged for the designer (once per trial and image)."""
        assert self.view is not None
        roots = [w for w in (self.stimulus, self.panel) if w is not None]
        for message, path in broken_images(self.view, roots):
            self.stimulus_problem.emit(self.view.item_id, message, path)

    def _still_loading(self) -> None:
        if self.phase == "loading":
            self.pages.setCurrentWidget(self.loading_page)

    def _show_time_left(self) -> None:
        left = self.trial_clock.time_left_ms() if self.trial_clock is not None else None
        if left is None or self.phase not in ("trial", "paused"):
            self._time_left_timer.stop()
            return
        seconds = max(0, -(-int(left) // 1000))  # rounded up: "0 s" only when it is over
        self.time_left.setText(self.tr("Time left: {seconds} s").format(
            seconds=participant_number(seconds)))

    def _set_phase(self, phase: str, page: QWidget) -> None:
        self.phase = phase
        self.pages.setCurrentWidget(page)

    # ------------------------------------------------------------------ pause

    def pause(self, reason: str = "pause", *, hide: bool = True) -> bool:
        """Stop the clock and (unless `hide` is False) hide the item: see trial_pause."""
        return pause_trial(self, reason, hide=hide)

    def resume(self) -> None:
        resume_trial(self)

    @property
    def paused(self) -> bool:
        return self.phase == "paused"

    # ------------------------------------------------------------------ submitting

    def _completeness_changed(self, complete: bool) -> None:
        """Submit at the answer itself where the item says so (submit: on_answer); the
        response time is then the answer key's, with no Enter in it."""
        self.sync_button()
        if complete and self.view is not None and self.view.submit_on_answer:
            self.submit()

    def _answers_changed(self) -> None:
        if self.status_note == "incomplete" and self.phase == "trial":
            explain_incomplete(self, move=False)

    def sync_button(self) -> None:
        self.pause_button.setVisible(self.phase in ("trial", "paused", "saving"))
        self.pause_button.setEnabled(self.phase == "trial")
        if self.phase == "trial" and self.panel is not None:
            self.submit_button.setText(self.tr("Submit  ⏎"))
            self.submit_button.setEnabled(self.panel.all_complete() and self.onset_seen)
        elif self.phase == "feedback":
            self.submit_button.setText(self.tr("Continue  (Space)"))
            self.submit_button.setEnabled(True)
        else:
            self.submit_button.setEnabled(False)

    @property
    def onset_seen(self) -> bool:
        return self.trial_clock is not None and self.trial_clock.onset_ns is not None

    def _on_button(self) -> None:
        if self.phase == "feedback":
            self.after_feedback()
        elif self.phase == "trial":
            self.submit()

    def submit(self, *, timed_out: bool = False) -> bool:
        """Send the answers (if complete, or the deadline passed). True if sent."""
        if self.phase != "trial" or self.panel is None or self.trial_clock is None:
            return False
        if not self.onset_seen or (not timed_out and not self.panel.all_complete()):
            return False
        if not timed_out and not self._reviewed():
            return False
        self.timed_out = timed_out
        self._time_left_timer.stop()
        self.time_left.hide()  # the answer is in: what was left no longer matters
        submission = self._submission(timed_out)
        # Locked first: the save's thread then starts with the UI's work for it already done,
        # instead of sharing the GIL with the restyling of the disabled answer widgets.
        self._set_saving()
        self.submit_requested.emit(submission)
        return True

    @property
    def awaiting_confirmation(self) -> bool:
        """The answers were shown in words (a grouping, judgements): the next Enter sends."""
        return awaiting_confirmation(self)

    def _reviewed(self) -> bool:
        return reviewed(self)

    def _submission(self, timed_out: bool) -> TrialSubmission:
        assert self.view is not None and self.panel is not None and self.trial_clock is not None
        return build_submission(self.view, self.panel, self.trial_clock, self.clock(),
                                timed_out=timed_out)

    def _set_saving(self) -> None:
        self.phase = "saving"
        assert self.panel is not None
        self.panel.set_locked(True)
        self.status.setText(self.tr("Saving…"))
        self.sync_button()

    def _on_deadline(self) -> None:
        if self.phase == "trial":
            self.status.setText(self.tr("Time is up."))
            self.submit(timed_out=True)

    def committed(self, feedback: list[QuestionFeedback]) -> None:
        """The answers are durable. Show feedback (practice) or move on."""
        if self.phase != "saving":
            return
        if self.trial_clock is not None:
            self.trial_clock.stop()
        assert self.view is not None
        if feedback:
            self.phase = "feedback"
            self.status.setText(self.tr("Press Space to go on."))
            placed = self.panel is not None and all(
                self.panel.show_feedback(
                    f.question_id, feedback_line(self.view, f, timed_out=self.timed_out))
                is not None for f in feedback)
            if not placed:  # a question the panel does not show: all of it in the footer
                self._set_notice(feedback_text(self.view, feedback, timed_out=self.timed_out))
            self.sync_button()
            self.submit_button.setFocus()
        else:
            self.status.setText("")
            self.after_feedback()

    def commit_failed(self, message: str) -> None:
        """Saving failed: say so, keep the answers, let the participant try again."""
        if self.phase != "saving":
            return
        self.phase = "trial"
        assert self.panel is not None
        self.panel.set_locked(False)
        self.status.setText("")
        self._set_notice(self.tr("**Could not save your answer:** {message}  \n"
                                 "Your answers are kept. Press Submit to try again, or call "
                                 "the study team.").format(message=message))
        self.sync_button()
        self.submit_button.setText(self.tr("Try again  ⏎"))

    def _set_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def after_feedback(self) -> None:
        assert self.view is not None
        self.phase = "iti"
        self.submit_button.setEnabled(False)
        if self.view.iti_ms > 0:
            self.pages.setCurrentWidget(self.blank_page)
            self._iti_timer.start(self.view.iti_ms)
        else:
            self._finish()

    def _finish(self) -> None:
        self.phase = "done"
        self.finished.emit()

    # ------------------------------------------------------------------ keys and events

    def _log_away(self, kind: str, payload: dict[str, Any], mono_ns: int) -> None:
        item = self.view.item_id if self.view is not None else None
        self.log_requested.emit(kind, payload, item, mono_ns)

    def key_help(self) -> list[tuple[str, str]]:
        """The keys of this screen now (the F1 list)."""
        return trial_key_help(self)

    def handle_key(self, event: QKeyEvent) -> bool:
        """Called by the window's key filter for every key while this screen is visible."""
        return handle_trial_key(self, event)

    # ------------------------------------------------------------------ cleanup

    def _teardown(self) -> None:
        self._time_left_timer.stop()
        self._fixation_timer.stop()
        self._iti_timer.stop()
        self.pause_reason = self.focus_before_pause = None
        if self.trial_clock is not None:
            self.trial_clock.stop()
            self.trial_clock.deleteLater()
            self.trial_clock = None
        # Park the focus on this screen first: a focused widget that disappears leaves the
        # window with no focus at all, which some platforms report as the window going inactive
        # (and that would count as time away in the next trial).
        if self.body is not None:
            self.setFocus(Qt.FocusReason.OtherFocusReason)
            # It stays on screen until the next body covers it, and is deleted after the next
            # onset: hiding and deleting dozens of widgets now would delay that onset.
            self.bodies.retire()
            self.body = None
        self.phase = "idle"

    def stop(self) -> None:
        """The window closes or the session ends mid-trial."""
        self._teardown()
        self._next_view = None
        self.bodies.clear()
