"""Pausing the cyclic garbage collector around work that makes millions of objects and no
reference cycles (parsing a study, reading 600,000 responses).

The collector would rescan the growing heap every few thousand new objects, for nothing:
about half of a 20,000-item study's load time (benchmarks/bench_validate.py) and 1-2 s of a
600,000-response read (benchmarks/bench_exports.py). Reference counting still frees
everything; the collector resumes afterwards, as it was found.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
