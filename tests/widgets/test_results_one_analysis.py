"""One analysis behind every view: the results window, the CSV files, report.html and paper/
render the same StudyAnalysis (app.results.analysis), quality rules included."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy
from exporters.export_all import export_all
from tests.results_support import import_rows, simulated_rows
from tests.test_results_study import with_models
from widgets.results import ResultsWindow

TIMEOUT_MS = 60_000
RATERS = [("P01", "primary", 0.9), ("P02", "senior", 0.6), ("P03", "senior", 0.8)]
TABLES = {"gaps.csv": "gaps", "human_range.csv": "human_range", "exclusions.csv": "exclusions",
          "sensitivity.csv": "sensitivity", "agreement.csv": "agreement"}


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    """Three raters and F01, whose every answer is too fast (the study's default rule)."""
    if db.engine.dialect.name != "sqlite":
        pytest.skip("the window is tested once, on SQLite")
    loaded = with_models(mini_study_dir)
    import_rows(loaded, db, simulated_rows(loaded, RATERS, seed=2), tmp_path)
    import_rows(loaded, db, simulated_rows(loaded, [("F01", "senior", 0.5)], seed=3,
                                           rt_base=100.0), tmp_path, name="fast.csv")
    return loaded


def _csv(path: Path) -> pd.DataFrame:
    return pd.read_csv(path, dtype=str, keep_default_na=False)


def _as_written(frame: pd.DataFrame, tmp: Path) -> pd.DataFrame:
    frame.to_csv(tmp, index=False)
    return _csv(tmp)


def test_window_csvs_and_paper_render_one_analysis(qtbot, study: LoadedStudy, db: Database,
                                                    tmp_path: Path) -> None:
    options = ResultsOptions(n_boot=30, exclude=("too_fast",))
    window = ResultsWindow(study, db, options=options, poll_ms=600_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.compared, timeout=TIMEOUT_MS):
        window.show()
    analysis = window.results
    assert analysis is not None
    # The window applies the quality rule the export applies.
    assert analysis.excluded == {"F01"} and analysis.n_participants == 3
    assert window.status.text().startswith("3 participants (1 left out by the quality rules)")
    # Its tabs show the analysis's own tables, not tables computed beside it.
    assert window.human_vs_model.gaps is analysis.gaps
    assert window.human_vs_model.ranges is analysis.human_range
    assert window.model.comments is analysis.comments
    assert window.agreement.rowCount() == len(analysis.agreement) > 0

    # The export of the window's analysis writes its tables as they are...
    shown = tmp_path / "shown"
    export_all(study, db, shown, analysis=analysis)
    for name, table in TABLES.items():
        pd.testing.assert_frame_equal(_csv(shown / name),
                                      _as_written(getattr(analysis, table), tmp_path / name))
    # ...and the export computing its own, with the same choices, writes the same files:
    # the window and the export cannot disagree.
    fresh = tmp_path / "fresh"
    export_all(study, db, fresh, options=ResultsOptions(n_boot=30), exclude=("too_fast",))
    for name in (*TABLES, "human_scores.csv", "model_scores.csv", "comparison.csv"):
        pd.testing.assert_frame_equal(_csv(fresh / name), _csv(shown / name))
    summary = json.loads((shown / "paper" / "summary.json").read_text())
    assert summary["numbers"] == json.loads(
        (fresh / "paper" / "summary.json").read_text())["numbers"]

    # Written, not recomputed: a number changed in the analysis is the one every file shows.
    analysis.n_participants = 99
    analysis.gaps.loc[0, "difference"] = 0.4242
    marked = tmp_path / "marked"
    export_all(study, db, marked, analysis=analysis)
    assert _csv(marked / "gaps.csv")["difference"][0] == "0.4242"
    numbers = json.loads((marked / "paper" / "summary.json").read_text())["numbers"]
    assert numbers["participants"]["value"] == 99
    assert "99 participants" in (marked / "report.html").read_text(encoding="utf-8")
    window.show_results(analysis)
    assert window.status.text().startswith("99 participants")
    window.close()


def test_window_leaves_out_what_its_rules_exclude(qtbot, study: LoadedStudy,
                                                  db: Database) -> None:
    window = ResultsWindow(study, db, options=ResultsOptions(n_boot=0), poll_ms=600_000)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    assert window.results is not None and window.results.n_participants == 4
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.exclude_rules["too_fast"].setChecked(True)
    assert window.model.options.exclude == ("too_fast",)
    assert window.results.n_participants == 3 and window.results.excluded == {"F01"}
    dialog = window.open_export()  # the export starts from the window's choices
    qtbot.addWidget(dialog)
    assert dialog.exclude["too_fast"].isChecked()
    assert not dialog.exclude["straight_lining"].isChecked()
    dialog.close()
    window.close()
