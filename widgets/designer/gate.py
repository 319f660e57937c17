"""The passphrase in front of designer mode (Ctrl+Shift+D, or Designer > Designer mode).

Where a passphrase is set, it must be entered. Where none is set, one may be chosen (typed
twice) only on the start screen and only while no participant session has ever run in the
database; otherwise designer mode stays closed and says how the designer sets one on the
command line (`baseline-studio designer --set-passphrase`). So a participant who presses the
keys mid-session, or after the designer file was deleted, cannot open designer mode. Only a
salted scrypt hash is stored (app.security)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

from app.home import data_home
from app.security import (
    MIN_LENGTH,
    check_designer_passphrase,
    has_designer_passphrase,
    log_designer_event,
    set_designer_passphrase,
)
from app.storage.database import Database
from widgets.qt import Qt, QtWidgets, QWidget
from widgets.tasks import TaskManager
from widgets.typography import mute


class PassphraseDialog(QtWidgets.QDialog):
    """Asks for the passphrase (or, with `setting=True`, for a new one twice)."""

    def __init__(self, *, setting: bool, home: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.home = home
        self.setting = setting
        self.setWindowTitle("Designer mode")
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 30)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(12)
        intro = QtWidgets.QLabel(
            f"Choose a passphrase for designer mode (at least {MIN_LENGTH} characters). "
            "Participants must not know it." if setting else
            "Designer mode shows every participant's progress and the results. "
            "Enter the designer passphrase.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QtWidgets.QFormLayout()
        self.passphrase = QtWidgets.QLineEdit(self)
        self.passphrase.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        form.addRow("Passphrase", self.passphrase)
        self.repeat = QtWidgets.QLineEdit(self)
        self.repeat.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        if setting:
            form.addRow("Repeat", self.repeat)
        else:
            self.repeat.hide()  # not in the layout: it would float over the dialog
        layout.addLayout(form)
        self.message = mute(QtWidgets.QLabel(""))
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel, parent=self)
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.passphrase.setFocus()

    def try_accept(self) -> None:
        text = self.passphrase.text()
        if self.setting:
            if len(text) < MIN_LENGTH:
                self.message.setText(f"A passphrase has at least {MIN_LENGTH} characters.")
                return
            if text != self.repeat.text():
                self.message.setText("The two entries differ. Type the passphrase twice.")
                self.repeat.clear()
                self.repeat.setFocus()
                return
            set_designer_passphrase(text, self.home)
            # Both ways in (the start screen's link, Ctrl+Shift+D) come here: name neither.
            log_designer_event("passphrase set in the app, on first opening designer mode",
                               self.home)
            self.accept()
            return
        if check_designer_passphrase(text, self.home):
            self.accept()
        else:
            self.message.setText("That is not the designer passphrase.")
            self.passphrase.selectAll()
            self.passphrase.setFocus()


LOCKED_TITLE = "Designer mode is closed"


def locked_text(home: Path | None, *, sessions_started: bool) -> str:
    """Why designer mode stays closed, and how the designer opens it (no secret in it)."""
    why = ("participant sessions have already taken place with this database"
           if sessions_started else "a passphrase can be chosen in the app only on the start "
           "screen, before a study is opened")
    return (f"No designer passphrase is set on this computer, and {why}.\n\n"
            "The study's designer sets one from the command line of this computer:\n\n"
            f"    baseline-studio designer --set-passphrase --home \"{data_home(home)}\"\n\n"
            "then opens designer mode with Ctrl+Shift+D. Nothing was changed.")


def locked_html(text: str) -> str:
    """locked_text as rich text: the command on a line of its own that never wraps (wrapped in
    the middle of its path, it could not be copied whole)."""
    parts = []
    for paragraph in text.split("\n\n"):
        if paragraph.startswith("    "):
            parts.append(f"<p style='white-space:pre'><code>{escape(paragraph.strip())}"
                         "</code></p>")
        else:
            parts.append(f"<p>{escape(paragraph)}</p>")
    return "".join(parts)


def show_locked(parent: QWidget | None, home: Path | None, *, sessions_started: bool) -> None:
    box = QtWidgets.QMessageBox(QtWidgets.QMessageBox.Icon.Information, LOCKED_TITLE,
                                locked_html(locked_text(home, sessions_started=sessions_started)),
                                QtWidgets.QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setTextInteractionFlags(box.textInteractionFlags()
                                | Qt.TextInteractionFlag.TextSelectableByMouse)
    box.exec()


def ask_designer_passphrase(parent: QWidget | None, *, home: Path | None = None) -> bool:
    """True once the right passphrase was given (a passphrase must be set already)."""
    dialog = PassphraseDialog(setting=False, home=home, parent=parent)
    return dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted


def enter_designer_mode(parent: QWidget | None, *, home: Path | None, db: Database,
                        tasks: TaskManager, at_start: bool,
                        then: Callable[[], None]) -> None:
    """Calls `then` once the designer is let in: at once after the passphrase where one is
    set; where none is, after the database was asked (on the writer) whether participant
    sessions have run, and a new one was chosen, if that is still allowed."""
    if has_designer_passphrase(home):
        if ask_designer_passphrase(parent, home=home):
            then()
        return
    if not at_start:
        show_locked(parent, home, sessions_started=False)
        return

    def decide(started: bool) -> None:
        if has_designer_passphrase(home):  # set meanwhile on the command line: ask for it
            if ask_designer_passphrase(parent, home=home):
                then()
        elif started:
            show_locked(parent, home, sessions_started=True)
        elif PassphraseDialog(setting=True, home=home, parent=parent).exec() \
                == QtWidgets.QDialog.DialogCode.Accepted:
            then()

    tasks.run_write(db.real_sessions_started, on_done=decide, label="checking for past sessions")
