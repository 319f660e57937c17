"""Timed SpinBench items fit a laptop window without scrolling (scrolling time would count in
the response time): a reference image and four candidates, two stacked pictures, at 1280x720
and 1366x768; the images scale down to fit; and where an item cannot fit (150% text),
`validate` says so, for exactly those items."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.study.design_checks import timed_fit_warnings
from app.study.fit import RUN_SIZES
from app.study.loader import load_study
from tests.widgets.field_support import bundled_copy, open_trial
from widgets.images.inline import InlineImage
from widgets.qt import QPoint, QRect, QtWidgets, QWidget
from widgets.screenshot_sizes import zoom_steps

QUICK = {"ready_screen": False, "fixation_ms": 0, "iti_ms": 0, "deadline_ms": 60_000}


def _scrolls(widget: QWidget) -> list[str]:
    out = []
    parent = widget.parentWidget()
    while parent is not None:
        if (isinstance(parent, QtWidgets.QAbstractScrollArea)
                and parent.verticalScrollBar().maximum() > 0):
            out.append(f"{type(parent).__name__} scrolls by "
                       f"{parent.verticalScrollBar().maximum()} px")
        parent = parent.parentWidget()
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
@pytest.mark.parametrize("item", ["view-1", "identity-3"])
def test_a_timed_items_images_are_all_in_view(qtbot, tmp_path: Path, item: str,
                                              size: tuple[int, int]) -> None:
    folder = bundled_copy(tmp_path, "spinbench-timing-demo", [item], design=QUICK)
    app = open_trial(qtbot, tmp_path, folder, size=size)
    app.settle()
    images = app.trial.stimulus.findChildren(InlineImage)
    assert len(images) == (5 if item == "view-1" else 2)
    window = app.window.rect()
    for image in images:
        rect = QRect(image.mapTo(app.window, QPoint(0, 0)), image.size())
        assert window.contains(rect), (item, rect, window)
        assert _scrolls(image) == [], (item, _scrolls(image))
        assert image.height() >= 60  # still worth looking at
    app.close()


# One item of each layout of the timed SpinBench study.
LAYOUTS = ["identity-1", "identity-3", "rotation-1", "view-1", "relation-1", "turn-1"]


@pytest.mark.parametrize("item", LAYOUTS)
def test_validate_warns_of_exactly_the_timed_items_that_cannot_fit(qtbot, tmp_path: Path,
                                                                   item: str) -> None:
    """The core's estimate (app.study.fit, `validate`'s warning) against the real window at
    each screen a study runs on: warned where the item's text and images scroll, and only
    there (view-1 at 150% text: a reference and four candidates stacked)."""
    folder = bundled_copy(tmp_path, "spinbench-timing-demo", [item], design=QUICK)
    loaded = load_study(folder)
    warned = {(w.message.split(" cannot be shown whole at ")[1].split(":")[0])
              for w in timed_fit_warnings(loaded.study)}
    app = open_trial(qtbot, tmp_path, folder, size=RUN_SIZES[0][:2])
    try:
        for width, height, zoom in RUN_SIZES:
            app.window.resize(width, height)
            app.window.zoom.set_steps(zoom_steps(app.window, zoom))
            app.settle()
            images = app.trial.stimulus.findChildren(InlineImage)
            scrolls = any(_scrolls(image) for image in images)
            where = f"{width}x{height}" + ("" if zoom == 1 else f" with {round(zoom * 100)}% text")
            assert scrolls == (where in warned), (item, where, scrolls, warned)
    finally:
        app.window.zoom.set_steps(0)
        app.window.zoom.restore_base()
    assert (item == "view-1") == bool(warned)
    app.close()
