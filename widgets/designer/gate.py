"""The passphrase in front of designer mode. The first time, the designer sets one (typed
twice); afterwards it must be entered. Only a salted scrypt hash is stored (app.security)."""

from __future__ import annotations

from pathlib import Path

from app.security import (
    MIN_LENGTH,
    check_designer_passphrase,
    has_designer_passphrase,
    set_designer_passphrase,
)
from widgets.qt import QtWidgets, QWidget
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
            self.accept()
            return
        if check_designer_passphrase(text, self.home):
            self.accept()
        else:
            self.message.setText("That is not the designer passphrase.")
            self.passphrase.selectAll()
            self.passphrase.setFocus()


def ask_designer_passphrase(parent: QWidget | None, *, home: Path | None = None) -> bool:
    """True once the right passphrase was given (or a new one set)."""
    dialog = PassphraseDialog(setting=not has_designer_passphrase(home), home=home, parent=parent)
    return dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted
