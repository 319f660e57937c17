"""The Import dialog: a benchmark's files -> a study folder, without the command line.

The designer picks a kind, the source, the new study folder (for predictions: the existing
study), an image folder and a sample; the import runs on the task manager's read pool (it
writes a study folder, never the database; reading a big source and copying images must not
freeze the window), reports progress through the importer's progress callback, and ends either with the imported study or with every problem
listed by row and column. Same code path as `baseline-studio import` (app.importers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from app.importers.base import ImportOptions
from app.importers.registry import KINDS, ImportResult, run_import
from app.study.errors import StudyError, UserInputError
from widgets.qt import QtWidgets, QWidget, Signal, Slot
from widgets.tasks import Job, TaskManager, describe_error

ALL = 0  # the sample box's "all rows"


def problems_of(error: BaseException) -> tuple[list[str], str]:
    """A failed import in words: the problems, one a line, and the summary above them."""
    if isinstance(error, StudyError):
        n = len(error.problems)
        return ([str(p) for p in error.problems],
                f"{n} problem{'s' if n != 1 else ''} found; nothing was written")
    if isinstance(error, UserInputError):
        return [str(error)], "the import was refused"
    return [describe_error(error)], "the import failed unexpectedly"


class ImportDialog(QtWidgets.QDialog):
    """Choose what to import; watch it run; see the study or the problems."""

    imported = Signal(object)  # ImportResult, once the study is written and valid
    failed = Signal(list)  # the problems, as shown

    def __init__(self, parent: QWidget | None = None, *, studies_dir: Path | None = None,
                 tasks: TaskManager | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import a study")
        self.tasks = TaskManager.given_or_own(tasks, self)
        self.studies_dir = studies_dir
        self._job: Job | None = None
        self.result: ImportResult | None = None

        self.kind = QtWidgets.QComboBox()
        for spec in KINDS.values():
            self.kind.addItem(f"{spec.name}: {spec.summary}", spec.name)
        self.about = QtWidgets.QLabel()
        self.about.setWordWrap(True)
        self.source = QtWidgets.QLineEdit()
        self.out = QtWidgets.QLineEdit()
        self.images = QtWidgets.QLineEdit()
        self.images.setPlaceholderText("the source's folder")
        self.sample = QtWidgets.QSpinBox()
        self.sample.setRange(ALL, 10_000_000)
        self.sample.setSpecialValueText("all rows")
        self.seed = QtWidgets.QSpinBox()
        self.seed.setRange(0, 2_147_483_647)
        self.sample_by = QtWidgets.QLineEdit()
        self.sample_by.setPlaceholderText("a field of the rows (optional)")
        self.sample_by.setToolTip("Draw the sample within each value of this field (e.g. "
                                  "lesion_type), in proportion: import --sample-by")
        self.illustrative = QtWidgets.QCheckBox("Made-up scores (demo): label them illustrative")
        self.note = QtWidgets.QLineEdit()
        self.progress = QtWidgets.QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QtWidgets.QLabel("Choose a kind, a source and a study folder.")
        self.status.setWordWrap(True)
        self.problems = QtWidgets.QListWidget()
        self.problems.setAlternatingRowColors(True)
        self.problems.hide()

        form = QtWidgets.QFormLayout()
        form.addRow("Kind", self.kind)
        form.addRow("", self.about)
        form.addRow("Source", self._with_browse(self.source, self._browse_source))
        self.out_label = QtWidgets.QLabel("New study folder")
        form.addRow(self.out_label, self._with_browse(self.out, self._browse_out))
        form.addRow("Images folder", self._with_browse(self.images, self._browse_images))
        sampling = QtWidgets.QHBoxLayout()
        sampling.addWidget(self.sample)
        sampling.addWidget(QtWidgets.QLabel("seed"))
        sampling.addWidget(self.seed)
        sampling.addWidget(QtWidgets.QLabel("stratified by"))
        sampling.addWidget(self.sample_by, 1)
        form.addRow("Sample", sampling)
        form.addRow("", self.illustrative)
        form.addRow("Note", self.note)

        self.buttons = QtWidgets.QDialogButtonBox()
        self.import_button = self.buttons.addButton("Import",
                                                    QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        self.close_button = self.buttons.addButton(QtWidgets.QDialogButtonBox.StandardButton.Close)
        self.import_button.clicked.connect(self.start)
        self.close_button.clicked.connect(self.reject)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.problems, 1)
        layout.addWidget(self.buttons)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()
        self.resize(720, 420)

    # ------------------------------------------------------------------ form

    def _with_browse(self, edit: QtWidgets.QLineEdit,
                     handler: Callable[[], None]) -> QtWidgets.QHBoxLayout:
        row = QtWidgets.QHBoxLayout()
        row.addWidget(edit, 1)
        button = QtWidgets.QPushButton("Browse…")
        button.clicked.connect(handler)
        row.addWidget(button)
        return row

    def current_kind(self) -> str:
        return str(self.kind.currentData())

    def set_kind(self, name: str) -> None:
        self.kind.setCurrentIndex(self.kind.findData(name))

    def _kind_changed(self) -> None:
        spec = KINDS[self.current_kind()]
        attaching = spec.build is None
        self.about.setText(f"Source: {spec.source}. Question ids: {spec.question_ids}.")
        self.out_label.setText("Existing study folder" if attaching else "New study folder")
        self.images.setEnabled(spec.uses_images)
        for widget in (self.sample, self.seed, self.sample_by):
            widget.setEnabled(not attaching)
        for widget in (self.illustrative, self.note):
            widget.setEnabled(attaching)

    def _browse_source(self) -> None:
        spec = KINDS[self.current_kind()]
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, "Source file", self.source.text(),
            "Tables (*.jsonl *.ndjson *.json *.csv *.tsv *.parquet);;All files (*)")
        if not path and spec.source_is_folder:
            path = QtWidgets.QFileDialog.getExistingDirectory(self, "Source folder")
        if path:
            self.source.setText(path)

    def _browse_out(self) -> None:
        start = self.out.text() or str(self.studies_dir or Path.home())
        path = QtWidgets.QFileDialog.getExistingDirectory(self, "Study folder", start)
        if path:
            self.out.setText(path)

    def _browse_images(self) -> None:
        path = QtWidgets.QFileDialog.getExistingDirectory(self, "Images folder", self.images.text())
        if path:
            self.images.setText(path)

    def options(self) -> ImportOptions | None:
        """The options from the form, or None (with a message) when something is missing."""
        source, out = self.source.text().strip(), self.out.text().strip()
        if not source or not out:
            self.status.setText("A source and a study folder are needed.")
            return None
        return ImportOptions(
            source=Path(source), out=Path(out),
            images=Path(self.images.text().strip()) if self.images.isEnabled()
            and self.images.text().strip() else None,
            sample=self.sample.value() if self.sample.isEnabled() and self.sample.value() else None,
            seed=self.seed.value(),
            sample_by=(self.sample_by.text().strip() or None) if self.sample_by.isEnabled()
            else None,
            illustrative=self.illustrative.isEnabled() and self.illustrative.isChecked(),
            note=(self.note.text().strip() or None) if self.note.isEnabled() else None,
        )

    # ------------------------------------------------------------------ running

    def running(self) -> bool:
        return self._job is not None

    @Slot()
    def start(self) -> None:
        if self.running():
            return
        options = self.options()
        if options is None:
            return
        self.result = None
        self.problems.clear()
        self.problems.hide()
        self.progress.setRange(0, 0)  # busy until the importer reports a count
        self.status.setText(f"Importing {options.source.name}…")
        self._set_editable(False)
        kind = self.current_kind()

        def work(progress: Callable[[int, int, str], None]) -> ImportResult:
            return run_import(kind, replace(options, progress=progress))

        self._job = self.tasks.run_read(work, on_done=self._on_finished,
                                        on_error=self._on_failed, on_progress=self._on_progress,
                                        label="importing a study")

    @Slot(int, int, str)
    def _on_progress(self, done: int, total: int, message: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.status.setText(f"{message}: {done} of {total}")

    @Slot(object)
    def _on_finished(self, result: ImportResult) -> None:
        self._stop()
        self.result = result
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.status.setText(result.summary())
        self.imported.emit(result)

    def _on_failed(self, error: BaseException) -> None:
        self._stop()
        problems, summary = problems_of(error)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status.setText(summary)
        self.problems.addItems(problems)
        self.problems.show()
        self.failed.emit(problems)

    def _stop(self) -> None:
        self._job = None
        self._set_editable(True)

    def _set_editable(self, editable: bool) -> None:
        self.import_button.setEnabled(editable)
        self.kind.setEnabled(editable)
        for edit in (self.source, self.out, self.images, self.sample_by):
            edit.setReadOnly(not editable)

    def reject(self) -> None:
        if self.running():  # an import writes files: let it finish (it is all or nothing)
            self.status.setText("Please wait: the import finishes in a moment.")
            return
        super().reject()
