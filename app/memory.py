"""Keeping a long session's memory flat: the C allocator's threshold for large blocks.

glibc serves blocks above M_MMAP_THRESHOLD with their own mmap, returned to the system when
freed. By default that threshold moves up (to 32 MB) each time such a block is freed, after
which the same sizes come from the heap arenas, where freed space is kept by the process. The
image viewer allocates and frees screen-sized buffers (12 MB at 2560 x 1600) on every trial,
in the decoder threads and in the UI thread: with the moving threshold the app settled ~170 MB
higher (benchmarks/bench_memory.py: 687 MB -> 511 MB at 20,000 items). Fixing the threshold
at 1 MB keeps every image buffer an mmap of its own.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3  # from glibc's malloc.h
LARGE_BLOCK = 1 << 20


def fix_mmap_threshold(threshold: int = LARGE_BLOCK) -> bool:
    """Set glibc's mmap threshold (and so stop it from moving). True if it was set; False on
    other platforms and C libraries, where nothing is done."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c") or "libc.so.6"
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl and others have no mallopt
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, threshold))
