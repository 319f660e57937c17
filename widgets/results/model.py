"""The results model: computes `app.results.compute_results` on the task manager's read pool
(off the UI thread and never behind a session's writes), and again when responses arrive (a
cheap poll of the response count), and hands plain results to the views."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pandas as pd

from app.results.comments import comments
from app.results.frame import responses_frame
from app.results.human_range import compare_with_models
from app.results.options import ResultsOptions
from app.results.summary import StudyResults, compute_results
from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QObject, QTimer, Signal, Slot
from widgets.tasks import TaskManager, describe_error

POLL_MS = 3000


class ResultsModel(QObject):
    updated = Signal(object)  # StudyResults
    failed = Signal(str)
    busy_changed = Signal(bool)
    compared = Signal(object)  # (gaps, human range) of the latest results: Human vs model tab

    def __init__(self, loaded: LoadedStudy, db: Database, options: ResultsOptions | None = None,
                 *, tasks: TaskManager, poll_ms: int = POLL_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.loaded = loaded
        self.db = db
        self.options = options or ResultsOptions()
        self.results: StudyResults | None = None
        self.comments: pd.DataFrame | None = None  # free-text answers (app.results.comments)
        self.last_count: int | None = None
        self._computing = False
        self._again = False
        self._counting = False
        self._stopped = False
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.poll)

    @property
    def busy(self) -> bool:
        return self._computing

    def start_polling(self) -> None:
        self.timer.start()

    def stop(self) -> None:
        """Stop polling; what is still being computed is no longer shown (the window closes)."""
        self.timer.stop()
        self._stopped = True

    def set_include_simulated(self, include: bool) -> None:
        if include != self.options.include_simulated:
            self.options = replace(self.options, include_simulated=include)
            self.refresh()

    def _run(self, fn: Callable[[], Any], callback: Callable[[Any, BaseException | None], None],
             label: str) -> None:
        def done(result: Any) -> None:
            if not self._stopped:
                callback(result, None)

        def failed(error: BaseException) -> None:
            if not self._stopped:
                callback(None, error)

        self.tasks.run_read(fn, on_done=done, on_error=failed, label=label, owner=self)

    @Slot()
    def refresh(self) -> None:
        """Recompute now (or right after the computation already running)."""
        if self._computing:
            self._again = True
            return
        self._computing = True
        self.busy_changed.emit(True)
        loaded, db, options = self.loaded, self.db, self.options

        def work() -> tuple[int, StudyResults, pd.DataFrame]:
            count = db.count_responses(loaded.study.id)
            # One read serves the scores and the comments.
            frame = responses_frame(loaded, db, include_simulated=options.include_simulated)
            return (count, compute_results(loaded, db, options, frame=frame),
                    comments(loaded.study, frame))

        self._run(work, self._computed, "computing the results")

    def _computed(self, result: Any, error: BaseException | None) -> None:
        self._computing = False
        if error is not None:
            self.failed.emit(describe_error(error))
        else:
            self.last_count, self.results, self.comments = result
            self.updated.emit(self.results)
            # The human-vs-model tests take as long again: run after, never holding the scores.
            scored = self.results
            self._run(lambda: compare_with_models(scored), self._compared,
                      "comparing humans and models")
        if self._again:
            self._again = False
            self.refresh()
        else:
            self.busy_changed.emit(False)

    def _compared(self, result: Any, error: BaseException | None) -> None:
        if error is not None:
            self.failed.emit(describe_error(error))
        else:
            self.compared.emit(result)

    @Slot()
    def poll(self) -> None:
        """Refresh when the number of responses changed since the last computation."""
        if self._counting or self._computing:
            return
        self._counting = True
        study_id = self.loaded.study.id
        self._run(lambda: self.db.count_responses(study_id), self._counted,
                  "counting responses")

    def _counted(self, count: Any, error: BaseException | None) -> None:
        self._counting = False
        if error is None and count != self.last_count:
            self.refresh()
