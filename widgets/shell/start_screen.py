"""The first screen: pick a bundled or installed study, or open one from disk. A study that does
not load shows every problem (file, JSON path, message) in a table instead of crashing."""

from __future__ import annotations

from pathlib import Path

from app.catalog import StudyEntry
from app.study.errors import Problem
from widgets.qt import QKeySequence, Qt, QtWidgets, QWidget, Signal
from widgets.shell.page import Page
from widgets.typography import mute

ENTRY_ROLE = Qt.ItemDataRole.UserRole


class StartScreen(Page):
    """Emits `study_chosen(path)`; the window loads the study and reports problems back here."""

    study_chosen = Signal(object)  # Path of the study folder or study.json
    passphrase_requested = Signal()  # the designer chooses designer mode's passphrase

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Baseline Studio", parent, width_em=60)
        intro = mute(QtWidgets.QLabel(
            "Choose a study to run. Use the arrow keys and Enter, or double-click."))
        intro.setWordWrap(True)
        self.body.addWidget(intro)
        self.list = QtWidgets.QListWidget(self.column)
        self.list.setAlternatingRowColors(True)
        self.list.setStyleSheet("QListWidget::item { padding: 10px 8px; }")
        self.list.setUniformItemSizes(True)
        self.list.itemActivated.connect(lambda _item: self._choose_selected())
        self.list.currentRowChanged.connect(lambda _row: self._sync_buttons())
        self.body.addWidget(self.list, 2)
        self.status = QtWidgets.QLabel("")
        self.status.setWordWrap(True)
        self.body.addWidget(self.status)
        self.problems = ProblemsView(self.column)
        self.problems.hide()
        self.body.addWidget(self.problems, 3)
        # Only until the designer chose a passphrase, and only before any participant session.
        self.passphrase_button = self.add_button("Set designer passphrase…")
        self.passphrase_button.setToolTip(
            "Designer mode (Ctrl+Shift+D) shows participants and results behind a passphrase: "
            "choose it before the first participant")
        self.passphrase_button.clicked.connect(self.passphrase_requested.emit)
        self.passphrase_button.hide()
        self.open_button = self.add_button("Open study from disk…")
        self.open_button.setShortcut(QKeySequence.StandardKey.Open)
        self.open_button.setToolTip("Ctrl+O: a study folder's study.json")
        self.open_button.clicked.connect(self.open_from_disk)
        self.start_button = self.add_button("Start  ⏎", primary=True)
        self.start_button.clicked.connect(self._choose_selected)
        self._sync_buttons()

    def set_studies(self, entries: list[StudyEntry]) -> None:
        self.list.clear()
        for entry in entries:
            text = entry.title
            notes = [entry.origin]
            if entry.illustrative:
                notes.append("demo: illustrative content")
            item = QtWidgets.QListWidgetItem(f"{text}\n{entry.study_id} · {', '.join(notes)}")
            item.setData(ENTRY_ROLE, str(entry.path))
            item.setToolTip(str(entry.path))
            self.list.addItem(item)
        if entries:
            self.list.setCurrentRow(0)
            self.status.setText("")
        else:
            self.status.setText("No studies are installed yet. Open one from disk (Ctrl+O).")
        self._sync_buttons()
        self.list.setFocus()

    def initial_focus(self) -> QWidget:
        return self.list

    def offer_passphrase(self, offer: bool) -> None:
        self.passphrase_button.setVisible(offer)

    def _sync_buttons(self) -> None:
        self.start_button.setEnabled(self.list.currentItem() is not None)

    def _choose_selected(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.choose(Path(str(item.data(ENTRY_ROLE))))

    def choose(self, path: Path) -> None:
        self.problems.hide()
        self.status.setText(f"Opening {path}…")
        self.study_chosen.emit(path)

    def open_from_disk(self) -> None:
        name, _filter = QtWidgets.QFileDialog.getOpenFileName(
            self, "Open a study", str(Path.home()), "Study file (study.json *.json)")
        if name:
            self.choose(Path(name))

    def show_problems(self, problems: list[Problem]) -> None:
        n = len(problems)
        self.status.setText(f"This study cannot be opened: {n} problem{'s' if n != 1 else ''} "
                            "found. Fix them in the study file and open it again.")
        self.problems.set_problems(problems)
        self.problems.show()

    def show_message(self, text: str) -> None:
        self.status.setText(text)

    def enter_pressed(self) -> bool:
        self._choose_selected()
        return True


class ProblemsView(QtWidgets.QTableWidget):
    """Every problem of a study, one row each: file, place (JSON path or line:column), message."""

    HEADERS = ("File", "Where", "Problem")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(self.HEADERS), parent)
        self.setHorizontalHeaderLabels(list(self.HEADERS))
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(True)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        # Rows as tall as their wrapped message, recomputed whenever the columns change.
        self.verticalHeader().setSectionResizeMode(
            QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QtWidgets.QHeaderView.ResizeMode.Stretch)

    def set_problems(self, problems: list[Problem]) -> None:
        self.setRowCount(len(problems))
        for row, problem in enumerate(problems):
            place = problem.where or "(whole file)"
            if problem.line is not None:
                place = f"line {problem.line}" + (
                    f", column {problem.column}" if problem.column is not None else "")
            for col, text in enumerate((problem.file.name, place, problem.message)):
                cell = QtWidgets.QTableWidgetItem(text)
                cell.setToolTip(str(problem.file) if col == 0 else text)
                self.setItem(row, col, cell)

    def rows(self) -> list[tuple[str, str, str]]:
        """The table as text (what the designer reads), for tests and copying."""
        out = []
        for row in range(self.rowCount()):
            texts = [cell.text() if (cell := self.item(row, c)) is not None else ""
                     for c in range(3)]
            out.append((texts[0], texts[1], texts[2]))
        return out
