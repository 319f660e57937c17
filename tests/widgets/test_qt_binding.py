"""The Qt binding never takes Python's None or True down with it. PySide6 6.12.0 on CPython
3.11 takes one reference from None on every void call and one from True on every emit(); left
alone, the process dies with "Fatal Python error: none_dealloc" after a few thousand calls
(widgets/qt.py says how that is prevented). Each test makes more such calls than the count
had when the process started, in a child process of its own so that a regression fails the
test instead of killing the run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CALLS = {
    "setText": "label.setText('x')",
    "update": "label.update()",
    "processEvents": "QtCore.QCoreApplication.processEvents()",
    "QTimer.start": "timer.start(100_000)",
    "emit": "probe.fired.emit()",
}

SCRIPT = """
import sys
from widgets.qt import QLabel, QObject, QtCore, QtWidgets, Signal

class Probe(QObject):
    fired = Signal()

app = QtWidgets.QApplication([])
label, timer, probe = QLabel(), QtCore.QTimer(), Probe()
probe.fired.connect(lambda: None)
calls = 3 * max(sys.getrefcount(None), sys.getrefcount(True)) if sys.version_info < (3, 12) else 20_000
calls = min(calls, 200_000)
for _ in range(calls):
    {call}
print("ok", calls)
"""


@pytest.mark.parametrize("name", list(CALLS))
def test_many_void_calls_and_emits_leave_the_process_alive(name: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(call=CALLS[name])], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("ok")
