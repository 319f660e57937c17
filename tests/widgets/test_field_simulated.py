"""Simulated participants are never ignored without a word: the designer window's summary
says how many were left out and offers to include them (then counted in the summary and the
Coverage tab), and `coverage` says how many it did not count."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from baseline_studio.main import main
from tests.test_coverage import assigned_study
from widgets.designer.window import DesignerWindow
from widgets.tasks import TaskManager


def test_the_designer_says_simulated_were_left_out_and_includes_them(qtbot,
                                                                      tmp_path: Path) -> None:
    loaded = assigned_study(tmp_path / "cov")
    db = open_database(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=3, seed=1))
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=loaded)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.participants.rowCount() == 3, timeout=5000)
    qtbot.waitUntil(lambda: not tasks.busy and "participant" in window.summary.text(),
                    timeout=5000)
    text = window.summary.text()
    assert text.startswith("0 participants") and "3 simulated not counted" in text
    assert window.include_simulated.isVisible()
    statuses = {window.coverage.item(r, 4).text() for r in range(window.coverage.rowCount())}
    assert statuses == {"needs 2 more"}
    window.include_simulated.setChecked(True)
    qtbot.waitUntil(lambda: window.summary.text().startswith("3 participants"), timeout=5000)
    qtbot.waitUntil(lambda: not tasks.busy, timeout=5000)
    assert "3 of them simulated" in window.summary.text()
    statuses = {window.coverage.item(r, 4).text() for r in range(window.coverage.rowCount())}
    assert statuses != {"needs 2 more"}  # their ratings count now
    window.close()
    tasks.close()
    db.close()


def test_cli_coverage_says_how_many_simulated_it_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    loaded = assigned_study(tmp_path / "cov")
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    db = open_database(url)
    simulate(loaded, db, SimulationConfig(participants=3, seed=1))
    db.close()
    assert main(["coverage", "--study", str(loaded.folder), "--db", url]) == 0
    out = capsys.readouterr().out
    assert "0 participant(s) so far" in out
    assert "3 simulated participant(s) not counted (--include-simulated counts them)" in out
    assert main(["coverage", "--study", str(loaded.folder), "--db", url,
                 "--include-simulated"]) == 0
    assert "3 participant(s) so far" in capsys.readouterr().out
