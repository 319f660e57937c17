"""Shared steps for the widget tests: a real answer model and widget for a mini-study item."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from app.session.presentation import state_for
from tests.clocks import FakeClock
from widgets.kinds import make_response_widget
from widgets.qt import QKeyEvent, QLabel, QLineEdit, QPushButton, Qt, QWidget


def build_response(qtbot: QtBot, views: dict[str, Any], item_id: str, index: int = 0,
                   question: Any = None) -> tuple[Any, Any]:
    view = views[item_id]
    question = question or view.questions[index]
    state = state_for(question, view, clock=FakeClock(1_000_000))
    widget = make_response_widget(question, state)
    qtbot.addWidget(widget)
    widget.resize(900, widget.sizeHint().height())
    widget.show()
    qtbot.waitExposed(widget)
    return state, widget


def key(widget: QWidget, qt_key: Qt.Key, text: str = "",
        modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> bool:
    """Offer one key press to a response widget's handle_key, as the trial screen does."""
    event = QKeyEvent(QKeyEvent.Type.KeyPress, qt_key, modifiers, text)
    return bool(widget.handle_key(event))  # type: ignore[attr-defined]


def visible_texts(widget: QWidget) -> list[str]:
    """Every text a participant could read in the widget."""
    texts = []
    for child in [widget, *widget.findChildren(QWidget)]:
        if isinstance(child, QLabel | QPushButton | QLineEdit):
            texts.append(child.text())
        texts.append(child.toolTip())
    return [t for t in texts if t]
