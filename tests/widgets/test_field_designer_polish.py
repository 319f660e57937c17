"""What a designer found stale or clipped: the timing reminder stays up after the check
succeeded; the export dialog's notes are cut off; the "closed" dialog's command wraps inside
its path; codes sort as text (SIM999 above SIM1000); designer.log names the wrong place the
passphrase was set; timing.csv carries 0.29653799999999997."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pandas as pd
import pytest

from app.home import data_home
from app.session.engine import SessionEngine
from app.storage import open_database
from app.study.loader import load_study
from exporters.timing_csv import rounded, timing_frame
from tests.results_support import import_rows, simulated_rows
from tests.widgets.layout_checks import clipped_labels
from widgets.designer.gate import PassphraseDialog, locked_text
from widgets.designer.window import DesignerWindow
from widgets.qt import QSettings, QtWidgets
from widgets.results.export_dialog import ExportDialog
from widgets.tasks import TaskManager
from widgets.timing_check import TimingCheckWindow


def test_the_timing_reminder_goes_once_the_check_succeeds(qtbot, mini_study_dir: Path,
                                                          tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("widgets.designer.tools.TIMING_TRIALS", 3)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    db = open_database(f"sqlite:///{tmp_path / 'designer.sqlite3'}")
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, settings=settings, current=load_study(mini_study_dir))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.timing_reminder.isVisible(), timeout=10_000)
    next(a for a in window.tool_actions if a.text() == "Check timing…").trigger()
    qtbot.waitUntil(lambda: isinstance(window.tools_open.get("timing"), QtWidgets.QMessageBox),
                    timeout=60_000)
    assert not window.timing_reminder.isVisible()
    window.refresh()
    qtbot.waitUntil(lambda: not tasks.busy, timeout=10_000)
    assert not window.timing_reminder.isVisible()
    window.close()
    tasks.close()
    db.close()


def test_the_export_dialogs_notes_are_whole(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'export.sqlite3'}")
    import_rows(loaded, db, simulated_rows(loaded, [("P01", "primary", 0.9)], seed=3), tmp_path)
    dialog = ExportDialog(loaded, db)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.withheld.isVisible()  # the study has an identifying field
    assert clipped_labels(dialog) == []
    with qtbot.waitSignal(dialog.finished_export, timeout=60_000):
        dialog.start(tmp_path / "out" / ("a-long-folder-name-" * 4))
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Wrote"))
    qtbot.wait(1)
    assert clipped_labels(dialog) == []
    dialog.close()
    db.close()


def test_the_closed_dialogs_command_never_wraps(tmp_path: Path) -> None:
    from widgets.designer.gate import locked_html

    html = locked_html(locked_text(tmp_path / "a" / "deep" / "data" / "folder",
                                   sessions_started=True))
    command = next(p for p in html.split("<p") if "designer --set-passphrase" in p)
    assert "white-space:pre" in command and str(data_home(tmp_path / "a")) in command


def test_codes_sort_by_their_numbers(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'sort.sqlite3'}")
    for code in ("SIM1000", "SIM999", "SIM20"):
        SessionEngine(loaded, db, code, profile={"tier": "senior"}, simulated=True).close()
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=loaded)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.participants.rowCount() == 3, timeout=5000)
    window.participants.sortItems(0)
    codes = [window.participants.item(r, 0).text().split()[0] for r in range(3)]
    assert codes == ["SIM20", "SIM999", "SIM1000"]
    window.close()
    qtbot.waitUntil(lambda: not tasks.busy, timeout=10_000)
    tasks.close()
    db.close()


def test_the_log_names_no_wrong_place(qtbot, tmp_path: Path) -> None:
    dialog = PassphraseDialog(setting=True, home=tmp_path)
    qtbot.addWidget(dialog)
    dialog.passphrase.setText("a long enough passphrase")
    dialog.repeat.setText("a long enough passphrase")
    dialog.try_accept()
    log = next(data_home(tmp_path).rglob("designer.log")).read_text(encoding="utf-8")
    assert "start screen" not in log and "passphrase set" in log


def test_timing_csv_numbers_are_rounded(qtbot) -> None:
    check = TimingCheckWindow(2)
    qtbot.addWidget(check)
    check.show()
    with qtbot.waitSignal(check.finished, timeout=30_000) as signal:
        check.start()
    row = signal.args[0]
    # What the database hands back (a float computed from samples): as long as floats get.
    record = dataclasses.replace(row, median_error_ms=0.29653799999999997)
    frame = rounded(timing_frame([], [record]))
    assert frame["median_error_ms"].iloc[0] == 0.297
    text = frame.to_csv(index=False)
    assert "0.29653799999999997" not in text and all(
        len(str(v).split(".")[-1]) <= 3 for v in frame[["median_error_ms", "p95_error_ms",
                                                          "max_error_ms", "median_onset_ms"]]
        .iloc[0] if pd.notna(v))
