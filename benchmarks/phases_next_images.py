"""Where #3's answer -> next image painted goes, phase by phase (a profile, not a table row).

    python -m benchmarks.phases_next_images [--trials 16] [--workdir DIR]

One participant window on the generated 24-megapixel study (as bench_next_images), answered
1.5 s after each onset. The methods on the answer's path are wrapped to stamp the time, and on
the UI thread also its CPU time (`time.thread_time_ns`): on a loaded machine the wall times
stretch with the load, the UI thread's CPU times do not. Printed: the median of each stamp in
ms after Enter was posted, then the UI thread's CPU between the durable answer and the onset.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.session.engine import SessionEngine
from benchmarks.bench_next_images import SCREEN, THINK_MS
from benchmarks.gui_session import BenchApp, run_trials
from benchmarks.studygen import lesion_study_in_child
from widgets.images.cache import ImageCache
from widgets.shell.session_controller import SessionController
from widgets.shell.trial_body import TrialBodies
from widgets.shell.trial_screen import TrialScreen
from widgets.timing import OnsetProbe

# (class, method, label): in the order they run after Enter.
WATCHED: list[tuple[type, str, str]] = [
    (TrialScreen, "submit", "submit (UI)"),
    (SessionEngine, "submit", "durable write (writer)"),
    (SessionEngine, "next_screen", "next screen (writer)"),
    (TrialScreen, "committed", "committed (UI)"),
    (SessionController, "_screen_found", "screen found (UI)"),
    (TrialBodies, "body_for", "body for the view (UI)"),
    (TrialBodies, "present", "raise the body (UI)"),
    (TrialScreen, "_paint_now", "repaint (UI)"),
    (OnsetProbe, "_finish", "onset stamped (UI)"),
]


class Stamps:
    def __init__(self) -> None:
        self.wall: list[tuple[str, int]] = []
        self.cpu: list[tuple[str, int]] = []  # the UI thread's

    def add(self, label: str) -> None:
        self.wall.append((label, time.monotonic_ns()))
        if threading.current_thread() is threading.main_thread():
            self.cpu.append((label, time.thread_time_ns()))

    def wrap(self, cls: type, name: str, label: str) -> None:
        original: Callable[..., Any] = getattr(cls, name)

        def stamped(obj: object, *args: object, **kwargs: object) -> Any:
            self.add(label + " >")
            try:
                return original(obj, *args, **kwargs)
            finally:
                self.add(label + " <")

        setattr(cls, name, stamped)


def first_after(stamps: list[tuple[str, int]], label: str, start: int, end: int) -> int | None:
    return next((t for name, t in stamps if name == label and start <= t <= end), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=16)
    parser.add_argument("--workdir", type=Path, default=None)
    args = parser.parse_args()
    folder = args.workdir or Path(tempfile.mkdtemp(prefix="baseline-phases-"))
    stamps = Stamps()
    for cls, name, label in WATCHED:
        stamps.wrap(cls, name, label)
    study = folder / "image-study" / "study.json"
    if not study.exists():  # generated once per work folder
        study = lesion_study_in_child(folder / "image-study")
    app = BenchApp(study, Path(tempfile.mkdtemp(dir=folder, prefix="app-")), code="P-phases",
                   image_cache=ImageCache(default_size=SCREEN))
    _, last = run_trials(app, 3, answer_after_ms=lambda _i: THINK_MS)  # first-use costs aside
    runs, _ = run_trials(app, args.trials, answer_after_ms=lambda _i: THINK_MS, first=last)
    app.image_cache_shutdown()
    app.close()
    # Wall: each stamp's first occurrence between Enter and the next onset, ms after Enter.
    wall: dict[str, list[float]] = {}
    cpu_after_durable: list[float] = []
    for run in runs:
        start, end = run.submit_posted_ns, run.next_onset_ns + 1_000_000
        for _cls, _name, label in WATCHED:
            for edge in (" >", " <"):
                t = first_after(stamps.wall, label + edge, start, end)
                if t is not None:
                    wall.setdefault(label + edge, []).append((t - start) / 1e6)
    # CPU: the UI thread between "committed >" and the next "onset stamped >".
    marks = [(n, t) for n, t in stamps.cpu if n in ("committed (UI) >", "onset stamped (UI) >")]
    for (name, t), (following, t2) in itertools.pairwise(marks):
        if name.startswith("committed") and following.startswith("onset"):
            cpu_after_durable.append((t2 - t) / 1e6)
    for label, values in sorted(wall.items(), key=lambda kv: statistics.median(kv[1])):
        print(f"{label:32s} median {statistics.median(values):7.2f} ms, max {max(values):7.2f}")
    print(f"{'onset (app stamp)':32s} median {statistics.median(r.next_ms for r in runs):7.2f} ms")
    if cpu_after_durable:
        print(f"UI thread CPU, durable answer -> onset: median "
              f"{statistics.median(cpu_after_durable):.2f} ms, max {max(cpu_after_durable):.2f}; "
              f"the session's first answer {cpu_after_durable[0]:.2f} ms (its image may come "
              "after the off-screen render of the trial built ahead)")


if __name__ == "__main__":
    main()
