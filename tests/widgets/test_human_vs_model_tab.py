"""The results window's Human vs model tab on a real study and database: the forest plot draws
every gap of the question, marks the Holm-significant ones, the strip places the models among
the raters, the table holds gaps.csv's rows, and the plots save as PNG; the export dialog
applies the quality rules ticked in it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.results_support import import_rows, simulated_rows
from tests.test_results_study import with_models
from widgets.qt import QImage
from widgets.results import ExportDialog, ResultsWindow

TIMEOUT_MS = 60_000


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    if db.engine.dialect.name != "sqlite":
        pytest.skip("the window is tested once, on SQLite")
    loaded = with_models(mini_study_dir)
    rows = simulated_rows(loaded, [("P01", "primary", 0.9), ("P02", "senior", 0.6),
                                   ("P03", "senior", 0.8), ("P04", "primary", 0.7)], seed=4)
    import_rows(loaded, db, rows, tmp_path)
    return loaded


def test_human_vs_model_tab_draws_gaps_and_the_raters(qtbot, study: LoadedStudy, db: Database,
                                                      tmp_path: Path) -> None:
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=200), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.compared, timeout=TIMEOUT_MS) as blocker:
        window.show()
    gaps, ranges = blocker.args[0]
    tab = window.human_vs_model
    window.tabs.setCurrentWidget(tab)
    assert window.tabs.tabText(window.tabs.indexOf(tab)) == "Human vs model"
    window.question.setCurrentIndex(window.question.findData("label"))
    mine = gaps[(gaps["question_id"] == "label") & (gaps["category"] == "all")]
    # tiers (2), all raters, majority vote, Dawid-Skene, MACE x 2 models on all items
    assert len(mine) == 12
    assert {"Dawid-Skene", "MACE"} <= set(mine["human"])
    assert tab.breakdown.currentText() == "all items only"
    assert tab.table.rowCount() == len(mine)
    assert tab.forest.n_items >= 1
    assert tab.forest.significant_rows == int(np.sum(mine["p_holm"] < 0.05))
    assert tab.strip.n_items == 1 + 2  # the raters, then each model
    labels = [t for _, t in tab.forest.getPlotItem().getAxis("left")._tickLevels[0]]
    assert any(t.startswith("all items · all raters − ") for t in labels)
    if tab.breakdown.count() > 1:
        tab.breakdown.setCurrentIndex(1)
        cells = gaps[(gaps["question_id"] == "label")
                     & gaps["category"].isin(["all", tab.breakdown.currentText()])]
        assert tab.table.rowCount() == len(cells)
    png = window.save_plot("gaps", tmp_path / "gaps.png")
    image = QImage(str(png))
    assert not image.isNull() and image.width() >= 400
    assert not ranges.empty
    window.close()


def test_export_dialog_applies_the_ticked_quality_rules(qtbot, study: LoadedStudy, db: Database,
                                                        tmp_path: Path) -> None:
    import_rows(study, db, simulated_rows(study, [("FAST", "primary", 0.9)], seed=5,
                                          rt_base=100), tmp_path, name="fast.csv")
    dialog = ExportDialog(study, db)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.exclude["too_fast"].text() == "answered too fast"
    # low_competence has words too, and is offered only when the study turns it on
    assert dialog.exclude["low_competence"].text() == "were far less reliable than the others"
    assert not dialog.exclude["low_competence"].isEnabled()
    dialog.exclude["too_fast"].setChecked(True)
    out = tmp_path / "exported"
    with qtbot.waitSignal(dialog.finished_export, timeout=TIMEOUT_MS) as signal:
        dialog.start(out)
    names = {p.name for p in signal.args[0]}
    assert names >= {"gaps.csv", "human_range.csv", "exclusions.csv", "sensitivity.csv"}
    scores = pd.read_csv(out / "human_scores.csv")
    assert "FAST" not in set(scores["who"])
    assert "too_fast 1" in (out / "report.html").read_text(encoding="utf-8")


def test_saved_forest_plot_carries_the_row_labels(qtbot, study: LoadedStudy, db: Database,
                                                  tmp_path: Path) -> None:
    """The row labels of the left axis are in the saved SVG as text and in the PNG as ink."""
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=50), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.compared, timeout=TIMEOUT_MS):
        window.show()
    window.tabs.setCurrentWidget(window.human_vs_model)
    window.question.setCurrentIndex(window.question.findData("label"))
    labels = [t for _, t in
              window.human_vs_model.forest.getPlotItem().getAxis("left")._tickLevels[0]]
    assert labels
    svg = window.save_plot("gaps", tmp_path / "gaps.svg").read_text(encoding="utf-8")
    words = labels[0].split(" · ")[1].split(" − ")[0]  # e.g. "all raters" (escaped as is)
    assert words in svg and "all items" in svg
    image = QImage(str(window.save_plot("gaps", tmp_path / "gaps.png")))
    assert not image.isNull()
    background = image.pixel(2, image.height() // 2)
    # The strip left of the plot area: without labels only the axis line and its tick marks
    # (a handful of pixel columns) differ from the background; the labels ink many columns.
    rows = range(image.height() // 4, image.height() * 3 // 4)
    inked = [x for x in range(2, image.width() // 5)
             if any(image.pixel(x, y) != background for y in rows)]
    assert len(inked) > 40
    window.close()
