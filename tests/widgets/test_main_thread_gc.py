"""The collector runs on the GUI thread only: off for allocations elsewhere, due collections
made by the application's timer (widgets/main_thread_gc.py)."""

from __future__ import annotations

import gc
import threading

from pytestqt.qtbot import QtBot

from widgets.main_thread_gc import MainThreadCollector, collect_on_gui_thread
from widgets.qt import QApplication


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_tests_application_collects_on_its_own_thread(qapp: QApplication) -> None:
    collector = collect_on_gui_thread(qapp)
    assert isinstance(collector, MainThreadCollector)
    assert collect_on_gui_thread(qapp) is collector  # installed once
    assert not gc.isenabled()


def test_a_worker_allocating_past_the_threshold_collects_nothing(qapp: QApplication,
                                                                  qtbot: QtBot) -> None:
    collector = collect_on_gui_thread(qapp)
    found: list[int] = []
    gc.collect()
    before = gc.get_count()[0]

    def work() -> None:
        for _ in range(collector.thresholds[0] * 3):
            _Cycle()
        found.append(gc.get_count()[0])

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    # Nobody collected on the worker: the young generation grew past its threshold.
    assert found[0] > max(before, collector.thresholds[0])
    # The GUI thread's timer collects it.
    qtbot.waitUntil(lambda: gc.get_count()[0] < collector.thresholds[0], timeout=5000)
