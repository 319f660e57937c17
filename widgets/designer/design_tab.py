"""The designer window's Design tab: what `baseline-studio validate` warns about the study's
design (app.session.design_review), with the estimated session length, in a table; and the
human-baseline reporting checklist (app.study.checklist): which items the app answers, which
the study's `reporting` block declares and which nobody answers yet."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from app.session.design_review import review
from app.storage.database import Database
from app.study.checklist import CHECKLIST_SOURCE, ITEMS, ItemStatus, checklist_status
from app.study.design_checks import DesignWarning, session_length_words, session_seconds
from app.study.model import Study
from widgets.qt import Qt, QtGui, QtWidgets, QWidget

# Who answers an item, in the designer's words.
STATUS_WORDS = {
    "computed": "measured by the app",
    "declared": "declared in reporting",
    "missing": "missing: declare it in reporting",
    "not asked": "not asked after {parent}'s answer",
}
LATER = {"computed": "(from the responses and the analysis, at export)"}
NAMED_IN_SUMMARY = 6  # the summary names this many missing items; the table shows them all


@dataclass(frozen=True)
class DesignReport:
    warnings: list[DesignWarning]
    minutes: float
    measured: bool  # the estimate comes from response times in the database
    checklist: list[ItemStatus] = field(default_factory=list)

    @property
    def missing(self) -> list[ItemStatus]:
        return [s for s in self.checklist if s.status == "missing"]


def design_report(study: Study, db: Database, folder: Path | None = None) -> DesignReport:
    """Read on the database writer: the median time per item measured so far (if any)
    replaces the documented times, as `validate --db` does."""
    item_ms = db.median_item_ms(study.id)
    seconds = None if item_ms is None else item_ms / 1000
    return DesignReport(review(study, item_seconds=seconds),
                        session_seconds(study, item_seconds=seconds) / 60, seconds is not None,
                        checklist_status(study, folder))


def item_words(status: ItemStatus) -> str:
    """'1.2.1 Baseline Test Set Sampling Strategy': how the designer finds it in the paper."""
    return f"{status.item.number} {status.item.title}"


def checklist_summary(report: DesignReport) -> str:
    counts = {key: sum(1 for s in report.checklist if s.status == key)
              for key in ("computed", "declared", "missing")}
    head = (f"Reporting checklist ({CHECKLIST_SOURCE.split(', Recommendations')[0]}, "
            f"{len(ITEMS)} items): {counts['computed']} answered by the app from the study and "
            f"its responses, {counts['declared']} declared in the study's reporting block")
    missing = report.missing
    if not missing:
        return head + ". Every item a paper needs is answered or declared."
    names = "; ".join(item_words(s) + (f" (reporting.{s.item.field})" if s.item.field else "")
                      for s in missing[:NAMED_IN_SUMMARY])
    more = len(missing) - NAMED_IN_SUMMARY
    if more > 0:
        names += f"; and {more} more, in bold below"
    return (f"{head}, {len(missing)} missing: {names}. Declare "
            f"{'them' if len(missing) > 1 else 'it'} in study.json's reporting block "
            "(docs/authoring.md, \"Reporting\"); until then the export marks "
            f"{'them' if len(missing) > 1 else 'it'} missing.")


class DesignTab(QWidget):
    TITLE = "Design"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QVBoxLayout(self)
        self.summary = QtWidgets.QLabel("")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.table = QtWidgets.QTableWidget(0, 2, self)
        self.table.setHorizontalHeaderLabels(["Where in study.json", "Warning"])
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        self.checklist_summary = QtWidgets.QLabel("")
        self.checklist_summary.setWordWrap(True)
        self.checklist_summary.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.checklist_summary)
        self.checklist = QtWidgets.QTableWidget(0, 3, self)
        self.checklist.setHorizontalHeaderLabels(["Checklist item", "Answered by",
                                                  "Answer so far"])
        self.checklist.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.checklist.setSelectionBehavior(
            QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.checklist.setWordWrap(True)
        self.checklist.verticalHeader().hide()
        # Rows follow the columns' widths as the window changes (sized once, before the tab
        # was laid out, a one-line answer took three lines of height).
        self.checklist.verticalHeader().setSectionResizeMode(
            QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.checklist.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.checklist, 2)
        layout.addStretch(0)  # keeps the summary at the top while the table is hidden

    def show_report(self, report: DesignReport) -> None:
        basis = ("the median time per item measured so far" if report.measured
                 else "the documented time per question kind")
        n = len(report.warnings)
        verdict = ("No design warnings." if not n else
                   f"{n} design warning{'s' if n != 1 else ''}: the study is valid, but these "
                   "can bias the results (what baseline-studio validate prints too).")
        self.summary.setText(f"{verdict} A session takes {session_length_words(report.minutes)} "
                             f"per participant ({basis}).")
        self.table.setRowCount(n)
        for row, warning in enumerate(report.warnings):
            where = QtWidgets.QTableWidgetItem(warning.where)
            text = QtWidgets.QTableWidgetItem(warning.message)
            text.setToolTip(warning.message)
            self.table.setItem(row, 0, where)
            self.table.setItem(row, 1, text)
        self.table.setVisible(n > 0)
        self.table.resizeColumnToContents(0)
        self.table.resizeRowsToContents()
        self.show_checklist(report)

    def show_checklist(self, report: DesignReport) -> None:
        self.checklist_summary.setText(checklist_summary(report))
        self.checklist.setRowCount(len(report.checklist))
        bold = QtGui.QFont(self.checklist.font())
        bold.setBold(True)
        for row, status in enumerate(report.checklist):
            parent = status.item.only_if[0] if status.item.only_if else ""
            words = STATUS_WORDS[status.status].format(parent=parent)
            if status.status == "missing" and status.item.field:
                words += f".{status.item.field}"
            cells = [QtWidgets.QTableWidgetItem(item_words(status)),
                     QtWidgets.QTableWidgetItem(words),
                     QtWidgets.QTableWidgetItem(status.answer or LATER.get(status.status, ""))]
            cells[0].setToolTip(status.item.question)
            cells[2].setToolTip(status.answer)
            for col, cell in enumerate(cells):
                if status.status == "missing":
                    cell.setFont(bold)
                self.checklist.setItem(row, col, cell)
        self.checklist.resizeColumnToContents(0)
        self.checklist.resizeColumnToContents(1)

    def tab_title(self, report: DesignReport) -> str:
        n, missing = len(report.warnings), len(report.missing)
        parts = ([f"{n} warning{'s' if n != 1 else ''}"] if n else []) + (
            [f"{missing} checklist item{'s' if missing != 1 else ''} missing"] if missing else [])
        return f"{self.TITLE} ({', '.join(parts)})" if parts else self.TITLE
