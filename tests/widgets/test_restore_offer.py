"""Issue 8: a damaged database at start offers its latest good backup; restoring keeps the
damaged file aside (bytes untouched) and the app goes on with the restored database."""

from __future__ import annotations

import hashlib
from pathlib import Path

from app.storage import CorruptDatabaseError, open_database
from app.storage.backup import backup_database
from tests.test_corruption import corrupt_middle_page, filled_database
from widgets.qt import QApplication, QTimer, QtWidgets
from widgets.restore_offer import offer_restore


def _answer(qtbot, button_name: str, answered: list[str]) -> None:
    """Click the named button of the restore offer, then OK on any note that follows."""
    def click() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QtWidgets.QMessageBox):
            answered.append(box.objectName() or box.windowTitle())
            target = box.findChild(QtWidgets.QAbstractButton, button_name)
            (target or box.buttons()[0]).click()
        if len(answered) < 2 and not (answered and button_name == "quitButton"):
            QTimer.singleShot(50, click)
    QTimer.singleShot(50, click)


def _damaged_with_backup(tmp_path: Path) -> tuple[Path, Path]:
    path = filled_database(tmp_path / "lab.sqlite3")
    backup = backup_database(path)
    corrupt_middle_page(path)
    try:
        open_database(f"sqlite:///{path}").close()
    except CorruptDatabaseError:
        pass
    else:
        raise AssertionError("the damage was not detected")
    return path, backup


def test_restoring_the_latest_good_backup_keeps_the_damaged_file(qtbot, tmp_path: Path) -> None:
    path, backup = _damaged_with_backup(tmp_path)
    damaged_digest = hashlib.sha256(path.read_bytes()).hexdigest()
    answered: list[str] = []
    _answer(qtbot, "restoreButton", answered)
    db = offer_restore(f"sqlite:///{path}", "integrity check failed")
    assert answered[0] == "restoreOffer" and len(answered) == 2  # the offer, then the note
    assert db is not None
    try:
        assert len(db.events("s", kind="filler")) == 400  # the backup's content, in service
    finally:
        db.close()
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not p.name.endswith(
        ("-wal", "-shm"))]
    assert len(kept) == 1
    assert hashlib.sha256(kept[0].read_bytes()).hexdigest() == damaged_digest  # untouched
    assert backup.exists()


def test_saying_no_leaves_everything_as_it_was(qtbot, tmp_path: Path) -> None:
    path, _backup = _damaged_with_backup(tmp_path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    answered: list[str] = []
    _answer(qtbot, "quitButton", answered)
    assert offer_restore(f"sqlite:///{path}", "integrity check failed") is None
    assert answered == ["restoreOffer"]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name]


def test_no_backup_means_no_offer(qtbot, tmp_path: Path) -> None:
    path = filled_database(tmp_path / "lab.sqlite3")
    corrupt_middle_page(path)
    assert offer_restore(f"sqlite:///{path}", "damaged") is None  # no box: nothing to answer
