"""The best and the worst of a set: each card numbered, with a Best and a Worst button.

Keys: a card's number picks the best first, then (the next number) the worst; the line above
the cards says which one a number picks now. Backspace takes back the last pick. Picking as
best the card marked worst (or the other way round) moves the mark: a card is never both.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from app.kinds.best_worst import BestWorstQuestion, BestWorstState
from app.kinds.state import AnswerState
from app.study.model import Question
from widgets.direction import text_label
from widgets.kinds.base import KeyPress, ResponseWidget, WidgetKind
from widgets.kinds.relevance import ROW_STYLE, EntryRow
from widgets.kinds.shared.common import (
    digit,
    hint_label,
    keys_label,
    option_button,
    plain,
    row_number,
)
from widgets.qt import QHBoxLayout, QKeyEvent, QPushButton, Qt, QtCore, QVBoxLayout, QWidget
from widgets.typography import ScaledFonts


def role_words(question: BestWorstQuestion) -> dict[str, str]:
    """What the best and the worst are called on the screen: the study's words, else the app's."""
    return {"best": question.best_label
            or QtCore.QCoreApplication.translate("BestWorstWidget", "Best"),
            "worst": question.worst_label
            or QtCore.QCoreApplication.translate("BestWorstWidget", "Worst")}


class BestWorstWidget(ResponseWidget):
    def __init__(self, question: BestWorstQuestion, state: BestWorstState,
                 parent: QWidget | None = None, *, direction: str | None = None) -> None:
        super().__init__(question, state, parent)
        self.best_worst = state
        self.words = role_words(question)
        self.setStyleSheet(ROW_STYLE)
        fonts = ScaledFonts(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(8)
        n = len(state.entries)
        # Which pick a number makes now, above the cards (under them it went out of sight).
        self.now = hint_label("")
        fonts.add(self.now, 1.0, bold=True)
        outer.addWidget(self.now)
        outer.addWidget(keys_label(self.tr(
            "1–{n}: first the “{best}”, then the “{worst}” · Backspace: take back the last pick")
            .format(n=min(n, 9), best=self.words["best"], worst=self.words["worst"])))
        self.buttons: list[dict[str, QPushButton]] = []
        self.rows: list[EntryRow] = []
        for index, entry in enumerate(state.entries):
            row = EntryRow()
            line = QHBoxLayout(row)
            line.setContentsMargins(12, 8, 12, 8)
            line.setSpacing(12)
            line.addWidget(row_number(index, fonts))
            text = text_label(entry.text, direction, selectable=False)
            text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            fonts.add(text, 1.1)
            line.addWidget(text, 1)
            pair: dict[str, QPushButton] = {}
            for role in ("best", "worst"):
                button = option_button(self.words[role], point=True, min_em=8)
                button.setAccessibleName(self.tr("{role}: card {n}").format(
                    role=self.words[role], n=index + 1))
                button.clicked.connect(
                    lambda _=False, r=role, c=entry.id: self.best_worst.pick(r, c))
                line.addWidget(button, 0, Qt.AlignmentFlag.AlignVCenter)
                pair[role] = button
            self.buttons.append(pair)
            self.rows.append(row)
            outer.addWidget(row)
        state.subscribe(self._sync)
        self._sync()

    def handle_key(self, event: QKeyEvent) -> bool:
        number = digit(event)
        if number is not None and 1 <= number <= len(self.rows):
            self.best_worst.pick_next(number - 1)
            return True
        if plain(event) and event.key() == Qt.Key.Key_Backspace:
            self.best_worst.undo()
            return True
        return False

    def _sync(self) -> None:
        state = self.best_worst
        for entry, pair in zip(state.entries, self.buttons, strict=True):
            pair["best"].setChecked(state.best == entry.id)
            pair["worst"].setChecked(state.worst == entry.id)
        if state.value() is not None:
            self.now.setText(self.tr("Both picked. A number now changes the “{worst}”.").format(
                worst=self.words["worst"]))
        else:
            role = state.next_role()
            self.now.setText(self.tr("Now pick the “{role}”.").format(role=self.words[role]))


class BestWorstKind(WidgetKind[BestWorstQuestion, BestWorstState]):
    name = "best_worst"
    shows_entries = True

    def build(self, question: BestWorstQuestion, state: BestWorstState, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        return BestWorstWidget(question, state, parent, direction=direction)

    def describe_answer(self, question: Question, answer: Any, texts: Mapping[str, str]) -> str:
        words = role_words(self.own_question(question))
        if not isinstance(answer, dict):
            return str(answer)
        return "; ".join(f"{words[role]}: “{texts.get(str(answer.get(role)), answer.get(role))}”"
                         for role in ("best", "worst"))

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        # The first card as the best, the second as the worst.
        if not state.is_complete():
            yield KeyPress(Qt.Key.Key_1, "1")
            yield KeyPress(Qt.Key.Key_2, "2")
