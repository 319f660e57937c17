"""Closing never waits on a stuck decoder, and a path that became a FIFO is refused instead of
blocking a decoder forever (issue 14). Each test bounds its own wait, so a regression fails
instead of hanging the run."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path

import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.imaging import DecodedImage, Size
from widgets.images import cache as cache_module
from widgets.images.cache import ImageCache


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_gets_an_error_entry_and_shutdown_returns(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "scan.png"
    os.mkfifo(path)  # the image was swapped for a pipe after the study was validated
    cache = ImageCache(default_size=(400, 300))
    try:
        with qtbot.waitSignal(cache.loaded, timeout=10_000):
            assert cache.request(path) is None
        entry = cache.get(path)
        assert entry is not None and entry.image is None and entry.error is not None
        assert str(path) in entry.error and "not a regular file" in entry.error
    finally:
        # A decoder blocked in open() (the old code) is released by a writer appearing, so a
        # regression fails above instead of hanging here.
        with contextlib.suppress(OSError), open(os.open(path, os.O_WRONLY | os.O_NONBLOCK), "wb"):
            pass
        assert cache.shutdown()


def test_shutdown_does_not_wait_for_a_stuck_decoder(qtbot: QtBot, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # A read that never returns (a hung network drive) cannot be made for real in a test: the
    # decoder is replaced by one that blocks until released.
    release = threading.Event()
    entered = threading.Event()

    def stuck_decode(path: Path | str, max_size: Size | None = None) -> DecodedImage:
        entered.set()
        release.wait()
        raise cache_module.ImageError(path, "released")

    monkeypatch.setattr(cache_module, "decode_image", stuck_decode)
    guard = threading.Timer(20, release.set)  # the old shutdown() would wait until this
    guard.start()
    cache = ImageCache(default_size=(400, 300), threads=1)
    try:
        for name in ("a.png", "b.png", "c.png"):  # one running, two queued
            Image.new("RGB", (4, 4)).save(tmp_path / name)
            cache.request(tmp_path / name)
        assert entered.wait(10)
        assert cache.active_decoders() == 1
        started = time.monotonic()
        assert cache.shutdown(wait_s=0.2) is False  # one left running: reported, not joined
        assert time.monotonic() - started < 5
    finally:
        release.set()
        guard.cancel()
    qtbot.waitUntil(lambda: cache.active_decoders() == 0, timeout=5000)
    assert cache.wait(5000)  # the queued decodes were cancelled, not run


def test_after_shutdown_requests_queue_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "a.png"
    Image.new("RGB", (4, 4)).save(path)
    cache = ImageCache(default_size=(400, 300))
    assert cache.shutdown()
    assert cache.request(path) is None
    assert not cache.is_busy() and cache.active_decoders() == 0
