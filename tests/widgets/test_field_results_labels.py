"""The results window's words and saving: the Scores table names a pooled row's kind without
naming one method for all of them (Dawid-Skene and MACE rows read "pooled (majority vote)"),
and the Human vs model tab's forest plot has Save PNG/SVG as the other plots do; a saved
plot holds every legend entry at the size of the rest of its text."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.results_support import window_study
from widgets.plotting import EXPORT_SCALE, EXPORT_WIDTHS
from widgets.qt import QColor, QImage
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


def test_the_saved_scores_png_holds_the_whole_legend_at_the_plots_scale(
        qtbot, study: LoadedStudy, db: Database, tmp_path: Path) -> None:
    """A wide window (the plot 1500 px): the PNG is the plot laid out at the export width
    (at most 1200 px, twice over for sharpness), not the wide plot scaled down, which left the
    legend's text at its on-screen size and so ran the last column off the picture's edge."""
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=0), poll_ms=60_000)
    qtbot.addWidget(window)
    window.resize(1560, 980)
    with qtbot.waitSignal(window.model.compared, timeout=TIMEOUT_MS):
        window.show()
    window.question.setCurrentIndex(window.question.findData("label"))
    plot = window.scores_plot
    qtbot.waitUntil(lambda: plot.n_items > 0 and plot.width() > 1300)
    on_screen = plot.getPlotItem().geometry()
    names = [label.text for _, label in plot.legend.items]
    assert {"Dawid-Skene", "MACE", "majority vote"} <= set(names) and len(names) >= 6
    image = QImage(str(window.save_plot("scores", tmp_path / "scores.png")))
    low, high = EXPORT_WIDTHS
    assert low * EXPORT_SCALE <= image.width() <= high * EXPORT_SCALE
    assert image.height() == round(on_screen.height()) * EXPORT_SCALE
    assert plot.getPlotItem().geometry() == on_screen  # the window's plot as it was
    # The legend's rows (in the picture's scale): nothing inked at the right edge, where a
    # legend wider than the picture was cut; and every entry's swatch colour there.
    band = plot.legend.sceneBoundingRect()
    rows = range(int(band.top() * EXPORT_SCALE), int(band.bottom() * EXPORT_SCALE))
    white = QColor("white").rgb()
    edge = [x for x in range(image.width() - 6, image.width())
            if any(image.pixel(x, y) != white for y in rows)]
    assert not edge, "the legend runs off the picture's right edge"
    colours = {image.pixelColor(x, y).name() for y in rows[::2] for x in range(0, image.width(), 2)}
    for sample, label in plot.legend.items:
        colour = QColor(sample.item.opts["brush"]).name()
        assert colour in colours, f"{label.text}'s swatch is not in the saved legend"
    window.close()
