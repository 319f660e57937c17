"""The participants view's Competence column: each rater's MACE competence relative to the
other raters of the study's choice questions (`app.results.rater_models`), read on the task
manager's read pool (never the database writer: a session running in the main window must not
wait for it) and flagged, not excluded, when far below the others."""

from __future__ import annotations

from typing import Any

from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QObject, Signal
from widgets.tasks import Job, TaskManager, describe_error


class CompetenceReader(QObject):
    ready = Signal(object)  # {participant code: (relative competence, far below?)}
    failed = Signal(str)

    def __init__(self, tasks: TaskManager, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self._job: Job | None = None

    @property
    def running(self) -> bool:
        return self._job is not None

    def start(self, loaded: LoadedStudy, db: Database) -> None:
        """Read and fit in the background; a read already running is let finish first."""
        if self._job is not None:
            return

        def work() -> Any:
            # pandas and scipy: loaded here, so designer mode itself opens at once
            from app.results.frame import responses_frame
            from app.results.rater_models import participant_competence

            return participant_competence(loaded, responses_frame(loaded, db))

        self._job = self.tasks.run_read(work, on_done=self._done, on_error=self._failed,
                                        label="reading rater competence")

    def _done(self, result: Any) -> None:
        self._job = None
        self.ready.emit(result)

    def _failed(self, error: BaseException) -> None:
        self._job = None
        self.failed.emit(describe_error(error))  # shown in the window's status line

    def stop(self) -> None:
        """The window is closing: a read still running is no longer shown."""
        if self._job is not None:
            self._job.cancel()
            self._job = None
