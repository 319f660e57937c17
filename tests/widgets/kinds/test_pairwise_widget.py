"""The pairwise widget: answered by keys (Left/A, Right/B, T) and by mouse, the stored answer
names a or b whatever side it was shown on; the stimulus shows the two side by side."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.kinds.pairwise import PairwiseQuestion
from tests.widgets.kinds.preference_views import preference_views
from tests.widgets.response_kit import build_response, key, visible_texts
from widgets.kinds import widget_kind
from widgets.qt import Qt
from widgets.stimuli.pair import PairStimulusWidget


@pytest.fixture(scope="module")
def views() -> dict[str, Any]:
    return preference_views()


def _swapped_and_straight(views: dict[str, Any]) -> tuple[str, str]:
    sides = {i: v.orders["better"] for i, v in views.items() if "better" in v.orders}
    swapped = next(i for i, s in sides.items() if s == ["b", "a"])
    straight = next(i for i, s in sides.items() if s == ["a", "b"])
    return swapped, straight


def test_both_sides_are_drawn(views: dict[str, Any]) -> None:
    _swapped_and_straight(views)  # b is on the left on some items, a on others


@pytest.mark.parametrize("which", [0, 1])
def test_keys_pick_the_side_shown_and_store_its_letter(qtbot: QtBot, views: dict[str, Any],
                                                       which: int) -> None:
    item_id = _swapped_and_straight(views)[which]
    left, right = views[item_id].orders["better"]
    state, widget = build_response(qtbot, views, item_id)
    assert key(widget, Qt.Key.Key_Left) and state.value() == left
    assert widget.buttons[left].isChecked() and not widget.buttons[right].isChecked()
    assert key(widget, Qt.Key.Key_B, "b") and state.value() == right
    assert key(widget, Qt.Key.Key_A, "a") and state.value() == left
    qtbot.keyClick(widget, Qt.Key.Key_Right)  # through the widget's own keyPressEvent
    assert state.value() == right
    assert key(widget, Qt.Key.Key_T, "t") and state.value() == "tie"
    assert widget.buttons["tie"].isChecked()
    assert not key(widget, Qt.Key.Key_1, "1") and not key(widget, Qt.Key.Key_P, "p")
    assert not key(widget, Qt.Key.Key_Left, "", Qt.KeyboardModifier.AltModifier)  # the viewer's
    assert widget.uses_letter("T") and not widget.uses_letter("P")
    assert state.n_changes == 4 and state.to_question_answer().answer == "tie"


def test_mouse_and_the_words_on_screen(qtbot: QtBot, views: dict[str, Any]) -> None:
    item_id = _swapped_and_straight(views)[0]
    state, widget = build_response(qtbot, views, item_id)
    qtbot.mouseClick(widget.buttons["a"], Qt.MouseButton.LeftButton)  # a is on the right here
    assert state.value() == "a"
    texts = " ".join(visible_texts(widget))
    assert "[A]" in texts and "[B]" in texts and "[T]" in texts and "About the same" in texts
    assert "← or A" in widget.key_hint()
    assert "system" not in texts.lower()


def test_without_a_tie(qtbot: QtBot, views: dict[str, Any]) -> None:
    view = views["pair-01"]
    question = view.questions[0].model_copy(update={"allow_tie": False})
    question._shown_sides = view.questions[0].shown_sides
    state, widget = build_response(qtbot, views, "pair-01", question=question)
    assert "tie" not in widget.buttons and not key(widget, Qt.Key.Key_T, "t")
    assert state.value() is None and not widget.uses_letter("T")


def test_feedback_names_the_side_the_participant_saw(views: dict[str, Any]) -> None:
    swapped, _ = _swapped_and_straight(views)
    question = views[swapped].questions[0]
    assert isinstance(question, PairwiseQuestion) and question.shown_sides == ("b", "a")
    kind = widget_kind("pairwise")
    assert kind.describe_answer(question, "a", {}) == "the right one"
    assert kind.describe_answer(question, "b", {}) == "the left one"
    assert kind.describe_answer(question, "tie", {}) == "About the same"


def test_the_pair_stands_side_by_side_in_the_drawn_order(qtbot: QtBot,
                                                         views: dict[str, Any]) -> None:
    from app.home import bundled_studies_dir
    from app.study.loader import load_study

    swapped, _ = _swapped_and_straight(views)
    original = load_study(bundled_studies_dir() / "preference-demo").items_by_id[swapped].stimulus
    widget = PairStimulusWidget(views[swapped])
    qtbot.addWidget(widget)
    widget.resize(1200, 500)
    widget.show()
    qtbot.waitExposed(widget)
    left, right = widget.boxes
    assert left.geometry().right() < right.geometry().left()  # side by side
    assert abs(left.geometry().top() - right.geometry().top()) < 2
    assert [t.text() for t in widget.texts] == [original.text_b, original.text_a]


def test_two_images_keep_left_and_right_in_a_right_to_left_language(
        qtbot: QtBot, views: dict[str, Any]) -> None:
    from dataclasses import replace

    from app.home import bundled_studies_dir
    from app.study.loader import load_study
    from app.study.model import ImagesStimulus
    from widgets.qt import QApplication
    from widgets.stimuli.images import ImagesStimulusWidget

    lesions = load_study(bundled_studies_dir() / "lesion-vqa-demo")
    refs = [ref for item in lesions.study.items for ref in item.stimulus.images][:2]
    view = replace(views["pair-01"], stimulus=ImagesStimulus(images=refs),
                   study_folder=lesions.folder)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    try:
        widget = ImagesStimulusWidget(view, None)
        qtbot.addWidget(widget)
        widget.resize(1000, 500)
        widget.show()
        qtbot.waitExposed(widget)
        first, second = widget.panel.viewers
        assert first.geometry().right() < second.geometry().left()  # the first on the left
    finally:
        app.setLayoutDirection(Qt.LayoutDirection.LeftToRight)


def test_left_and_right_stay_so_in_a_right_to_left_language(qtbot: QtBot,
                                                             views: dict[str, Any]) -> None:
    from widgets.qt import QApplication

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    try:
        stimulus = PairStimulusWidget(views["pair-01"])
        qtbot.addWidget(stimulus)
        stimulus.resize(1200, 500)
        stimulus.show()
        qtbot.waitExposed(stimulus)
        left, right = stimulus.boxes  # text_a's box first: it is the one shown on the left
        assert left.mapToGlobal(left.rect().topLeft()).x() < right.mapToGlobal(
            right.rect().topLeft()).x()
        state, widget = build_response(qtbot, views, "pair-01")
        first, second = (widget.buttons[side] for side in state.sides)
        assert first.mapToGlobal(first.rect().topLeft()).x() < second.mapToGlobal(
            second.rect().topLeft()).x()
    finally:
        app.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
