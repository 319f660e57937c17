"""The results model: computes the study's analysis (`app.results.analysis.analyse`, the one
the export writes, quality rules included) on the task manager's read pool (off the UI thread
and never behind a session's writes), and again when responses arrive (a cheap poll of the
response count), and hands it to the views, which only render it; while it computes, each
stage the analysis reaches (`stage`, app.results.stages) for the window's busy bar."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pandas as pd

from app.results.analysis import StudyAnalysis, analyse
from app.results.frame import responses_frame
from app.results.options import ResultsOptions
from app.results.stages import Progress, Stage
from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QObject, QTimer, Signal, Slot
from widgets.tasks import TaskManager, describe_error

POLL_MS = 3000


class ResultsModel(QObject):
    updated = Signal(object)  # StudyAnalysis
    failed = Signal(str)
    busy_changed = Signal(bool)
    compared = Signal(object)  # (gaps, human range) of the latest analysis: Human vs model tab
    stage = Signal(object)  # app.results.stages.Stage: where the running analysis is

    def __init__(self, loaded: LoadedStudy, db: Database, options: ResultsOptions | None = None,
                 *, tasks: TaskManager, poll_ms: int = POLL_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.loaded = loaded
        self.db = db
        self.options = options or ResultsOptions()
        self.results: StudyAnalysis | None = None
        self.last_count: int | None = None
        self._computing = False
        self._again = False
        self._counting = False
        self._stopped = False
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.poll)

    @property
    def comments(self) -> pd.DataFrame | None:
        """The free-text answers of the latest analysis (app.results.comments)."""
        return self.results.comments if self.results is not None else None

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

    def set_exclude(self, rules: Sequence[str]) -> None:
        """The quality rules whose excluded participants the analysis leaves out, as
        `export --exclude` does."""
        if tuple(rules) != self.options.exclude:
            self.options = replace(self.options, exclude=tuple(rules))
            self.refresh()

    def _run(self, fn: Callable[..., Any], callback: Callable[[Any, BaseException | None], None],
             label: str, on_progress: Callable[..., None] | None = None) -> None:
        def done(result: Any) -> None:
            if not self._stopped:
                callback(result, None)

        def failed(error: BaseException) -> None:
            if not self._stopped:
                callback(None, error)

        self.tasks.run_read(fn, on_done=done, on_error=failed, on_progress=on_progress,
                            label=label, owner=self)

    @Slot()
    def refresh(self) -> None:
        """Recompute now (or right after the computation already running)."""
        if self._computing:
            self._again = True
            return
        self._computing = True
        self.busy_changed.emit(True)
        loaded, db, options = self.loaded, self.db, self.options

        def work(progress: Progress) -> tuple[int, StudyAnalysis]:
            progress(Stage("loading"))
            count = db.count_responses(loaded.study.id)
            frame = responses_frame(loaded, db, include_simulated=options.include_simulated)
            return count, analyse(loaded, frame, options, progress=progress)

        self._run(work, self._computed, "computing the results", on_progress=self._staged)

    def _staged(self, stage: Stage) -> None:
        if not self._stopped and self._computing:
            self.stage.emit(stage)

    def _computed(self, result: Any, error: BaseException | None) -> None:
        self._computing = False
        if error is not None:
            self.failed.emit(describe_error(error))
        else:
            self.last_count, self.results = result
            self.updated.emit(self.results)
            self.compared.emit((self.results.gaps, self.results.human_range))
        if self._again:
            self._again = False
            self.refresh()
        else:
            self.busy_changed.emit(False)

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
