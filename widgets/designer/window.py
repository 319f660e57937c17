"""Designer mode: who took part and how far they got, and which items still lack ratings.

The study list, the study and the tables are read on the database writer (the same one the
participant screens use, through the main window's `widgets.tasks.TaskManager`), so a session
running in the main window is never blocked or raced; the competence column, the results, the
plan and the exports read on its pool. The Study menu holds the
designer's tools; each is added only if its module is installed (widgets.designer.tools).
"""

from __future__ import annotations

import re
from pathlib import Path

from app.catalog import StudyEntry, list_studies
from app.session.coverage import Coverage, coverage
from app.session.standing import (
    ParticipantStanding,
    participant_standings,
    promised_coverage,
)
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from app.study_places import DataStudy, locate, remember_folder
from widgets.designer.competence import CompetenceReader
from widgets.designer.design_tab import DesignReport, DesignTab, design_report
from widgets.designer.tools import add_tool_actions, remind_timing_check
from widgets.qt import QKeySequence, QSettings, Qt, QtGui, QtWidgets, QWidget
from widgets.settings import fit_on_screen, restore_geometry, save_geometry
from widgets.tasks import TaskManager, describe_error
from widgets.typography import ScaledFonts, mute

GEOMETRY_KEY = "designer_window"
COMPETENCE = "Competence"  # relative to the other raters (widgets.designer.competence)


def _table(headers: list[str], parent: QWidget) -> QtWidgets.QTableWidget:
    table = QtWidgets.QTableWidget(0, len(headers), parent)
    table.setHorizontalHeaderLabels(headers)
    table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.setSortingEnabled(True)
    table.verticalHeader().hide()
    table.horizontalHeader().setStretchLastSection(True)
    return table


def natural_key(text: str) -> list[tuple[int, int | str]]:
    """Digits compared as numbers: SIM999 before SIM2000, P9 before P10."""
    return [(0, int(part)) if part.isdigit() else (1, part.casefold())
            for part in re.split(r"(\d+)", text) if part]


class _NamedCell(QtWidgets.QTableWidgetItem):
    """A code or an item id: sorted by natural_key, not as text."""

    def __lt__(self, other: QtWidgets.QTableWidgetItem) -> bool:
        return natural_key(self.text()) < natural_key(other.text())


def _name_cell(text: str) -> QtWidgets.QTableWidgetItem:
    return _NamedCell(text)


def _cell(value: str | int, *, bold: bool = False) -> QtWidgets.QTableWidgetItem:
    """A cell; numbers are stored as numbers, so the column sorts 9 before 10."""
    cell = QtWidgets.QTableWidgetItem()
    cell.setData(Qt.ItemDataRole.DisplayRole, value)
    if bold:
        font = cell.font()
        font.setBold(True)
        cell.setFont(font)
    return cell


class DesignerWindow(QtWidgets.QMainWindow):
    """Designer mode's window; its Study menu's tools see it as a DesignerHost."""

    def __init__(self, db: Database, tasks: TaskManager, *, home: Path | None = None,
                 settings: QSettings | None = None, current: LoadedStudy | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Baseline Studio · designer mode")
        self.db = db
        self.tasks = tasks
        self.home = home
        self.settings = settings
        self.loaded: LoadedStudy | None = current
        self.entries: list[StudyEntry] = []
        self.missing: dict[StudyEntry, DataStudy] = {}  # the studies whose folder is gone
        self.tools_open: dict[str, QWidget] = {}  # results, export, plan, import, merge
        central = QWidget(self)
        layout = QtWidgets.QVBoxLayout(central)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.setSpacing(12)
        top = QtWidgets.QHBoxLayout()
        title = QtWidgets.QLabel("Study")
        self.fonts = ScaledFonts(self)
        self.fonts.add(title, 1.2, bold=True)
        top.addWidget(title)
        self.study_box = QtWidgets.QComboBox(central)
        self.study_box.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.study_box.activated.connect(self._study_picked)
        top.addWidget(self.study_box, 1)
        self.refresh_button = QtWidgets.QPushButton("Refresh (F5)", central)
        self.refresh_button.clicked.connect(self.refresh)
        top.addWidget(self.refresh_button)
        self.locate_button = QtWidgets.QPushButton("Locate the moved folder…", central)
        self.locate_button.clicked.connect(self.choose_folder)
        self.locate_button.hide()
        top.addWidget(self.locate_button)
        layout.addLayout(top)
        self.summary = QtWidgets.QLabel("")
        self.summary.setWordWrap(True)
        summary_row = QtWidgets.QHBoxLayout()
        summary_row.addWidget(self.summary, 1)
        # Simulated participants (`simulate`) are left out of the counts and the coverage, and
        # the summary says how many; ticked, they count as raters (to try the plan out).
        self.include_simulated = QtWidgets.QCheckBox("Include simulated participants", central)
        self.include_simulated.toggled.connect(lambda _on: self.refresh())
        summary_row.addWidget(self.include_simulated, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(summary_row)
        self.tabs = QtWidgets.QTabWidget(central)
        self.participants = _table(["Participant", "Answered", "Of", "Status", "Consent",
                                    "Started (UTC)", "Profile", COMPETENCE], self.tabs)

        self.coverage = _table(["Item", "Raters so far", "Once everyone finishes", "Target",
                                "Status"], self.tabs)
        self.tabs.addTab(self.participants, "Participants")
        self.tabs.addTab(self.coverage, "Coverage")
        self.design = DesignTab(self.tabs)
        self.tabs.addTab(self.design, DesignTab.TITLE)
        layout.addWidget(self.tabs, 1)
        self.status = mute(QtWidgets.QLabel(""))
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.competence = CompetenceReader(tasks, self)
        self.competence.ready.connect(self._show_competence)
        self.competence.failed.connect(self.status.setText)
        self.timing_reminder = QtWidgets.QLabel("")  # tools.remind_timing_check
        self.timing_reminder.setWordWrap(True)
        self.timing_reminder.hide()
        layout.addWidget(self.timing_reminder)
        self.setCentralWidget(central)
        self._build_menus()
        if settings is not None and restore_geometry(settings, GEOMETRY_KEY, self):
            fit_on_screen(self)  # saved on another screen, or at another scale
        else:
            fit_on_screen(self, 1000, 700)
        self._load_study_list()
        remind_timing_check(self)

    def _build_menus(self) -> None:
        menu = self.menuBar().addMenu("&Study")
        refresh = menu.addAction("Refresh")
        refresh.setShortcut(QKeySequence.StandardKey.Refresh)
        refresh.triggered.connect(self.refresh)
        open_folder = menu.addAction("Open study folder…")
        open_folder.setShortcut(QKeySequence.StandardKey.Open)
        open_folder.triggered.connect(self.choose_folder)
        self.tool_actions = add_tool_actions(menu, self)
        menu.addSeparator()
        close = menu.addAction("Close designer mode")
        close.setShortcut(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)

    # ------------------------------------------------------------------ studies

    def reload_studies(self) -> None:
        """After an import: the new study joins the list."""
        self._load_study_list()

    def _load_study_list(self) -> None:
        home, db = self.home, self.db

        def read() -> tuple[list[StudyEntry], list[DataStudy]]:
            entries = list_studies(home)
            return entries, locate(db.studies_with_data(), entries, home)

        self.tasks.run_write(read, on_done=lambda r: self._set_study_list(*r),
                        on_error=self._failed, label="listing studies")

    def _set_study_list(self, entries: list[StudyEntry], with_data: list[DataStudy]) -> None:
        """Bundled and installed studies, then every study the database has responses for:
        from the folder it was last opened from, or listed by id, version and content hash
        when that folder is gone."""
        self.entries = list(entries)
        self.missing = {}
        known = {e.path.resolve() for e in self.entries}
        for data in with_data:
            if data.folder is not None and data.folder.resolve() not in known:
                known.add(data.folder.resolve())
                self.entries.append(StudyEntry(data.study_id, data.title, data.folder,
                                               "with data", False))
            elif data.folder is None:
                entry = StudyEntry(data.study_id, f"{data.title}: folder not found, "
                                   f"v{data.version}, {data.n_responses} responses",
                                   Path(f"(missing {data.content_hash})"), "missing", False)
                self.missing[entry] = data
                self.entries.append(entry)
        if self.loaded is not None and not any(e.path.resolve() == self.loaded.folder
                                               for e in self.entries):
            self.entries.insert(0, StudyEntry(self.loaded.study.id, self.loaded.study.title,
                                              self.loaded.folder, "opened", False))
        self.study_box.clear()
        for entry in self.entries:
            self.study_box.addItem(f"{entry.title}  ({entry.study_id})", str(entry.path))
        index = 0
        if self.loaded is not None:
            index = next((i for i, e in enumerate(self.entries)
                          if e.path.resolve() == self.loaded.folder), 0)
        if self.entries:
            self.study_box.setCurrentIndex(index)
            self._study_picked(index)
        else:
            self.summary.setText("No studies installed yet.")

    def _study_picked(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        missing = self.missing.get(self.entries[index])
        self.locate_button.setVisible(missing is not None)
        if missing is not None:
            self.summary.setText(
                f"The folder of {missing.study_id} (version {missing.version}, content hash "
                f"{missing.content_hash[:12]}) is gone; its {missing.n_responses} responses are "
                "stored. Point at the folder where it is now: Locate the moved folder… "
                "(or Study > Open study folder…).")
            return
        path = self.entries[index].path
        if self.loaded is not None and self.loaded.folder == path.resolve():
            self.refresh()
            return
        self.tasks.run_write(lambda: load_study(path), on_done=self._study_loaded,
                        on_error=self._failed, label="opening the study")

    def _study_loaded(self, loaded: LoadedStudy) -> None:
        self.loaded = loaded
        self.refresh()

    def choose_folder(self) -> None:
        folder = QtWidgets.QFileDialog.getExistingDirectory(self, "Open a study folder",
                                                            str(Path.home()))
        if folder:
            self.open_folder(Path(folder))

    def open_folder(self, folder: Path) -> None:
        """Open the study in `folder` (any folder on disk), remember where it lives and list
        it; a moved study with data finds its responses again by its content hash."""
        home = self.home

        def load() -> LoadedStudy:
            loaded = load_study(folder)
            remember_folder(loaded, home)
            return loaded

        def opened(loaded: LoadedStudy) -> None:
            self.loaded = loaded
            self._load_study_list()

        self.tasks.run_write(load, on_done=opened, on_error=self._failed, label="opening the study")

    # ------------------------------------------------------------------ tables

    def refresh(self) -> None:
        loaded = self.loaded
        if loaded is None:
            return
        self.status.setText("Reading the database…")

        simulated = self.include_simulated.isChecked()

        def read() -> tuple[list[ParticipantStanding], Coverage, dict[str, int], DesignReport]:
            standings = participant_standings(loaded.study, self.db)
            people = [s.code for s in standings if simulated or not s.simulated]
            design = design_report(loaded.study, self.db, loaded.folder)
            return (standings, coverage(loaded, self.db, include_simulated=simulated),
                    promised_coverage(loaded.study, people), design)

        self.tasks.run_write(read, on_done=lambda r: self._show(*r), on_error=self._failed,
                        label="reading progress")

    def _show(self, standings: list[ParticipantStanding], cov: Coverage,
              expected: dict[str, int], design: DesignReport) -> None:
        assert self.loaded is not None
        study = self.loaded.study
        self.design.show_report(design)
        self.tabs.setTabText(self.tabs.indexOf(self.design), self.design.tab_title(design))
        self.participants.setSortingEnabled(False)
        self.participants.setRowCount(len(standings))
        for row, s in enumerate(standings):
            state = "finished" if s.finished else ("started" if s.started else "not started")
            profile = ", ".join(f"{k}={v}" for k, v in sorted(s.profile.items())
                                if k not in {f.id for f in study.profile_fields if f.identifying})
            code = s.code + ("  (simulated)" if s.simulated else "")
            values = [_name_cell(code), _cell(s.answered), _cell(s.total), _cell(state),
                      _cell("yes" if s.consent_given else "no"), _cell(s.created_utc[:19]),
                      _cell(profile)]
            for col, cell in enumerate(values):
                self.participants.setItem(row, col, cell)
        self.participants.setSortingEnabled(True)
        self.participants.resizeColumnsToContents()
        self.competence.start(self.loaded, self.db)

        self.coverage.setSortingEnabled(False)
        self.coverage.setRowCount(len(cov.items))
        for row, c in enumerate(sorted(cov.items, key=lambda c: (c.raters, c.item_id))):
            below = c.missing > 0
            status = f"needs {c.missing} more" if below else "reached"
            values = [_name_cell(c.item_id), _cell(c.raters), _cell(expected.get(c.item_id, 0)),
                      _cell(c.target), _cell(status, bold=below)]
            for col, cell in enumerate(values):
                self.coverage.setItem(row, col, cell)
        self.coverage.setSortingEnabled(True)
        self.coverage.resizeColumnsToContents()

        included = self.include_simulated.isChecked()
        people = [s for s in standings if included or not s.simulated]
        simulated = sum(1 for s in standings if s.simulated)
        finished = sum(1 for s in people if s.finished)
        k = cov.target
        codes = cov.suggested_codes()
        hand_out = (f" Codes whose items nobody has rated yet: {', '.join(codes[:8])}"
                    f"{'…' if len(codes) > 8 else ''}." if codes and not cov.complete else "")
        if not simulated:
            counted = ""
        elif included:
            counted = f", {simulated} of them simulated"
        else:
            counted = (f"; {simulated} simulated not counted (tick \"Include simulated "
                       "participants\" to count them)")
        self.summary.setText(
            f"{len(people)} participant{'s' if len(people) != 1 else ''} "
            f"({finished} finished{counted}). Target: {k} rater{'s' if k != 1 else ''} per "
            f"item; {len(cov.under)} of {len(cov.items)} items have fewer.{hand_out}")
        self.include_simulated.setVisible(bool(simulated) or included)
        self.status.setText("")

    def _show_competence(self, by_code: dict[str, tuple[float, bool]]) -> None:
        """Each rater's competence relative to the others (1.00: the median rater), bold and
        marked where far below: a flag for the designer to look at, nobody is excluded."""
        column = self.participants.columnCount() - 1
        self.participants.setSortingEnabled(False)  # (rows stay put while cells are set)
        for row in range(self.participants.rowCount()):
            item = self.participants.item(row, 0)
            code = item.text().removesuffix("  (simulated)") if item is not None else ""
            value = by_code.get(code)
            text = "" if value is None else (f"{value[0]:.2f}" + ("  far below the others"
                                                                  if value[1] else ""))
            self.participants.setItem(row, column, _cell(text, bold=bool(value and value[1])))
        self.participants.setSortingEnabled(True)

    def _failed(self, exc: BaseException) -> None:
        self.status.setText(describe_error(exc))
        QtWidgets.QMessageBox.warning(self, "Designer mode", describe_error(exc))

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        self.competence.stop()
        for tool in list(self.tools_open.values()):
            tool.close()
        self.tools_open.clear()
        if self.settings is not None:
            save_geometry(self.settings, GEOMETRY_KEY, self)
        super().closeEvent(event)
