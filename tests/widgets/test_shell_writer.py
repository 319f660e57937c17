"""The one database writer: jobs run in order on one worker thread, results and errors come
back on the UI thread, nothing is swallowed."""

from __future__ import annotations

import threading
from pathlib import Path

from app.storage import open_database
from widgets.tasks import DatabaseWriter, describe_error


def test_jobs_run_in_order_on_one_thread_and_results_come_back_on_the_ui_thread(qtbot) -> None:
    writer = DatabaseWriter()
    ui_thread = threading.get_ident()
    worker_threads: set[int] = set()
    order: list[int] = []
    delivered: list[tuple[int, int]] = []

    def job(n: int) -> int:
        worker_threads.add(threading.get_ident())
        order.append(n)
        return n * n

    for n in range(20):
        writer.run(lambda n=n: job(n),
                   on_done=lambda r, n=n: delivered.append((n, r)) or
                   delivered.append((-1, threading.get_ident())))
    assert writer.busy
    qtbot.waitUntil(lambda: not writer.busy, timeout=5000)
    writer.close()
    assert order == list(range(20))
    assert len(worker_threads) == 1 and ui_thread not in worker_threads
    results = [d for d in delivered if d[0] >= 0]
    assert results == [(n, n * n) for n in range(20)]
    assert {t for n, t in delivered if n == -1} == {ui_thread}


def test_an_error_goes_to_on_error_or_to_the_failed_signal_never_lost(qtbot) -> None:
    writer = DatabaseWriter()
    errors: list[BaseException] = []

    def boom() -> None:
        raise ValueError("disk full")

    writer.run(boom, on_error=errors.append)
    with qtbot.waitSignal(writer.failed, timeout=5000) as signal:
        writer.run(boom, label="saving an answer")
    qtbot.waitUntil(lambda: not writer.busy, timeout=5000)
    writer.close()
    assert [str(e) for e in errors] == ["disk full"]
    assert signal.args[0] == "saving an answer"
    assert describe_error(signal.args[1]) == "disk full"
    assert describe_error(KeyError("x")) == "'x' (KeyError)"


def test_close_finishes_queued_jobs_before_stopping(qtbot, tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    writer = DatabaseWriter()
    delivered: list[int] = []
    for n in range(5):
        writer.run(lambda n=n: db.log_event("s", f"e{n}"), on_done=lambda _r, n=n: delivered.append(n))
    writer.close()
    assert [e.kind for e in db.events("s")] == [f"e{n}" for n in range(5)]
    qtbot.wait(20)
    assert delivered == []  # the asker is closing: results after close are not delivered
    db.close()
