"""Stimulus views built from real TrialViews of the mini study."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image
from pytestqt.qtbot import QtBot

from app.study.model import ImageRef, ImagesStimulus, PoemStimulus, TextStimulus
from widgets.images.cache import ImageCache
from widgets.images.inline import MAX_HEIGHT
from widgets.qt import QLabel, Qt
from widgets.stimuli.images import ImagesStimulusWidget
from widgets.stimuli.poem import PoemStimulusWidget
from widgets.stimuli.registry import image_paths, make_stimulus_widget
from widgets.stimuli.rich_text import (
    WINDOW_SHARE,
    RichTextView,
    make_prompt_view,
    prompt_images,
)
from widgets.stimuli.text import TextStimulusWidget


def _show(qtbot: QtBot, widget: Any, width: int = 700, height: int = 500) -> Any:
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_arabic_text_runs_right_to_left(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    widget = _show(qtbot, make_stimulus_widget(mini_views["c2"], None))
    assert isinstance(widget, TextStimulusWidget) and widget.is_ready()
    assert widget.direction == "rtl"
    assert widget.layoutDirection() == Qt.LayoutDirection.RightToLeft
    label = widget.body.labels[0]
    assert label.text() == "كان الفيلم رائعا جدا"
    assert label.layoutDirection() == Qt.LayoutDirection.RightToLeft
    # laid out on the right: the text's right edge is near the column's right edge
    english = _show(qtbot, make_stimulus_widget(mini_views["c1"], None))
    assert english.layoutDirection() == Qt.LayoutDirection.LeftToRight
    auto = dataclasses.replace(mini_views["c1"], direction="auto", language=None,
                               stimulus=TextStimulus(text="שלום עולם"))
    assert _show(qtbot, make_stimulus_widget(auto, None)).direction == "rtl"


def test_images_replace_placeholders_in_order(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    view = mini_views["v1"]
    cache = ImageCache(default_size=(800, 600))
    try:
        widget = _show(qtbot, make_stimulus_widget(view, cache))
        qtbot.waitUntil(widget.is_ready, timeout=10_000)
        body = widget.body
        assert [label.text() for label in body.labels] == ["Look at", "and compare with", "."]
        assert [image.path.name for image in body.images] == ["a.png", "b.png"]
        layout = body.layout()
        order = [layout.itemAt(i).widget() for i in range(layout.count())]
        rows = [image.parentWidget() for image in body.images]  # each image sits in a row
        assert order.index(rows[0]) < order.index(body.labels[1]) < order.index(rows[1])
        assert all(image.error() is None for image in body.images)
        assert image_paths(view) == [str(view.image_path("images/a.png")),
                                     str(view.image_path("images/b.png"))]
    finally:
        cache.shutdown()


def test_consecutive_placeholders_sit_side_by_side_and_fit_the_window(
        qtbot: QtBot, tmp_path: Path) -> None:
    paths = []
    for name in ("a", "b", "c"):
        paths.append(tmp_path / f"{name}.png")
        Image.fromarray(np.full((900, 900, 3), 90, dtype=np.uint8)).save(paths[-1])
    view = RichTextView("Turned how far?\n<image> <image>\nA. 45 degrees\n<image>", "plain",
                        paths, None)
    _show(qtbot, view, 800, 600)
    view.layout().activate()
    first, second, third = view.images
    assert first.parentWidget() is second.parentWidget() is not third.parentWidget()
    assert len(view.rows) == 2
    qtbot.waitUntil(lambda: first.max_height < 320)  # a share of the 600 px window
    for image in (first, second):
        image.parentWidget().layout().activate()
    top_a, top_b = first.geometry().top(), second.geometry().top()
    assert top_a == top_b and first.geometry().right() < second.geometry().left()
    assert first.geometry().right() <= view.width() and second.geometry().right() <= view.width()
    assert first.heightForWidth(first.width()) <= 600 * 0.5  # both visible with the text


def test_large_inline_images_scale_to_the_width(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "wide.png"
    Image.fromarray(np.full((500, 2000, 3), 90, dtype=np.uint8)).save(path)
    view = RichTextView("Before <image> after", "plain", [path], None)
    _show(qtbot, view, 600, 500)
    image = view.images[0]
    assert image.width() <= 600 and image.heightForWidth(600) == 150  # 2000x500 -> 600x150
    # Capped at a share of the window's height (500 px here), so the text around stays in sight.
    qtbot.waitUntil(lambda: image.max_height == int(500 * WINDOW_SHARE))
    assert image.heightForWidth(4000) == image.max_height < MAX_HEIGHT
    assert image.heightForWidth(200) == 50
    small = tmp_path / "small.png"
    Image.fromarray(np.full((100, 300, 3), 90, dtype=np.uint8)).save(small)
    tiny = RichTextView("<image>", "plain", [small], None)
    assert tiny.images[0].heightForWidth(4000) == 100  # never larger than the image itself


def test_prompt_images_take_the_images_after_the_stimulus(qtbot: QtBot,
                                                        mini_views: dict[str, Any]) -> None:
    base = mini_views["v1"]
    question = base.questions[0].model_copy(update={"prompt": "Which matches <image>?"})
    stimulus = base.stimulus.model_copy(update={
        "text": "Look at <image>.",
        "images": [ImageRef(path="images/a.png"), ImageRef(path="images/b.png")]})
    view = dataclasses.replace(base, stimulus=stimulus, questions=[question])
    assert prompt_images(view, question) == [view.image_path("images/b.png")]
    prompt = make_prompt_view(view, question, None)
    _show(qtbot, prompt)
    assert prompt.is_ready() and [i.path.name for i in prompt.images] == ["b.png"]
    assert prompt.plain_text() == "Which matches \n?"
    stim = _show(qtbot, make_stimulus_widget(view, None))
    assert [i.path.name for i in stim.body.images] == ["a.png"]  # b.png is the prompt's


def test_a_broken_inline_image_says_so_and_is_ready(qtbot: QtBot, tmp_path: Path) -> None:
    bad = tmp_path / "x.png"
    bad.write_text("nope")
    view = _show(qtbot, RichTextView("See <image>", "plain", [bad], None))
    assert view.is_ready() and "x.png" in (view.images[0].error() or "")


def test_poem_keeps_line_breaks_prompt_and_title(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    base = mini_views["poem1"]
    stim = base.stimulus.model_copy(update={"title": "Sun Cat"})
    assert isinstance(stim, PoemStimulus)
    widget = _show(qtbot, make_stimulus_widget(dataclasses.replace(base, stimulus=stim), None))
    assert isinstance(widget, PoemStimulusWidget)
    assert widget.body.text() == "A cat with a taste for the sun\nwould nap till the day was done"
    assert widget.body.textFormat() == Qt.TextFormat.PlainText
    assert "limerick" in widget.prompt.text() and "a cat" in widget.prompt.text()
    assert widget.title is not None and widget.title.text() == "Sun Cat"
    # two lines on screen: the label is at least two line-heights tall
    assert widget.body.height() >= 2 * widget.body.fontMetrics().lineSpacing()


def test_pair_query_and_cards(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    pair = _show(qtbot, make_stimulus_widget(mini_views["s1"], None))
    assert [t.text() for t in pair.texts] == ["A man is playing a guitar.",
                                             "Someone plays an instrument."]
    labels = [label.text() for label in pair.findChildren(QLabel)]
    assert "Sentence 1" in labels and "Sentence 2" in labels
    query = _show(qtbot, make_stimulus_widget(mini_views["r1"], None))
    assert query.query.text() == "how to boil an egg"
    assert query.documents == []  # the relevance widget shows them, beside their buttons
    listed = dataclasses.replace(mini_views["r1"], questions=mini_views["c1"].questions)
    numbered = _show(qtbot, make_stimulus_widget(listed, None))
    shown = [d.id for d in listed.stimulus.documents]
    texts = {d.id: d.text for d in listed.stimulus.documents}
    assert [d.text() for d in numbered.documents] == [texts[i] for i in shown]
    cards = _show(qtbot, make_stimulus_widget(mini_views["k1"], None))
    assert cards.intro is not None and cards.intro.text() == "Group these by topic."
    assert cards.cards == []


def test_images_stimulus_in_the_viewer(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    stim = ImagesStimulus(images=[ImageRef(path="images/a.png", caption="dorsal"),
                                  ImageRef(path="images/b.png")], text="Left hand, 3 weeks.")
    view = dataclasses.replace(mini_views["v1"], stimulus=stim)
    cache = ImageCache(default_size=(800, 600))
    try:
        widget = _show(qtbot, make_stimulus_widget(view, cache), 900, 500)
        assert isinstance(widget, ImagesStimulusWidget)
        if not widget.is_ready():
            with qtbot.waitSignal(widget.ready, timeout=10_000):
                pass
        assert widget.is_ready() and len(widget.panel.viewers) == 2
        assert [c.text() for c in widget.panel.captions] == ["Image 1 · dorsal", "Image 2"]
        assert widget.text is not None and widget.text.plain_text() == "Left hand, 3 weeks."
    finally:
        cache.shutdown()
