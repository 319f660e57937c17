"""Relevance, ranking and clustering widgets: mouse (including real drags) and keyboard,
asserting on the widget and on the answer model."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from app.study.answers import normalize_answer
from app.study.loader import load_study
from tests.widgets.response_kit import build_response, key
from widgets.qt import QPoint, Qt

CTRL = Qt.KeyboardModifier.ControlModifier


def _drag(qtbot: QtBot, widget: Any, start: QPoint, end: QPoint) -> None:
    """A real mouse drag: press, several moves with the button held, release."""
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(widget, start + (end - start) * step / 5)
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=end)


def _centre_in(widget: Any, child: Any) -> QPoint:
    return child.mapTo(widget, child.rect().center())


def test_relevance_keyboard_flow(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "r1")
    ids = [e.id for e in state.entries]
    assert widget.rows[0].property("current") is True
    qtbot.keyClick(widget, Qt.Key.Key_1)  # grade and move on
    assert state.grade_of(ids[0]) == 1 and widget.current == 1
    assert widget.grade_buttons[0][1].isChecked()
    assert widget.rows[1].property("current") is True and widget.rows[0].property("current") is False
    qtbot.keyClick(widget, Qt.Key.Key_Space)  # toggle in place: unjudged -> Relevant
    assert state.grade_of(ids[1]) == 1 and widget.current == 1
    qtbot.keyClick(widget, Qt.Key.Key_Space)
    assert state.grade_of(ids[1]) == 0 and widget.grade_buttons[1][0].isChecked()
    assert "2 of 3" in widget.progress.text() and not state.is_complete()
    qtbot.keyClick(widget, Qt.Key.Key_Down)
    qtbot.keyClick(widget, Qt.Key.Key_0)
    assert state.is_complete() and widget.progress.text() == "All 3 documents judged"
    qtbot.keyClick(widget, Qt.Key.Key_Up)
    assert widget.current == 1
    assert not key(widget, Qt.Key.Key_Return, "\r")  # Submit stays the trial screen's
    assert not key(widget, Qt.Key.Key_7, "7")  # not a grade


def test_relevance_by_mouse(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "r1")
    ids = [e.id for e in state.entries]
    for index, grade in enumerate((0, 1, 1)):
        qtbot.mouseClick(widget.grade_buttons[index][grade], Qt.MouseButton.LeftButton)
    assert state.value() == {ids[0]: 0, ids[1]: 1, ids[2]: 1}
    assert widget.current == 2  # the clicked row became current; no automatic advance
    qtbot.mouseClick(widget.rows[0], Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert widget.current == 0


def test_ranking_keyboard(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "rank1")
    shown = state.order
    assert state.value() is None and widget.keep_button.isEnabled()
    assert [n.text() for n in widget.numbers] == ["1", "2", "3"]
    qtbot.keyClick(widget, Qt.Key.Key_Down, CTRL)  # move the first entry down
    assert state.order == [shown[1], shown[0], shown[2]] and widget.current == 1
    assert widget.texts[1].text() == next(e.text for e in state.entries if e.id == shown[0])
    qtbot.keyClick(widget, Qt.Key.Key_Up)
    qtbot.keyClick(widget, Qt.Key.Key_Up, CTRL)  # already first: stays
    assert state.order == [shown[1], shown[0], shown[2]] and not widget.keep_button.isEnabled()
    fresh_state, fresh = build_response(qtbot, mini_views, "rank1")
    qtbot.keyClick(fresh, Qt.Key.Key_Space)  # keep the order as shown
    assert fresh_state.value() == shown


def test_ranking_real_mouse_drag(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "rank1")
    shown = state.order
    area = widget.list_area
    start = widget.rows[0].geometry().center()
    end = QPoint(start.x(), widget.rows[2].geometry().bottom() + 2)
    _drag(qtbot, area, start, end)
    assert state.order == [shown[1], shown[2], shown[0]]
    assert widget.numbers[2].text() == "3" and not widget.drop_line.isVisible()
    assert widget.rows[2].property("dragging") is False and widget.current == 2
    # a click without moving is a selection, not a move
    qtbot.mouseClick(area, Qt.MouseButton.LeftButton, pos=widget.rows[0].geometry().center())
    assert state.order == [shown[1], shown[2], shown[0]] and widget.current == 0


def test_clustering_keyboard_flow(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "k1")
    cards = [e.id for e in state.entries]
    assert widget.card_id == cards[0] and state.ungrouped == cards
    qtbot.keyClick(widget, Qt.Key.Key_N, CTRL)  # new group holding the selected card
    assert [g.cards for g in state.groups] == [(cards[0],)]
    assert widget.card_id == cards[1] and widget.column_index == 0  # still sorting the pool
    qtbot.keyClick(widget, Qt.Key.Key_1)
    qtbot.keyClick(widget, Qt.Key.Key_N, CTRL)
    qtbot.keyClick(widget, Qt.Key.Key_2)
    assert state.ungrouped == [] and state.n_filled_groups() == 2
    assert state.groups[0].cards == (cards[0], cards[1])
    assert state.is_complete() and widget.status.text() == "Every card is in a group."
    assert widget.column_index == 2 and widget.card_id == cards[3]  # followed the last card
    # rename group 1 with F2, typing, Return
    qtbot.keyClick(widget, Qt.Key.Key_Left)
    assert widget.column_index == 1 and widget.card_id == cards[1]  # same row, next column
    qtbot.keyClick(widget, Qt.Key.Key_F2)
    editor = widget.columns[1].name_edit
    assert editor is not None
    qtbot.waitUntil(editor.isVisible)  # new widgets in a shown layout appear on the next pass
    editor.selectAll()
    qtbot.keyClicks(editor, "Cities")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert state.groups[0].label == "Cities" and widget.columns[1].title.text() == "Cities"
    # back to the pool with 0; Delete refuses a group that holds cards
    widget.card_id = cards[1]
    qtbot.keyClick(widget, Qt.Key.Key_0)
    assert state.ungrouped == [cards[1]] and widget.column_index == 0  # followed it
    qtbot.keyClick(widget, Qt.Key.Key_Delete)  # the pool is no group: nothing happens
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    qtbot.keyClick(widget, Qt.Key.Key_Delete)
    assert len(state.groups) == 2 and "first" in widget.status.text()


def test_clustering_delete_and_duplicate_name(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "k1")
    qtbot.mouseClick(widget.new_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(widget.new_button, Qt.MouseButton.LeftButton)
    assert [g.label for g in state.groups] == ["Group 1", "Group 2"]
    widget.rename(2)
    editor = widget.columns[2].name_edit
    editor.setText("group 1")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert state.groups[1].label == "Group 2" and "already a group" in widget.status.text()
    widget.column_index = 2
    qtbot.keyClick(widget, Qt.Key.Key_Delete)  # empty: goes
    assert [g.label for g in state.groups] == ["Group 1"]


def test_clustering_real_mouse_drags(qtbot: QtBot, mini_views: dict[str, Any],
                                     mini_study_dir: Any) -> None:
    state, widget = build_response(qtbot, mini_views, "k1")
    widget.resize(900, 600)
    cards = [e.id for e in state.entries]
    # drag the first card onto "New group": a group holding it
    _drag(qtbot, widget, _centre_in(widget, widget.columns[0].cards[cards[0]]),
          _centre_in(widget, widget.new_button))
    assert [g.cards for g in state.groups] == [(cards[0],)]
    # drag the others onto that group's column, one at a time
    for card in cards[1:]:
        qtbot.wait(1)
        _drag(qtbot, widget, _centre_in(widget, widget.columns[0].cards[card]),
              _centre_in(widget, widget.columns[1]))
    assert state.ungrouped == [] and len(state.groups[0].cards) == 4
    assert state.value() is not None
    item = load_study(mini_study_dir).items_by_id["k1"]
    stored = normalize_answer(item, item.questions[0], state.value())
    assert set(stored.values()) == {"Group 1"}
    # drag one back to the pool
    _drag(qtbot, widget, _centre_in(widget, widget.columns[1].cards[cards[2]]),
          _centre_in(widget, widget.columns[0]))
    assert state.ungrouped == [cards[2]] and not state.is_complete()
    assert all(c.property("drop") is not True for c in widget.columns)


def test_relevance_buttons_go_under_the_text_when_narrow(qtbot: QtBot,
                                                         mini_views: dict[str, Any]) -> None:
    _, widget = build_response(qtbot, mini_views, "r1")
    widget.resize(900, 600)
    qtbot.wait(1)
    button = widget.grade_buttons[0][1]
    text = widget.texts[0]
    assert button.geometry().top() < text.geometry().bottom()  # beside the text
    widget.resize(480, 900)
    qtbot.waitUntil(lambda: button.geometry().top() > text.geometry().bottom())  # under it


def test_clustering_groups_flow_side_by_side(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    _state, widget = build_response(qtbot, mini_views, "k1")
    widget.resize(1200, 600)
    for _ in range(3):
        widget.new_group(with_card=False)
    qtbot.waitUntil(lambda: widget.group_columns >= 3)
    groups = widget.columns[1:]
    assert len(groups) == 3
    widget.layout().activate()
    assert len({g.geometry().top() for g in groups}) == 1  # one row: all three in sight
    lefts = sorted(g.mapTo(widget, QPoint(0, 0)).x() for g in groups)
    pool_right = widget.columns[0].mapTo(widget, QPoint(widget.columns[0].width(), 0)).x()
    assert lefts[0] > pool_right and lefts[0] < lefts[1] < lefts[2]
    widget.resize(500, 600)
    qtbot.waitUntil(lambda: widget.group_columns == 1)
    widget.layout().activate()
    assert len({g.geometry().left() for g in widget.columns[1:]}) == 1  # stacked when narrow
