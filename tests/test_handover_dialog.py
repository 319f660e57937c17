"""Designer > Hand over data…: pick where the copy goes, the snapshot is written on the
database writer while a session keeps answering, and the dialog says what it wrote. The
merge dialog checks rows and names a copy made without its -wal."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage.database import Database
from app.study.loader import load_study
from tests.test_handover import count, live_station
from widgets.handover_dialog import HandoverDialog, suggested_name
from widgets.merge_dialog import MergeDialog
from widgets.qt import QtWidgets
from widgets.tasks import TaskManager

MINI = Path(__file__).resolve().parent / "fixtures" / "mini-study"


@pytest.fixture
def tasks() -> Iterator[TaskManager]:
    w = TaskManager()
    yield w
    w.close()


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Database]:
    db = open_database(f"sqlite:///{tmp_path / 'station.sqlite3'}")
    simulate(load_study(MINI), db, SimulationConfig(participants=2, seed=1, bulk=True))
    yield db
    db.close()


def test_hand_over_writes_a_checked_copy_from_the_chosen_path(
        qtbot: QtBot, station: Database, tasks: TaskManager, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = HandoverDialog(station, tasks)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.write_button.isEnabled()
    usb = tmp_path / "usb"
    usb.mkdir()
    chosen = usb / suggested_name()
    offered: list[str] = []

    def save_dialog(_parent: object, _title: str, start: str, _filter: str) -> tuple[str, str]:
        offered.append(start)
        return str(chosen), ""

    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", save_dialog)
    dialog.choose_button.click()
    assert offered[0].endswith(".sqlite3") and "baseline-studio-" in offered[0]
    assert dialog.path.text() == str(chosen) and dialog.write_button.isEnabled()
    with qtbot.waitSignal(dialog.written, timeout=10_000):
        dialog.write_button.click()
    assert dialog.result is not None and dialog.result.path == chosen
    assert count(chosen) == station.count_responses() == 20
    digest = hashlib.sha256(chosen.read_bytes()).hexdigest()
    assert Path(f"{chosen}.sha256").read_text().startswith(digest)
    assert "20 responses from 2 participants" in dialog.status.text()
    dialog.grab().save(str(tmp_path / "handover.png"))


def test_hand_over_refused_says_why_and_writes_nothing(
        qtbot: QtBot, station: Database, tasks: TaskManager, tmp_path: Path) -> None:
    dialog = HandoverDialog(station, tasks)
    qtbot.addWidget(dialog)
    dialog.path.setText(station.label)  # the live database itself
    with qtbot.waitSignal(dialog.failed, timeout=10_000) as failed:
        dialog.write_button.click()
    assert "database itself" in failed.args[0]
    assert "No copy was written" in dialog.status.text()
    assert dialog.write_button.isEnabled()


def test_merge_dialog_checks_rows_and_warns_of_a_copy_without_its_wal(
        qtbot: QtBot, tasks: TaskManager, tmp_path: Path) -> None:
    import shutil

    live = tmp_path / "live.sqlite3"
    holder = live_station(live, load_study(MINI), participants=1)
    copy = tmp_path / "copied.sqlite3"
    shutil.copyfile(live, copy)
    holder.close()
    target = open_database(f"sqlite:///{tmp_path / 'designer.sqlite3'}")
    dialog = MergeDialog(target, tasks)
    qtbot.addWidget(dialog)
    dialog.add_files([str(copy)])
    with qtbot.waitSignal(dialog.merged, timeout=10_000):
        dialog.start()
    assert "Warning:" in dialog.counts.toPlainText()
    assert "snapshot" in dialog.counts.toPlainText()
    target.close()


def test_merge_dialog_refuses_rows_the_study_does_not_allow_or_leaves_them_out(
        qtbot: QtBot, tasks: TaskManager, tmp_path: Path) -> None:
    import sqlite3

    laptop = tmp_path / "laptop.sqlite3"
    db = open_database(f"sqlite:///{laptop}")
    simulate(load_study(MINI), db, SimulationConfig(participants=2, seed=1, bulk=True))
    db.close()
    conn = sqlite3.connect(laptop)
    conn.execute("UPDATE response SET answer_json = '99' WHERE item_id = 's1' "
                 "AND participant_code = 'SIM001'")
    conn.commit()
    conn.close()
    target = open_database(f"sqlite:///{tmp_path / 'designer.sqlite3'}")
    dialog = MergeDialog(target, tasks)
    qtbot.addWidget(dialog)
    dialog.add_files([str(laptop)])
    with qtbot.waitSignal(dialog.merge_failed, timeout=10_000) as failed:
        dialog.start()
    assert "1 row(s) the study does not allow" in failed.args[0]
    assert "answer 99 is outside 0..5" in failed.args[0] and "Error)" not in failed.args[0]
    assert target.count_responses() == 0
    dialog.skip_invalid.setChecked(True)
    with qtbot.waitSignal(dialog.merged, timeout=10_000):
        dialog.start()
    assert target.count_responses() == 19
    assert "Left out:" in dialog.counts.toPlainText()
    target.close()
