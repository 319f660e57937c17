"""The station timing check on the real screen (`baseline-studio timing-check`, Designer >
Study > Check timing…): a short run of trials, each a stimulus whose onset is measured as in a
real trial (widgets.timing.OnsetProbe) and a key event posted from another thread at a known
delay after that onset; the key handler stamps the press on the monotonic clock, as the trial
screens do. The numbers become a timing profile (app.timing_check) stored in the database.
The method is that of `make bench` row 5 (benchmarks/bench_timing.py)."""

from __future__ import annotations

import random
import threading
import time
import weakref
from collections.abc import Callable

from app.storage.records import TimingProfileRecord
from app.timing_check import DEFAULT_TRIALS, DELAYS_MS, profile_row
from widgets.qt import QEvent, QKeyEvent, Qt, QtCore, QTimer, QtWidgets, QWidget, Signal
from widgets.timing import OnsetProbe

TRIAL_TIMEOUT_MS = 5000  # a stimulus never painted or a key never delivered: the check fails


def post_key_at(target: QWidget, at_ns: int, posted: list[int]) -> None:
    """Post Space (press and release) to `target` from another thread at monotonic `at_ns`;
    the posting moment is appended to `posted`."""
    # Made in the UI thread: the first key event creates Qt's keyboard device object there.
    events = [QKeyEvent(kind, Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier, " ")
              for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)]

    # A weak reference: the poster's thread must never hold the last reference to a QObject
    # (widgets.tasks says why); a window closed before its moment gets no key.
    target_ref = weakref.ref(target)

    def deliver() -> None:
        while (left := at_ns - time.monotonic_ns()) > 0:
            # Sleep most of the way, then spin the last fraction of a millisecond.
            time.sleep(left / 1e9 - 0.0005 if left > 1_000_000 else 0)
        stamp = time.monotonic_ns()
        receiver = target_ref()
        if receiver is None:
            return
        for event in events:
            QtWidgets.QApplication.postEvent(receiver, event)
        del receiver
        posted.append(stamp)

    # A thread of its own, not the task manager's read pool: the poster is the instrument, and
    # a key posted late because a results read held the pool would fail the trial's timeout.
    threading.Thread(target=deliver, name="timing-check-keys", daemon=True).start()


class TimingCheckWindow(QWidget):
    """Runs `n` trials when shown (`start`), then emits `finished(TimingProfileRecord)` or
    `failed(str)`."""

    finished = Signal(object)
    failed = Signal(str)
    progressed = Signal(int, int)

    def __init__(self, n: int = DEFAULT_TRIALS, *, seed: int = 0,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Baseline Studio · timing check")
        self.n = n
        self._rng = random.Random(seed)
        self.errors_ms: list[float] = []
        self.onsets_ms: list[float] = []
        self._layout = QtWidgets.QVBoxLayout(self)
        self._note = QtWidgets.QLabel("Checking this station's timing: please do not touch the "
                                      "keyboard or mouse for a few seconds.", self)
        self._layout.addWidget(self._note)
        self._stimulus: QtWidgets.QLabel | None = None
        self._probe: OnsetProbe | None = None
        self._posted: list[int] = []
        self._stamp: int | None = None
        self._done = False
        self._watchdog = QTimer(self)
        self._watchdog.setSingleShot(True)
        self._watchdog.timeout.connect(lambda: self._fail("a trial did not finish in "
                                                          f"{TRIAL_TIMEOUT_MS} ms"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def start(self) -> None:
        QTimer.singleShot(100, self._next_trial)  # after the window's first exposure

    def _next_trial(self) -> None:
        if self._done:
            return
        if len(self.errors_ms) >= self.n:
            self._finish()
            return
        index = len(self.errors_ms) + 1
        self.progressed.emit(index, self.n)
        label = self._stimulus
        if label is None:  # one stimulus label, its text changed per trial (as a text item)
            label = QtWidgets.QLabel("", self)
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 3)
            label.setFont(font)
            self._layout.addWidget(label, 1)
            self._stimulus = label
        self._stamp = None
        self._posted = []
        if self._probe is not None:
            self._probe.deleteLater()  # fired and disarmed already
        self._probe = OnsetProbe(label)
        self._probe.onset.connect(self._on_onset)
        self._watchdog.start(TRIAL_TIMEOUT_MS)
        self._probe.arm()
        label.setText(f"Trial {index} of {self.n}")

    def _on_onset(self, onset_ns: int) -> None:
        assert self._probe is not None
        latency = self._probe.show_to_onset_ms
        if latency is not None:
            self.onsets_ms.append(latency)
        delay_ms = self._rng.uniform(*DELAYS_MS)
        post_key_at(self, onset_ns + int(delay_ms * 1e6), self._posted)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        stamp = time.monotonic_ns()  # first, as the trial screens stamp an answer key
        if event.key() != Qt.Key.Key_Space or self._stamp is not None or not self._posted:
            return  # a real key press during the check is not a measurement
        self._stamp = stamp
        self.errors_ms.append((stamp - self._posted[0]) / 1e6)
        self._watchdog.stop()
        QTimer.singleShot(30, self._next_trial)

    def _screen(self) -> tuple[str, float | None]:
        screen = self.screen()
        if screen is None:
            return "unknown", None
        size = screen.size()
        rate = float(screen.refreshRate())
        return f"{size.width()}x{size.height()}", rate if rate > 0 else None

    def _finish(self) -> None:
        self._done = True
        self._watchdog.stop()
        size, rate = self._screen()
        row = profile_row(self.errors_ms, self.onsets_ms, qt_version=QtCore.qVersion(),
                          screen=size, refresh_hz=rate)
        self.finished.emit(row)

    def _fail(self, message: str) -> None:
        if not self._done:
            self._done = True
            self.failed.emit(f"The timing check stopped: {message}.")


def run_check(n: int, *, on_done: Callable[[TimingProfileRecord], None],
              on_failed: Callable[[str], None], parent: QWidget | None = None
              ) -> TimingCheckWindow:
    """Open the check window maximised on the current screen and start it."""
    window = TimingCheckWindow(n, parent=parent)
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window)
    window.finished.connect(on_done)
    window.failed.connect(on_failed)
    window.resize(900, 600)
    window.showMaximized()
    window.activateWindow()
    window.start()
    return window


def measure_station(n: int) -> TimingProfileRecord | str:
    """Run the check in its own window on this screen (for `baseline-studio timing-check`):
    the measured profile, not yet stored, or why it failed."""
    from widgets.application import application

    app = application(offscreen=False)
    result: list[TimingProfileRecord | str] = []
    loop = QtCore.QEventLoop()

    def finish(outcome: TimingProfileRecord | str) -> None:
        result.append(outcome)
        loop.quit()

    window = run_check(n, on_done=finish, on_failed=finish)
    loop.exec()
    window.close()
    app.processEvents()
    return result[0]
