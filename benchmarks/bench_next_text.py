"""#2 Answer -> next stimulus painted, text items (target p95 <= 16 ms, one 60 Hz frame).

The real participant app (MainWindow, offscreen) on a 20,000-item text study: for each trial
the first option is chosen by key, Enter is posted from another thread, and the figure is the
time from that Enter to the end of the repaint that drew the next item's stimulus (the app's
own onset stamp, widgets/timing.py). In between: the durable write of the answer (WAL,
synchronous=FULL: one fsync), the engine's next screen, the trial widgets built, the paint.

Baseline (the floor on this machine, measured in the same run between trials): one bare
write+fsync of a small file beside the database plus one full repaint of the same window.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.common import Row, main_for, median, ms, percentile
from benchmarks.gui_session import BenchApp, Floor, run_trials
from benchmarks.studygen import write_text_study

WHAT = "answer -> next stimulus painted, text items"
TARGET = "p95 <= 16 ms"


def bench(args: argparse.Namespace, folder: Path) -> Row:
    study = write_text_study(folder / "text-study", n_items=20_000, profile=False)
    app = BenchApp(study, folder)
    floor = Floor(app, folder)
    n = 20 if args.quick else 80
    warm, last = run_trials(app, 3, answer_after_ms=lambda _i: 150)  # first-use costs aside
    runs, _ = run_trials(app, n, answer_after_ms=lambda _i: 150, between=floor.sample, first=last)
    app.close()
    latencies = [r.next_ms / 1000 for r in runs]
    m, p95 = median(latencies), percentile(latencies, 95)
    base = median(floor.fsyncs) + median(floor.repaints)
    return Row(
        2, WHAT, TARGET,
        baseline=f"fsync {ms(median(floor.fsyncs))} + full repaint "
                 f"{ms(median(floor.repaints))} = {ms(base)}",
        measured=f"median {ms(m)}, p95 {ms(p95)}, max {ms(max(latencies))} (n={n})",
        ratio=m / base, met=p95 <= 0.016,
        note="20,000-item study; the answer is committed (fsync) before the next item is "
             "shown, by design",
        extra={"median_s": m, "p95_s": p95, "fsync_median_s": median(floor.fsyncs),
               "repaint_median_s": median(floor.repaints), "warmup": len(warm)},
    )


if __name__ == "__main__":
    main_for(2, WHAT, TARGET, bench)
