"""The pause screen of a trial: the item is hidden, the clock is stopped, one button resumes.

The trial screen swaps its content page (stimulus and questions) for this one, so nothing of
the item can be studied while the clock stands still; the trial clock excludes the paused
time from the response time and logs it as paused / resumed (widgets/timing.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from widgets.qt import Qt, QtWidgets, QWidget, Signal
from widgets.typography import ScaledFonts, mute

if TYPE_CHECKING:
    from widgets.shell.trial_screen import TrialScreen


class PausePage(QWidget):
    resume_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pause-page")
        column = QtWidgets.QVBoxLayout(self)
        column.addStretch(1)
        self.fonts = ScaledFonts(self)
        self.title = QtWidgets.QLabel(self.tr("Paused"), self)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.fonts.add(self.title, 1.8, bold=True)
        column.addWidget(self.title)
        self.text = QtWidgets.QLabel(self.tr(
            "The item is hidden and the clock is stopped. Your answers so far are kept."), self)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text.setWordWrap(True)
        self.fonts.add(self.text, 1.15)
        column.addWidget(self.text)
        column.addSpacing(16)
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        self.resume_button = QtWidgets.QPushButton(self.tr("Resume"), self)
        self.resume_button.setDefault(True)
        self.resume_button.setMinimumHeight(self.resume_button.sizeHint().height() + 12)
        self.resume_button.setMinimumWidth(self.resume_button.sizeHint().width() + 48)
        self.fonts.add(self.resume_button, 1.15)
        self.resume_button.clicked.connect(self.resume_requested.emit)
        row.addWidget(self.resume_button)
        row.addStretch(1)
        column.addLayout(row)
        self.keys = mute(QtWidgets.QLabel("", self))
        self.keys.setAlignment(Qt.AlignmentFlag.AlignCenter)
        column.addWidget(self.keys)
        column.addStretch(2)

    def set_keys(self, keys: str) -> None:
        """The keys that resume, as the trial screen names them."""
        self.keys.setText(self.tr("or press {keys}").format(keys=keys))


def pause_trial(screen: TrialScreen, reason: str, *, hide: bool) -> bool:
    """Stop the clock (logged, excluded from the response time) and, unless `hide` is False
    (the key help and the quit question cover the screen themselves), swap the item for the
    pause screen. True if the trial was paused now."""
    if screen.phase != "trial" or screen.trial_clock is None:
        return False
    screen.phase = "paused"
    screen.pause_reason = reason
    screen.focus_before_pause = screen.window().focusWidget()
    screen.trial_clock.pause(reason)
    if hide:
        screen.pages.setCurrentWidget(screen.pause_page)
        screen.pause_page.resume_button.setFocus(Qt.FocusReason.OtherFocusReason)
    return True


def resume_trial(screen: TrialScreen) -> None:
    """The same trial back, as it was: answers, scroll position and focus."""
    if screen.phase != "paused" or screen.trial_clock is None:
        return
    screen.trial_clock.resume(screen.pause_reason or "pause")
    screen.pause_reason = None
    screen.phase = "trial"
    screen.pages.setCurrentWidget(screen.content_page)
    focus, screen.focus_before_pause = screen.focus_before_pause, None
    try:
        back = focus is not None and focus.isVisibleTo(screen) and screen.isAncestorOf(focus)
    except RuntimeError:  # deleted meanwhile
        back = False
    if back and focus is not None:
        focus.setFocus(Qt.FocusReason.OtherFocusReason)
    elif screen.panel is not None:
        screen.panel.focus_first()
    screen.sync_button()
