"""Pieces the response widgets share: option buttons, key hints, key decoding, scrolling."""

from __future__ import annotations

from widgets.qt import (
    QKeyEvent,
    QLabel,
    QPushButton,
    QScrollArea,
    QSize,
    QSizePolicy,
    Qt,
    QtCore,
    QWidget,
)
from widgets.typography import ScaledFonts, mute

KEYS_PROPERTY = "keys"  # the keys alone, for the F1 list (ResponseWidget.key_hint)

# Colours come from the palette (light or dark, as the system says); only shapes are set here.
OPTION_STYLE = """
QPushButton {
    text-align: left; padding: 9px 14px; min-height: 22px;
    border: 1px solid palette(mid); border-radius: 6px;
    background: palette(base); color: palette(text);
}
QPushButton:hover { border: 1px solid palette(highlight); }
QPushButton:checked {
    background: palette(highlight); color: palette(highlighted-text);
    border: 1px solid palette(highlight);
}
"""
POINT_STYLE = OPTION_STYLE.replace("text-align: left; padding: 9px 14px;",
                                   "text-align: center; padding: 9px 6px;")


class OptionButton(QPushButton):
    """An answer button at least `min_em` "M" widths of its own font wide: a target that
    grows with the font zoom (a width in pixels stayed small), never narrower than its text."""

    def __init__(self, text: str, min_em: float = 0.0) -> None:
        super().__init__(text)
        self.min_em = min_em

    def _at_least_em(self, hint: QSize) -> QSize:
        em = self.fontMetrics().horizontalAdvance("M")
        return QSize(max(hint.width(), round(self.min_em * em)), hint.height())

    def minimumSizeHint(self) -> QSize:
        return self._at_least_em(super().minimumSizeHint())

    def sizeHint(self) -> QSize:
        return self._at_least_em(super().sizeHint())


def option_button(text: str, *, point: bool = False, min_em: float = 0.0) -> QPushButton:
    """A checkable, calm, large button. No focus: answers are keyed through handle_key."""
    button = OptionButton(text, min_em)
    button.setCheckable(True)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setStyleSheet(POINT_STYLE if point else OPTION_STYLE)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return button


def row_number(index: int, fonts: ScaledFonts) -> QLabel:
    """The muted number a document or card row starts with (its key, 1-based)."""
    number = QLabel(str(index + 1))
    fonts.add(number, 1.1, bold=True)
    number.setFixedWidth(28)
    number.setAlignment(Qt.AlignmentFlag.AlignCenter)
    mute(number)
    return number


def hint_label(text: str) -> QLabel:
    """The line of key hints under a widget."""
    label = QLabel(text)
    label.setWordWrap(True)
    mute(label)
    return label


def keys_label(keys: str) -> QLabel:
    """The "Keys: ..." line under a widget, in the participant's language; `keys` (already
    translated by the widget) is kept on the label for the F1 list."""
    label = hint_label(QtCore.QCoreApplication.translate("ResponseWidget", "Keys: {keys}")
                       .format(keys=keys))
    label.setProperty(KEYS_PROPERTY, keys)
    return label


def plain(event: QKeyEvent) -> bool:
    """No modifier other than Shift or the keypad's."""
    extra = event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier |
                                  Qt.KeyboardModifier.KeypadModifier)
    return extra == Qt.KeyboardModifier.NoModifier


def ctrl(event: QKeyEvent) -> bool:
    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    return mods == Qt.KeyboardModifier.ControlModifier


def digit(event: QKeyEvent) -> int | None:
    """0-9 for a plain digit key (top row or keypad), else None."""
    key = event.key()
    if plain(event) and Qt.Key.Key_0.value <= key <= Qt.Key.Key_9.value:
        return key - Qt.Key.Key_0.value
    return None


def letter(event: QKeyEvent) -> str | None:
    """The typed character, upper-cased, for a plain key that types one; else None."""
    text = event.text()
    if plain(event) and len(text) == 1 and text.isprintable() and not text.isspace():
        return text.upper()
    return None


def scroll_into_view(widget: QWidget) -> None:
    """If the widget sits in a scroll area (the trial screen's), scroll it into sight."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget, 16, 16)
            return
        parent = parent.parentWidget()


def set_flag(widget: QWidget, name: str, value: bool) -> None:
    """Set a dynamic property that the style sheet reads (e.g. [current="true"]), re-style and
    repaint: re-polishing alone leaves the old look on screen until something else (a resize,
    a scroll) paints the widget again."""
    if widget.property(name) == value:
        return
    widget.setProperty(name, value)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.update()


class RowCursor:
    """The current row of a list of rows (relevance documents, ranking entries): kept in
    range, shown by the subclass's `_sync`, and scrolled into sight."""

    rows: list[QWidget]
    current: int

    def set_current(self, index: int) -> None:
        self.current = max(0, min(index, len(self.rows) - 1))
        self._sync()
        scroll_into_view(self.rows[self.current])

    def _sync(self) -> None:
        raise NotImplementedError
