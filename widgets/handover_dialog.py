"""Hand data over to another laptop (designer menu: "Hand over data…").

The designer picks where the copy goes (a USB stick, a shared folder);
`app.storage.snapshot.snapshot_database` then writes a consistent, checked, self-contained copy
with its SHA-256 beside it. It runs as a job on the database writer (the task manager's one
thread for database writes, as the merge does), so the window never blocks and a
session running in the main window keeps answering while the copy is made.
"""

from __future__ import annotations

import socket
from datetime import date
from pathlib import Path

from app.storage.backup import sqlite_file
from app.storage.database import Database
from app.storage.snapshot import SnapshotResult, snapshot_database
from widgets.qt import QtGui, QtWidgets, QWidget, Signal
from widgets.tasks import TaskManager, describe_error

FILE_FILTER = "Baseline Studio databases (*.sqlite3);;All files (*)"


def suggested_name() -> str:
    """`baseline-studio-<computer>-<date>.sqlite3`: copies from several laptops keep apart."""
    host = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in socket.gethostname())
    return f"baseline-studio-{host or 'laptop'}-{date.today().isoformat()}.sqlite3"


class HandoverDialog(QtWidgets.QDialog):
    written = Signal(object)  # SnapshotResult
    failed = Signal(str)

    def __init__(self, db: Database, tasks: TaskManager, *, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db, self.tasks = db, tasks
        self.db_path = sqlite_file(db)
        self.result: SnapshotResult | None = None
        self.running = False
        self.setWindowTitle("Hand over data")
        layout = QtWidgets.QVBoxLayout(self)
        intro = QtWidgets.QLabel(
            f"Writes a checked copy of <b>{db.label}</b> to take to another laptop: every answer "
            "up to now in one file, safe to make while a session is running. Merge it there "
            "in designer mode with <i>Merge databases…</i>; copying the database file by hand "
            "can leave the latest answers behind.", self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QtWidgets.QHBoxLayout()
        self.path = QtWidgets.QLineEdit(self)
        self.path.setPlaceholderText("Where to write the copy, e.g. on a USB stick")
        self.path.textChanged.connect(self._update_button)
        self.choose_button = QtWidgets.QPushButton("Choose…", self)
        self.choose_button.clicked.connect(self._choose)
        row.addWidget(self.path, 1)
        row.addWidget(self.choose_button)
        layout.addLayout(row)
        self.status = QtWidgets.QLabel("", self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addStretch(1)
        self.write_button = QtWidgets.QPushButton("Write copy", self)
        self.write_button.setDefault(True)
        self.write_button.setEnabled(False)
        self.write_button.clicked.connect(self.start)
        self.close_button = QtWidgets.QPushButton("Close", self)
        self.close_button.clicked.connect(self.close)
        buttons.addWidget(self.write_button)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        if self.db_path is None:
            self.status.setText("This database is on a server: hand it over with the server's "
                                "own tools (pg_dump).")
            self.path.setEnabled(False)
            self.choose_button.setEnabled(False)
        self.resize(640, 220)

    def _update_button(self) -> None:
        self.write_button.setEnabled(bool(self.path.text().strip()) and not self.running
                                     and self.db_path is not None)

    def _choose(self) -> None:
        current = self.path.text().strip()
        start = current or str(Path.home() / suggested_name())
        chosen, _ = QtWidgets.QFileDialog.getSaveFileName(self, "Write the hand-over copy to",
                                                          start, FILE_FILTER)
        if chosen:
            self.path.setText(chosen)

    def start(self) -> None:
        """Write the copy on the database writer; `written` or `failed` follows."""
        out = self.path.text().strip()
        if self.running or not out or self.db_path is None:
            return
        self.running = True
        for widget in (self.write_button, self.choose_button, self.path):
            widget.setEnabled(False)
        self.status.setText("Writing and checking the copy…")
        db_path, target = self.db_path, Path(out)
        self.tasks.run_write(lambda: snapshot_database(db_path, target), on_done=self._done,
                             on_error=self._failed, label="hand over data")

    def _finish(self) -> None:
        self.running = False
        self.choose_button.setEnabled(True)
        self.path.setEnabled(True)
        self._update_button()

    def _done(self, result: SnapshotResult) -> None:
        self._finish()
        self.result = result
        rows = result.counts
        self.status.setText(
            f"{'Replaced' if result.replaced else 'Wrote'} {result.path}: "
            f"{rows.get('response', 0)} responses from {rows.get('participant', 0)} participants, "
            f"checked (integrity and row counts). Its checksum is in {result.checksum_path.name} "
            "beside it.")
        self.written.emit(result)

    def _failed(self, error: BaseException) -> None:
        self._finish()
        message = describe_error(error)
        self.status.setText(f"No copy was written: {message}")
        self.failed.emit(message)

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        if self.running:  # the copy is quick; closing waits for it rather than leave it half-known
            event.ignore()
            self.written.connect(lambda _r: self.close())
            self.failed.connect(lambda _m: self.close())
            return
        super().closeEvent(event)
