"""The results window and the export dialog, built on a real study and database: plots drawn,
exported as PNG and SVG, refreshed when responses arrive; the export written with progress."""

from __future__ import annotations

import itertools
import xml.dom.minidom
from pathlib import Path

import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.results_support import import_rows, simulated_rows, window_study
from widgets.plotting import pg
from widgets.qt import QImage
from widgets.results import ExportDialog, ResultsWindow

TIMEOUT_MS = 60_000


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    return window_study(mini_study_dir, db, tmp_path)


def test_results_window_shows_plots_and_exports_png_and_svg(qtbot, study: LoadedStudy,
                                                            db: Database, tmp_path: Path) -> None:
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=100), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    results = window.results
    assert results is not None and results.n_participants == 3
    assert window.question.count() == len(results.groups)
    window.question.setCurrentIndex(window.question.findData("label"))
    # tiers (2) + all raters + pooled (majority vote, Dawid-Skene, MACE) + 2 models: one bar
    # series each
    assert window.scores_plot.n_items == 8
    assert window.comparison.rowCount() >= 5
    assert window.banner.isVisible()  # illustrative study and models
    assert window.agreement.rowCount() == len(results.agreement)
    window.question.setCurrentIndex(window.question.findData("creative"))
    assert window.ratings_plot.n_items == 1  # one author group: human
    png = window.save_plot("scores", tmp_path / "scores.png")
    svg = window.save_plot("ratings", tmp_path / "ratings.svg")
    image = QImage(str(png))
    assert not image.isNull() and image.width() >= 600
    assert xml.dom.minidom.parse(str(svg)).documentElement.tagName == "svg"
    window.close()


def _shown(qtbot, study: LoadedStudy, db: Database) -> ResultsWindow:
    """The window open on the study (no bootstrap), its first results in."""
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=0), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    return window


def test_results_window_refreshes_when_responses_arrive(qtbot, study: LoadedStudy, db: Database,
                                                        tmp_path: Path) -> None:
    window = _shown(qtbot, study, db)
    before = window.model.last_count
    with qtbot.assertNotEmitted(window.model.updated, wait=200):
        window.model.poll()  # nothing new: no recomputation
    import_rows(study, db, simulated_rows(study, [("P09", "primary", 0.5)], seed=3), tmp_path,
                name="more.csv")
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.model.poll()
    assert window.model.last_count is not None and before is not None
    assert window.model.last_count > before
    assert window.results is not None and window.results.n_participants == 4
    assert "4 participants" in window.status.text()
    window.close()


def test_export_dialog_runs_export_all_with_progress(qtbot, study: LoadedStudy, db: Database,
                                                     tmp_path: Path) -> None:
    dialog = ExportDialog(study, db)
    qtbot.addWidget(dialog)
    dialog.show()
    out = tmp_path / "exported"
    with qtbot.waitSignal(dialog.finished_export, timeout=TIMEOUT_MS) as signal:
        dialog.start(out)
    paths = signal.args[0]
    assert {p.name for p in paths} >= {"comparison.csv", "agreement.csv", "report.html"}
    assert all(p.exists() for p in paths)
    assert dialog.progress.value() == dialog.progress.maximum() > 0
    assert "Wrote" in dialog.status.text() and dialog.export_button.isEnabled()


def test_scores_bars_have_one_slot_each_and_a_proportion_axis(qtbot, study: LoadedStudy,
                                                              db: Database) -> None:
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=50), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    window.question.setCurrentIndex(window.question.findData("label"))
    plot = window.scores_plot
    assert plot.n_items == 8 and plot.bar_spans  # (as in the test above)
    by_category: dict[int, list[tuple[float, float]]] = {}
    for category, y0, y1 in plot.bar_spans:
        assert y0 < y1
        by_category.setdefault(category, []).append((y0, y1))
    for spans in by_category.values():
        spans.sort()
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert end <= start  # no two bars of one category overlap
    (x_low, x_high), _ = plot.getPlotItem().viewRange()
    assert -0.05 < x_low <= 0.0 and 1.0 <= x_high < 1.05  # accuracy: the scale is [0, 1]
    assert plot.legend.parentItem() is not plot.getPlotItem().getViewBox()  # not over the bars
    bars = [item for item in plot.getPlotItem().items if isinstance(item, pg.BarGraphItem)]
    colours = {bar.opts["brush"] for bar in bars}
    assert len(bars) == plot.n_items and len(colours) == len(bars)  # each series its own colour
    assert len(plot.legend.items) == len(bars)  # every series named, none cut off
    rgb = [pg.mkColor(c).getRgb()[:3] for c in colours]
    assert min(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
               for a, b in itertools.combinations(rgb, 2)) > 60  # not shades of one colour
    view = plot.getPlotItem().getViewBox()
    # Above the bars (seen first when the plot scrolls), once the layout has settled.
    qtbot.waitUntil(lambda: plot.legend.sceneBoundingRect().bottom()
                    <= view.sceneBoundingRect().top(), timeout=3000)
    window.close()


def test_ability_and_difficulty_tabs(qtbot, study: LoadedStudy, db: Database,
                                     tmp_path: Path) -> None:
    window = _shown(qtbot, study, db)
    window.question.setCurrentIndex(window.question.findData("label"))
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert {"Abilities", "Difficulty and models as raters"} <= set(titles)
    window.tabs.setCurrentIndex(titles.index("Abilities"))
    # two tiers, the models, the items: one series each
    assert window.ability_plot.n_items == 4
    assert window.hardest.rowCount() == 2
    headers = [window.hardest.horizontalHeaderItem(c).toolTip()  # the internal names
               for c in range(window.hardest.columnCount())]
    assert "difficulty" in headers and "categories" in headers
    assert window.difficulty_rt_plot.n_items == 1
    assert window.annotators.rowCount() == 2  # two models answered "label"
    names = [window.annotators.horizontalHeaderItem(c).toolTip()
             for c in range(window.annotators.columnCount())]
    # (the mini study's raters share fewer items with the models than the test's 30: each is
    # named as left out, and the row says "not tested" rather than a blank)
    assert "humans_left_out" in names
    passed = names.index("passed")
    assert {window.annotators.item(r, passed).text() for r in range(2)} <= {"yes", "no",
                                                                           "not tested"}
    png = window.save_plot("abilities", tmp_path / "abilities.png")
    assert not QImage(str(png)).isNull()
    assert window.save_plot("difficulty_rt", tmp_path / "difficulty.svg").stat().st_size > 0
    window.question.setCurrentIndex(window.question.findData("creative"))  # a rating: no scale
    assert window.ability_plot.n_items == 0 and window.hardest.rowCount() == 0
    window.close()
