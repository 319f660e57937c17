"""Trial timing: when the stimulus reached the screen, time spent away, and the deadline.

Onset. A Qt widget window repaints in one cycle: the top-level widget receives an
UpdateRequest (or an Expose on first show), paints every dirty widget into its backing store,
parents before children, and flushes the result to the window system before returning. We
stamp onset at the END of the first such cycle in which the stimulus painted: an event filter
on the stimulus widget and on every widget inside it notices the first Paint among them (Qt
does not paint a container that its children cover completely, such as a scroll area's frame,
so the stimulus widget itself may never get one), and a filter on the top-level widget runs the
UpdateRequest itself and takes time.monotonic_ns() once it has returned, i.e. after the
stimulus' children (text, images) were painted and the frame was handed to the window system.
A Paint that arrives outside an UpdateRequest (first exposure of a window, a synchronous
repaint) is closed by a zero-delay timer, which runs right after that event has been handled.
We do not use QWindow.frameSwapped: the screens are raster widgets, not an OpenGL surface, so
there is no swap to observe; what follows the flush (compositor, the display's next refresh)
is outside Qt's view, which is why the session records the screen's refresh rate: the true
onset lies at most one refresh interval after ours.

Away time. While the window is inactive (another application has focus) or minimised, or the
participant paused the trial (the Pause button, the F1 key help, the quit question), the trial
clock is paused: the interval is added to `excluded_ms`, logged as focus_lost / focus_regained,
minimised / restored or paused / resumed, and the deadline waits.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.storage.database import utc_now
from widgets.qt import QEvent, QObject, Qt, QTimer, QWidget, Signal

Clock = Callable[[], int]
LogFn = Callable[[str, dict[str, Any], int], None]  # kind, payload, monotonic ns
# What an away interval is logged as, by its reason; a reason not listed is a pause (the
# participant's own: "pause", "help", "quit_question"), logged with the reason in its payload.
AWAY_KINDS = {"focus": ("focus_lost", "focus_regained"), "minimised": ("minimised", "restored")}
PAUSE_KINDS = ("paused", "resumed")


class OnsetProbe(QObject):
    """Emits `onset(ns)` once, at the end of the first repaint that drew `stimulus` (or any
    widget inside it)."""

    onset = Signal(object)  # int ns: a 64-bit value, too big for a Qt int

    def __init__(self, stimulus: QWidget, *, clock: Clock = time.monotonic_ns) -> None:
        super().__init__(stimulus)
        self.stimulus = stimulus
        self.clock = clock
        self.armed_ns: int | None = None  # when the stimulus was asked to appear
        self.paint_ns: int | None = None  # end of the stimulus widget's own first paint
        self.onset_ns: int | None = None
        self._top: QWidget | None = None
        self._parts: list[QWidget] = []

    def arm(self) -> None:
        """Call just before making the stimulus visible."""
        self.armed_ns = self.clock()
        self._parts = [self.stimulus, *self.stimulus.findChildren(QWidget)]
        for part in self._parts:
            part.installEventFilter(self)
        self._top = self.stimulus.window()
        self._top.installEventFilter(self)

    def disarm(self) -> None:
        for part in self._parts:
            part.removeEventFilter(self)
        self._parts = []
        if self._top is not None:
            self._top.removeEventFilter(self)
            self._top = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Nothing may escape an event filter (it would end the process, see MainWindow), so a
        # failing paint in a stimulus view is caught here; it was already reported by PySide.
        try:
            return self._filter(watched, event)
        except Exception:
            self.disarm()
            return False

    def _filter(self, watched: QObject, event: QEvent) -> bool:
        if self.onset_ns is not None:
            return False
        kind = event.type()
        if (kind == QEvent.Type.Paint and self.paint_ns is None and watched is not self._top
                and isinstance(watched, QWidget)):
            watched.event(event)  # paint now, so the time below is the end of the paint
            self.paint_ns = self.clock()
            # Closes a paint that is not inside an UpdateRequest (see the module docstring).
            QTimer.singleShot(0, self, self._finish)
            return True
        if watched is self._top and kind == QEvent.Type.UpdateRequest:
            handled = bool(self._top.event(event))  # the whole repaint cycle, flush included
            if self.paint_ns is not None:
                self._finish()
            return handled
        return False

    def _finish(self) -> None:
        if self.onset_ns is not None or self.paint_ns is None:
            return
        self.onset_ns = self.clock()
        self.disarm()
        self.onset.emit(self.onset_ns)

    @property
    def show_to_onset_ms(self) -> float | None:
        if self.armed_ns is None or self.onset_ns is None:
            return None
        return (self.onset_ns - self.armed_ns) / 1e6


class TrialClock(QObject):
    """One trial's clock: onset, away intervals (excluded from rt), deadline."""

    onset = Signal(object)  # int ns: a 64-bit value, too big for a Qt int
    deadline_reached = Signal()

    def __init__(self, window: QWidget, *, deadline_ms: int | None = None,
                 clock: Clock = time.monotonic_ns, log: LogFn | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.clock = clock
        self.log = log
        self.deadline_ms = deadline_ms
        self.onset_ns: int | None = None
        self.onset_utc: str | None = None
        self.probe: OnsetProbe | None = None
        self._away: list[tuple[int, int]] = []  # closed (start, end) intervals, ns
        self._away_since: int | None = None
        self._reasons: set[str] = set()
        self._deadline = QTimer(self)
        self._deadline.setSingleShot(True)
        self._deadline.setTimerType(Qt.TimerType.PreciseTimer)  # coarse timers may fire 5% early
        self._deadline.timeout.connect(self._on_deadline)
        self._deadline_left_ms: float | None = None
        self._stopped = False
        # Only observed changes count as away: some window managers never report a window as
        # active, and treating that as "away from the start" would zero every rt.
        window.installEventFilter(self)

    # ------------------------------------------------------------------ onset

    def watch(self, stimulus: QWidget) -> OnsetProbe:
        """Arm the onset probe on `stimulus`; call right before showing it."""
        self.probe = OnsetProbe(stimulus, clock=self.clock)
        self.probe.onset.connect(self._on_onset)
        self.probe.arm()
        return self.probe

    def _on_onset(self, ns: int) -> None:
        self.onset_ns = ns
        self.onset_utc = utc_now()
        if self.deadline_ms is not None:
            self._deadline_left_ms = float(self.deadline_ms)
            if self._away_since is None:
                self._start_deadline()
        self.onset.emit(ns)

    # ------------------------------------------------------------------ away time

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and not self._stopped:
            kind = event.type()
            if kind == QEvent.Type.WindowDeactivate:
                self._go_away("focus")
            elif kind == QEvent.Type.WindowActivate:
                self._come_back("focus")
            elif kind == QEvent.Type.WindowStateChange:
                if self.window.windowState() & Qt.WindowState.WindowMinimized:
                    self._go_away("minimised")
                else:
                    self._come_back("minimised")
        return False

    def _go_away(self, reason: str) -> None:
        if reason in self._reasons:
            return
        now = self.clock()
        self._reasons.add(reason)
        self._log(reason, 0, now)
        if self._away_since is None:
            self._away_since = now
            if self._deadline.isActive():
                self._deadline_left_ms = max(0.0, float(self._deadline.remainingTime()))
                self._deadline.stop()

    def _come_back(self, reason: str) -> None:
        if reason not in self._reasons:
            return
        now = self.clock()
        self._reasons.discard(reason)
        self._log(reason, 1, now)
        if not self._reasons and self._away_since is not None:
            self._away.append((self._away_since, now))
            self._away_since = None
            if self.onset_ns is not None and self._deadline_left_ms is not None:
                self._start_deadline()

    def _log(self, reason: str, end: int, now: int) -> None:
        if self.log is not None:
            kinds = AWAY_KINDS.get(reason)
            payload = {} if kinds is not None else {"reason": reason}
            self.log((kinds or PAUSE_KINDS)[end], payload, now)

    def pause(self, reason: str = "pause") -> None:
        """The participant paused (the clock stops until `resume` with the same reason)."""
        if not self._stopped:
            self._go_away(reason)

    def resume(self, reason: str = "pause") -> None:
        if not self._stopped:
            self._come_back(reason)

    def excluded_ms(self, until_ns: int | None = None) -> float:
        """Away time between onset and `until_ns` (default: now), in ms."""
        if self.onset_ns is None:
            return 0.0
        end = self.clock() if until_ns is None else until_ns
        intervals = list(self._away)
        if self._away_since is not None:
            intervals.append((self._away_since, end))
        total = 0
        for start, stop in intervals:
            lo, hi = max(start, self.onset_ns), min(stop, end)
            if hi > lo:
                total += hi - lo
        return total / 1e6

    @property
    def away(self) -> bool:
        return self._away_since is not None

    # ------------------------------------------------------------------ deadline

    def _start_deadline(self) -> None:
        left = self._deadline_left_ms or 0.0
        self._deadline.start(max(0, round(left)))

    def time_left_ms(self) -> float | None:
        """What is left of the deadline (paused while away), or None (none, or not started)."""
        if self._deadline.isActive():
            return float(self._deadline.remainingTime())
        return self._deadline_left_ms

    def _on_deadline(self) -> None:
        self._deadline_left_ms = None
        self.deadline_reached.emit()

    def stop(self) -> None:
        """The trial is over: no more deadline, no more away bookkeeping."""
        self._stopped = True
        self._deadline.stop()
        self._deadline_left_ms = None
        self.window.removeEventFilter(self)
        if self.probe is not None:
            self.probe.disarm()
