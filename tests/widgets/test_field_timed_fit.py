"""Timed SpinBench items fit a laptop window without scrolling (scrolling time would count in
the response time): a reference image and four candidates, two stacked pictures, at 1280x720
and 1366x768; the images scale down to fit."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.widgets.field_support import bundled_copy, open_trial
from widgets.images.inline import InlineImage
from widgets.qt import QPoint, QRect, QtWidgets, QWidget

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
