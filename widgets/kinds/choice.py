"""One option out of several: a column (or a row, for a few short labels) of large buttons.

Keys: when every option key is a single character (A-D, Y/N, or digits), typing it picks that
option, case-insensitively; the button shows it as "[A]". Digits 1-9 always pick the n-th
option as shown, except when the option keys are digits themselves: then a digit means the key
(the shuffled position would contradict the label on the button).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from app.kinds.choice import ChoiceQuestion, ChoiceState
from app.kinds.state import AnswerState
from app.study.model import Question
from widgets.kinds.base import KeyPress, ResponseWidget, WidgetKind, while_incomplete
from widgets.kinds.shared.common import digit, keys_label, letter, option_button
from widgets.qt import (
    QBoxLayout,
    QKeyEvent,
    QPushButton,
    QResizeEvent,
    QSize,
    Qt,
    QVBoxLayout,
    QWidget,
)

ROW_MAX_OPTIONS = 4
ROW_MAX_LABEL = 16


class ChoiceWidget(ResponseWidget):
    def __init__(self, question: ChoiceQuestion, state: ChoiceState,
                 parent: QWidget | None = None) -> None:
        super().__init__(question, state, parent)
        self.choice = state
        keys = [o.key for o in state.options]
        folded = [k.upper() for k in keys]
        self.letter_keys = all(len(k) == 1 for k in keys) and len(set(folded)) == len(keys)
        self._digits_are_keys = self.letter_keys and any(k.isdigit() for k in keys)
        # The one map from a typed key to the option it picks: handle_key, the buttons'
        # "[Y]" and the "Keys: ..." line all read it, so they cannot disagree.
        self.key_map: dict[str, str] = {k.upper(): k for k in keys} if self.letter_keys else {}
        self._by_char = dict(self.key_map)
        if not self._digits_are_keys:
            for index, option in enumerate(state.options[:9]):
                self.key_map.setdefault(str(index + 1), option.key)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(8)
        in_a_row = (len(keys) <= ROW_MAX_OPTIONS
                    and all(len(o.label) <= ROW_MAX_LABEL for o in state.options))
        self._in_a_row = in_a_row
        self.box = box = QBoxLayout(QBoxLayout.Direction.LeftToRight if in_a_row
                                    else QBoxLayout.Direction.TopToBottom)
        box.setSpacing(8)
        self.buttons: dict[str, QPushButton] = {}
        for option in state.options:
            typed = self._keys_of(option.key)
            hint = typed[0] if typed else ""
            # A label that is just the key ("A" for option A) needs no hint beside it.
            text = option.label if option.label.strip().upper() == hint or not hint else \
                f"[{hint}]   {option.label}"
            button = option_button(text)
            button.setAccessibleName(option.label)
            button.clicked.connect(lambda _=False, k=option.key: self.choice.select(k))
            box.addWidget(button)
            self.buttons[option.key] = button
        outer.addLayout(box)
        outer.addWidget(keys_label(self._keys_text()))
        state.subscribe(self._sync)
        self._sync()

    def _keys_of(self, option_key: str) -> list[str]:
        """The typed keys that pick this option, letter first."""
        found = [c for c, k in self.key_map.items() if k == option_key]
        return sorted(found, key=lambda c: (c.isdigit(), c))

    def _keys_text(self) -> str:
        """The options' keys in the order the buttons show them ("Y, N, or 1–2 in order")."""
        options = self.choice.options
        letters = [c for o in options for c in self._keys_of(o.key) if not c.isdigit()
                   or self._digits_are_keys]
        digits = [c for o in options for c in self._keys_of(o.key)
                  if c.isdigit() and not self._digits_are_keys]
        span = f"1–{digits[-1]}" if len(digits) > 1 else "".join(digits)
        if letters and len(digits) > 1:
            return ", ".join(letters) + self.tr(", or 1–{last} in order").format(last=digits[-1])
        return ", ".join(letters) if letters else span

    def uses_letter(self, char: str) -> bool:
        return char in self._by_char

    def minimumSizeHint(self) -> QSize:
        """As narrow as the widest button: a row of options that does not fit becomes a column
        (resizeEvent) rather than widen the whole question panel."""
        hint = super().minimumSizeHint()
        if self._in_a_row:
            widest = max((b.minimumSizeHint().width() for b in self.buttons.values()), default=0)
            hint.setWidth(min(hint.width(), widest))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        if self._in_a_row:
            spacing = self.box.spacing() * (len(self.buttons) - 1)
            row = sum(b.sizeHint().width() for b in self.buttons.values()) + spacing
            direction = (QBoxLayout.Direction.LeftToRight if event.size().width() >= row
                         else QBoxLayout.Direction.TopToBottom)
            if self.box.direction() != direction:
                self.box.setDirection(direction)
        super().resizeEvent(event)

    def handle_key(self, event: QKeyEvent) -> bool:
        char = letter(event)
        number = digit(event)
        typed = str(number) if number is not None else char
        if typed is not None and typed in self.key_map:
            self.choice.select(self.key_map[typed])
            return True
        return False

    def _sync(self) -> None:
        for key, button in self.buttons.items():
            button.setChecked(key == self.choice.selected)


class ChoiceKind(WidgetKind[ChoiceQuestion, ChoiceState]):
    name = "choice"

    def build(self, question: ChoiceQuestion, state: ChoiceState, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        return ChoiceWidget(question, state, parent)

    def describe_answer(self, question: Question, answer: Any, texts: Mapping[str, str]) -> str:
        """The chosen option's label."""
        labels = {o.key: o.label for o in self.own_question(question).options}
        return labels.get(str(answer), str(answer))

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        # The first option as shown, or the one keyed 1.
        return while_incomplete(state, KeyPress(Qt.Key.Key_1, "1"))
