"""Plain push buttons styled like the answer buttons (palette colours, rounded, roomy), for
the secondary actions of answer widgets and the image bar."""

from __future__ import annotations

from collections.abc import Callable

from widgets.qt import QPushButton, Qt

BUTTON_STYLE = """
QPushButton { padding: 6px 14px; border: 1px solid palette(mid); border-radius: 6px;
              background: palette(button); color: palette(button-text); }
QPushButton:hover { border: 1px solid palette(highlight); }
QPushButton:pressed { background: palette(mid); }
QPushButton:disabled { color: palette(mid); }
"""
DROP_TARGET_STYLE = """
QPushButton { padding: 10px 14px; border: 2px dashed palette(mid); border-radius: 8px;
              background: transparent; color: palette(window-text); }
QPushButton:hover { border: 2px dashed palette(highlight); }
QPushButton:disabled { color: palette(mid); }
"""


def plain_button(text: str, slot: Callable[[], object] | None = None, *, tip: str = "",
                 drop_target: bool = False) -> QPushButton:
    """A button that never takes the keyboard focus (its action has a key of its own)."""
    button = QPushButton(text)
    button.setStyleSheet(DROP_TARGET_STYLE if drop_target else BUTTON_STYLE)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    if tip:
        button.setToolTip(tip)
    if slot is not None:
        button.clicked.connect(slot)
    return button
