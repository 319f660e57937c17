"""Take in databases copied from other laptops (designer menu: "Merge databases…").

The designer picks one or more database files; `app.storage.merge.merge_databases` runs as a
job on the database writer (the task manager's one thread for database writes), so the
merge never blocks the window and never competes with a running session for the file. The
dialog then shows, per file, how many responses were new or already present, and every
conflict (a participant who answered the same question differently on two machines: both
answers are kept). Every row is checked against its study as import-responses checks a CSV:
rows it does not allow stop the merge (or are left out and listed, if the designer says so). A
refused merge (different versions of a study, a damaged file, rows the study does not allow)
says why and changes nothing. A file that looks copied from a running app without its -wal is
named with a warning.

Conflicts are kept by default (the designer decides later). A rule chosen in "Conflicts" (keep
the first answer, the latest, or drop both) settles every conflict of the database as the merge
ends, as `merge --resolve` does; "Settle conflicts" applies it afterwards without another file.
Each dropped answer is recorded in a conflicts_resolved event.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.merge_check import merge_row_problems
from app.storage.database import Database
from app.storage.merge import MergeReport, merge_databases
from widgets.qt import Qt, QtGui, QtWidgets, QWidget, Signal, Slot
from widgets.tasks import TaskManager, describe_error

FILE_FILTER = "Baseline Studio databases (*.sqlite3 *.sqlite *.db);;All files (*)"

# What the "Conflicts" box offers, in words (one per RESOLVE_RULES, tested); None keeps both
# answers (the default).
RULE_CHOICES: tuple[tuple[str, str | None], ...] = (
    ("Keep both answers and decide later", None),
    ("Keep the first answer given", "keep-first"),
    ("Keep the latest answer given", "keep-latest"),
    ("Drop both answers", "drop-both"),
)


class MergeDialog(QtWidgets.QDialog):
    merged = Signal(object)  # MergeReport
    merge_failed = Signal(str)

    def __init__(self, db: Database, tasks: TaskManager, *, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db, self.tasks = db, tasks
        self.report: MergeReport | None = None
        self.running = False
        self.setWindowTitle("Merge databases from other laptops")
        layout = QtWidgets.QVBoxLayout(self)
        intro = QtWidgets.QLabel(
            f"Responses, participants, sessions and the audit log of the chosen files are added "
            f"to <b>{db.label}</b>. The files themselves are only read. Merging a file twice "
            "changes nothing.", self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.files = QtWidgets.QListWidget(self)
        self.files.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        layout.addWidget(self.files, 1)
        row = QtWidgets.QHBoxLayout()
        self.add_button = QtWidgets.QPushButton("Add databases…", self)
        self.add_button.clicked.connect(self._choose_files)
        self.remove_button = QtWidgets.QPushButton("Remove", self)
        self.remove_button.clicked.connect(self._remove_selected)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.allow_mix = QtWidgets.QCheckBox(
            "Allow different versions of a study (keep responses to both side by side)", self)
        layout.addWidget(self.allow_mix)
        self.skip_invalid = QtWidgets.QCheckBox(
            "Leave out rows the study does not allow (and list them) instead of merging nothing",
            self)
        layout.addWidget(self.skip_invalid)
        rule_row = QtWidgets.QHBoxLayout()
        rule_label = QtWidgets.QLabel("&Conflicts:", self)
        self.rule_box = QtWidgets.QComboBox(self)
        for words, rule in RULE_CHOICES:
            self.rule_box.addItem(words, rule)
        self.rule_box.setToolTip(
            "A participant who answered one question differently on two laptops. A rule settles "
            "every such conflict in this database; each dropped answer stays in the audit log.")
        self.rule_box.currentIndexChanged.connect(self._update_settle)
        rule_label.setBuddy(self.rule_box)
        rule_row.addWidget(rule_label)
        rule_row.addWidget(self.rule_box, 1)
        layout.addLayout(rule_row)
        self.progress = QtWidgets.QProgressBar(self)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        layout.addWidget(self.progress)
        self.status = QtWidgets.QLabel("Add the database files copied from the other laptops.", self)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.status)
        self.counts = QtWidgets.QPlainTextEdit(self)
        self.counts.setReadOnly(True)
        self.counts.setMaximumBlockCount(2000)
        layout.addWidget(self.counts, 1)
        self.conflicts = QtWidgets.QTableWidget(0, 4, self)
        self.conflicts.setHorizontalHeaderLabels(["Participant", "Item", "Question",
                                                  "Answers (database of origin)"])
        self.conflicts.horizontalHeader().setStretchLastSection(True)
        self.conflicts.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.conflicts.hide()
        layout.addWidget(self.conflicts, 1)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addStretch(1)
        self.settle_button = QtWidgets.QPushButton("Settle conflicts", self)
        self.settle_button.setToolTip("Apply the conflict rule to this database now")
        self.settle_button.clicked.connect(self.settle)
        self.settle_button.hide()
        buttons.addWidget(self.settle_button)
        self.merge_button = QtWidgets.QPushButton("Merge", self)
        self.merge_button.setDefault(True)
        self.merge_button.setEnabled(False)
        self.merge_button.clicked.connect(self.start)
        self.close_button = QtWidgets.QPushButton("Close", self)
        self.close_button.clicked.connect(self.close)
        buttons.addWidget(self.merge_button)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self.resize(720, 560)

    # ------------------------------------------------------------------ choosing files

    def paths(self) -> list[str]:
        return [self.files.item(i).text() for i in range(self.files.count())]

    def add_files(self, paths: list[str]) -> None:
        known = set(self.paths())
        for path in paths:
            if path and path not in known:
                self.files.addItem(path)
                known.add(path)
        self.merge_button.setEnabled(bool(known) and not self.running)

    def _choose_files(self) -> None:
        start = str(Path(self.paths()[-1]).parent) if self.paths() else str(Path.home())
        chosen, _ = QtWidgets.QFileDialog.getOpenFileNames(
            self, "Databases copied from other laptops", start, FILE_FILTER)
        self.add_files(list(chosen))

    def _remove_selected(self) -> None:
        for item in self.files.selectedItems():
            self.files.takeItem(self.files.row(item))
        self.merge_button.setEnabled(self.files.count() > 0 and not self.running)

    def rule(self) -> str | None:
        """The chosen conflict rule (one of RESOLVE_RULES), or None to keep both answers."""
        rule = self.rule_box.currentData()
        return str(rule) if rule else None

    def _update_settle(self) -> None:
        unsettled = bool(self.report and self.report.conflicts)
        self.settle_button.setVisible(unsettled)
        self.settle_button.setEnabled(unsettled and self.rule() is not None and not self.running)

    # ------------------------------------------------------------------ merging

    def start(self) -> None:
        """Merge the listed files on the database writer; `merged` or `merge_failed` follows."""
        paths = self.paths()
        if self.running or not paths:
            return
        self._run(paths, f"Merging {len(paths)} database(s)…")

    def settle(self) -> None:
        """Settle the conflicts the last merge left by the chosen rule, with no new file."""
        if self.running or self.rule() is None:
            return
        self._run([], "Settling conflicts…")

    def _run(self, paths: list[str], message: str) -> None:
        self.running = True
        for button in (self.merge_button, self.add_button, self.remove_button, self.settle_button):
            button.setEnabled(False)
        for box in (self.allow_mix, self.skip_invalid, self.rule_box):
            box.setEnabled(False)
        self.progress.setRange(0, max(1, len(paths)))
        self.progress.setValue(0)
        self.status.setText(message)
        self.counts.clear()
        self.conflicts.hide()
        db, allow = self.db, self.allow_mix.isChecked()
        skip, rule = self.skip_invalid.isChecked(), self.rule()

        def work(progress: Callable[[str, int, int], None]) -> MergeReport:
            # Every row checked against its study, as import-responses checks a CSV.
            return merge_databases(db, paths, allow_version_mix=allow, progress=progress,
                                   check=merge_row_problems, skip_invalid=skip, resolve=rule)

        self.tasks.run_write(work, on_done=self._done, on_error=self._failed,
                             on_progress=self._progress, label="merge databases")

    @Slot(str, int, int)
    def _progress(self, message: str, index: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(index)
        self.status.setText(f"{message}…" if message != "done" else "Done.")

    def _finish(self) -> None:
        self.running = False
        for button in (self.add_button, self.remove_button):
            button.setEnabled(True)
        self.merge_button.setEnabled(self.files.count() > 0)
        for box in (self.allow_mix, self.skip_invalid, self.rule_box):
            box.setEnabled(True)
        self._update_settle()

    def _done(self, report: MergeReport) -> None:
        self.report = report  # before _finish, which offers "Settle conflicts" from it
        self._finish()
        self.progress.setValue(self.progress.maximum())
        conflicts = report.conflicts
        new = report.total("responses_new")
        settled = f", {len(report.resolved)} settled" if report.resolved else ""
        left = f"{len(conflicts)} conflict(s) left" if report.resolved else f"{len(conflicts)} conflict(s)"
        if report.sources:
            self.status.setText(f"Merged: {new} new responses, "
                                f"{report.total('responses_present')} already present{settled}, "
                                f"{left}.")
        else:  # "Settle conflicts": no file, only the rule
            self.status.setText(f"{len(report.resolved)} conflict(s) settled ({report.rule}); "
                                "each dropped answer is recorded in the audit log.")
        lines = [f"Warning: {w}" for s in report.sources for w in s.warnings]
        lines += [f"Warning: {w}" for w in report.asset_warnings]
        lines += report.summary_lines()
        lines += [f"Left out: {row.line(s.label)}" for s in report.sources for row in s.invalid]
        lines += [f"Study {s!r} now holds responses to more than one version."
                  for s in report.mixed_versions]
        lines += [f"Profile differs (first one kept): {p}"
                  for s in report.sources for p in s.profile_conflicts]
        self.counts.setPlainText("\n".join(lines))
        self._show_conflicts(report)
        self.merged.emit(report)

    def _show_conflicts(self, report: MergeReport) -> None:
        conflicts = report.conflicts
        self.conflicts.setRowCount(len(conflicts))
        for row, c in enumerate(conflicts):
            answers = "   |   ".join(f"{answer} ({origin[:8]})" for _, answer, origin in c.answers)
            question = f"{c.question_id} ({c.condition})" if c.condition else c.question_id
            for col, value in enumerate((c.participant, c.item_id, question, answers)):
                self.conflicts.setItem(row, col, QtWidgets.QTableWidgetItem(value))
        self.conflicts.resizeColumnsToContents()
        self.conflicts.setVisible(bool(conflicts))

    def _failed(self, error: BaseException) -> None:
        self._finish()
        message = describe_error(error)
        self.status.setText(f"Nothing was merged: {message}")
        self.merge_failed.emit(message)

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        if self.running:  # a merge is one transaction per file: let it finish, then close
            self.status.setText("Still merging; the dialog closes when it is done.")
            event.ignore()
            self.merged.connect(lambda _r: self.close())
            self.merge_failed.connect(lambda _m: self.close())
            return
        super().closeEvent(event)
