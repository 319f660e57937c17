"""The pieces of the clustering board: a card, a column (the pool or a group) and the inline
editor for a group's name."""

from __future__ import annotations

from collections.abc import Callable

from app.text_direction import text_direction
from widgets.direction import apply_direction
from widgets.qt import (
    QFrame,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QLineEdit,
    Qt,
    QtGui,
    QToolButton,
    QVBoxLayout,
)
from widgets.typography import ScaledFonts, mute

BOARD_STYLE = """
QFrame#column { border: 1px solid palette(mid); border-radius: 8px; background: palette(window); }
QFrame#column[current="true"] { border: 2px solid palette(highlight); }
QFrame#column[drop="true"] { border: 2px dashed palette(highlight); background: palette(alternate-base); }
QLabel#card { border: 1px solid palette(mid); border-radius: 6px; background: palette(base);
              color: palette(text); padding: 6px 8px; }
QLabel#card[current="true"] { border: 2px solid palette(highlight); }
QLabel#card[dragging="true"] { border: 2px dashed palette(highlight); color: palette(mid); }
"""


def card_label(text: str) -> QLabel:
    card = QLabel(text)
    card.setObjectName("card")
    card.setTextFormat(Qt.TextFormat.PlainText)
    card.setWordWrap(True)
    # The board handles every press and drag; a card only shows its text.
    card.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    card.setCursor(Qt.CursorShape.OpenHandCursor)
    apply_direction(card, text_direction(text) or "ltr")
    return card


class NameEdit(QLineEdit):
    """Renames a group in place. Return commits and Esc cancels, and neither reaches the trial
    screen (where Enter would submit)."""

    def __init__(self, on_commit: Callable[[str], None], on_cancel: Callable[[], None]) -> None:
        super().__init__()
        self._on_commit, self._on_cancel = on_commit, on_cancel
        self._done = False
        self.setMaxLength(80)
        # Tells the trial screen's key filter that Return here finishes the name (not Submit).
        self.setProperty("acceptsEnter", True)

    def start(self, text: str) -> None:
        self._done = False
        self.setText(text)
        self.show()
        self.selectAll()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._finish(commit=True)
            event.accept()
        elif event.key() == Qt.Key.Key_Escape:
            self._finish(commit=False)
            event.accept()
        else:
            super().keyPressEvent(event)

    def focusOutEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusOutEvent(event)  # a click elsewhere keeps the new name
        self._finish(commit=True)

    def _finish(self, *, commit: bool) -> None:
        if self._done:
            return
        self._done = True
        self.hide()
        if commit:
            self._on_commit(self.text())
        else:
            self._on_cancel()


class Column(QFrame):
    """The pool or one group: a header and its cards, one under the other."""

    def __init__(self, title: str, number: int | None, fonts: ScaledFonts, *,
                 group_id: str | None = None) -> None:
        super().__init__()
        self.setObjectName("column")
        self.group_id = group_id
        self.cards: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 10)
        layout.setSpacing(6)
        header = QHBoxLayout()
        header.setSpacing(4)
        self.title = QLabel(title)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        fonts.add(self.title, 1.0, bold=True)
        self.key_hint = QLabel(f"[{number}]" if number is not None and number <= 9 else "")
        mute(self.key_hint)
        header.addWidget(self.title, 1)
        header.addWidget(self.key_hint)
        self.rename_button: QToolButton | None = None
        self.delete_button: QToolButton | None = None
        self.name_edit: NameEdit | None = None
        if group_id is not None:
            self.rename_button = self._tool("✎", self.tr("Rename this group  [F2]"))
            self.delete_button = self._tool("✕", self.tr("Delete this group; its cards go back  [Del]"))
            header.addWidget(self.rename_button)
            header.addWidget(self.delete_button)
        layout.addLayout(header)
        self._header_layout = header
        self._cards_layout = QVBoxLayout()
        self._cards_layout.setSpacing(6)
        layout.addLayout(self._cards_layout)
        self.empty_note = QLabel(self.tr("Drop cards here") if group_id
                                 else self.tr("Every card is in a group"))
        mute(self.empty_note)
        self.empty_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.empty_note)
        layout.addStretch(1)

    def add_card(self, card_id: str, text: str) -> QLabel:
        card = card_label(text)
        self._cards_layout.addWidget(card)
        self.cards[card_id] = card
        self.empty_note.hide()
        return card

    def attach_editor(self, editor: NameEdit) -> None:
        self.name_edit = editor
        editor.hide()
        self._header_layout.insertWidget(0, editor, 1)

    def _tool(self, text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setAutoRaise(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        return button

