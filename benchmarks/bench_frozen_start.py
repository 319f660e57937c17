"""Start time of the frozen app (dist/baseline-studio/, `make package`) against the same
commands run from source (`.venv/bin/python -m baseline_studio`).

    .venv/bin/python -m benchmarks.bench_frozen_start [--runs N]

Two commands, each run as a fresh process, frozen and from source alternately (benchmarks.common
.paired: same load, same disk cache): `--version` (interpreter start and the CLI's imports) and
`run --self-test` (Qt, the main window, one answered item, an export). Prints medians, p95 and
the frozen/source ratio of the medians; docs/packaging.md keeps the figures.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import load_average, median, ms, paired, percentile

REPO = Path(__file__).resolve().parents[1]
BUNDLE = REPO / "dist" / "baseline-studio" / (
    "baseline-studio.exe" if sys.platform == "win32" else "baseline-studio")
COMMANDS = {"--version": ["--version"], "run --self-test": ["run", "--self-test"]}


def runner(argv: list[str], home: Path) -> object:
    env = {**os.environ, "BASELINE_STUDIO_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}

    def run() -> None:
        done = subprocess.run(argv, env=env, cwd=REPO, capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}: {done.stderr[-400:]}")

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each, after one warm-up")
    args = parser.parse_args()
    if not BUNDLE.is_file():
        print(f"no bundle at {BUNDLE}: build it with `make package`", file=sys.stderr)
        return 2
    print(f"load average {load_average()}; {args.runs} runs each, alternating")
    with tempfile.TemporaryDirectory(prefix="baseline-bench-start-") as tmp:
        home = Path(tmp)
        for label, command in COMMANDS.items():
            frozen = runner([str(BUNDLE), *command], home)
            source = runner([sys.executable, "-m", "baseline_studio", *command], home)
            f, s = paired(frozen, source, args.runs)  # type: ignore[arg-type]
            print(f"{label:<16} frozen median {ms(median(f))} (p95 {ms(percentile(f, 95))}); "
                  f"source median {ms(median(s))} (p95 {ms(percentile(s, 95))}); "
                  f"frozen/source {median(f) / median(s):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
