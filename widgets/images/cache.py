"""Decoded images, made in worker threads and kept in a bounded LRU.

    cache = ImageCache()                      # ~128 MB budget, screen-sized decodes
    entry = cache.request(path)               # CachedImage now if decoded, else None and...
    cache.loaded.connect(on_loaded)           # ...loaded(key) once decoded (or failed)
    cache.prefetch(next_item_paths)           # decode ahead while the participant works
    cache.shutdown()                          # on exit: wait for the workers

Entries are keyed by `ImageCache.key(path)` (the absolute path as text). A path is decoded
once at the largest size asked for: a viewer that zooms past the screen-sized decode asks for
more and gets `loaded` again. Failures are cached too, as entries with an `error`, so a
broken file is reported once and not decoded again and again.
"""

from __future__ import annotations

import contextlib
import os
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from app.imaging import DecodedImage, ImageError, Size, decode_image
from widgets.qt import QGuiApplication, QObject, QRunnable, QThreadPool, Signal

# 128 MB: ten screen-sized decodes at 2560 x 1600 (the current item, the two prefetched
# after it, a few to go back to), or one sharp 24-megapixel decode for zooming beside them.
# Twice that put the whole app past 400 MB in a long session (benchmarks/bench_memory.py).
DEFAULT_BUDGET = 128 * 1024 * 1024
FALLBACK_SCREEN = (2560, 1600)


def screen_target() -> Size:
    """The primary screen's size in device pixels: a sharp decode for a full-screen viewer."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return FALLBACK_SCREEN
    size = screen.size()
    ratio = screen.devicePixelRatio()
    return max(640, round(size.width() * ratio)), max(480, round(size.height() * ratio))


@dataclass(frozen=True)
class CachedImage:
    key: str
    image: DecodedImage | None  # None when the file could not be decoded
    error: str | None = None  # the message for the participant's screen, naming the file

    @property
    def nbytes(self) -> int:
        return self.image.nbytes if self.image is not None else 0

    def satisfies(self, box: Size | None) -> bool:
        return self.image is None or self.image.satisfies(box)


class _DecodeJob(QRunnable):
    def __init__(self, cache: ImageCache, key: str, box: Size | None) -> None:
        super().__init__()
        self.cache, self.key, self.box = cache, key, box

    def run(self) -> None:
        try:
            result: DecodedImage | str = decode_image(self.key, self.box)
        except ImageError as exc:
            result = str(exc)
        except MemoryError:
            result = f"{self.key}: not enough memory to decode this image"
        # Emitted from this worker thread; Qt queues it to the cache's (GUI) thread. If the
        # cache was deleted while we decoded, there is nobody to tell.
        with contextlib.suppress(RuntimeError):
            self.cache._finished.emit(self.key, self.box, result)


class ImageCache(QObject):
    loaded = Signal(str)  # key: decoded, or failed (then `get(key).error` says why)
    _finished = Signal(str, object, object)

    def __init__(self, budget_bytes: int = DEFAULT_BUDGET, *, default_size: Size | None = None,
                 threads: int | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.budget_bytes = budget_bytes
        self.default_size = default_size or screen_target()
        self._entries: OrderedDict[str, CachedImage] = OrderedDict()
        self._pending: dict[str, Size | None] = {}  # key -> largest box being decoded
        self._pool = QThreadPool()
        # Two workers at most: decoding is CPU-bound and the trial screen must stay smooth.
        self._pool.setMaxThreadCount(threads or max(1, min(2, QThreadPool.globalInstance()
                                                            .maxThreadCount() - 1)))
        self._finished.connect(self._on_finished)

    @staticmethod
    def key(path: Path | str) -> str:
        return os.path.abspath(os.fspath(path))

    @property
    def total_bytes(self) -> int:
        return sum(e.nbytes for e in self._entries.values())

    def get(self, path: Path | str) -> CachedImage | None:
        """Whatever is cached for `path` (at any size), without decoding anything."""
        entry = self._entries.get(self.key(path))
        if entry is not None:
            self._entries.move_to_end(entry.key)
        return entry

    def request(self, path: Path | str, max_size: Size | None = None) -> CachedImage | None:
        """The entry if it is decoded at least as sharp as `max_size` (default: the screen)
        or has failed; otherwise None, a decode is queued and `loaded(key)` follows."""
        key = self.key(path)
        box = max_size or self.default_size
        entry = self.get(key)
        if entry is not None and entry.satisfies(box):
            return entry
        pending = self._pending.get(key, False)
        if pending is False or not _covers(pending, box):
            self._pending[key] = box
            self._pool.start(_DecodeJob(self, key, box))
        return None

    def prefetch(self, paths: Iterable[Path | str], max_size: Size | None = None) -> None:
        for path in paths:
            self.request(path, max_size)

    def is_busy(self) -> bool:
        return bool(self._pending)

    def wait(self, msecs: int = -1) -> bool:
        """Block until the workers are idle (tests, shutdown). Results arrive as events."""
        return bool(self._pool.waitForDone(msecs))

    def shutdown(self) -> None:
        self._pool.clear()
        self._pool.waitForDone()

    def clear(self) -> None:
        self._entries.clear()

    # ------------------------------------------------------------------ internals

    def _on_finished(self, key: str, box: Size | None, result: DecodedImage | str) -> None:
        if self._pending.get(key, False) == box:
            del self._pending[key]
        current = self._entries.get(key)
        if isinstance(result, str):
            new = CachedImage(key, None, result)
        else:
            new = CachedImage(key, result)
            if current is not None and current.image is not None and \
                    current.image.size[0] >= result.size[0]:
                new = current  # a smaller decode finished after a larger one
        self._entries[key] = new
        self._entries.move_to_end(key)
        self._evict(keep=key)
        self.loaded.emit(key)

    def _evict(self, keep: str) -> None:
        while self.total_bytes > self.budget_bytes and len(self._entries) > 1:
            oldest = next(iter(self._entries))
            if oldest == keep:
                self._entries.move_to_end(keep)
                continue
            del self._entries[oldest]


def _covers(pending: Size | None, box: Size) -> bool:
    return pending is None or (pending[0] >= box[0] and pending[1] >= box[1])
