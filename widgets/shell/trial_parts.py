"""What the trial screen's helpers (widgets/shell/trial_keys.py, trial_pause.py,
trial_review.py) work on: below them and the screen, so the screen imports its helpers and
none of them imports the screen back."""

from __future__ import annotations

from typing import Protocol

from app.session.presentation import TrialView
from widgets.qt import QtWidgets, QWidget
from widgets.shell.pause_page import PausePage
from widgets.shell.question_panel import QuestionPanel
from widgets.stimuli.base import StimulusWidget
from widgets.timing import TrialClock


class TrialParts(Protocol):
    """The trial screen (widgets.shell.trial_screen.TrialScreen, a QWidget): its phase (idle,
    ready, fixation, loading, trial, paused, saving, feedback, iti, done), clock, pages and
    buttons, and the steps the keys and the pause call."""

    phase: str
    trial_clock: TrialClock | None
    pages: QtWidgets.QStackedWidget
    content_page: QWidget
    pause_page: PausePage
    pause_reason: str | None
    focus_before_pause: QWidget | None
    review_token: tuple[int | None, ...] | None  # the answers last shown in words
    status: QtWidgets.QLabel
    status_note: str | None  # what the status line says, when it must follow the answers
    view: TrialView | None
    submit_button: QtWidgets.QPushButton

    @property
    def stimulus(self) -> StimulusWidget | None: ...

    @property
    def panel(self) -> QuestionPanel | None: ...

    def window(self) -> QWidget: ...

    def isAncestorOf(self, child: QWidget) -> bool: ...

    def start_fixation(self) -> None: ...

    def pause(self, reason: str = "pause", *, hide: bool = True) -> bool: ...

    def resume(self) -> None: ...

    def submit(self, *, timed_out: bool = False) -> bool: ...

    def after_feedback(self) -> None: ...

    def sync_button(self) -> None: ...
