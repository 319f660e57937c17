"""The designer's Plan view on a bundled study and a real database: the Monte Carlo runs off
the UI thread, the plot shows a width per design and the target, the table and the summary
name the recommendation; with pilot responses the rates come from them; bad input says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.storage.database import Database
from app.study.loader import load_study
from tests.results_support import import_rows, simulated_rows
from widgets.qt import QImage
from widgets.results.plan_window import PlanWindow

STUDIES = Path(__file__).resolve().parents[2] / "studies"


def test_plan_window_computes_and_plots(qtbot, db: Database, tmp_path: Path) -> None:
    if db.engine.dialect.name != "sqlite":
        pytest.skip("the window is tested once, on SQLite")
    loaded = load_study(STUDIES / "lesion-vqa-demo")
    window = PlanWindow(loaded, db)
    qtbot.addWidget(window)
    window.show()
    window.runs.setValue(20)
    window.items.setValue(40)
    window.target_width.setValue(1.0)  # loose: the smallest design meets it
    with qtbot.waitSignal(window.computed, timeout=30_000):
        window.compute_button.click()
    assert window.plan is not None and window.table.rowCount() == 5
    assert window.plot.n_items == 3  # human score, gap to the models, alpha
    assert "Recommended: 2 raters per item" in window.status.text()
    assert "assumed accuracy" in window.status.text()  # no responses yet
    png = window.save_plot(tmp_path / "plan.png")
    assert not QImage(str(png)).isNull()
    import_rows(loaded, db, simulated_rows(loaded, [("P1", "a", 0.6), ("P2", "a", 0.6)], seed=1),
                tmp_path)
    window.raters.setText("2,x")
    window.compute()
    assert "whole numbers of 2 or more" in window.status.text()
    window.raters.setText("3,2")
    with qtbot.waitSignal(window.computed, timeout=30_000):
        window.compute()
    assert window.table.rowCount() == 2 and "pilot responses: accuracy" in window.status.text()
    window.close()
