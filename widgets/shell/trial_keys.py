"""What each key does on the trial screen, phase by phase: Space starts a trial from the ready
screen and goes on after feedback; Enter (Ctrl+Enter from a comment box) submits or says what
is missing; a focused image viewer keeps its own keys; everything else goes to the answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from widgets.images.viewer import ImageViewer
from widgets.qt import QKeyEvent, Qt, QtWidgets
from widgets.shell.question_panel import is_text_input

if TYPE_CHECKING:
    from widgets.shell.trial_screen import TrialScreen

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def handle_trial_key(screen: TrialScreen, event: QKeyEvent) -> bool:
    """True when the key was used (or must not reach the widgets)."""
    key = Qt.Key(event.key())
    mods = event.modifiers()
    if screen.phase == "ready":
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            screen.start_fixation()
        return key in (Qt.Key.Key_Space, *ENTER_KEYS)
    if screen.phase == "feedback":
        if key in (Qt.Key.Key_Space, *ENTER_KEYS) and not event.isAutoRepeat():
            screen.after_feedback()
            return True
        return False
    if screen.phase != "trial" or screen.panel is None:
        return key in (Qt.Key.Key_Space, *ENTER_KEYS)  # nothing to do; do not leak
    focus = screen.window().focusWidget()  # this window's focus, active or not
    ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
    if isinstance(focus, ImageViewer) and focus.handles_key(event):
        return False  # zoom, pan, F, 1 on the focused image, not an answer
    if key in ENTER_KEYS and not ctrl and focus is not None and focus.property("acceptsEnter"):
        return False  # Enter finishes an edit there (a group's name), it does not submit
    if key in ENTER_KEYS and (ctrl or not is_text_input(focus)
                              or isinstance(focus, QtWidgets.QLineEdit)):
        if not event.isAutoRepeat() and not screen.submit():
            explain_incomplete(screen)
        return True
    if is_text_input(focus):
        if key == Qt.Key.Key_Escape:
            screen.panel.setFocus()
            return True
        return False
    # Modified keys go to the widgets too (Ctrl+arrows move a ranked item); the window's
    # shortcuts (Ctrl +/-) never get here: Qt resolves them before the key press.
    if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
        return False
    return screen.panel.route_key(event)


def explain_incomplete(screen: TrialScreen) -> None:
    """Enter with questions unanswered: say how many, and go to the next one."""
    if screen.panel is None or screen.panel.all_complete():
        return
    n = sum(1 for e in screen.panel.entries if not e.state.is_complete())
    screen.status.setText(f"{n} question{'s' if n != 1 else ''} still need an answer.")
    screen.panel.focus_next_incomplete()
