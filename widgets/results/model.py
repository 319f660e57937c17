"""The results model: computes `app.results.compute_results` off the UI thread, and again when
responses arrive (a cheap poll of the response count), and hands plain results to the views."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from app.results.human_range import compare_with_models
from app.results.options import ResultsOptions
from app.results.summary import StudyResults, compute_results
from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QObject, QTimer, Signal, Slot

POLL_MS = 3000


class _Relay(QObject):
    """Lives in the UI thread; the worker emits on it and Qt queues the call to the UI thread."""

    finished = Signal(object, object, object)  # callback, result, exception


class ResultsModel(QObject):
    updated = Signal(object)  # StudyResults
    failed = Signal(str)
    busy_changed = Signal(bool)
    compared = Signal(object)  # (gaps, human range) of the latest results: Human vs model tab

    def __init__(self, loaded: LoadedStudy, db: Database, options: ResultsOptions | None = None,
                 *, poll_ms: int = POLL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loaded = loaded
        self.db = db
        self.options = options or ResultsOptions()
        self.results: StudyResults | None = None
        self.last_count: int | None = None
        self._relay = _Relay()
        self._relay.finished.connect(self._deliver)
        self._computing = False
        self._again = False
        self._counting = False
        self._threads: list[threading.Thread] = []
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.poll)

    @property
    def busy(self) -> bool:
        return self._computing

    def start_polling(self) -> None:
        self.timer.start()

    def stop(self) -> None:
        """Stop polling and wait for a running computation (called when the window closes)."""
        self.timer.stop()
        for thread in self._threads:
            thread.join()
        self._threads.clear()

    def set_include_simulated(self, include: bool) -> None:
        if include != self.options.include_simulated:
            self.options = replace(self.options, include_simulated=include)
            self.refresh()

    def _run(self, fn: Callable[[], Any], callback: Callable[[Any, BaseException | None], None]
             ) -> None:
        def work() -> None:
            try:
                result, error = fn(), None
            except Exception as exc:  # reported to the UI, never lost in a thread
                result, error = None, exc
            self._relay.finished.emit(callback, result, error)

        self._threads = [t for t in self._threads if t.is_alive()]
        thread = threading.Thread(target=work, name="baseline-studio-results", daemon=True)
        self._threads.append(thread)
        thread.start()

    @Slot(object, object, object)
    def _deliver(self, callback: Callable[[Any, BaseException | None], None], result: Any,
                 error: BaseException | None) -> None:
        callback(result, error)

    @Slot()
    def refresh(self) -> None:
        """Recompute now (or right after the computation already running)."""
        if self._computing:
            self._again = True
            return
        self._computing = True
        self.busy_changed.emit(True)
        loaded, db, options = self.loaded, self.db, self.options
        self._run(lambda: (db.count_responses(loaded.study.id),
                           compute_results(loaded, db, options)), self._computed)

    def _computed(self, result: Any, error: BaseException | None) -> None:
        self._computing = False
        if error is not None:
            self.failed.emit(f"{type(error).__name__}: {error}")
        else:
            self.last_count, self.results = result
            self.updated.emit(self.results)
            # The human-vs-model tests take as long again: run after, never holding the scores.
            scored = self.results
            self._run(lambda: compare_with_models(scored), self._compared)
        if self._again:
            self._again = False
            self.refresh()
        else:
            self.busy_changed.emit(False)

    def _compared(self, result: Any, error: BaseException | None) -> None:
        if error is not None:
            self.failed.emit(f"{type(error).__name__}: {error}")
        else:
            self.compared.emit(result)

    @Slot()
    def poll(self) -> None:
        """Refresh when the number of responses changed since the last computation."""
        if self._counting or self._computing:
            return
        self._counting = True
        study_id = self.loaded.study.id
        self._run(lambda: self.db.count_responses(study_id), self._counted)

    def _counted(self, count: Any, error: BaseException | None) -> None:
        self._counting = False
        if error is None and count != self.last_count:
            self.refresh()
