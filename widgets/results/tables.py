"""Tables of results: a pandas frame shown in a read-only, sortable QTableWidget, its column
names and name-like values in words (the internal name in a tool tip, widgets.results.labels),
and an empty table saying why it is empty."""

from __future__ import annotations

import math

import pandas as pd

from widgets.qt import Qt, QtWidgets, QWidget
from widgets.results.labels import column_label, value_label


class _NumberItem(QtWidgets.QTableWidgetItem):
    """Sorts by its number, not its text ("10" after "9")."""

    def __init__(self, text: str, value: float) -> None:
        super().__init__(text)
        self.value = value

    def __lt__(self, other: QtWidgets.QTableWidgetItem) -> bool:
        if isinstance(other, _NumberItem):
            return self.value < other.value
        return super().__lt__(other)


def results_table(parent: QWidget | None = None) -> QtWidgets.QTableWidget:
    table = QtWidgets.QTableWidget(0, 0, parent)
    table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().hide()
    table.horizontalHeader().setStretchLastSection(True)
    return table


def cell_text(value: object) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def fill_table(table: QtWidgets.QTableWidget, frame: pd.DataFrame, *, empty: str = "") -> None:
    """Show `frame`; when it has no rows, one line saying `empty` (why there is nothing)."""
    table.setSortingEnabled(False)
    table.clear()
    if frame.empty and empty:
        table.setColumnCount(1)
        table.setRowCount(1)
        table.setHorizontalHeaderLabels([""])
        note = QtWidgets.QTableWidgetItem(empty)
        note.setFlags(Qt.ItemFlag.ItemIsEnabled)
        note.setForeground(table.palette().placeholderText())
        table.setItem(0, 0, note)
        table.setProperty("empty_reason", empty)
        return
    table.setProperty("empty_reason", "")
    columns = [str(c) for c in frame.columns]
    table.setColumnCount(len(columns))
    table.setRowCount(len(frame))
    for c, name in enumerate(columns):
        header = QtWidgets.QTableWidgetItem(column_label(name))
        header.setToolTip(name)
        table.setHorizontalHeaderItem(c, header)
    for r, row in enumerate(frame.itertuples(index=False)):
        for c, value in enumerate(row):
            text = cell_text(value)
            if isinstance(value, int | float) and not isinstance(value, bool):
                number = float(value)
                item: QtWidgets.QTableWidgetItem = _NumberItem(
                    text, number if not math.isnan(number) else -math.inf)
            else:
                shown = value_label(columns[c], text)
                item = QtWidgets.QTableWidgetItem(shown)
                if shown != text:
                    item.setToolTip(text)
            table.setItem(r, c, item)
    table.setSortingEnabled(True)
    table.resizeColumnsToContents()
