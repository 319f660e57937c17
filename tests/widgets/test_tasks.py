"""The one task runner: writes on the single writer thread in order, reads side by side on
the pool, progress, results and errors on the GUI thread, errors in words, a bounded close."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.study.errors import UserInputError
from widgets.qt import QObject, is_alive
from widgets.tasks import TaskManager, describe_error


def test_writes_run_on_the_writer_thread_in_order(qtbot: QtBot) -> None:
    tasks = TaskManager()
    gui = threading.get_ident()
    ran_on: set[int] = set()
    order: list[int] = []
    delivered: list[tuple[int, int]] = []

    def write(n: int) -> int:
        ran_on.add(threading.get_ident())
        time.sleep(0.001 * (n % 3))  # uneven lengths: order must not depend on them
        order.append(n)
        return n

    for n in range(30):
        tasks.run_write(lambda n=n: write(n),
                        on_done=lambda r: delivered.append((r, threading.get_ident())))
    assert tasks.busy
    qtbot.waitUntil(lambda: not tasks.busy, timeout=5000)
    assert order == list(range(30))
    assert ran_on == {tasks.writer.thread_id} and gui not in ran_on
    assert [r for r, _ in delivered] == list(range(30))
    assert {t for _, t in delivered} == {gui}
    assert tasks.close(5.0)


def test_reads_run_side_by_side_on_the_pool(qtbot: QtBot) -> None:
    tasks = TaskManager(readers=2)
    both_running = threading.Barrier(2, timeout=5)
    threads: list[int] = []

    def read(n: int) -> int:
        threads.append(threading.get_ident())
        both_running.wait()  # only returns when the other read runs at the same time
        return n

    results: list[int] = []
    for n in range(2):
        tasks.run_read(lambda n=n: read(n), on_done=results.append)
    qtbot.waitUntil(lambda: len(results) == 2, timeout=5000)
    assert sorted(results) == [0, 1]
    assert len(set(threads)) == 2 and threading.get_ident() not in threads
    assert tasks.writer.thread_id is None  # reads never touch the writer
    assert tasks.close(5.0)


def test_a_read_is_not_held_up_by_a_long_write(qtbot: QtBot) -> None:
    tasks = TaskManager()
    release = threading.Event()
    read: list[str] = []
    tasks.run_write(lambda: release.wait(5))
    tasks.run_read(lambda: "counted", on_done=read.append)
    qtbot.waitUntil(lambda: read == ["counted"], timeout=5000)
    release.set()
    assert tasks.close(5.0)


def test_progress_and_errors_arrive_on_the_gui_thread(qtbot: QtBot) -> None:
    tasks = TaskManager()
    gui = threading.get_ident()
    seen: list[tuple[str, object, int]] = []

    def counting(progress) -> None:
        for i in range(3):
            progress(i, 3)
        raise UserInputError("the file is read-only")

    for run in (tasks.run_read, tasks.run_write):
        run(counting, on_progress=lambda i, n: seen.append(("progress", (i, n),
                                                             threading.get_ident())),
            on_error=lambda e: seen.append(("error", describe_error(e), threading.get_ident())))
        qtbot.waitUntil(lambda: not tasks.busy, timeout=5000)
        assert seen == [("progress", (0, 3), gui), ("progress", (1, 3), gui),
                        ("progress", (2, 3), gui), ("error", "the file is read-only", gui)]
        seen.clear()
    assert tasks.close(5.0)


def test_an_error_without_a_handler_becomes_the_failed_signal(qtbot: QtBot) -> None:
    tasks = TaskManager()

    def broken() -> None:
        raise KeyError("session")

    for run in (tasks.run_read, tasks.run_write):
        with qtbot.waitSignal(tasks.failed, timeout=5000) as signal:
            run(broken, label="reading the sessions")
        assert signal.args[0] == "reading the sessions"
        assert describe_error(signal.args[1]) == "'session' (KeyError)"  # words, no traceback
    assert tasks.close(5.0)


def test_busy_follows_both_executors(qtbot: QtBot) -> None:
    tasks = TaskManager()
    changes: list[bool] = []
    tasks.busy_changed.connect(changes.append)
    release = threading.Event()
    tasks.run_read(lambda: release.wait(5))
    tasks.run_write(lambda: None)
    qtbot.waitUntil(lambda: not tasks.writer.busy, timeout=5000)
    assert tasks.busy  # the read still runs
    release.set()
    qtbot.waitUntil(lambda: not tasks.busy, timeout=5000)
    assert changes == [True, False]
    assert tasks.close(5.0)


def test_nothing_is_delivered_to_a_deleted_owner_or_after_cancel(qtbot: QtBot) -> None:
    tasks = TaskManager()
    release = threading.Event()
    delivered: list[str] = []
    owner = QObject()
    tasks.run_read(lambda: release.wait(5), on_done=lambda _r: delivered.append("owner"),
                   owner=owner)
    job = tasks.run_read(lambda: release.wait(5), on_done=lambda _r: delivered.append("job"))
    owner.deleteLater()
    qtbot.wait(20)
    job.cancel()
    release.set()
    qtbot.waitUntil(lambda: not tasks.busy, timeout=5000)
    assert delivered == []
    assert tasks.close(5.0)


def test_close_waits_for_queued_writes_but_not_forever(qtbot: QtBot) -> None:
    tasks = TaskManager()
    done: list[int] = []
    for n in range(5):
        tasks.run_write(lambda n=n: done.append(n) or time.sleep(0.01))
    assert tasks.close(5.0)
    assert done == list(range(5))  # queued writes complete before close returns
    window = QObject()
    stuck = TaskManager(window)
    never = threading.Event()
    late: list[object] = []
    jobs = [stuck.run_read(never.wait, on_done=late.append),  # a hung network drive
            stuck.run_write(never.wait, on_done=late.append)]
    started = time.monotonic()
    assert not stuck.close(0.3)
    assert time.monotonic() - started < 2.0  # bounded: the app is not held up
    window.deleteLater()  # the window goes, the stuck workers outlive it...
    qtbot.waitUntil(lambda: not is_alive(window), timeout=5000)
    never.set()  # ...and wake: they post to the application's relay, which is still there
    assert all(job.wait(5) for job in jobs)
    qtbot.wait(50)
    assert late == []


def test_a_closed_manager_refuses_new_work(qtbot: QtBot) -> None:
    tasks = TaskManager()
    tasks.close()
    for run in (tasks.run_read, tasks.run_write):
        try:
            run(lambda: None)
        except RuntimeError:
            continue
        raise AssertionError("a closed manager took work")


def test_the_designer_hands_its_manager_to_every_tool(qtbot: QtBot, mini_study_dir: Path,
                                                       tmp_path: Path) -> None:
    from app.storage import open_database
    from app.study.loader import load_study
    from widgets.designer import tools
    from widgets.designer.window import DesignerWindow

    db = open_database(f"sqlite:///{tmp_path / 'tools.sqlite3'}")
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=load_study(mini_study_dir), home=tmp_path)
    qtbot.addWidget(window)
    assert window.competence.tasks is tasks
    for open_tool in (tools.open_results, tools.open_export, tools.open_plan, tools.open_import,
                      tools.open_merge, tools.open_handover):
        open_tool(window)
    opened = dict(window.tools_open)
    assert set(opened) == {"results", "export", "plan", "import", "merge", "handover"}
    assert all(tool.tasks is tasks for tool in opened.values())
    assert opened["results"].model.tasks is tasks  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not tasks.busy, timeout=30_000)
    window.close()
    assert tasks.close(10.0)
    db.close()


def test_a_window_opened_on_its_own_makes_its_own_manager(qtbot: QtBot, mini_study_dir: Path
                                                          ) -> None:
    from app.study.loader import load_study
    from widgets.results.plan_window import PlanWindow

    shared = TaskManager()
    loaded = load_study(mini_study_dir)
    alone, handed = PlanWindow(loaded), PlanWindow(loaded, tasks=shared)
    for window in (alone, handed):
        qtbot.addWidget(window)
    assert handed.tasks is shared
    assert alone.tasks is not shared and alone.tasks.parent() is alone
    assert shared.close(5.0)
