"""Python's cyclic garbage collector, run on the GUI thread only.

The collector runs in whichever thread happens to allocate when a threshold trips. On the
database writer or a pool thread (widgets.tasks) it may then destroy Qt objects made on the GUI
thread (a trial body built ahead and discarded, a closed dialog, caught in a reference cycle),
which Qt does not allow: a segfault, seen in a CI-like run with the writer thread
"Garbage-collecting" during tests/widgets/test_shell_ahead.py. So while the app runs the
automatic collector is off and the GUI thread collects on a timer, the generation whose count
passed its threshold, as pyqtgraph's GarbageCollector does. Reference counting frees
everything else as before; `app.gc_pause` keeps finding the collector as it was.
"""

from __future__ import annotations

import gc

from widgets.qt import QApplication, QObject, QTimer

INTERVAL_MS = 250


class MainThreadCollector(QObject):
    """Turns the automatic collector off and collects from the GUI thread's event loop."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start(interval_ms)

    def collect_due(self) -> int:
        """Collect the oldest generation whose count passed its threshold; the number found."""
        t0, t1, t2 = self.thresholds
        c0, c1, c2 = gc.get_count()
        if c0 <= t0:
            return 0
        return gc.collect(2 if c2 > t2 else 1 if c1 > t1 else 0)


def collect_on_gui_thread(app: QApplication) -> MainThreadCollector:
    """Install the collector on `app` once (the app keeps it); returns it."""
    found = app.findChild(MainThreadCollector)
    return found if isinstance(found, MainThreadCollector) else MainThreadCollector(app)


class CollectingApplication(QApplication):
    """A QApplication that collects garbage on its own thread only (the tests' qapp)."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        collect_on_gui_thread(self)
