"""#10 The installable app's size on disk (target <= 300 MB), and the frozen app's cold start.

Measured: `du` of dist/baseline-studio/ as `make package` left it (the benchmark does not
build it: a build takes minutes of CPU and the packaging extra), each file's blocks counted
once, with its largest parts. Baseline: the sum of its parts as installed, in the same
environment: the files the app's runtime dependencies (pyproject's `dependencies`, and theirs)
installed, from their wheels' RECORD, plus the interpreter's standard library (without its
test suite); the ratio says
how much of that the bundle carries. Also printed: the frozen app's cold start, `--version`
and the first item of a 200-item image study on screen (BASELINE_STUDIO_EXIT_AFTER_FIRST_PAINT,
as #7 measures it), frozen and from source alternately, medians of fresh processes.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

from benchmarks.common import Row, main_for, median, ms
from benchmarks.studygen import lesion_study_in_child

WHAT = "bundle size on disk"
TARGET = "<= 300 MB"
REPO = Path(__file__).resolve().parents[1]
BUNDLE_DIR = REPO / "dist" / "baseline-studio"
BUNDLE = BUNDLE_DIR / ("baseline-studio.exe" if sys.platform == "win32" else "baseline-studio")
MB = 2**20


def disk_usage(paths: list[Path]) -> int:
    """Bytes on disk (allocated blocks where the system reports them), each file once."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for top in paths:
        for path in [top, *top.rglob("*")] if top.is_dir() else [top]:
            try:
                st = path.lstat()
            except OSError:
                continue
            if (st.st_dev, st.st_ino) in seen:
                continue
            seen.add((st.st_dev, st.st_ino))
            total += st.st_blocks * 512 if hasattr(st, "st_blocks") else st.st_size
    return total


def bundle_parts(internal: Path, top: int = 6) -> list[tuple[str, int]]:
    """The largest entries of _internal/, a package and its wheel's `.libs` folder as one."""
    sizes: dict[str, int] = {}
    for entry in internal.iterdir():
        name = entry.name.removesuffix(".libs")
        name = {"opencv_python_headless": "cv2", "pillow": "PIL", "scikit_learn": "sklearn"}.get(
            name, name)
        sizes[name] = sizes.get(name, 0) + disk_usage([entry])
    return sorted(sizes.items(), key=lambda kv: -kv[1])[:top]


def runtime_files(distribution: str = "baseline-studio") -> list[Path]:
    """Every file the app's runtime dependencies installed (their RECORD), recursively."""
    marker_env = {"extra": ""}
    todo, done, files = [distribution], set(), []
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in done:
            continue
        done.add(name)
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        if name != "baseline-studio":
            files += [Path(str(dist.locate_file(f))) for f in dist.files or []]
        for requirement in dist.requires or []:
            spec, _, marker = requirement.partition(";")
            if "extra" in marker or not _marker_holds(marker.strip(), marker_env):
                continue
            todo.append(re.split(r"[\s<>=!~\[(]", spec.strip(), maxsplit=1)[0])
    return files


def _marker_holds(marker: str, env: dict[str, str]) -> bool:
    if not marker:
        return True
    try:
        from packaging.markers import Marker  # (pip's vendored copy is not importable)
    except ImportError:
        return True
    return Marker(marker).evaluate(env)


def _frozen_version(home: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(BUNDLE), "--version"], env={**os.environ, "BASELINE_STUDIO_HOME": str(home)},
                   capture_output=True, timeout=120, check=True)
    return time.perf_counter() - start


def _first_paint(program: list[str], study: Path, home: Path) -> float:
    """Seconds from starting `program run --study` to the first item painted (as #7)."""
    shutil.rmtree(home, ignore_errors=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BASELINE_STUDIO_HOME": str(home),
           "BASELINE_STUDIO_EXIT_AFTER_FIRST_PAINT": "1"}
    start = time.monotonic_ns()
    done = subprocess.run([*program, "run", "--study", str(study), "--participant", "P001"],
                          env=env, capture_output=True, text=True, timeout=120, check=True)
    line = next(x for x in done.stdout.splitlines() if x.startswith("first-item-painted "))
    return (int(line.split()[1]) - start) / 1e9


def bench(args: argparse.Namespace, folder: Path) -> Row:
    if not BUNDLE.is_file():
        return Row(10, WHAT, TARGET, met=None,
                   note=f"no bundle at {BUNDLE_DIR}: build it with `make package` first")
    size = disk_usage([BUNDLE_DIR])
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    # (the interpreter's own site-packages and test suite are not parts of the app)
    parts = [*runtime_files(),
             *(p for p in stdlib.iterdir() if p.name not in ("site-packages", "test"))]
    installed = disk_usage([p for p in parts if p.exists()])
    built = time.strftime("%Y-%m-%d %H:%M", time.localtime(BUNDLE.stat().st_mtime))
    n = 2 if args.quick else 3
    study = lesion_study_in_child(folder / "study", n_items=200, n_images=120)
    version, first, source = [], [], []
    for _ in range(n):  # frozen and from source alternately
        version.append(_frozen_version(folder / "home"))
        first.append(_first_paint([str(BUNDLE)], study, folder / "home"))
        source.append(_first_paint([sys.executable, "-m", "baseline_studio"], study, folder / "home"))
    largest = ", ".join(f"{name} {bytes_ / MB:.0f}" for name, bytes_ in
                        bundle_parts(BUNDLE_DIR / "_internal"))
    return Row(
        10, WHAT, TARGET,
        baseline=f"its parts as installed (runtime dependencies + stdlib): {installed / MB:.0f} MB",
        measured=f"{size / MB:.0f} MB (built {built})",
        ratio=size / installed, met=size <= 300 * MB,
        note=(f"largest parts (MB): {largest}; frozen cold start, medians of {n}: --version "
              f"{ms(median(version))}, first item of a 200-item image study on screen "
              f"{ms(median(first))} (from source {ms(median(source))})"),
        extra={"bundle_mb": size / MB, "installed_mb": installed / MB,
               "frozen_version_s": median(version), "frozen_first_paint_s": median(first),
               "source_first_paint_s": median(source)},
    )


if __name__ == "__main__":
    main_for(10, WHAT, TARGET, bench)
