"""Every results plot's view covers its data however the data arrived: after another question's
empty plot (say_empty's fixed 0-1 range), the Difficulty plot and the Ratings plot show all their
points, and the saved SVG has them."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.results_support import window_study
from widgets.results import ResultsWindow
from widgets.results.plots import ResultsPlot

TIMEOUT_MS = 60_000


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    return window_study(mini_study_dir, db, tmp_path)


def data_bounds(plot: ResultsPlot) -> tuple[float, float, float, float]:
    """x and y extent of the plot's data items (points, lines, bars)."""
    xs: list[float] = []
    ys: list[float] = []
    for item in plot.getPlotItem().getViewBox().addedItems:
        bounds = getattr(item, "dataBounds", None)
        if callable(bounds):
            bx, by = bounds(0), bounds(1)
            if bx[0] is not None and by[0] is not None:
                xs += list(bx)
                ys += list(by)
        elif type(item).__name__ == "BarGraphItem":
            rect = item.boundingRect()
            xs += [rect.left(), rect.right()]
            ys += [rect.top(), rect.bottom()]
    finite = [v for v in xs + ys if math.isfinite(v)]
    assert finite, "no data drawn"
    return min(xs), max(xs), min(ys), max(ys)


def covers(plot: ResultsPlot) -> bool:
    (x0, x1), (y0, y1) = plot.getPlotItem().getViewBox().viewRange()
    dx0, dx1, dy0, dy1 = data_bounds(plot)
    slack_x, slack_y = 1e-6 * max(1.0, abs(dx1)), 1e-6 * max(1.0, abs(dy1))
    return (x0 <= dx0 + slack_x and dx1 <= x1 + slack_x
            and y0 <= dy0 + slack_y and dy1 <= y1 + slack_y)


def test_plots_cover_their_data_after_an_empty_one(qtbot, study: LoadedStudy, db: Database,
                                                   tmp_path: Path) -> None:
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=0), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    window.question.setCurrentIndex(window.question.findData("creative"))  # no difficulty
    assert window.difficulty_rt_plot.empty_message
    window.question.setCurrentIndex(window.question.findData("label"))
    plot = window.difficulty_rt_plot
    assert plot.n_items >= 1 and not plot.empty_message
    assert covers(plot), (plot.getPlotItem().getViewBox().viewRange(), data_bounds(plot))
    svg = window.save_plot("difficulty_rt", tmp_path / "difficulty.svg").read_text()
    drawn = sum(svg.count(tag) for tag in ("<polyline", "<image", "<path", "<circle"))
    assert drawn > 5, "the saved plot is empty"  # the points and the line are in the file
    # A rating after a question whose Ratings plot was empty.
    window.question.setCurrentIndex(window.question.findData("creative"))
    assert window.ratings_plot.n_items >= 1 and covers(window.ratings_plot)
    window.close()
