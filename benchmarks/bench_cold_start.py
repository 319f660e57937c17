"""#7 Cold start to the first item on screen (target <= 1.5 s; a 200-item study <= 1 s).

Measured: a new process `python -m baseline_studio run --study S --participant P` (offscreen,
a fresh data folder and database each time, so the study is registered and the participant
created as on a first start) on the 20,000-item image study; it stops at the end of the repaint that drew
the first item's stimulus (BASELINE_STUDIO_EXIT_AFTER_FIRST_PAINT=1 makes it print that
moment's time.monotonic_ns(), the clock the parent shares). Includes the imports, Qt's start,
opening the database, validating the whole study, planning, the first image decoded.
Baseline: a new process `python -c "import PySide6.QtWidgets"` (spawn + interpreter + Qt's
libraries), alternated with the measured runs. Also reported: the same start on a 200-item
study (a bundled demo's size).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import Row, main_for, median, ms
from benchmarks.studygen import lesion_study_in_child

WHAT = "cold start to the first item on screen"
TARGET = "<= 1.5 s (a 200-item study <= 1 s)"


def _start_to_first_paint(study: Path, home: Path) -> float:
    shutil.rmtree(home, ignore_errors=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BASELINE_STUDIO_HOME": str(home),
           "BASELINE_STUDIO_EXIT_AFTER_FIRST_PAINT": "1"}
    start = time.monotonic_ns()
    done = subprocess.run([sys.executable, "-m", "baseline_studio", "run", "--study", str(study),
                           "--participant", "P001"], env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    line = next(x for x in done.stdout.splitlines() if x.startswith("first-item-painted "))
    return (int(line.split()[1]) - start) / 1e9


def _import_qt() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import PySide6.QtWidgets"], check=True, timeout=120)
    return time.perf_counter() - start


def bench(args: argparse.Namespace, folder: Path) -> Row:
    big = lesion_study_in_child(folder / "big-study")
    small = lesion_study_in_child(folder / "small-study", n_items=200, n_images=120)
    n = 2 if args.quick else 4
    measured, small_runs, baseline = [], [], []
    for i in range(n):
        measured.append(_start_to_first_paint(big, folder / f"home-{i}"))
        baseline.append(_import_qt())
        small_runs.append(_start_to_first_paint(small, folder / f"home-small-{i}"))
    m, b = median(measured), median(baseline)
    return Row(
        7, WHAT, TARGET,
        baseline=f"python -c 'import PySide6.QtWidgets': {ms(b)}",
        measured=f"median {ms(m)}, max {ms(max(measured))} (20,000 items, n={n})",
        ratio=m / b, met=m <= 1.5 and median(small_runs) <= 1.0,
        note=f"a 200-item study: median {ms(median(small_runs))}",
        extra={"median_s": m, "baseline_s": b, "small_median_s": median(small_runs)},
    )


if __name__ == "__main__":
    main_for(7, WHAT, TARGET, bench)
