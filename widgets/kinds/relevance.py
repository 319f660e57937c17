"""A judgement per document: each document's text beside its grade buttons.

Every document needs a judgement (see app.kinds.relevance for why there is no default).
Keys: Up/Down move between documents; a digit sets the grade with that value (1 relevant,
0 not relevant) and moves on to the next document, as a click on a grade button does; Space toggles the current document
(unjudged -> Relevant -> Not relevant -> Relevant). Enter is left to the trial screen (Submit).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from app.kinds.relevance import RelevanceQuestion, RelevanceState
from app.kinds.state import AnswerState
from app.study.model import Question
from widgets.direction import text_label
from widgets.kinds.base import (
    KeyPress,
    ResponseWidget,
    WidgetKind,
    plain_answer_text,
    while_incomplete,
)
from widgets.kinds.shared.common import (
    RowCursor,
    hint_label,
    keys_label,
    option_button,
    plain,
    row_number,
    set_flag,
)
from widgets.kinds.shared.core_words import relevance_review_text
from widgets.qt import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QMouseEvent,
    QPushButton,
    QResizeEvent,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from widgets.typography import ScaledFonts

NARROW = 640  # below this width the grade buttons sit under the document text
ROW_STYLE = """
QFrame#entryRow { border: 1px solid palette(mid); border-radius: 8px; background: palette(base); }
QFrame#entryRow[current="true"] { border: 2px solid palette(highlight); }
"""


class EntryRow(QFrame):
    """A numbered row; a click anywhere on it (outside its buttons) makes it current."""

    pressed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("entryRow")

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.pressed.emit()
        event.accept()


class RelevanceWidget(RowCursor, ResponseWidget):
    def __init__(self, question: RelevanceQuestion, state: RelevanceState,
                 parent: QWidget | None = None, *, direction: str | None = None) -> None:
        super().__init__(question, state, parent)
        self.relevance = state
        self.current = 0
        self.setStyleSheet(ROW_STYLE)
        fonts = ScaledFonts(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(8)
        self.rows: list[EntryRow] = []
        self.grade_buttons: list[dict[int, QPushButton]] = []
        self._contents: list[QBoxLayout] = []  # text beside its buttons, or above when narrow
        self.texts: list[QLabel] = []
        # The count and the keys above the documents: under a long list they were out of sight.
        self.progress = hint_label("")
        outer.addWidget(self.progress)
        keys = " · ".join(f"{g.value} {g.label.lower()}" for g in state.grades if 0 <= g.value <= 9)
        self.keys_hint = keys_label(self.tr("↑ ↓ choose a document · {keys} (then the next one)"
                                            " · Space toggles").format(keys=keys))
        outer.addWidget(self.keys_hint)
        for index, entry in enumerate(state.entries):
            row = EntryRow()
            row.pressed.connect(lambda i=index: self.set_current(i))
            line = QHBoxLayout(row)
            line.setContentsMargins(12, 10, 12, 10)
            line.setSpacing(12)
            line.addWidget(row_number(index, fonts))
            content = QBoxLayout(QBoxLayout.Direction.LeftToRight)
            content.setSpacing(12)
            line.addLayout(content, 1)
            text = text_label(entry.text, direction, selectable=False)
            text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            content.addWidget(text, 1)
            self.texts.append(text)
            grade_row = QHBoxLayout()
            grade_row.setSpacing(12)
            content.addLayout(grade_row)
            self._contents.append(content)
            buttons: dict[int, QPushButton] = {}
            for grade in state.grades:
                hint = f"  [{grade.value}]" if 0 <= grade.value <= 9 else ""
                # At least 11 em, in the zoomed font (120 px were less than the text at 150%).
                button = option_button(f"{grade.label}{hint}", point=True, min_em=11)
                button.setAccessibleName(self.tr("Document {n}: {grade}").format(
                    n=index + 1, grade=grade.label))
                # A click does what the grade's key does: judge and move on to the next one.
                button.clicked.connect(
                    lambda _=False, i=index, g=grade.value: self._grade(i, g, advance=True))
                grade_row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
                buttons[grade.value] = button
            outer.addWidget(row)
            self.rows.append(row)
            self.grade_buttons.append(buttons)
        state.subscribe(self._sync)
        self._sync()

    def resizeEvent(self, event: QResizeEvent) -> None:
        # In a narrow question panel the buttons go under the text, which keeps its width.
        direction = (QBoxLayout.Direction.TopToBottom if event.size().width() < NARROW
                     else QBoxLayout.Direction.LeftToRight)
        for content in self._contents:
            if content.direction() != direction:
                content.setDirection(direction)
        super().resizeEvent(event)

    def handle_key(self, event: QKeyEvent) -> bool:
        if not plain(event):
            return False
        key = event.key()
        values = {g.value for g in self.relevance.grades}
        if key == Qt.Key.Key_Down:
            self.set_current(self.current + 1)
        elif key == Qt.Key.Key_Up:
            self.set_current(self.current - 1)
        elif key == Qt.Key.Key_Space:
            self.relevance.toggle(self.relevance.entries[self.current].id)
        elif Qt.Key.Key_0.value <= key <= Qt.Key.Key_9.value and key - Qt.Key.Key_0.value in values:
            self._grade(self.current, key - Qt.Key.Key_0.value, advance=True)
        else:
            return False
        return True

    def _grade(self, index: int, grade: int, *, advance: bool) -> None:
        self.current = index
        self.relevance.set_grade(self.relevance.entries[index].id, grade)
        if advance and index + 1 < len(self.rows):
            self.set_current(index + 1)

    def _sync(self) -> None:
        for index, entry in enumerate(self.relevance.entries):
            chosen = self.relevance.grade_of(entry.id)
            for value, button in self.grade_buttons[index].items():
                button.setChecked(value == chosen)
            set_flag(self.rows[index], "current", index == self.current)
        done, total = self.relevance.n_judged(), len(self.relevance.entries)
        self.progress.setText(
            self.tr("{done} of %Ln document(s) judged", None, total).format(done=done)
            if done < total else self.tr("All %Ln document(s) judged", None, total))

    def current_part(self) -> QWidget | None:
        return self.rows[self.current] if self.rows else None

    def review_text(self) -> str | None:
        """The judgements in words, in the participant's language."""
        return relevance_review_text(self.relevance) if self.state.is_complete() else None


class RelevanceKind(WidgetKind[RelevanceQuestion, RelevanceState]):
    name = "relevance"
    shows_entries = True

    def build(self, question: RelevanceQuestion, state: RelevanceState, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        return RelevanceWidget(question, state, parent, direction=direction)

    def describe_answer(self, question: Question, answer: Any, texts: Mapping[str, str]) -> str:
        """Each document's text with its grade's label."""
        if not isinstance(answer, dict):
            return plain_answer_text(answer, texts)
        grades = {g.value: g.label for g in self.own_question(question).grades}
        return "; ".join(f"“{texts.get(d, d)}”: {grades.get(g, g)}" for d, g in answer.items())

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        # Grade 1 for the current document, which moves on to the next one.
        n = len(self.own_state(state.question, state).entries)
        return while_incomplete(state, KeyPress(Qt.Key.Key_1, "1"), n)
