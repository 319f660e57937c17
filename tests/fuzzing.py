"""Shared pieces of the fuzz tests: hostile JSON values, hypothesis settings (modest by default,
long behind --run-slow), and a wall-clock limit so a hang fails instead of blocking the run."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from types import FrameType
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# Generous per-example deadline: the machine is shared and loaded (examples take ~10 ms to
# ~1 s alone); a hang is caught by `time_limit`, a merely slow example must not make the run
# flaky.
DEADLINE = timedelta(seconds=30)
HANG_SECONDS = 60

_COMMON: dict[str, Any] = {
    "deadline": DEADLINE,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                              HealthCheck.data_too_large],
    "derandomize": False,
    "database": None,  # no .hypothesis folder written into the checkout
}
DEFAULT = settings(max_examples=60, **_COMMON)
LONG = settings(max_examples=1500, **_COMMON)

HOSTILE_TEXT = [
    "", " ", "\x00", "..", "../../etc/passwd", "/etc/passwd", "C:\\Windows\\win.ini",
    "\\\\server\\share\\x.png", "images/../../x.png", "\u202e\u0627\u0644\u0639\u0631\u0628\u064a\u0629",
    "\ud800", "🦀" * 50, "x" * 100_000, "NaN", "1e309", "-0", "<image>", "{}", "[]", "null",
]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
    st.sampled_from(HOSTILE_TEXT),
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=12) | st.sampled_from(
        ["id", "kind", "items", "questions", "gold", "stimulus", "blocks", "options", "key",
         "path", "images", "text", "min", "max", "step", "block", "design"]), children, max_size=5),
    max_leaves=30,
)


class Hang(AssertionError):
    pass


@contextmanager
def time_limit(seconds: int = HANG_SECONDS) -> Iterator[None]:
    """Fail (instead of hanging the test run) when the body takes longer than `seconds`."""

    def on_alarm(_signum: int, _frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
