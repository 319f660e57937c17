"""The results window's words and saving: the Scores table names a pooled row's kind without
naming one method for all of them (Dawid-Skene and MACE rows read "pooled (majority vote)"),
and the Human vs model tab's forest plot has Save PNG/SVG as the other plots do."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.results_support import window_study
from widgets.qt import QImage
from widgets.results import ResultsWindow

TIMEOUT_MS = 60_000


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    return window_study(mini_study_dir, db, tmp_path)


def _column(table, name: str) -> int:
    return next(c for c in range(table.columnCount())
                if table.horizontalHeaderItem(c).text() == name)


def test_pooled_rows_and_the_forest_plots_save_buttons(qtbot, study: LoadedStudy, db: Database,
                                                       tmp_path: Path) -> None:
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=0), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.compared, timeout=TIMEOUT_MS):
        window.show()
    window.question.setCurrentIndex(window.question.findData("label"))
    table = window.comparison
    row_col, who_col = _column(table, "Row"), _column(table, "Who")
    kinds = {table.item(r, who_col).text(): table.item(r, row_col).text()
             for r in range(table.rowCount())}
    assert {"majority vote", "Dawid-Skene", "MACE"} <= set(kinds)
    assert {kinds["majority vote"], kinds["Dawid-Skene"], kinds["MACE"]} == {"pooled humans"}
    tab = window.human_vs_model
    window.tabs.setCurrentWidget(tab)
    assert {b.text() for b in tab.save_buttons.values()} == {"Save PNG…", "Save SVG…"}
    assert all(b.isVisible() and b.receivers("2clicked(bool)") for b in tab.save_buttons.values())
    png = window.save_plot("gaps", tmp_path / "gaps.png")
    assert not QImage(str(png)).isNull()
    window.close()
