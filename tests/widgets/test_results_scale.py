"""The results window's Abilities and Difficulty tabs on a real study and database: humans by
tier, models and items drawn on one scale, the hardest items listed with their categories, the
alt-test table filled, and both plots saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.results_support import import_rows, simulated_rows
from tests.test_results_study import with_models
from widgets.qt import QImage
from widgets.results import ResultsWindow

TIMEOUT_MS = 60_000


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    if db.engine.dialect.name != "sqlite":
        pytest.skip("the window is tested once, on SQLite")
    loaded = with_models(mini_study_dir)
    rows = simulated_rows(loaded, [("P01", "primary", 0.9), ("P02", "senior", 0.6),
                                   ("P03", "senior", 0.8), ("P04", "primary", 0.4)], seed=2)
    import_rows(loaded, db, rows, tmp_path)
    return loaded


def test_ability_and_difficulty_tabs(qtbot, study: LoadedStudy, db: Database,
                                     tmp_path: Path) -> None:
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=0), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    window.question.setCurrentIndex(window.question.findData("label"))
    window.tabs.setCurrentIndex(window.tabs.count() - 2)
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Abilities"
    # two tiers, the models, the items: one series each
    assert window.ability_plot.n_items == 4
    assert window.hardest.rowCount() == 2
    headers = [window.hardest.horizontalHeaderItem(c).text()
               for c in range(window.hardest.columnCount())]
    assert "difficulty" in headers and "categories" in headers
    assert window.difficulty_rt_plot.n_items == 1
    assert window.annotators.rowCount() == 2  # two models answered "label"
    passed = [window.annotators.horizontalHeaderItem(c).text()
              for c in range(window.annotators.columnCount())].index("passed")
    assert {window.annotators.item(r, passed).text() for r in range(2)} <= {"yes", "no"}
    png = window.save_plot("abilities", tmp_path / "abilities.png")
    assert not QImage(str(png)).isNull()
    assert window.save_plot("difficulty_rt", tmp_path / "difficulty.svg").stat().st_size > 0
    window.question.setCurrentIndex(window.question.findData("creative"))  # a rating: no scale
    assert window.ability_plot.n_items == 0 and window.hardest.rowCount() == 0
    window.close()
