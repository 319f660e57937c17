"""What every benchmark shares: paired timing against a baseline, the row it reports, and the
JSON line run_all.py reads.

The machine is shared and noisy, so a figure is never one absolute time: the measured action
and its baseline run alternately in the same process (same load, same caches), each many
times, and the row gives medians, p95 and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROW_MARK = "BENCH-ROW "  # run_all.py looks for this prefix on the benchmark's stdout


@dataclass
class Row:
    number: int
    what: str
    target: str
    baseline: str = ""  # what the baseline is and its median, e.g. "json.loads 0.41 s"
    measured: str = ""  # median (and p95) of the measured action
    ratio: float | None = None  # measured median / baseline median
    met: bool | None = None  # None: could not be measured (see note)
    note: str = ""
    extra: dict[str, float] = field(default_factory=dict)  # raw figures for docs/performance.md


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100): an observed value, never an interpolation."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def median(values: list[float]) -> float:
    return statistics.median(values)


def paired(measured: Callable[[], object], baseline: Callable[[], object], n: int,
           *, warmup: int = 1) -> tuple[list[float], list[float]]:
    """Run both `n` times, alternating, after `warmup` unrecorded rounds; seconds each."""
    for _ in range(warmup):
        measured()
        baseline()
    ms: list[float] = []
    bs: list[float] = []
    for i in range(n):
        # Alternate which goes first, so neither always runs right after the other's garbage.
        order = ((measured, ms), (baseline, bs)) if i % 2 == 0 else ((baseline, bs), (measured, ms))
        for fn, out in order:
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return ms, bs


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def load_average() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


@contextmanager
def workdir(keep: Path | None = None) -> Iterator[Path]:
    """A temporary folder for generated data (removed afterwards), or `keep` if given."""
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        yield keep
        return
    with tempfile.TemporaryDirectory(prefix="baseline-bench-") as tmp:
        yield Path(tmp)


def parse_args(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, smaller data")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep generated data here (default: a temporary folder)")
    return parser.parse_args()


def emit(row: Row) -> None:
    """Print the row for a person and as one JSON line for run_all.py."""
    status = {True: "met", False: "NOT met", None: "not measured"}[row.met]
    print(f"#{row.number} {row.what}: {row.measured} (target {row.target}); baseline "
          f"{row.baseline}; ratio {row.ratio if row.ratio is None else round(row.ratio, 2)}; "
          f"{status}. {row.note}".rstrip(), file=sys.stderr)
    print(ROW_MARK + json.dumps(asdict(row)), flush=True)


def main_for(number: int, what: str, target: str,
             bench: Callable[[argparse.Namespace, Path], Row]) -> None:
    """Entry point of a benchmark script: args, a work folder, one row; a failure is a row too."""
    args = parse_args(f"Benchmark #{number}: {what} (target {target}).")
    with workdir(args.workdir) as folder:
        try:
            row = bench(args, folder)
        except Exception as exc:  # a broken benchmark still prints its row, saying why
            row = Row(number, what, target, met=None, note=f"failed: {type(exc).__name__}: {exc}")
            emit(row)
            raise
    emit(row)
