"""The Export dialog: every results file of a study into a folder, written by `export_all` on the
task manager's read pool (it reads the database and writes files, never the database) while a
progress bar follows its steps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.storage.database import Database
from app.study.loader import LoadedStudy
from app.study.model_quality import QUALITY_RULES, RULE_WORDS
from widgets.qt import QtGui, QtWidgets, QWidget, Signal, Slot
from widgets.tasks import Job, TaskManager, describe_error


class ExportDialog(QtWidgets.QDialog):
    finished_export = Signal(object)  # the written paths
    export_failed = Signal(str)

    def __init__(self, loaded: LoadedStudy, db: Database, *, tasks: TaskManager | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tasks = TaskManager.given_or_own(tasks, self)
        self.loaded = loaded
        self.db = db
        self.written: list[Path] = []
        self._job: Job | None = None
        self.setWindowTitle(f"Export results · {loaded.study.title}")
        layout = QtWidgets.QVBoxLayout(self)
        row = QtWidgets.QHBoxLayout()
        row.addWidget(QtWidgets.QLabel("Folder:"))
        self.folder = QtWidgets.QLineEdit(str(Path.home() / f"{loaded.study.id}-results"), self)
        row.addWidget(self.folder, 1)
        browse = QtWidgets.QPushButton("Choose…", self)
        browse.clicked.connect(self._browse)
        row.addWidget(browse)
        layout.addLayout(row)
        self.include_simulated = QtWidgets.QCheckBox("Include simulated participants", self)
        self.include_identifying = QtWidgets.QCheckBox(
            "Include free-text comments and identifying profile fields", self)
        layout.addWidget(self.include_simulated)
        layout.addWidget(self.include_identifying)
        # The study's quality rules (export --exclude): off by default, as on the command line.
        # Three boxes a row after the words: five in one row would widen the dialog past 1000 px.
        rules = QtWidgets.QGridLayout()
        rules.addWidget(QtWidgets.QLabel("Leave out participants who:", self), 0, 0)
        self.exclude: dict[str, QtWidgets.QCheckBox] = {}
        for k, rule in enumerate(QUALITY_RULES):
            self.exclude[rule] = QtWidgets.QCheckBox(RULE_WORDS[rule], self)
            self.exclude[rule].setToolTip(f"quality rule {rule} (thresholds: the study's "
                                          "quality block)")
            if rule == "low_competence" and loaded.study.quality.min_competence_share is None:
                # Off unless the study sets it: a tick would leave nobody out, so none is offered.
                self.exclude[rule].setEnabled(False)
                self.exclude[rule].setToolTip("quality rule low_competence is off in this study "
                                              "(set quality.min_competence_share to turn it on)")
            rules.addWidget(self.exclude[rule], k // 3, 1 + k % 3)
        rules.setColumnStretch(4, 1)
        layout.addLayout(rules)
        # paper/ (tables.tex, methods.tex): decimals of percentages, as export --digits.
        paper = QtWidgets.QHBoxLayout()
        paper.addWidget(QtWidgets.QLabel("Paper tables (paper/): decimals of percentages", self))
        self.digits = QtWidgets.QSpinBox(self)
        self.digits.setRange(0, 6)
        self.digits.setValue(1)
        self.digits.setToolTip("61.4 with 1; coefficients get one decimal more, p values two")
        paper.addWidget(self.digits)
        paper.addStretch(1)
        layout.addLayout(paper)
        # What the export leaves out unless the box above is ticked, said before and after.
        from exporters.responses_csv import withheld_description

        self.withheld_text = withheld_description(loaded)
        self.withheld = QtWidgets.QLabel("", self)
        self.withheld.setWordWrap(True)
        layout.addWidget(self.withheld)
        self.include_identifying.toggled.connect(self._say_withheld)
        self._say_withheld()
        self.progress = QtWidgets.QProgressBar(self)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        layout.addWidget(self.progress)
        self.status = QtWidgets.QLabel("", self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addStretch(1)
        self.export_button = QtWidgets.QPushButton("Export", self)
        self.export_button.setDefault(True)
        self.export_button.clicked.connect(lambda: self.start(Path(self.folder.text())))
        close = QtWidgets.QPushButton("Close", self)
        close.clicked.connect(self.close)
        buttons.addWidget(self.export_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.resize(720, 280)

    def withheld_note(self) -> str:
        """What this export will leave out, in words ("" when nothing)."""
        if not self.withheld_text or self.include_identifying.isChecked():
            return ""
        return (f"Withheld: {self.withheld_text}. Tick \"Include free-text comments and "
                "identifying profile fields\" to include them (on the command line: "
                "--include-identifying).")

    @Slot()
    def _say_withheld(self) -> None:
        note = self.withheld_note()
        self.withheld.setText(note)
        self.withheld.setVisible(bool(note))

    def _browse(self) -> None:
        folder = QtWidgets.QFileDialog.getExistingDirectory(self, "Export results into…",
                                                            self.folder.text())
        if folder:
            self.folder.setText(folder)

    @property
    def running(self) -> bool:
        return self._job is not None

    def start(self, out_dir: Path) -> None:
        """Export into `out_dir` on the read pool; `finished_export` says when it is done."""
        if self.running:
            return
        from exporters.export_all import export_all

        self.export_button.setEnabled(False)
        self.status.setText(f"Exporting into {out_dir}…")
        loaded, db = self.loaded, self.db
        simulated = self.include_simulated.isChecked()
        identifying = self.include_identifying.isChecked()
        exclude = tuple(rule for rule, box in self.exclude.items() if box.isChecked())
        digits = self.digits.value()

        def work(progress: Any) -> list[Path]:
            return export_all(loaded, db, out_dir, include_simulated=simulated,
                              include_identifying=identifying, exclude=exclude, digits=digits,
                              progress=progress)

        self._job = self.tasks.run_read(work, on_done=self._done, on_error=self._failed,
                                        on_progress=self._progress, label="exporting results")

    @Slot(int, int, str)
    def _progress(self, index: int, total: int, step: str) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(index)
        self.status.setText(f"{step}…" if index < total else "Done.")

    @Slot(object)
    def _done(self, paths: list[Path]) -> None:
        self._job = None
        self.written = list(paths)
        self.export_button.setEnabled(True)
        folder = paths[0].parent if paths else Path(self.folder.text())
        note = self.withheld_note()
        self.status.setText(f"Wrote {len(paths)} files into {folder}." + (f" {note}" if note else ""))
        self.finished_export.emit(self.written)

    def _failed(self, error: BaseException) -> None:
        self._job = None
        message = describe_error(error)
        self.export_button.setEnabled(True)
        self.status.setText(f"The export failed: {message}")
        self.export_failed.emit(message)

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        if self.running:  # an export half-written by a closed dialog would be worse than a pause
            self.status.setText("Still exporting; the dialog closes when it is done.")
            event.ignore()
            self.finished_export.connect(lambda _paths: self.close())
            self.export_failed.connect(lambda _message: self.close())
            return
        super().closeEvent(event)
