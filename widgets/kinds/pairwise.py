"""Which of two is better: the two texts (or images) side by side above, three buttons below.

The stimulus shows the two side by side (the layout hint `compares_side_by_side`), in the
order drawn for this participant; the buttons name sides, never systems. Keys: Left or A for
the one on the left, Right or B for the one on the right, T for about the same (when the
question allows a tie). The sides are left and right on the screen in every language (the row
is laid out left to right even in a right-to-left one), so the keys mean what they show.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from app.kinds.pairwise import TIE, PairwiseQuestion, PairwiseState
from app.kinds.state import AnswerState
from app.study.model import Question
from widgets.kinds.base import KeyPress, ResponseWidget, WidgetKind, while_incomplete
from widgets.kinds.shared.common import keys_label, letter, option_button, plain
from widgets.qt import (
    QBoxLayout,
    QKeyEvent,
    QPushButton,
    QResizeEvent,
    QSize,
    Qt,
    QtCore,
    QVBoxLayout,
    QWidget,
)


def tie_words(question: PairwiseQuestion) -> str:
    """The tie button's words: the study's, else the app's (translated)."""
    return question.tie_label or QtCore.QCoreApplication.translate("PairwiseWidget",
                                                                   "About the same")


class PairwiseWidget(ResponseWidget):
    def __init__(self, question: PairwiseQuestion, state: PairwiseState,
                 parent: QWidget | None = None) -> None:
        super().__init__(question, state, parent)
        self.pairwise = state
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(8)
        # In a row, left to right in every language (left is left, in Arabic too: a
        # right-to-left language mirrors rows otherwise); a column, the left one on top, when
        # the row does not fit (a narrow panel, a large font).
        sides = QWidget(self)
        sides.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self.row = row = QBoxLayout(QBoxLayout.Direction.LeftToRight, sides)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        self.buttons: dict[str, QPushButton] = {}
        left, right = state.sides
        choices = [(left, "A", "◀  " + self.tr("The left one is better")),
                   (right, "B", self.tr("The right one is better") + "  ▶")]
        if state.allow_tie:
            choices.insert(1, (TIE, "T", tie_words(question)))
        for answer, key, words in choices:
            button = option_button(f"[{key}]   {words}")
            button.setAccessibleName(words.strip("◀▶ "))
            button.clicked.connect(lambda _=False, a=answer: self.pairwise.select(a))
            row.addWidget(button)
            self.buttons[answer] = button
        outer.addWidget(sides)
        keys = (self.tr("← or A: the left one · → or B: the right one · T: about the same")
                if state.allow_tie else self.tr("← or A: the left one · → or B: the right one"))
        outer.addWidget(keys_label(keys))
        state.subscribe(self._sync)
        self._sync()

    def minimumSizeHint(self) -> QSize:
        """As narrow as the widest button: a row that does not fit becomes a column
        (resizeEvent) rather than widen the question panel."""
        hint = super().minimumSizeHint()
        widest = max((b.minimumSizeHint().width() for b in self.buttons.values()), default=0)
        hint.setWidth(min(hint.width(), widest))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        spacing = self.row.spacing() * (len(self.buttons) - 1)
        needed = sum(b.sizeHint().width() for b in self.buttons.values()) + spacing
        direction = (QBoxLayout.Direction.LeftToRight if event.size().width() >= needed
                     else QBoxLayout.Direction.TopToBottom)
        if self.row.direction() != direction:
            self.row.setDirection(direction)
        super().resizeEvent(event)

    def uses_letter(self, char: str) -> bool:
        return char in ("A", "B") or (char == "T" and self.pairwise.allow_tie)

    def handle_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        char = letter(event)
        if (plain(event) and key == Qt.Key.Key_Left) or char == "A":
            self.pairwise.pick_side(0)
        elif (plain(event) and key == Qt.Key.Key_Right) or char == "B":
            self.pairwise.pick_side(1)
        elif char == "T" and self.pairwise.allow_tie:
            self.pairwise.select(TIE)
        else:
            return False
        return True

    def _sync(self) -> None:
        for answer, button in self.buttons.items():
            button.setChecked(answer == self.pairwise.selected)


class PairwiseKind(WidgetKind[PairwiseQuestion, PairwiseState]):
    name = "pairwise"
    compares_side_by_side = True

    def build(self, question: PairwiseQuestion, state: PairwiseState, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        return PairwiseWidget(question, state, parent)

    def describe_answer(self, question: Question, answer: Any, texts: Mapping[str, str]) -> str:
        """The side as the participant saw it (the screen's copy of the question knows)."""
        own = self.own_question(question)
        if answer == TIE:
            return tie_words(own)
        left, _ = own.shown_sides
        if answer == left:
            return QtCore.QCoreApplication.translate("PairwiseWidget", "the left one")
        return QtCore.QCoreApplication.translate("PairwiseWidget", "the right one")

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        # The one on the left.
        return while_incomplete(state, KeyPress(Qt.Key.Key_A, "a"))
