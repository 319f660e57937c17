"""Choice, rating and text widgets: mouse and keyboard, asserting on the widget and the state."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from app.kinds.rating import RatingQuestion
from app.study.answers import NA
from tests.widgets.response_kit import build_response, key
from widgets.qt import QLabel, Qt


def test_choice_by_mouse_and_digits(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "c1")
    shown = [o.key for o in state.options]
    assert not widget.letter_keys  # "pos"/"neg": digits pick by position
    assert widget.buttons[shown[0]].text().startswith("[1]")
    qtbot.mouseClick(widget.buttons[shown[1]], Qt.MouseButton.LeftButton)
    assert state.value() == shown[1] and widget.buttons[shown[1]].isChecked()
    qtbot.keyClick(widget, Qt.Key.Key_1)  # the widget's own keyPressEvent -> handle_key
    assert state.value() == shown[0]
    assert widget.buttons[shown[0]].isChecked() and not widget.buttons[shown[1]].isChecked()
    assert not key(widget, Qt.Key.Key_3, "3")  # no third option: left to the trial screen
    assert not key(widget, Qt.Key.Key_P, "p")
    assert not key(widget, Qt.Key.Key_Return, "\r")  # Enter is the trial screen's
    assert state.n_changes == 1


def test_choice_letters(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "v1")
    assert widget.letter_keys
    assert widget.buttons["A"].text() == "[A]   First"
    assert key(widget, Qt.Key.Key_B, "b")
    assert state.value() == "B" and widget.buttons["B"].isChecked()
    assert key(widget, Qt.Key.Key_1, "1")  # digits still pick by shown position
    assert state.value() == state.options[0].key
    assert not key(widget, Qt.Key.Key_A, "a", Qt.KeyboardModifier.ControlModifier)


def test_rating_halves_keys_and_mouse(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "s1")
    assert len(widget.buttons) == 11 and widget.na_button is None
    qtbot.keyClick(widget, Qt.Key.Key_3)
    assert state.value() == 3.0 and widget.buttons[6].isChecked()
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    assert state.value() == 3.5
    qtbot.keyClick(widget, Qt.Key.Key_Left)
    qtbot.keyClick(widget, Qt.Key.Key_Left)
    assert state.value() == 2.5
    qtbot.mouseClick(widget.buttons[10], Qt.MouseButton.LeftButton)
    assert state.value() == 5.0 and widget.buttons[10].isChecked()
    assert not widget.buttons[5].isChecked()
    assert key(widget, Qt.Key.Key_0, "0") and state.value() == 0.0  # 0 is a point here
    assert not key(widget, Qt.Key.Key_N, "n")  # no N/A on this scale


def test_rating_likert_with_na(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "poem1", 0)
    assert widget.na_button is not None and "[N or 0]" in widget.na_button.text()
    assert key(widget, Qt.Key.Key_0, "0") and state.value() == NA
    assert widget.na_button.isChecked()
    assert key(widget, Qt.Key.Key_4, "4") and state.value() == 4.0
    assert not widget.na_button.isChecked() and widget.buttons[3].isChecked()
    qtbot.mouseClick(widget.na_button, Qt.MouseButton.LeftButton)
    assert state.value() == NA
    assert key(widget, Qt.Key.Key_Right) and state.value() == 1.0  # from N/A, Right starts low
    assert key(widget, Qt.Key.Key_End) and state.value() == 5.0
    assert key(widget, Qt.Key.Key_N, "n") and state.value() == NA


def test_rating_anchors_are_shown(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    _, widget = build_response(qtbot, mini_views, "s1")
    labels = [label.text() for label in widget.findChildren(QLabel)]
    assert "Unrelated" in labels and "Same meaning" in labels


def test_rating_long_scale_uses_a_slider(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    question = RatingQuestion(id="vas", min=0, max=100, anchors=[
        {"value": 0, "label": "not at all"}, {"value": 100, "label": "completely"}])
    state, widget = build_response(qtbot, mini_views, "s1", question=question)
    assert widget.slider is not None and not widget.buttons
    assert widget.slider_value.text() == "no answer yet"
    assert key(widget, Qt.Key.Key_Right) and state.value() == 0.0
    assert key(widget, Qt.Key.Key_7, "7") and state.value() == 7.0
    widget.slider.setValue(42)  # what a mouse drag does
    assert state.value() == 42.0 and widget.slider_value.text() == "42"


def test_text_box_types_and_counts(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "poem1", 1)
    assert state.value() == "" and state.is_complete()  # optional comment
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    qtbot.mouseClick(widget.box.viewport(), Qt.MouseButton.LeftButton)
    assert state.first_interaction_ns is not None and state.answer_ns is None
    qtbot.keyClicks(widget.box, "Vivid 3")
    assert state.value() == "Vivid 3" and widget.counter.text() == "7 / 5000"
    assert not key(widget, Qt.Key.Key_A, "a")  # letters in a comment never answer anything
    widget.box.setPlainText("x" * 6000)  # a paste past the limit is cut at the limit
    assert len(state.value()) == 5000 and len(widget.text()) == 5000
