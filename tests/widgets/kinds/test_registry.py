"""The widget registry walked against the core's registry of kinds (app.kinds): every response kind has a widget
kind here, and every part of it works on a real question of the mini study (its widget, its
autopilot keys, its answer in words, its layout hint, its scale)."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.kinds import QUESTION_KINDS, kind_named
from app.session.presentation import state_for
from tests.clocks import FakeClock
from tests.widgets.kinds.preference_views import preference_views
from tests.widgets.response_kit import visible_texts
from widgets.kinds import WIDGET_KINDS, UnknownKindError, make_response_widget, widget_kind
from widgets.kinds.base import KeyPress, ResponseWidget
from widgets.qt import QApplication, QKeyEvent, QWidget
from widgets.shell.feedback import describe_answer


def _question_of_kind(views: dict[str, Any], kind: str) -> tuple[Any, Any]:
    """The mini study's first question of `kind` (required, so the autopilot must answer it)
    and its trial view."""
    for view in views.values():
        for question in view.questions:
            if question.kind == kind:
                return view, question.model_copy(update={"required": True})
    raise AssertionError(f"the mini study has no {kind} question")


def _press(widget: QWidget, press: KeyPress) -> None:
    """A key as the autopilot presses it: to the widget with the focus (a comment box's own)."""
    target = widget.focusProxy() or widget
    for kind in (QKeyEvent.Type.KeyPress, QKeyEvent.Type.KeyRelease):
        QApplication.sendEvent(target, QKeyEvent(kind, press.key, press.modifiers, press.text))


def test_every_core_kind_has_a_widget_kind() -> None:
    assert set(WIDGET_KINDS) == set(QUESTION_KINDS)
    for name, kind in WIDGET_KINDS.items():
        assert kind.name == name and kind.core is kind_named(name)


@pytest.mark.parametrize("name", QUESTION_KINDS)
def test_each_kind_builds_answers_and_describes(qtbot: QtBot, mini_views: dict[str, Any],
                                                name: str) -> None:
    # the mini study, and the bundled study of the two preference kinds (pairwise, best_worst)
    view, question = _question_of_kind({**mini_views, **preference_views()}, name)
    kind = widget_kind(question.kind)
    state = state_for(question, view, clock=FakeClock(1_000_000))
    widget = kind.make_widget(question, state, direction="ltr")
    qtbot.addWidget(widget)
    widget.resize(900, widget.sizeHint().height())
    widget.show()
    qtbot.waitExposed(widget)
    assert isinstance(widget, ResponseWidget) and widget.state is state
    assert not state.is_complete()

    # The autopilot's keys answer it through the widget, as a participant's would.
    widget.setFocus()
    presses = 0
    for press in kind.autopilot_keys(state):  # drawn one at a time, as the autopilot does
        _press(widget, press)
        presses += 1
    assert state.is_complete(), f"the {name} autopilot keys left the question open"
    entries = [e.text for e in getattr(state, "entries", [])]
    if kind.answered_in_a_few_keys:  # the self-test's first item stays short
        assert presses <= max(1, len(entries))

    # The answer in words: never empty, never a placeholder left unfilled.
    value = state.value()
    assert value is not None
    words = describe_answer(view, question.id, value)
    assert words and "{" not in words
    if entries:  # documents and cards are said by their texts, not their ids
        assert any(text[:20] in words for text in entries)

    # The layout hint: a kind that shows the entries itself has every entry's text on screen.
    if kind.shows_entries:
        shown = " ".join(visible_texts(widget))
        assert entries and all(text in shown for text in entries)
    # The scale is the core's (Kind.scale_points), not the widget's: the results plots read it
    # there, for any kind.
    assert not hasattr(kind, "rating_scale")


def test_answers_in_words_per_kind(mini_views: dict[str, Any]) -> None:
    """Option labels, points, N/A, grades and texts as a participant says them."""
    choice = mini_views["c1"].questions[0]
    option = choice.options[0]
    assert describe_answer(mini_views["c1"], choice.id, option.key) == option.label
    rating = mini_views["s1"].questions[0]
    assert describe_answer(mini_views["s1"], rating.id, 3.0) == "3"
    assert describe_answer(mini_views["s1"], rating.id, "NA") == "N/A"
    view = mini_views["r1"]
    relevance = view.questions[0]
    doc = view.stimulus.documents[0]
    grade = relevance.grades[0]
    said = describe_answer(view, relevance.id, {doc.id: grade.value})
    assert said.startswith("“") and said.endswith(f": {grade.label}") and doc.id not in said
    assert describe_answer(mini_views["poem1"], "why", "because") == "because"
    assert describe_answer(mini_views["poem1"], "why", None) == "no answer"


def test_unknown_kind_and_wrong_state_are_clear_errors(mini_views: dict[str, Any]) -> None:
    with pytest.raises(UnknownKindError, match="no widget for a 'telepathy' question"):
        widget_kind("telepathy")
    view = mini_views["c1"]
    rating_view = mini_views["s1"]
    rating_state = state_for(rating_view.questions[0], rating_view)
    with pytest.raises(TypeError, match="no widget for a choice question with a RatingState"):
        make_response_widget(view.questions[0], rating_state)


@pytest.mark.parametrize("name", QUESTION_KINDS)
def test_enter_makes_a_new_line_only_in_a_multi_line_comment(mini_views: dict[str, Any],
                                                             name: str) -> None:
    """The trial screen's hint (Ctrl+Enter submits from a comment box) asks the kind."""
    _, question = _question_of_kind({**mini_views, **preference_views()}, name)
    kind = widget_kind(name)
    if name == "text":
        assert kind.enter_makes_new_line(question.model_copy(update={"multiline": True}))
        assert not kind.enter_makes_new_line(question.model_copy(update={"multiline": False}))
    else:
        assert not kind.enter_makes_new_line(question)
