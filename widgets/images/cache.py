"""Decoded images, made in worker threads and kept in a bounded LRU.

    cache = ImageCache()                      # ~128 MB budget, screen-sized decodes
    entry = cache.request(path)               # CachedImage now if decoded, else None and...
    cache.loaded.connect(on_loaded)           # ...loaded(key) once decoded (or failed)
    cache.prefetch(next_item_paths)           # decode ahead while the participant works
    cache.shutdown()                          # on exit: drop the queue, wait a little

Entries are keyed by `ImageCache.key(path)` (the absolute path as text). A path is decoded
once at the largest size asked for: a viewer that zooms past the screen-sized decode asks for
more and gets `loaded` again. Failures are cached too, as entries with an `error`, so a
broken file is reported once and not decoded again and again.

The decoders are daemon threads of our own, not a QThreadPool: a decode stuck in a read that
never returns (a hung network drive) must not hold up closing the window, and a QThreadPool
waits for its threads without limit when it is destroyed, at the latest at exit. `shutdown()`
drops what is queued, waits `SHUTDOWN_WAIT_S` for what is running, and then leaves it behind.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from app.imaging import DecodedImage, ImageError, Size, decode_image
from widgets.qt import QGuiApplication, QObject, Signal
from widgets.tasks import deliver_weakly, gui_relay

# 128 MB: ten screen-sized decodes at 2560 x 1600 (the current item, the two prefetched
# after it, a few to go back to), or one sharp 24-megapixel decode for zooming beside them.
# Twice that put the whole app past 400 MB in a long session (benchmarks/bench_memory.py).
DEFAULT_BUDGET = 128 * 1024 * 1024
FALLBACK_SCREEN = (2560, 1600)
# How long closing the window waits for a decode in flight: a screen-sized decode takes well
# under a second; one that is still running after this is stuck, and is left behind.
SHUTDOWN_WAIT_S = 2.0
# Each prefetch closes a round: the images a trial asked for (its own, then the next items').
# What the last KEEP_ROUNDS rounds did not ask for is dropped at once instead of waiting for
# the byte budget: two rounds keep the trial on screen and the one built ahead with their
# upcoming images, ~4 items; the budget alone kept ~10 (121 of 128 MB, bench_memory.py).
KEEP_ROUNDS = 2


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


class _Decoders:
    """A few daemon threads running jobs from one queue, that nobody ever has to wait for."""

    def __init__(self, threads: int) -> None:
        self._threads = threads
        self._started = 0
        self._queue: deque[Callable[[], None]] = deque()
        self._running = 0
        self._closed = False
        self._changed = threading.Condition()

    def start(self, job: Callable[[], None]) -> bool:
        """Queue `job`; False (and nothing queued) once closed."""
        with self._changed:
            if self._closed:
                return False
            self._queue.append(job)
            if self._started < self._threads:
                self._started += 1
                threading.Thread(target=self._work, name="image-decoder", daemon=True).start()
            self._changed.notify()
            return True

    def _work(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._queue or self._closed)
                if not self._queue:
                    return  # closed
                job = self._queue.popleft()
                self._running += 1
            try:
                job()
            finally:
                with self._changed:
                    self._running -= 1
                    self._changed.notify_all()

    def active(self) -> int:
        """Jobs being run right now."""
        with self._changed:
            return self._running

    def wait(self, seconds: float | None) -> bool:
        """Until nothing is queued or running (True), or `seconds` have passed (False)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._queue and not self._running,
                                          timeout=seconds)

    def close(self, seconds: float) -> bool:
        """Drop the queue and let the threads end; wait at most `seconds` for running jobs."""
        with self._changed:
            self._closed = True
            self._queue.clear()
            self._changed.notify_all()
        return self.wait(seconds)


def _decode_job(cache: ImageCache, key: str, box: Size | None) -> Callable[[], None]:
    # The worker holds no reference to the cache (a QObject): it posts the result through the
    # application's relay, and the cache is looked up on the GUI thread (widgets.tasks says why).
    cache_ref = weakref.ref(cache)
    relay = gui_relay()

    def run() -> None:
        try:
            result: DecodedImage | str = decode_image(key, box)
        except ImageError as exc:
            result = str(exc)
        except MemoryError:
            result = f"{key}: not enough memory to decode this image"
        relay.post(deliver_weakly, cache_ref, "_on_finished", key, box, result)
    return run


class ImageCache(QObject):
    loaded = Signal(str)  # key: decoded, or failed (then `get(key).error` says why)

    def __init__(self, budget_bytes: int = DEFAULT_BUDGET, *, default_size: Size | None = None,
                 threads: int | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.budget_bytes = budget_bytes
        self.default_size = default_size or screen_target()
        self._entries: OrderedDict[str, CachedImage] = OrderedDict()
        self._pending: dict[str, Size | None] = {}  # key -> largest box being decoded
        self._rounds: deque[set[str]] = deque(maxlen=KEEP_ROUNDS)  # keys of closed rounds
        self._asked: set[str] = set()  # keys asked for since the last prefetch
        # Two workers at most: decoding is CPU-bound and the trial screen must stay smooth.
        self._decoders = _Decoders(threads or max(1, min(2, (os.cpu_count() or 2) - 1)))

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
        self._asked.add(key)
        entry = self.get(key)
        if entry is not None and entry.satisfies(box):
            return entry
        pending = self._pending.get(key, False)
        if (pending is False or not _covers(pending, box)) and \
                self._decoders.start(_decode_job(self, key, box)):  # False: shut down
            self._pending[key] = box
        return None

    def prefetch(self, paths: Iterable[Path | str], max_size: Size | None = None) -> None:
        """Decode `paths` ahead, and close a round: drop the decodes that neither this round
        nor the KEEP_ROUNDS - 1 before it asked for (a viewer showing one keeps its own)."""
        for path in paths:
            self.request(path, max_size)
        self._rounds.append(self._asked)
        self._asked = set()
        wanted = set().union(*self._rounds)
        for key in [k for k in self._entries if k not in wanted]:
            del self._entries[key]

    def is_busy(self) -> bool:
        return bool(self._pending)

    def wait(self, msecs: int = -1) -> bool:
        """Block until the workers are idle (tests). Results arrive as events."""
        return self._decoders.wait(None if msecs < 0 else msecs / 1000)

    def active_decoders(self) -> int:
        """Decodes running right now."""
        return self._decoders.active()

    def shutdown(self, wait_s: float = SHUTDOWN_WAIT_S) -> bool:
        """Cancel the queued decodes and wait at most `wait_s` for the running ones: True when
        none is left. A decode stuck in a read is left to its daemon thread, never joined."""
        return self._decoders.close(wait_s)

    def clear(self) -> None:
        self._entries.clear()
        self._rounds.clear()
        self._asked = set()

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
