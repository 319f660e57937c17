"""A test that hangs fails alone, with the stack of every thread, instead of stopping the run
(pytest-timeout, configured in pyproject.toml). Checked on a real hang: a child pytest run of
a test whose main thread waits for a lock a second thread holds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HANGING = '''
import threading

def test_hangs():
    held, taken = threading.Lock(), threading.Event()
    def hold():
        held.acquire()
        taken.set()
        threading.Event().wait()
    threading.Thread(target=hold, name="the-holder", daemon=True).start()
    taken.wait()
    held.acquire()
'''


def test_a_hung_test_is_ended_with_every_threads_stack(tmp_path: Path) -> None:
    (tmp_path / "test_hang.py").write_text(HANGING)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=2",
         "--timeout-method=thread", "test_hang.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode != 0
    assert "Timeout" in out
    assert "the-holder" in out and "held.acquire()" in out  # both threads' stacks
