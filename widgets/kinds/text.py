"""A free comment: a multi-line box (or one line) with a character count.

The box takes the keyboard while it has focus: letters and digits type, they do not answer
other questions. Enter makes a new line in the multi-line box; the one-line box leaves Enter
to the trial screen.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.kinds.state import AnswerState
from app.kinds.text import TextQuestion, TextState
from widgets.kinds.base import KeyPress, ResponseWidget, WidgetKind, while_incomplete
from widgets.qt import (
    QEvent,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QObject,
    QPlainTextEdit,
    Qt,
    QVBoxLayout,
    QWidget,
)
from widgets.typography import mute

BOX_STYLE = """
QPlainTextEdit, QLineEdit { border: 1px solid palette(mid); border-radius: 6px; padding: 6px;
                            background: palette(base); color: palette(text); }
QPlainTextEdit:focus, QLineEdit:focus { border: 2px solid palette(highlight); }
"""


class TextWidget(ResponseWidget):
    def __init__(self, question: TextQuestion, state: TextState,
                 parent: QWidget | None = None) -> None:
        super().__init__(question, state, parent)
        self.text_state = state
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the box itself takes focus
        self.setStyleSheet(BOX_STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(4)
        placeholder = (self.tr("Your comment") if question.required
                       else self.tr("Your comment (optional)"))
        self.box: QPlainTextEdit | QLineEdit
        if question.multiline:
            box = QPlainTextEdit()
            box.setPlaceholderText(placeholder)
            box.setTabChangesFocus(True)  # Tab leaves the box, as everywhere else
            box.setMinimumHeight(96)
            box.setMaximumHeight(220)
            box.textChanged.connect(self._edited)
            self.box = box
        else:
            line = QLineEdit()
            line.setPlaceholderText(placeholder)
            line.setMaxLength(question.max_length)
            line.textChanged.connect(self._edited)
            self.box = line
        self.setFocusProxy(self.box)
        self.box.installEventFilter(self)
        outer.addWidget(self.box)
        footer = QHBoxLayout()
        footer.addStretch(1)
        self.counter = QLabel()
        mute(self.counter)
        footer.addWidget(self.counter)
        outer.addLayout(footer)
        self._edited()

    def takes_text(self) -> bool:
        return True

    def key_hint(self) -> str:
        return self.tr("click the box or Tab to it, then type; Tab or Esc leaves it")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.box and event.type() == QEvent.Type.FocusIn:
            self.text_state.touch()  # clicking into the box is the first interaction
        return False

    def text(self) -> str:
        box = self.box
        return box.toPlainText() if isinstance(box, QPlainTextEdit) else box.text()

    def _edited(self) -> None:
        text = self.text()
        limit = self.text_state.max_length
        if len(text) > limit and isinstance(self.box, QPlainTextEdit):
            # Pasting past the limit: keep the first `limit` characters, cursor at the end.
            self.box.blockSignals(True)
            self.box.setPlainText(text[:limit])
            self.box.moveCursor(self.box.textCursor().MoveOperation.End)
            self.box.blockSignals(False)
            text = text[:limit]
        self.text_state.set_text(text)
        self.counter.setText(f"{len(text)} / {limit}")


class TextKind(WidgetKind[TextQuestion, TextState]):
    """Its answer in words is the comment as written."""

    name = "text"

    def build(self, question: TextQuestion, state: TextState, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        return TextWidget(question, state, parent)

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        # Typed into the comment box, which has the focus.
        return while_incomplete(state, KeyPress(Qt.Key.Key_1, "1"))
