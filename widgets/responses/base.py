"""The interface every response widget offers the trial screen.

    widget = make_response_widget(question, state)   # registry in widgets.responses.registry
    widget.changed            -> Signal emitted after every change of the answer
    widget.state              -> the AnswerState it shows and writes to
    widget.handle_key(event)  -> True if the key was for this widget (digits, letters, arrows)
"""

from __future__ import annotations

from app.responses.base import AnswerState
from app.study.model import Question
from widgets.qt import QKeyEvent, QLabel, Qt, QWidget, Signal


class ResponseWidget(QWidget):
    changed = Signal()

    def __init__(self, question: Question, state: AnswerState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = question
        self.state = state
        state.subscribe(self.changed.emit)
        # A click on the widget gives it focus, so its keys work even without a trial screen
        # routing them; keyPressEvent hands them to handle_key.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def handle_key(self, event: QKeyEvent) -> bool:
        """Keyboard answering, routed here by the trial screen. Return True when consumed."""
        return False

    def key_hint(self) -> str:
        """The keys of this widget, as its own "Keys: ..." line says them (for the F1 list)."""
        for label in self.findChildren(QLabel):
            keys = label.property("keys")  # widgets.responses.common.keys_label
            if isinstance(keys, str):
                return keys
            text = label.text()
            if text.startswith("Keys:"):
                return text.removeprefix("Keys:").strip()
        return ""

    def review_text(self) -> str | None:
        """The answer in words when it is worth a second look before it is submitted (a
        grouping, a list of judgements: one Enter must not send 24 cards with one misplaced);
        None: submitted at once."""
        review = getattr(self.state, "review", None)
        return review() if callable(review) and self.state.is_complete() else None

    def takes_text(self) -> bool:
        """True for a widget answered by typing (a comment box): the keys are text there."""
        return False

    def uses_letter(self, char: str) -> bool:
        """Whether the plain key `char` (upper case) answers this question: the trial screen
        then gives it no other meaning (P pauses only where no answer uses it)."""
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.handle_key(event):
            event.accept()
        else:
            event.ignore()  # not ours: on to the parent (the trial screen: Enter submits)
