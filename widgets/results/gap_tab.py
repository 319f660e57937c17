"""The results window's *Human vs model* tab: the forest plot of gaps for the chosen question
and breakdown category, the strip of individual raters with the models on it, and the gaps
table (gaps.csv's rows). Filled from `ResultsModel.compared` (computed off the UI thread)."""

from __future__ import annotations

import pandas as pd

from app.results.score_rows import ALL
from app.results.summary import StudyResults
from widgets.qt import Qt, QtWidgets, QWidget, Slot
from widgets.results.gap_plots import ForestPlot, RaterStrip
from widgets.results.labels import words
from widgets.results.tables import fill_table, results_table

ALL_ONLY = "all items only"


class HumanVsModelTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: StudyResults | None = None
        self.question_id: str | None = None
        self.gaps = pd.DataFrame()
        self.ranges = pd.DataFrame()
        layout = QtWidgets.QVBoxLayout(self)
        bar = QtWidgets.QHBoxLayout()
        bar.addWidget(QtWidgets.QLabel("Break down by:", self))
        self.breakdown = QtWidgets.QComboBox(self)
        self.breakdown.setSizeAdjustPolicy(QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.breakdown.currentIndexChanged.connect(self._redraw)
        bar.addWidget(self.breakdown)
        self.status = QtWidgets.QLabel("Computing the comparisons…", self)
        self.status.setWordWrap(True)  # a long note must not widen the window
        bar.addWidget(self.status, 1)
        # Saved as the other tabs' plots are (the window connects them: it owns the dialog).
        self.save_buttons = {suffix: QtWidgets.QPushButton(f"Save {suffix.upper()}…", self)
                             for suffix in ("png", "svg")}
        for button in self.save_buttons.values():
            bar.addWidget(button)
        layout.addLayout(bar)
        self.forest = ForestPlot()
        self.strip = RaterStrip()
        self.strip.setMinimumHeight(170)
        self.table = results_table(self)
        holder = QtWidgets.QScrollArea(self)
        holder.setWidgetResizable(True)
        holder.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        holder.setWidget(self.forest)
        splitter = QtWidgets.QSplitter(self)
        splitter.setOrientation(splitter.orientation().Vertical)
        for part in (holder, self.strip, self.table):
            splitter.addWidget(part)
        splitter.setSizes([460, 170, 160])
        layout.addWidget(splitter, 1)

    def show_question(self, results: StudyResults, question_id: str) -> None:
        self.results, self.question_id = results, question_id
        self._refill()
        self._redraw()

    @Slot(object)
    def show_comparison(self, frames: tuple[pd.DataFrame, pd.DataFrame]) -> None:
        self.gaps, self.ranges = frames
        self._refill()
        self._redraw()

    def _refill(self) -> None:
        mine = self.gaps[self.gaps["question_id"] == self.question_id] if not self.gaps.empty \
            else self.gaps
        categories = list(dict.fromkeys(mine["category"])) if not mine.empty else []
        current = self.breakdown.currentData()
        self.breakdown.blockSignals(True)
        self.breakdown.clear()
        self.breakdown.addItem(ALL_ONLY, "")
        for category in categories:  # shown in words, kept by their internal name
            if category != ALL:
                self.breakdown.addItem(words(category), category)
                self.breakdown.setItemData(self.breakdown.count() - 1, category,
                                           Qt.ItemDataRole.ToolTipRole)
        index = self.breakdown.findData(current)
        self.breakdown.setCurrentIndex(index if index >= 0 else 0)
        self.breakdown.blockSignals(False)

    @Slot()
    def _redraw(self) -> None:
        if self.results is None or self.question_id is None:
            return
        category = str(self.breakdown.currentData() or "")
        self.forest.show_gaps(self.gaps, self.question_id, category)
        self.strip.show_strip(self.results, self.ranges, self.question_id)
        if self.gaps.empty:
            fill_table(self.table, self.gaps)
            return
        rows = self.gaps[(self.gaps["question_id"] == self.question_id)
                         & self.gaps["category"].isin([ALL, category])]
        fill_table(self.table, rows.drop(columns=["question_id", "method"]))
        method = str(rows["method"].iloc[0]) if not rows.empty else ""
        self.status.setText(f"{self.forest.significant_rows} of {len(rows)} differences "
                            f"significant after Holm · {method}")
