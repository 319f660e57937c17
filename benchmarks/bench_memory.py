"""#8 Peak memory through a 12,000-image session (target <= 350 MB, bounded image cache).

The participant app (MainWindow offscreen, the app's ImageCache with its default 128 MB
budget, decoding for a 2560 x 1600 screen: the largest decodes a laptop asks for) on the
20,000-item study over 12,000 image names (24-megapixel JPEGs), answered trial after trial.
Peak: the process' high-water mark (VmHWM, kernel-kept; ru_maxrss would start at the peak
of the process this one was forked from), sampled RSS after every trial
for the trend. The study and the JPEGs are generated in a child process, so their making does
not count. A full 12,000-image session would take hours of wall time here; the run answers a
few hundred trials and checks that RSS is flat over its second half (a bounded cache and no
leak: then the peak does not depend on the session's length).
Baseline: the same process idle, the study loaded and the first item on screen.
"""

from __future__ import annotations

import argparse
import resource
from pathlib import Path

from benchmarks.common import Row, main_for
from benchmarks.gui_session import BenchApp, run_trials
from benchmarks.studygen import lesion_study_in_child
from widgets.images.cache import ImageCache

WHAT = "peak memory through a 12K-image session"
TARGET = "<= 350 MB"
SCREEN = (2560, 1600)


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        pages = int(fh.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def peak_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024  # kB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # no /proc: kB on Linux


def bench(args: argparse.Namespace, folder: Path) -> Row:
    study = lesion_study_in_child(folder / "image-study")
    cache = ImageCache(default_size=SCREEN)
    app = BenchApp(study, folder, code="P-memory", image_cache=cache)
    first = app.wait_trial(timeout_s=300)
    idle_mb = rss_mb()
    n = 40 if args.quick else 150
    samples: list[float] = []
    images = 0
    for _ in range(n // 10):
        runs, first = run_trials(app, 10, answer_after_ms=lambda _i: 120, think_ms=10,
                                 first=first)
        images += sum(1 + (int(r.item_id[1:]) % 10 == 0) for r in runs)
        samples.append(rss_mb())
    cache_mb = cache.total_bytes / 2**20
    app.image_cache_shutdown()
    app.close()
    peak = peak_mb()
    # Bounded means flat: the last half of the session must not keep growing (a leak would
    # reach 12,000 images however slowly); steps of the allocator are allowed for.
    half = samples[len(samples) // 2:]
    growth = half[-1] - half[0]
    flat = growth <= 0.02 * peak
    return Row(
        8, WHAT, TARGET,
        baseline=f"idle, study loaded, first item shown: {idle_mb:.0f} MB",
        measured=f"peak {peak:.0f} MB over {images} images; last half grew {growth:+.0f} MB",
        ratio=peak / idle_mb, met=peak <= 350 and flat,
        note=f"image cache held {cache_mb:.0f} of its {cache.budget_bytes / 2**20:.0f} MB; RSS "
             f"every 10 trials: {', '.join(f'{x:.0f}' for x in samples)} MB",
        extra={"peak_mb": peak, "idle_mb": idle_mb, "growth_last_half_mb": growth,
               "images": images},
    )


if __name__ == "__main__":
    main_for(8, WHAT, TARGET, bench)
