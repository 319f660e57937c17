"""The participants view's Competence column: each rater's MACE competence relative to the
other raters of the study's choice questions (`app.results.rater_models`), read on a thread
of its own (never the database writer: a session running in the main window must not wait
for it) and flagged, not excluded, when far below the others."""

from __future__ import annotations

import threading
from typing import Any

from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QObject, Signal


class CompetenceReader(QObject):
    ready = Signal(object)  # {participant code: (relative competence, far below?)}
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: threading.Thread | None = None

    def start(self, loaded: LoadedStudy, db: Database) -> None:
        """Read and fit in the background; a read already running is let finish first."""
        if self._thread is not None and self._thread.is_alive():
            return

        def work() -> None:
            try:
                # pandas and scipy: loaded here, so designer mode itself opens at once
                from app.results.frame import responses_frame
                from app.results.rater_models import participant_competence

                result: Any = participant_competence(loaded, responses_frame(loaded, db))
            except Exception as exc:  # shown in the window's status line, never lost
                self.failed.emit(f"{type(exc).__name__}: {exc}")
                return
            self.ready.emit(result)

        self._thread = threading.Thread(target=work, name="baseline-studio-competence",
                                        daemon=True)
        self._thread.start()

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()
