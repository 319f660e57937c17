"""Right-to-left text on screen: Qt layout directions from app.text_direction's answers."""

from __future__ import annotations

from app.text_direction import text_direction
from widgets.qt import QLabel, Qt, QWidget


def qt_direction(direction: str) -> Qt.LayoutDirection:
    return Qt.LayoutDirection.RightToLeft if direction == "rtl" else Qt.LayoutDirection.LeftToRight


def apply_direction(widget: QWidget, direction: str) -> None:
    """Mirror a widget and its children for 'rtl'. Alignments such as AlignLeft flip with it
    (Qt reads them as "leading"), and the text's paragraph direction follows."""
    widget.setLayoutDirection(qt_direction(direction))


def text_label(text: str, direction: str | None = None, *, selectable: bool = True) -> QLabel:
    """A word-wrapped plain-text label running in `direction`, or in its text's own direction
    when None (documents and cards of one item can mix scripts)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    apply_direction(label, direction or text_direction(text) or "ltr")
    return label
