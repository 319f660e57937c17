"""The numbers of a station's timing check (`baseline-studio timing-check`), without Qt: the
widget (widgets/timing_check.py) injects key events at known moments and measures; this turns
its measurements into the stored profile (`timing_profile`, app.storage.timing_profiles).

Stamp error: the moment the app stamped a key press (the trial screens' way: monotonic clock in
the key handler) minus the moment the key event was posted from another thread; never
negative, so it is how late the stamp is, including any time the UI thread was busy.
Onset latency: from asking the stimulus to appear to the end of the first repaint that drew it
(widgets.timing.OnsetProbe, what every trial records as onset); the display's next refresh
(at most 1000/refresh_hz ms later) is outside the app's view, which is why the rate is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from app import __version__
from app.machine import machine_id, os_description

if TYPE_CHECKING:  # imported when used: the command line's start stays light
    from app.storage.records import TimingProfileRecord

DEFAULT_TRIALS = 30
DELAYS_MS = (150.0, 400.0)  # injected key delays after onset, uniform in this range


def profile_row(errors_ms: Sequence[float], onsets_ms: Sequence[float], *, qt_version: str,
                screen: str, refresh_hz: float | None) -> TimingProfileRecord:
    import numpy as np

    from app.storage.records import TimingProfileRecord

    if not errors_ms or not onsets_ms:
        raise ValueError("a timing check needs at least one measured trial")
    errors = np.asarray(errors_ms, dtype=float)
    return TimingProfileRecord(
        uuid="", machine_id=machine_id(), measured_utc="", os=os_description(),
        qt_version=qt_version, app_version=__version__, screen=screen, refresh_hz=refresh_hz,
        n=len(errors), median_error_ms=float(np.median(errors)),
        p95_error_ms=float(np.percentile(errors, 95)), max_error_ms=float(errors.max()),
        median_onset_ms=float(np.median(np.asarray(onsets_ms, dtype=float))),
    )


def describe(row: TimingProfileRecord) -> str:
    """One plain sentence for the designer and the command line."""
    refresh = f" at {row.refresh_hz:g} Hz" if row.refresh_hz else ""
    return (f"Station {row.machine_id} ({row.os}, screen {row.screen}{refresh}): {row.n} key "
            f"presses injected; the recorded time was late by {row.median_error_ms:.2f} ms "
            f"(median), {row.p95_error_ms:.2f} ms (95th percentile), {row.max_error_ms:.2f} ms "
            f"at most; the stimulus was on screen {row.median_onset_ms:.2f} ms (median) after "
            "it was asked for.")
