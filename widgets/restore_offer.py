"""A damaged database at start: offer to put the latest good backup into service.

The damaged file is never overwritten: app.storage.backup.restore_backup renames it (and its
-wal/-shm) aside, copies the backup to the original path, and the app goes on with it. The box
says where the damaged file was kept, so it can be handed to whoever investigates.
"""

from __future__ import annotations

from pathlib import Path

from app.storage import Database, open_database
from app.storage.backup import latest_good_backup, restore_backup, sqlite_file
from app.study.errors import UserInputError
from widgets.qt import QtWidgets, QWidget


def restore_choice_box(damaged: Path, backup: Path, problem: str,
                       parent: QWidget | None = None) -> QtWidgets.QMessageBox:
    """The question: restore the latest good backup, or quit. Restore is the default."""
    box = QtWidgets.QMessageBox(parent)
    box.setObjectName("restoreOffer")
    box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
    box.setWindowTitle("Baseline Studio: damaged database")
    box.setText(f"The database {damaged} is damaged and cannot be opened.")
    box.setInformativeText(
        f"A good backup exists: {backup.name} (in {backup.parent}).\n\n"
        "Restore it and continue? The damaged file is not overwritten: it is renamed aside and "
        "kept beside the database. Answers given after that backup was taken are only in the "
        "damaged file.")
    box.setDetailedText(problem)
    restore = box.addButton("Restore the backup and continue",
                            QtWidgets.QMessageBox.ButtonRole.AcceptRole)
    restore.setObjectName("restoreButton")
    box.addButton("Quit", QtWidgets.QMessageBox.ButtonRole.RejectRole).setObjectName("quitButton")
    box.setDefaultButton(restore)
    return box


def offer_restore(url: str, problem: str, parent: QWidget | None = None) -> Database | None:
    """Ask, restore, reopen. None when there is no SQLite file or no good backup, when the
    person says no, or when the restored copy cannot be opened either (the caller then reports
    `problem` and exits)."""
    damaged = sqlite_file(url)
    if damaged is None:
        return None
    backup = latest_good_backup(damaged)
    if backup is None:
        return None
    box = restore_choice_box(damaged, backup, problem, parent)
    box.exec()
    if box.clickedButton() is None or box.clickedButton().objectName() != "restoreButton":
        return None
    try:
        result = restore_backup(damaged, backup)
        db = open_database(url)
    except (UserInputError, OSError) as exc:  # a BackupError, or the copy is bad too
        QtWidgets.QMessageBox.critical(parent, "Baseline Studio", f"Restoring failed: {exc}")
        return None
    kept = result.damaged_kept
    QtWidgets.QMessageBox.information(
        parent, "Baseline Studio: backup restored",
        f"Restored {result.backup.name} to {result.restored}.\n\n"
        f"The damaged file was kept as {kept}." if kept is not None else
        f"Restored {result.backup.name} to {result.restored}.")
    return db
