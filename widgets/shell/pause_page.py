"""The pause screen of a trial: the item is hidden, the clock is stopped, one button resumes
(widgets/shell/trial_pause.py swaps it in and out)."""

from __future__ import annotations

from widgets.qt import Qt, QtWidgets, QWidget, Signal
from widgets.typography import ScaledFonts, mute


class PausePage(QWidget):
    resume_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pause-page")
        column = QtWidgets.QVBoxLayout(self)
        column.addStretch(1)
        self.fonts = ScaledFonts(self)
        self.title = QtWidgets.QLabel(self.tr("Paused"), self)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.fonts.add(self.title, 1.8, bold=True)
        column.addWidget(self.title)
        self.text = QtWidgets.QLabel(self.tr(
            "The item is hidden and the clock is stopped. Your answers so far are kept."), self)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text.setWordWrap(True)
        self.fonts.add(self.text, 1.15)
        column.addWidget(self.text)
        column.addSpacing(16)
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        self.resume_button = QtWidgets.QPushButton(self.tr("Resume"), self)
        self.resume_button.setDefault(True)
        self.resume_button.setMinimumHeight(self.resume_button.sizeHint().height() + 12)
        self.resume_button.setMinimumWidth(self.resume_button.sizeHint().width() + 48)
        self.fonts.add(self.resume_button, 1.15)
        self.resume_button.clicked.connect(self.resume_requested.emit)
        row.addWidget(self.resume_button)
        row.addStretch(1)
        column.addLayout(row)
        self.keys = mute(QtWidgets.QLabel("", self))
        self.keys.setAlignment(Qt.AlignmentFlag.AlignCenter)
        column.addWidget(self.keys)
        column.addStretch(2)

    def set_keys(self, keys: str) -> None:
        """The keys that resume, as the trial screen names them."""
        self.keys.setText(self.tr("or press {keys}").format(keys=keys))
