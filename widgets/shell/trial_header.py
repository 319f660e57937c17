"""The strip above a trial: block title, "item n of N", a thin progress bar, and a practice
tag. Plain palette colours only."""

from __future__ import annotations

from app.session.engine import Progress
from app.session.presentation import TrialView
from widgets.i18n import participant_number
from widgets.qt import QtCore, QtWidgets, QWidget
from widgets.typography import ScaledFonts, em_widths, mute

# The session engine's names for a block without a title (Qt-free, so English there).
_BLOCK_NAMES = (QtCore.QT_TRANSLATE_NOOP("TrialHeader", "Practice"),
                QtCore.QT_TRANSLATE_NOOP("TrialHeader", "Main"))


def block_name(title: str) -> str:
    """A block's title on screen: the default names in the participant's language, a study's
    own title as written."""
    return QtCore.QCoreApplication.translate("TrialHeader", title) if title in _BLOCK_NAMES \
        else title


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
        title = progress.block_title or view.block_title
        self.block.setText(block_name(title))
        self.tag.setText(self.tr("practice: you will see the right answer")
                         if view.practice else "")
        number = participant_number  # in the participant's language (widgets/i18n.py)
        if progress.block_total and progress.block_total != progress.total:
            text = self.tr("Item {n} of {of} in this part  ·  {done} of {total} done").format(
                n=number(progress.block_done + 1), of=number(progress.block_total),
                done=number(progress.done), total=number(progress.total))
        else:
            text = self.tr("Item {n} of {total}").format(n=number(progress.done + 1),
                                                        total=number(progress.total))
        self.count.setText(text)
        self.bar.setRange(0, max(1, progress.total))
        self.bar.setValue(progress.done)
