"""Keys to the trial screen, wherever the participant's focus is.

While a trial is on screen, each key press goes to `TrialScreen.handle_key` before the widget
with the focus sees it, so digits, letters, arrows, Enter and Space work wherever the focus
happens to be. Not an application-wide event filter: that is a Python call for every event
of the application (~450 per trial: paints, timers, the writer's results), each taking the GIL
from the writer and decoder threads. While the window is active, the filter sits on one
widget only: the window's focus widget (the window itself when nothing has the focus), moved
along with the focus (QApplication.focusChanged). Keys only ever go to that widget first, so
nothing is missed. An inactive window can still get keys (X without a window manager, a kiosk
session) while its focus moves with no signal at all: then the application-wide filter is back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from widgets.qt import QApplication, QEvent, QKeyEvent, QObject, QTimer, QWidget

KEY_PRESS = QEvent.Type.KeyPress  # looked up once: the filter runs for every event of its widget


class KeyRouter(QObject):
    """Hands key presses aimed at `window`'s focus widget to `handle` (True: consumed);
    `report` gets the message of an exception instead of letting it end the process."""

    def __init__(self, window: QWidget, handle: Callable[[QKeyEvent], bool],
                 report: Callable[[BaseException], None], *,
                 on_focus: Callable[[], None] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.handle = handle
        self.report = report
        self.on_focus = on_focus  # told after the focus moved (the current question follows)
        self.target: QWidget | None = None
        self.active = False
        self.app_wide = False  # the fallback while the window is not the active one

    def set_active(self, on: bool) -> None:
        app = QApplication.instance()
        if on == self.active or not isinstance(app, QApplication):
            return
        self.active = on
        if on:
            app.focusChanged.connect(self._follow_focus)
            self._follow_focus()
        else:
            app.focusChanged.disconnect(self._follow_focus)
            self._watch(None)
            self._filter_app(False)

    def _follow_focus(self, *_old_new: object) -> None:
        # The window's own focus widget, not the application's: another window (a message
        # box) taking the focus leaves this one's in place for when it comes back.
        try:
            active = self.window.isActiveWindow()
            target = self.window.focusWidget() or self.window
        except RuntimeError:  # the window is being destroyed and moves its focus away
            self.target = None
            self._filter_app(False)
            return
        self._watch(target if active else None)
        self._filter_app(not active)
        if self.on_focus is not None:
            try:
                self.on_focus()
            except Exception as exc:  # a slot's exception must not end the process either
                self.report(exc)

    def _filter_app(self, on: bool) -> None:
        app = QApplication.instance()
        if on == self.app_wide or app is None:
            return
        self.app_wide = on
        if on:
            app.installEventFilter(self)
        else:
            app.removeEventFilter(self)

    def _watch(self, target: QWidget | None) -> None:
        if target is self.target:
            return
        if self.target is not None:
            with contextlib.suppress(RuntimeError):  # already deleted: its filters went with it
                self.target.removeEventFilter(self)
                self.target.destroyed.disconnect(self._target_destroyed)
        self.target = target
        if target is not None:
            target.installEventFilter(self)
            # A focus widget deleted while it has the focus (a trial's old widgets) may hand
            # the focus on before Qt's bookkeeping is done: look again once it is.
            target.destroyed.connect(self._target_destroyed)

    def _target_destroyed(self) -> None:
        self.target = None
        if self.active:
            QTimer.singleShot(0, self, self._follow_focus)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The class first: no enum is made for the many events that are not keys.
        if event.__class__ is not QKeyEvent or event.type() != KEY_PRESS:
            return False
        # Key presses travel from the focus widget up to the window; act on the first leg only.
        first = self.target or self.window.focusWidget() or self.window
        if watched is not first or not isinstance(event, QKeyEvent):
            return False
        # An exception escaping an event filter takes the whole process down (PySide6), and
        # with it a participant's session: report it instead, and let the key go on.
        try:
            return self.handle(event)
        except Exception as exc:
            self.report(exc)
            return False
