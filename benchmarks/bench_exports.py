"""#6 All exports and statistics for 600,000 responses, 20,000 items x 30 raters (target <= 8 s).

Measured: exporters.export_all (every file: responses long and wide, audit trail, scores with
bootstrap CIs, agreement, response times, ratings, MTEB results, the HTML report) on a SQLite
database holding the 600,000 responses, in a child process with a time limit; the step
times come from export_all's own progress callback.
Baseline: krippendorff.alpha alone (nominal) on the same answers as a 30 x 20,000 matrix,
the one statistic every agreement report needs, in the same run.
The responses are inserted directly (benchmarks/responsegen.py), all marked simulated, and
exports are asked to include simulated responses. With --workdir the generated study and
database are kept there and reused by later runs; step "read" is reading the responses and
building the frame, before export_all's first progress mark. Step "responses" only starts
responses_long.csv on its own thread: its time shows in the steps it overlaps ("scores").
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from itertools import pairwise
from pathlib import Path

import numpy as np

from benchmarks.common import Row, main_for, median, ms
from benchmarks.responsegen import insert_responses
from benchmarks.studygen import write_lesion_study

WHAT = "all exports and statistics for 600K responses (20K items x 30 raters)"
TARGET = "<= 8 s"
RATERS = 30


def child(study: Path, db_url: str, out: Path) -> None:
    """Run in a subprocess: export everything, print the step times as one JSON line."""
    from app.storage import open_database
    from app.study.loader import load_study
    from exporters.export_all import export_all

    loaded = load_study(study)
    db = open_database(db_url)
    marks: list[tuple[float, str]] = []
    start = time.perf_counter()
    export_all(loaded, db, out, include_simulated=True,
               progress=lambda _i, _n, name: marks.append((time.perf_counter(), name)))
    total = time.perf_counter() - start
    # Before the first mark: reading the responses and building the frame.
    steps = {"read": round(marks[0][0] - start, 3) if marks else 0.0}
    steps.update({name: round(t2 - t1, 3) for (t1, name), (t2, _) in pairwise(marks)})
    print("EXPORT " + json.dumps({"total_s": total, "steps": steps}), flush=True)


def bench(args: argparse.Namespace, folder: Path) -> Row:
    from app.storage import open_database
    from app.study.loader import load_study

    n_items = 2_000 if args.quick else 20_000
    limit_s = 120 if args.quick else 150
    # With --workdir, the generated study and database are kept and reused by the next run
    # (generating 600,000 responses takes about a minute); `ready` marks a finished one.
    study = folder / f"export-study-{n_items}"
    ready = folder / f"export-{n_items}.ready"
    db_file = folder / f"export-{n_items}.sqlite3"
    db_url = f"sqlite:///{db_file}"
    if not ready.exists():
        db_file.unlink(missing_ok=True)
        write_lesion_study(study, n_items=n_items, n_images=min(n_items, 12_000))
    loaded = load_study(study)
    db = open_database(db_url)
    if not ready.exists():
        insert_responses(loaded, db, RATERS)
        ready.touch()
    matrix = _reliability_matrix(db, loaded.study.id, n_items)
    db.close()
    import krippendorff

    alphas = []
    for _ in range(3):
        start = time.perf_counter()
        krippendorff.alpha(reliability_data=matrix, level_of_measurement="nominal")
        alphas.append(time.perf_counter() - start)
    base = median(alphas)
    cmd = [sys.executable, "-m", "benchmarks.bench_exports", "--child", str(study), db_url,
           str(folder / "out")]
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit_s, check=True)
    except subprocess.TimeoutExpired:
        elapsed = time.perf_counter() - start
        return Row(6, WHAT, TARGET, baseline=f"krippendorff.alpha alone: {ms(base)}",
                   measured=f"> {elapsed:.0f} s (stopped at the limit)", ratio=elapsed / base,
                   met=False, note=f"{RATERS * n_items:,} responses; see docs/performance.md "
                   "for the profile", extra={"limit_s": limit_s, "baseline_s": base})
    line = next(x for x in done.stdout.splitlines() if x.startswith("EXPORT "))
    result = json.loads(line[len("EXPORT "):])
    total = float(result["total_s"])
    slowest = sorted(result["steps"].items(), key=lambda kv: -kv[1])[:3]
    return Row(
        6, WHAT, TARGET, baseline=f"krippendorff.alpha alone: {ms(base)}",
        measured=f"{ms(total)} ({RATERS * n_items:,} responses)", ratio=total / base,
        met=total <= 8.0 and n_items == 20_000,
        note="slowest steps: " + ", ".join(f"{k} {v:.1f} s" for k, v in slowest),
        extra={"total_s": total, "baseline_s": base, **{f"step {k}": v
                                                        for k, v in result["steps"].items()}},
    )


def _reliability_matrix(db: object, study_id: str, n_items: int) -> np.ndarray:
    """Raters x items, the answer's option index (A=0 ... E=4)."""
    from app.storage.bulk_read import response_columns

    cols = response_columns(db, study_id, ["participant_code", "item_id", "answer_json"])  # type: ignore[arg-type]
    raters = {c: i for i, c in enumerate(sorted(set(cols["participant_code"])))}
    items = {c: i for i, c in enumerate(sorted(set(cols["item_id"])))}
    matrix = np.full((len(raters), len(items)), np.nan)
    for code, item, answer in zip(cols["participant_code"], cols["item_id"], cols["answer_json"],
                                  strict=True):
        matrix[raters[code], items[item]] = "ABCDE".index(json.loads(answer))
    return matrix


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(Path(sys.argv[2]), sys.argv[3], Path(sys.argv[4]))
    else:
        main_for(6, WHAT, TARGET, bench)
