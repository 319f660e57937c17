"""The best-worst widget: a card's number picks the best, then the worst; Backspace takes the
last pick back; the buttons pick directly; the line above the cards says what a number picks."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.widgets.kinds.preference_views import preference_views
from tests.widgets.response_kit import build_response, key, visible_texts
from widgets.kinds import widget_kind
from widgets.qt import Qt


@pytest.fixture(scope="module")
def views() -> dict[str, Any]:
    return preference_views()


def test_numbers_pick_best_then_worst(qtbot: QtBot, views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, views, "lines-01")
    shown = [e.id for e in state.entries]
    assert shown == views["lines-01"].orders["vivid"]  # the cards in the drawn order
    assert "Now pick the “Most vivid”." in widget.now.text()
    assert key(widget, Qt.Key.Key_3, "3")
    assert state.best == shown[2] and widget.buttons[2]["best"].isChecked()
    assert "“Least vivid”" in widget.now.text() and state.value() is None
    qtbot.keyClick(widget, Qt.Key.Key_1)  # through the widget's own keyPressEvent
    assert state.value() == {"best": shown[2], "worst": shown[0]}
    assert widget.buttons[0]["worst"].isChecked() and "Both picked" in widget.now.text()
    assert key(widget, Qt.Key.Key_Backspace)
    assert state.value() is None and state.worst is None and state.best == shown[2]
    assert not key(widget, Qt.Key.Key_5, "5") and not key(widget, Qt.Key.Key_0, "0")
    assert not key(widget, Qt.Key.Key_T, "t")
    assert state.to_question_answer().answer is None


def test_buttons_pick_and_move_the_mark(qtbot: QtBot, views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, views, "lines-02")
    shown = [e.id for e in state.entries]
    qtbot.mouseClick(widget.buttons[1]["worst"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(widget.buttons[1]["best"], Qt.MouseButton.LeftButton)  # moves the mark
    assert (state.best, state.worst) == (shown[1], None)
    assert not widget.buttons[1]["worst"].isChecked()
    qtbot.mouseClick(widget.buttons[3]["worst"], Qt.MouseButton.LeftButton)
    assert state.to_question_answer().answer == {"best": shown[1], "worst": shown[3]}


def test_the_words_on_screen_and_in_feedback(qtbot: QtBot, views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, views, "lines-03")
    texts = " ".join(visible_texts(widget))
    assert all(e.text in texts for e in state.entries)  # the widget shows the lines itself
    assert texts.count("Most vivid") >= 4 and "Backspace" in widget.key_hint()
    question = views["lines-03"].questions[0]
    first, second = state.entries[0], state.entries[1]
    said = widget_kind("best_worst").describe_answer(
        question, {"best": first.id, "worst": second.id}, {first.id: "one", second.id: "two"})
    assert said == "Most vivid: “one”; Least vivid: “two”"
    plain = question.model_copy(update={"best_label": None, "worst_label": None})
    assert widget_kind("best_worst").describe_answer(
        plain, {"best": first.id, "worst": second.id}, {}).startswith("Best: ")
