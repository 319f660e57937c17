"""The strip above a trial: block title, "item n of N", a thin progress bar, and a practice
tag. Plain palette colours only."""

from __future__ import annotations

from app.session.engine import Progress
from app.session.presentation import TrialView
from widgets.qt import QtWidgets, QWidget
from widgets.typography import ScaledFonts, em_widths, mute


class TrialHeader(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(16)
        self.block = QtWidgets.QLabel("")
        self.fonts = ScaledFonts(self)
        self.fonts.add(self.block, 1.15, bold=True)
        row.addWidget(self.block)
        self.tag = mute(QtWidgets.QLabel(""))
        self.tag.setWordWrap(True)  # onto a second line rather than widen the window
        row.addWidget(self.tag, 1)
        row.addStretch(1)
        self.count = QtWidgets.QLabel("")
        row.addWidget(self.count)
        self.bar = QtWidgets.QProgressBar(self)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(8)
        em_widths(self.bar, 4, 12)  # follows the font zoom; gives way first in a narrow window
        row.addWidget(self.bar)

    def set_trial(self, view: TrialView, progress: Progress) -> None:
        self.block.setText(progress.block_title or view.block_title)
        self.tag.setText("practice: you will see the right answer" if view.practice else "")
        if progress.block_total and progress.block_total != progress.total:
            text = (f"Item {progress.block_done + 1} of {progress.block_total} in this part "
                    f"·  {progress.done} of {progress.total} done")
        else:
            text = f"Item {progress.done + 1} of {progress.total}"
        self.count.setText(text)
        self.bar.setRange(0, max(1, progress.total))
        self.bar.setValue(progress.done)
