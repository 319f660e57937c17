"""A trial's stimulus view asks the image cache to decode the next items' images after its own."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from widgets.images.cache import ImageCache
from widgets.stimuli.registry import image_paths, make_stimulus_widget


def test_upcoming_images_are_decoded_ahead(qtbot: QtBot, mini_views: dict[str, Any],
                                           mini_study_dir: Path) -> None:
    cache = ImageCache(default_size=(400, 300))
    text_view = mini_views["c1"]
    upcoming = (mini_study_dir / "images" / "a.png", mini_study_dir / "images" / "b.png")
    view = dataclasses.replace(text_view, upcoming_images=upcoming)
    widget = make_stimulus_widget(view, cache)
    qtbot.addWidget(widget)
    assert image_paths(view) == []  # the item itself shows no image
    assert cache.is_busy()  # the next items' images are being decoded already
    qtbot.waitUntil(lambda: all(cache.get(p) is not None for p in upcoming), timeout=5000)
    for path in upcoming:
        entry = cache.get(path)
        assert entry is not None and entry.error is None and entry.image is not None
        assert entry.image.size[0] <= 400 and entry.image.size[1] <= 300
    cache.shutdown()



def test_default_budget_holds_the_current_and_the_prefetched_items() -> None:
    from app.session.engine import PREFETCH_ITEMS
    from widgets.images.cache import DEFAULT_BUDGET

    screen_decode = 2560 * 1600 * 3  # one image decoded for a large laptop screen
    images_per_item = 3  # a case shown as three photographs side by side
    assert (1 + PREFETCH_ITEMS) * images_per_item * screen_decode <= DEFAULT_BUDGET
    assert DEFAULT_BUDGET <= 128 * 2**20  # the 400 MB session target (bench_memory.py)
