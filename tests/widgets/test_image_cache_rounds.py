"""The image cache drops what the last KEEP_ROUNDS prefetch rounds did not ask for: the
trial on screen, the one built ahead and their upcoming images stay, older decodes go
before the byte budget would push them out."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pytestqt.qtbot import QtBot

from widgets.images.cache import KEEP_ROUNDS, ImageCache


def _images(folder: Path, n: int) -> list[Path]:
    paths = []
    for i in range(n):
        path = folder / f"{i}.png"
        Image.new("RGB", (40, 30), (i * 20, 0, 0)).save(path)
        paths.append(path)
    return paths


def _trial(qtbot: QtBot, cache: ImageCache, paths: list[Path], i: int) -> None:
    """What a trial's stimulus view does: its own image, then the next two prefetched."""
    cache.request(paths[i])
    cache.prefetch(paths[i + 1:i + 3])
    qtbot.waitUntil(lambda: not cache.is_busy(), timeout=10_000)


def test_decodes_not_asked_for_in_the_last_two_rounds_are_dropped(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    assert KEEP_ROUNDS == 2
    paths = _images(tmp_path, 9)
    cache = ImageCache(default_size=(100, 100))  # the budget (128 MB) never evicts here
    try:
        for i in range(5):
            _trial(qtbot, cache, paths, i)
            held = {Path(k).name for k in cache._entries}
            # Round i asked for i, i+1, i+2; round i-1 for i-1, i, i+1.
            assert held == {f"{j}.png" for j in range(max(0, i - 1), i + 3)}, (i, held)
            assert cache.get(paths[i]) is not None and cache.get(paths[i + 2]) is not None
        # What is dropped is decoded again when asked for (a step back).
        assert cache.get(paths[0]) is None
        assert cache.request(paths[0]) is None
        qtbot.waitUntil(lambda: cache.get(paths[0]) is not None, timeout=10_000)
    finally:
        cache.shutdown()


def test_without_prefetch_rounds_only_the_budget_evicts(qtbot: QtBot, tmp_path: Path) -> None:
    paths = _images(tmp_path, 6)
    cache = ImageCache(default_size=(100, 100))
    try:
        for path in paths:
            cache.request(path)
        qtbot.waitUntil(lambda: not cache.is_busy(), timeout=10_000)
        assert all(cache.get(p) is not None for p in paths)
    finally:
        cache.shutdown()
