"""Grouping: F2 on a card not grouped yet says why nothing is renamed and what to do, instead
of doing nothing silently."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from tests.widgets.response_kit import build_response
from widgets.qt import Qt


def test_f2_on_an_ungrouped_card_says_what_to_do(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "k1")
    assert widget.column_index == 0 and widget.card_id == state.ungrouped[0]
    before = widget.status.text()
    qtbot.keyClick(widget, Qt.Key.Key_F2)
    text = widget.status.text()
    assert text != before and "no group to rename" in text and "Ctrl+N" in text
    assert state.groups == [] or all(g.label for g in state.groups)  # nothing changed
