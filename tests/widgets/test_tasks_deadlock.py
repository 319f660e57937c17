"""No worker thread ever holds the last reference to a Qt object (ARCHITECTURE.md convention
2). A QObject destroyed on a worker takes Qt's signal-slot mutex and then waits for the GIL,
which the GUI thread holds while it waits for that mutex in its next `connect`: the app
freezes (seen as a hung test run, every thread in a futex wait). tests/widgets/deadlock_probe.py
makes and drops task managers while the GUI thread keeps connecting signals, with the readers'
idle timeout so short that each reader ends while the GUI thread is inside `connect`; it runs
in a child process so that a deadlock fails this test instead of hanging the run."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import ClassVar

import pytest

from widgets import tasks
from widgets.qt import QObject

PROBE = Path(__file__).with_name("deadlock_probe.py")
ROOT = Path(__file__).resolve().parents[2]


def test_managers_dropped_while_the_gui_thread_connects_never_deadlock() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    try:
        done = subprocess.run([sys.executable, str(PROBE), "4"], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"deadlocked: the probe did not end within 60 s\n{exc.stderr}")
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.startswith("ok"), done.stdout


def test_a_worker_never_holds_a_job_once_it_has_posted_the_outcome(qtbot) -> None:
    """The job, its function's closure and its callbacks stay referenced on the GUI thread
    until the outcome is handed over there, and are let go of there."""
    owner = QObject()
    seen: list[object] = []
    manager = tasks.TaskManager()
    job = manager.run_read(lambda: owner.objectName(), on_done=seen.append, owner=owner)
    assert tasks._IN_FLIGHT[job.token] is job
    qtbot.waitUntil(lambda: seen == [""], timeout=5000)
    assert job.token not in tasks._IN_FLIGHT
    assert manager.close(5.0)


class _Pool(tasks.ReadPool):
    deaths: ClassVar[list[str]] = []

    def __del__(self) -> None:
        _Pool.deaths.append(threading.current_thread().name)


class _Receiver(QObject):
    deaths: ClassVar[list[str]] = []

    def __del__(self) -> None:
        _Receiver.deaths.append(threading.current_thread().name)


def test_pools_and_what_their_jobs_hold_die_on_the_gui_thread(qtbot, monkeypatch) -> None:
    """A parentless pool (a window's own) dropped while its reader idles, and a receiver the
    GUI thread lets go of while the job runs: both are destroyed on the GUI thread, never by
    the reader as it ends (the old pool's thread ran its bound method and kept the last job in
    a local: 29 of 30 of each died on the reader)."""
    monkeypatch.setattr(tasks, "IDLE_S", 0.002)
    _Pool.deaths.clear()
    _Receiver.deaths.clear()
    for _ in range(10):
        pool, receiver, done = _Pool(1), _Receiver(), []
        pool.submit(tasks.Job(lambda: 1, on_done=lambda r, o=receiver, d=done: d.append(r)))
        del receiver
        qtbot.waitUntil(lambda d=done: d == [1], timeout=5000)
        del pool
        time.sleep(0.01)  # the reader ends meanwhile
    gc.collect()
    main = threading.main_thread().name
    assert _Pool.deaths == [main] * 10
    assert _Receiver.deaths == [main] * 10
