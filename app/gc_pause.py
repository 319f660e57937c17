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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")


@contextmanager
def gc_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
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

