"""Pausing the cyclic garbage collector around work that makes millions of objects and no
reference cycles (parsing a study, reading 600,000 responses), and freezing what is made to
last.

The collector would rescan the growing heap every few thousand new objects, for nothing:
about half of a 20,000-item study's load time (benchmarks/bench_validate.py) and 1-2 s of a
600,000-response read (benchmarks/bench_exports.py). Reference counting still frees
everything; the collector resumes afterwards, as it was found.

Whether a result is frozen (`gc.freeze()`, process-wide) is for the caller that knows it will
keep it: the participant flow, for the study a session runs (docs/performance.md, #8).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")


# The collector's switch is process-wide: pauses on several threads (an export beside a study
# load) are counted, and the collector resumes when the last one ends, if it was on when the
# first began. A plain save-and-restore per pause would turn it back on while another pause
# still runs (or leave it off for good, when two pauses end in the order they began).
_lock = threading.Lock()
_pauses = 0
_resume = False


@contextmanager
def gc_paused() -> Iterator[None]:
    global _pauses, _resume
    with _lock:
        if _pauses == 0:
            _resume = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _resume:
                gc.enable()


def load_to_keep(load: Callable[[], T], *, freeze: Callable[[T], bool]) -> T:
    """`load()` with the collector paused. When `freeze(result)` holds, everything alive then
    (the result among it) is frozen out of the collector's full collections, which would walk
    it again and again while it lives; refcounting still frees it. Frozen before the collector
    resumes: else its first young collection walks everything made while it was paused."""
    with gc_paused():
        result = load()
        if freeze(result):
            gc.freeze()
    return result

