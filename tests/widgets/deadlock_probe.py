"""Run as a script by tests/widgets/test_tasks_deadlock.py: read pools made and dropped while
the GUI thread keeps connecting signals, with a tight idle timeout so that each pool's reader
thread ends (and drops whatever it still holds) while the GUI thread is inside `connect`. A
worker that drops the last reference to a QObject destroys it there, takes Qt's signal-slot
mutex and waits for the GIL, which the GUI thread holds while it waits for that mutex: this
script then never ends. It prints "ok" when it gets through."""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from widgets import tasks
from widgets.qt import QObject, QtWidgets, Signal


class _Pinged(QObject):
    ping = Signal()


def main(seconds: float) -> int:
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    tasks.IDLE_S = 0.002
    deadline = time.monotonic() + seconds
    rounds = 0
    while time.monotonic() < deadline:
        # No parent: Python owns the pool, as a window owns its own task manager; and a
        # receiver whose only other reference the GUI thread drops while the job runs.
        pool = tasks.ReadPool(1)
        receiver = _Pinged()
        done: list[object] = []
        pool.submit(tasks.Job(lambda n=rounds: n, on_done=lambda r, o=receiver, d=done: d.append(r)))
        del receiver
        while not done:
            app.processEvents()
        del pool  # the reader is still idling: it ends IDLE_S from now
        # The GUI thread connects signals while the reader ends.
        end = time.monotonic() + 0.01
        while time.monotonic() < end:
            sender, receiver = _Pinged(), _Pinged()
            for _ in range(20):
                sender.ping.connect(receiver.ping)
            del sender, receiver
        rounds += 1
    print("ok", rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0))
