"""The designer window's Design tab: what `baseline-studio validate` warns about the study's
design (app.session.design_review), with the estimated session length, in a table."""

from __future__ import annotations

from dataclasses import dataclass

from app.session.design_review import review
from app.storage.database import Database
from app.study.design_checks import DesignWarning, session_length_words, session_seconds
from app.study.model import Study
from widgets.qt import QtWidgets, QWidget


@dataclass(frozen=True)
class DesignReport:
    warnings: list[DesignWarning]
    minutes: float
    measured: bool  # the estimate comes from response times in the database


def design_report(study: Study, db: Database) -> DesignReport:
    """Read on the database writer: the median time per item measured so far (if any)
    replaces the documented times, as `validate --db` does."""
    item_ms = db.median_item_ms(study.id)
    seconds = None if item_ms is None else item_ms / 1000
    return DesignReport(review(study, item_seconds=seconds),
                        session_seconds(study, item_seconds=seconds) / 60, seconds is not None)


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

    def tab_title(self, report: DesignReport) -> str:
        n = len(report.warnings)
        return f"{self.TITLE} ({n} warning{'s' if n != 1 else ''})" if n else self.TITLE
