"""The results window on preference-demo: both preference questions are listed and every tab
draws with them (no kind of their own needed there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.home import bundled_studies_dir
from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import load_study
from tests.results_support import import_rows, simulated_rows
from widgets.results import ResultsWindow


def test_results_window_takes_the_preference_kinds(qtbot, db: Database, tmp_path: Path) -> None:
    if db.engine.dialect.name != "sqlite":
        pytest.skip("the window is tested once, on SQLite")
    loaded = load_study(bundled_studies_dir() / "preference-demo")
    import_rows(loaded, db, simulated_rows(loaded, [(f"R{n}", "", 0.7) for n in range(4)],
                                           seed=1), tmp_path)
    window = ResultsWindow(loaded, db, options=ResultsOptions(n_boot=50), poll_ms=60_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=60_000):
        window.show()
    results = window.results
    assert results is not None and {g.question_id for g in results.groups} == {"better", "vivid"}
    assert set(results.kind_tables) == {"pairwise", "pairwise_matrix", "best_worst"}
    for question in ("better", "vivid"):
        window.question.setCurrentIndex(window.question.findData(question))
        for tab in range(window.tabs.count()):
            window.tabs.setCurrentIndex(tab)
            qtbot.wait(10)
    assert window.agreement.rowCount() == len(results.agreement)
    window.close()
