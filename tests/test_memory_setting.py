"""The allocator setting the app makes at start (app.memory): applied on glibc, a no-op
elsewhere, and large buffers freed after it go back to the system."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app import memory


def test_not_linux_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory.sys, "platform", "darwin")
    assert memory.fix_mmap_threshold() is False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_freed_image_sized_buffers_leave_the_process() -> None:
    # In a fresh process: free one 12 MB block (which, by default, raises glibc's threshold
    # past that size), then allocate and free 12 MB blocks again: with the threshold fixed
    # they are mmaps of their own, and RSS returns to where it was.
    probe = """
import sys
from app.memory import fix_mmap_threshold
assert fix_mmap_threshold()
def rss():
    return int(open('/proc/self/statm').read().split()[1]) * 4096 / 2**20
first = bytearray(12 * 2**20); del first
before = rss()
keep = []
for i in range(20):
    block = bytearray(12 * 2**20)
    keep.append(bytearray(64))  # small allocations between, as a real program makes
    del block
print(rss() - before)
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=60)
    assert float(out.stdout) < 6.0  # MB: no 12 MB block stayed resident
