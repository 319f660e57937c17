"""Pausing a trial: the item is hidden, the clock is stopped, one button resumes.

The trial screen swaps its content page (stimulus and questions) for its pause page
(widgets/shell/pause_page.py), so nothing of the item can be studied while the clock stands
still; the trial clock excludes the paused time from the response time and logs it as paused /
resumed (widgets/timing.py).
"""

from __future__ import annotations

from widgets.qt import Qt
from widgets.shell.trial_parts import TrialParts


def pause_trial(screen: TrialParts, reason: str, *, hide: bool) -> bool:
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


def resume_trial(screen: TrialParts) -> None:
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
