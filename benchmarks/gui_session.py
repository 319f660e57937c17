"""The real participant app, offscreen, driven by injected key presses, for the GUI benchmarks
(#2, #3, #5, #8).

Keys are posted from a separate thread at chosen moments, as a keyboard driver would deliver
them: the app's event loop picks them up whenever it gets to them, so any time the UI thread
is busy shows up in the figures. Times are time.monotonic_ns, the app's own trial clock.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from app.storage import open_database
from app.storage.database import Database
from widgets.qt import QApplication, QKeyEvent, QObject, Qt, QtCore, QTimer


def application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(["baseline-bench"])
    assert isinstance(app, QApplication)
    return app


def wait_until(condition: Callable[[], bool], what: str, timeout_s: float = 60.0) -> None:
    """Run the real event loop (not a busy processEvents loop, which would hold the GIL
    against the writer and decoder threads) until `condition` holds."""
    if condition():
        return
    loop = QtCore.QEventLoop()
    poll = QTimer()
    poll.setInterval(1)
    poll.timeout.connect(lambda: condition() and loop.quit())
    give_up = QTimer()
    give_up.setSingleShot(True)
    give_up.timeout.connect(loop.quit)
    poll.start()
    give_up.start(int(timeout_s * 1000))
    loop.exec()
    poll.stop()
    give_up.stop()
    if not condition():
        raise TimeoutError(f"timed out after {timeout_s:.0f} s waiting for {what}")


def post_key_at(target: QObject, key: Qt.Key, text: str, at_ns: int | None = None) -> list[int]:
    """Post a key press+release to `target` from another thread at monotonic time `at_ns`
    (None: now). Returns a list that receives the moment the press was posted."""
    posted: list[int] = []
    # Made here, in the UI thread: the first key event creates Qt's keyboard device object,
    # which must belong to the application's thread.
    events = [QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text)
              for kind in (QtCore.QEvent.Type.KeyPress, QtCore.QEvent.Type.KeyRelease)]

    def deliver() -> None:
        if at_ns is not None:
            while True:
                left = at_ns - time.monotonic_ns()
                if left <= 0:
                    break
                # Sleep most of the way, then spin the last fraction of a millisecond.
                time.sleep(left / 1e9 - 0.0005 if left > 1_000_000 else 0)
        stamp = time.monotonic_ns()
        for event in events:
            QApplication.postEvent(target, event)
        posted.append(stamp)

    threading.Thread(target=deliver, name="bench-key-injector", daemon=True).start()
    return posted


@dataclass
class TrialSample:
    item_id: str
    onset_ns: int


class BenchApp:
    """A StationWindow on a fresh SQLite file, opened on `study` for participant `code`."""

    def __init__(self, study: Path, folder: Path, *, code: str = "P-bench",
                 image_cache: Any = None, size: tuple[int, int] = (1280, 800)) -> None:
        from app.memory import fix_mmap_threshold
        from widgets.station_window import StationWindow

        fix_mmap_threshold()  # as widgets.launch does for the real app
        self.app = application()
        home = folder / "home"
        home.mkdir(parents=True, exist_ok=True)
        os.environ["BASELINE_STUDIO_HOME"] = str(home)
        self.db: Database = open_database(f"sqlite:///{folder / f'{code}.sqlite3'}")
        self.window = StationWindow(self.db, home=home, image_cache=image_cache)
        self.window.resize(*size)
        self.window.show()
        self.window.activateWindow()
        self.flow = self.window.flow
        self.trial = self.flow.trial
        self.flow.open_study(study, code=code)

    def current_onset(self) -> TrialSample | None:
        trial = self.trial
        if (self.flow.current() is trial and trial.phase == "trial" and trial.view is not None
                and trial.trial_clock is not None and trial.trial_clock.onset_ns is not None):
            return TrialSample(trial.view.item_id, trial.trial_clock.onset_ns)
        return None

    def wait_trial(self, after: str | None = None, timeout_s: float = 60.0) -> TrialSample:
        """The next trial whose stimulus is on screen (a different item than `after`)."""
        wait_until(lambda: (s := self.current_onset()) is not None and s.item_id != after,
                   "the next stimulus on screen", timeout_s)
        sample = self.current_onset()
        assert sample is not None
        return sample

    def focus_target(self) -> QObject:
        """Where a keyboard would deliver a key: the focus widget of the participant's window."""
        return self.window.focusWidget() or self.window

    def answered(self) -> bool:
        panel = self.trial.panel
        return panel is not None and panel.all_complete()

    def image_cache_shutdown(self) -> None:
        self.window.image_cache.shutdown()

    def close(self) -> None:
        self.window.close()
        self.db.close()
        QApplication.processEvents()


@dataclass
class TrialRun:
    item_id: str
    onset_ns: int  # this trial's stimulus on screen (the app's trial clock)
    answer_posted_ns: int  # the answer key was posted
    answer_ns: int  # when the app stamped the answer (the response widget's clock)
    submit_posted_ns: int  # Enter was posted
    next_onset_ns: int  # the next trial's stimulus on screen

    @property
    def next_ms(self) -> float:
        return (self.next_onset_ns - self.submit_posted_ns) / 1e6

    @property
    def input_error_ms(self) -> float:
        return (self.answer_ns - self.answer_posted_ns) / 1e6


def idle(ms: float) -> None:
    """Let the event loop run for `ms` (a participant reading, thinking)."""
    end = time.monotonic_ns() + int(ms * 1e6)
    wait_until(lambda: time.monotonic_ns() >= end, "idle time", timeout_s=ms / 1000 + 30)


def run_trials(app: BenchApp, n: int, *, answer_after_ms: Callable[[int], float],
               think_ms: float = 50.0, between: Callable[[], None] | None = None,
               first: TrialSample | None = None) -> tuple[list[TrialRun], TrialSample]:
    """Answer `n` trials: key "1" (the first option) `answer_after_ms(i)` after the onset,
    Enter `think_ms` later, then wait for the next stimulus. `between` runs after each."""
    sample = first or app.wait_trial(timeout_s=300)
    runs = []
    for i in range(n):
        posted = post_key_at(app.focus_target(), Qt.Key.Key_1, "1",
                             sample.onset_ns + int(answer_after_ms(i) * 1e6))
        wait_until(lambda p=posted: bool(p) and app.answered(), "the answer to register")
        panel = app.trial.panel
        assert panel is not None
        answer_ns = panel.last_answer_ns()
        assert answer_ns is not None
        idle(think_ms)
        enter = post_key_at(app.focus_target(), Qt.Key.Key_Return, "")
        following = app.wait_trial(after=sample.item_id)
        runs.append(TrialRun(sample.item_id, sample.onset_ns, posted[0], answer_ns, enter[0],
                             following.onset_ns))
        sample = following
        if between is not None:
            between()
    return runs, sample
