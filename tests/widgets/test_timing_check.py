"""The station timing check, offscreen: the window measures injected keys and onsets, the
profile is stored, and the export's timing.csv and paper/methods.tex cite it with the sessions
it covers (and name the sessions no profile covers)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from app.machine import machine_id
from app.results.options import ResultsOptions
from app.session.engine import SessionEngine
from app.storage import open_database
from app.storage.timing_profiles import save_timing_profile, timing_profiles
from app.study.loader import load_study
from baseline_studio.main import main
from exporters.export_all import export_all
from tests.results_support import import_rows
from tests.widgets.test_shell_designer import _answer_first_trial
from widgets.designer.window import DesignerWindow
from widgets.qt import QtWidgets
from widgets.tasks import TaskManager
from widgets.timing_check import TimingCheckWindow


def test_profile_is_measured_stored_and_exported(qtbot, mini_study_dir: Path,
                                                  tmp_path: Path) -> None:
    check = TimingCheckWindow(5)
    qtbot.addWidget(check)
    check.show()
    with qtbot.waitSignal(check.finished, timeout=30_000) as signal:
        check.start()
    row = signal.args[0]
    assert row.n == 5 and len(check.onsets_ms) == 5
    assert 0 <= row.median_error_ms <= row.p95_error_ms <= row.max_error_ms < 1000
    assert row.median_onset_ms >= 0 and row.machine_id == machine_id()
    db = open_database(f"sqlite:///{tmp_path / 'timing.sqlite3'}")
    saved = save_timing_profile(db, row)
    assert [p.uuid for p in timing_profiles(db)] == [saved.uuid]

    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P001", profile={"tier": "senior"})
    _answer_first_trial(engine)  # a session on this station
    first = loaded.study.items[0]
    import_rows(loaded, db, [("P900", first.id, first.questions[0].id,
                              first.questions[0].options[0].key, 900.0, "senior")],  # type: ignore[union-attr]
                tmp_path)  # an imported session: no station recorded
    out = tmp_path / "out"
    export_all(loaded, db, out, options=ResultsOptions(n_boot=0))
    db.close()
    timing = pd.read_csv(out / "timing.csv", keep_default_na=False)
    profiled = timing[timing["profile"] == saved.uuid].iloc[0]
    assert profiled["machine_id"] == machine_id()
    assert profiled["sessions"] == engine.session_uuid and profiled["n_sessions"] == 1
    # Rounded to the microsecond in the file (exporters.timing_csv.ROUNDING).
    assert float(profiled["median_error_ms"]) == pytest.approx(saved.median_error_ms, abs=5e-4)
    unprofiled = timing[timing["profile"] == ""]
    assert list(unprofiled["machine_id"]) == ["(not recorded)"]
    assert list(unprofiled["n_sessions"]) == [1]
    methods = (out / "paper" / "methods.tex").read_text(encoding="utf-8")
    summary = json.loads((out / "paper" / "summary.json").read_text(encoding="utf-8"))
    assert f"station {machine_id()}" in methods and "bridges2020" in methods
    median = summary["numbers"]["timing.1.median_error_ms"]
    assert median["value"] == pytest.approx(saved.median_error_ms)
    assert median["text"] == f"{saved.median_error_ms:.2f}" and median["text"] in methods
    assert summary["numbers"]["timing.uncovered_sessions"]["value"] == 1


def test_command_line_stores_a_profile(qapp, tmp_path: Path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    assert main(["timing-check", "--db", url, "--trials", "3"]) == 0
    assert "3 key presses injected" in capsys.readouterr().out
    db = open_database(url)
    [profile] = timing_profiles(db)
    db.close()
    assert profile.n == 3 and profile.machine_id == machine_id()
    assert main(["timing-check", "--db", url, "--trials", "0"]) == 2


def test_designer_check_timing_action(qtbot, mini_study_dir: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("widgets.designer.tools.TIMING_TRIALS", 4)  # the test's time, not 30
    db = open_database(f"sqlite:///{tmp_path / 'designer.sqlite3'}")
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=load_study(mini_study_dir))
    qtbot.addWidget(window)
    window.show()
    action = next(a for a in window.tool_actions if a.text() == "Check timing…")
    action.trigger()
    qtbot.waitUntil(lambda: isinstance(window.tools_open.get("timing"), QtWidgets.QMessageBox),
                    timeout=60_000)
    box = window.tools_open["timing"]
    assert "key presses injected" in box.text() and "Stored" in box.text()
    assert len(timing_profiles(db)) == 1
    window.close()
    qtbot.waitUntil(lambda: not tasks.busy, timeout=10_000)
    tasks.close()
    db.close()


def test_designer_is_reminded_once_per_station(qtbot, mini_study_dir: Path, tmp_path: Path
                                               ) -> None:
    from widgets.qt import QSettings

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    db = open_database(f"sqlite:///{tmp_path / 'remind.sqlite3'}")
    tasks = TaskManager()
    shown = []
    for _ in range(2):
        window = DesignerWindow(db, tasks, settings=settings, current=load_study(mini_study_dir))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: not tasks.busy, timeout=10_000)
        shown.append(window.timing_reminder.isVisible())
        window.close()
    assert shown == [True, False]
    assert "Check timing" in window.timing_reminder.text() or not shown[1]
    settings.clear()  # a station with a profile is never reminded
    check = TimingCheckWindow(1)
    qtbot.addWidget(check)
    with qtbot.waitSignal(check.finished, timeout=30_000) as signal:
        check.show()
        check.start()
    save_timing_profile(db, signal.args[0])
    window = DesignerWindow(db, tasks, settings=settings, current=load_study(mini_study_dir))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not tasks.busy, timeout=10_000)
    assert not window.timing_reminder.isVisible()
    window.close()
    tasks.close()
    db.close()
