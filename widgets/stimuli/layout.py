"""The frame every text stimulus shares: a calm, scrolling column of readable width."""

from __future__ import annotations

from collections.abc import Sequence

from app.session.presentation import TrialView
from app.study.model import Question
from widgets.kinds import widget_kind
from widgets.qt import QEvent, QFrame, QObject, QScrollArea, Qt, QVBoxLayout, QWidget
from widgets.stimuli.base import StimulusWidget
from widgets.typography import ScaledFonts

READABLE_CHARS = 80  # a comfortable line length; wider windows get margins, not longer lines


class _ReadableWidth(QObject):
    """Keeps the column's maximum width at READABLE_CHARS of the stimulus text (about 1.3 times
    the base font), following the font zoom."""

    def __init__(self, owner: QWidget, column: QWidget) -> None:
        super().__init__(owner)
        self.owner, self.column = owner, column
        owner.installEventFilter(self)
        self.apply()

    def apply(self) -> None:
        char = self.owner.fontMetrics().averageCharWidth()
        self.column.setMaximumWidth(char * READABLE_CHARS * 13 // 10)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange and hasattr(self, "column"):
            self.apply()
        return False


def scrolling_column(owner: QWidget) -> QVBoxLayout:
    """Fill `owner` with a frameless scroll area and return the layout of its content column."""
    outer = QVBoxLayout(owner)
    outer.setContentsMargins(0, 0, 0, 0)
    scroll = QScrollArea(owner)
    scroll.setObjectName("stimulusScroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
    scroll.viewport().setAutoFillBackground(False)
    inner = QWidget()
    inner.setObjectName("stimulusColumn")
    _ReadableWidth(owner, inner)
    column = QVBoxLayout(inner)
    column.setContentsMargins(8, 8, 16, 8)
    column.setSpacing(14)
    scroll.setWidget(inner)
    outer.addWidget(scroll)
    return column


BLOCK_STYLE = """
QFrame#block { border: 1px solid palette(mid); border-radius: 8px; background: palette(base); }
"""


def block(*widgets: QWidget, margins: int = 14) -> QFrame:
    """A quiet rounded box around a piece of the stimulus (a sentence, the query, a card)."""
    frame = QFrame()
    frame.setObjectName("block")
    frame.setStyleSheet(BLOCK_STYLE)
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(margins, margins - 2, margins, margins)
    layout.setSpacing(6)
    for widget in widgets:
        layout.addWidget(widget)
    return frame


def shows_entries_itself(view_questions: Sequence[Question]) -> bool:
    """Whether a question's widget shows the documents or cards with their controls (its
    kind's layout hint, WidgetKind.shows_entries): then the stimulus shows only the query or
    the intro text."""
    return any(widget_kind(q.kind).shows_entries for q in view_questions)


def side_by_side(view_questions: Sequence[Question]) -> bool:
    """Whether a question compares the stimulus's two texts or images (its kind's layout
    hint, WidgetKind.compares_side_by_side): then they stand side by side, left and right."""
    return any(widget_kind(q.kind).compares_side_by_side for q in view_questions)


class ColumnStimulus(StimulusWidget):
    """A stimulus laid out as a scrolling column of text: `self.column` to add to, and
    `self.fonts` for sizes that follow the font zoom."""

    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        self.fonts = ScaledFonts(self)
        self.column = scrolling_column(self)
