"""#1 Open and validate a 20,000-item study over 12,000 image files (target <= 0.6 s, or 1.5 x json.loads of the file).

Baseline: json.loads of the same file (what parsing alone costs on this machine right now).
Measured: app.study.loader.load_study with asset checks, i.e. parse, schema-validate every
item, cross-field checks, every image path checked for safety and existence, content hash;
kept as `validate` and a session keep it (app.catalog.kept_study: frozen out of the cyclic
GC before it resumes).
The 12,000 image names are hard links to one tiny JPEG: validation only checks that the files
exist and stay inside the study folder, it never decodes them.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from app.catalog import kept_study
from app.study.loader import load_study
from benchmarks.common import Row, main_for, median, ms, paired, percentile
from benchmarks.studygen import write_lesion_study

WHAT = "open and validate a 20,000-item study over 12,000 image files"
TARGET = "<= 0.6 s (<= 1.5 x json.loads of the file)"


def bench(args: argparse.Namespace, folder: Path) -> Row:
    path = write_lesion_study(folder / "lesion-study", n_items=20_000, n_images=12_000)
    n = 3 if args.quick else 7
    measured, baseline = paired(lambda: kept_study(lambda: load_study(path)),
                                lambda: json.loads(path.read_bytes()), n)
    m, b = median(measured), median(baseline)
    size_mb = path.stat().st_size / 1e6
    return Row(
        1, WHAT, TARGET,
        baseline=f"json.loads of the {size_mb:.0f} MB file: {ms(b)}",
        measured=f"median {ms(m)}, p95 {ms(percentile(measured, 95))} (n={n})",
        ratio=m / b, met=m <= 0.6 or m / b <= 1.5,
        extra={"median_s": m, "baseline_median_s": b, "file_mb": size_mb},
    )


if __name__ == "__main__":
    main_for(1, WHAT, TARGET, bench)
