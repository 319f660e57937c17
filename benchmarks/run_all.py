"""`make bench`: every benchmark in its own process, then one table.

    python -m benchmarks.run_all [--quick] [--only 1,4] [--keep DIR]

Each benchmark script prints one row (a `BENCH-ROW {json}` line); a benchmark that fails or
times out still gets its row, saying so. Generated data goes to one temporary folder (the
24-megapixel JPEGs are shared between the image benchmarks) and is deleted afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import ROW_MARK, Row, load_average

# In the order they run: quick ones first, the long export last.
BENCHMARKS = [
    (10, "bench_bundle_size"), (1, "bench_validate"), (4, "bench_write"), (2, "bench_next_text"), (5, "bench_timing"),
    (3, "bench_next_images"), (7, "bench_cold_start"), (8, "bench_memory"), (6, "bench_exports"),
    (9, "bench_export_raters"), (11, "bench_import_memory"),
]
TIMEOUT_S = 900


def machine() -> str:
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as fh:
            cpu = next((ln.split(":", 1)[1].strip() for ln in fh if ln.startswith("model name")),
                       "?")
        with open("/proc/meminfo") as fh:
            ram = int(next(ln.split()[1] for ln in fh if ln.startswith("MemTotal"))) / 2**20
    except OSError:
        ram = 0.0
    return f"{os.cpu_count()} CPUs ({cpu}), {ram:.0f} GB RAM, Python {sys.version.split()[0]}"


def run_one(number: int, module: str, args: argparse.Namespace, root: Path) -> Row:
    cmd = [sys.executable, "-m", f"benchmarks.{module}", "--workdir", str(root / module)]
    if args.quick:
        cmd.append("--quick")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BASELINE_BENCH_CACHE": str(root)}
    started = time.perf_counter()
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, env=env)
        out = done.stdout
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
    rows = [ln[len(ROW_MARK):] for ln in out.splitlines() if ln.startswith(ROW_MARK)]
    if rows:
        row = Row(**json.loads(rows[-1]))
    else:
        row = Row(number, module, "?", note=f"no result (timed out after {TIMEOUT_S} s?)")
    row.extra["wall_s"] = round(time.perf_counter() - started, 1)
    print(f"  #{number} {module}: {row.extra['wall_s']:.0f} s", file=sys.stderr, flush=True)
    return row


def table(rows: list[Row]) -> str:
    head = ["#", "what", "target", "baseline (same run)", "measured", "ratio", "met"]
    body = [[str(r.number), r.what, r.target, r.baseline, r.measured,
             "" if r.ratio is None else f"{r.ratio:.2f}",
             {True: "yes", False: "NO", None: "n/a"}[r.met]] for r in rows]
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"  # noqa: E731
    out = [line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(b) for b in body]
    notes = [f"#{r.number}: {r.note}" for r in rows if r.note]
    return "\n".join(out + (["", *notes] if notes else []))


def main() -> int:
    parser = argparse.ArgumentParser(description="Run the benchmarks and print one table.")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, smaller data")
    parser.add_argument("--only", default="", help="comma-separated row numbers, e.g. 1,4")
    parser.add_argument("--keep", type=Path, default=None, help="keep generated data here")
    parser.add_argument("--json", type=Path, default=None, help="also write the rows as JSON")
    args = parser.parse_args()
    only = {int(x) for x in args.only.split(",") if x.strip()}
    chosen = [(n, m) for n, m in BENCHMARKS if not only or n in only]
    load_before = load_average()
    started = time.perf_counter()
    print(f"machine: {machine()}; load average {load_before}", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="baseline-bench-") as tmp:
        root = args.keep or Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        rows = [run_one(n, m, args, root) for n, m in chosen]
    rows.sort(key=lambda r: r.number)
    print(f"Baseline Studio benchmarks{' (--quick)' if args.quick else ''}: {machine()}")
    print(f"load average (1/5/15 min) before {load_before}, after {load_average()}; "
          f"{time.perf_counter() - started:.0f} s in all")
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in rows], indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
