"""`make mutation`: mutation testing of the modules that guard data and numbers, with mutmut.

Each module is mutated on its own, in a copy of the repository under `build/mutation/<module>`
(mutmut writes its mutated tree, `mutants/`, beside the configuration it reads, and the copy
keeps the work tree clean): the copy's pyproject.toml gets `only_mutate` for that module and
the module's tests as the test selection (MODULES below). mutmut first runs those tests once
to learn which tests reach which function, then runs each mutant against the tests that cover
it only. The table printed at the end counts, per module, the mutants, the ones killed, the
survivors listed as equivalent in tests/mutation/equivalents.md (a mutation that changes no
behaviour, with a line saying why), the other survivors, and the score: killed over the
mutants that are not equivalent.

    python -m tests.mutation.run                       # every module below
    python -m tests.mutation.run exporters/csv_safe.py # one
    python -m tests.mutation.run --list                # the modules and their tests
    python -m tests.mutation.run --show MODULE         # and each survivor's diff

Slow (minutes per module on two cores): not part of `make test`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "build" / "mutation"
EQUIVALENTS = Path(__file__).with_name("equivalents.md")
TARGET = 0.90

# module -> the tests that state its promises (mutmut runs, of these, the ones that reach
# the mutated function)
MODULES: dict[str, list[str]] = {
    "exporters/csv_safe.py": ["tests/exporters/test_csv_safe.py", "tests/test_export_safety.py",
                              "tests/test_export_csv_fast.py"],
    "exporters/out_folder.py": ["tests/exporters/test_out_folder.py",
                                "tests/test_export_safety.py"],
    "app/storage/snapshot.py": ["tests/app/storage/test_snapshot_refuses.py",
                                "tests/test_handover.py"],
    "app/storage/backup.py": ["tests/test_handover.py", "tests/test_corruption.py"],
    "app/storage/merge.py": ["tests/app/storage/test_merge_participants.py",
                             "tests/test_merge.py", "tests/test_merge_checks.py",
                             "tests/test_merge_trust.py", "tests/test_merge_equals_single.py"],
    "app/storage/opening.py": ["tests/test_storage_unavailable.py", "tests/test_corruption.py"],
    "app/merge_check.py": ["tests/test_merge_checks.py", "tests/test_merge.py"],
    "app/session/standing.py": ["tests/test_standings_fast.py", "tests/test_open_elsewhere.py",
                                "tests/test_session_profile.py", "tests/test_coverage.py"],
    "app/responses_import.py": ["tests/test_import_errors.py", "tests/test_import_batches.py",
                                "tests/test_fuzz_import.py"],
    "app/session/recording.py": ["tests/app/session/test_recording.py"],
    "app/session/engine.py": ["tests/test_engine.py", "tests/test_engine_peek.py",
                              "tests/test_engine_registration.py"],
    "app/session/tally.py": ["tests/test_engine.py"],
    "app/results/paired_tests.py": ["tests/app/results/test_paired_tests.py",
                                    "tests/app/results/test_intervals.py"],
    "app/results/intervals.py": ["tests/app/results/test_intervals.py"],
    "app/resampling.py": ["tests/app/test_resampling.py"],
    "app/results/agreement.py": ["tests/app/results/test_agreement.py"],
    "app/results/rater_models.py": ["tests/app/results/test_rater_models.py"],
    "widgets/timing.py": ["tests/widgets/test_shell_timing.py",
                          "tests/widgets/test_timing_check.py"],
}


def equivalents() -> dict[str, set[str]]:
    """Mutant names listed as equivalent, per module: lines `- MUTANT_NAME: why`."""
    found: dict[str, set[str]] = {}
    module = None
    for line in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            module = line[3:].strip().strip("`")
            found.setdefault(module, set())
        elif module and (match := re.match(r"- `?([\w.]+__mutmut_\d+)`?:", line)):
            found[module].add(match.group(1))
    return found


def work_dir(module: str) -> Path:
    return WORK / module.replace("/", "_").removesuffix(".py")


def copy_tree(module: str) -> Path:
    work = work_dir(module)
    if work.exists():
        shutil.rmtree(work)
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    for name in files:
        source = ROOT / name
        if source.is_file() and not name.startswith("build/"):
            target = work / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    # Tests that read ../shared skip in the copy: none of them states a promise mutated here.
    config = (work / "pyproject.toml").read_text(encoding="utf-8")
    config += (f"only_mutate = [{json.dumps(module)}]\n"
               f"pytest_add_cli_args_test_selection = {json.dumps(MODULES[module])}\n")
    (work / "pyproject.toml").write_text(config, encoding="utf-8")
    return work


def run_module(module: str, jobs: int) -> dict[str, object]:
    work = copy_tree(module)
    mutmut = Path(sys.executable).with_name("mutmut")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(work))
    log = work / "mutmut.log"
    with log.open("w") as out:
        subprocess.run([str(mutmut), "run", "--max-children", str(jobs)],
                       cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT, check=False)
    subprocess.run([str(mutmut), "export-cicd-stats"], cwd=work, env=env,
                   capture_output=True, check=False)
    stats_file = work / "mutants" / "mutmut-cicd-stats.json"
    if not stats_file.exists():
        return {"module": module, "error": f"no results (see {log})"}
    stats = json.loads(stats_file.read_text())
    if stats["total"] and not any(stats[k] for k in ("killed", "survived", "timeout",
                                                       "no_tests", "suspicious")):
        return {"module": module, "error": f"the tests did not run (see {log})"}
    results = subprocess.run([str(mutmut), "results", "--all", "true"], cwd=work, env=env,
                             capture_output=True, text=True, check=False).stdout
    survived = {m.group(1) for m in re.finditer(r"^\s*([\w.]+__mutmut_\d+): survived", results,
                                                re.MULTILINE)}
    equivalent = survived & equivalents().get(module, set())
    live = stats["total"] - stats["skipped"] - len(equivalent)
    killed = stats["killed"] + stats["timeout"]
    return {"module": module, "mutants": stats["total"], "killed": killed,
            "equivalent": len(equivalent), "survived": sorted(survived - equivalent),
            "no_tests": stats["no_tests"], "score": killed / live if live else 1.0}


def show(work: Path, name: str) -> str:
    """The survivor's diff, its changed lines only."""
    mutmut = Path(sys.executable).with_name("mutmut")
    diff = subprocess.run([str(mutmut), "show", name], cwd=work, capture_output=True,
                          text=True, check=False).stdout
    return "\n".join(f"    {line}" for line in diff.splitlines()
                     if line[:1] in "-+" and not line.startswith(("---", "+++")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all)")
    parser.add_argument("--list", action="store_true", help="list the modules and their tests")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="mutants run at once (default: 2 at most)")
    parser.add_argument("--show", action="store_true", help="print each survivor's diff")
    args = parser.parse_args(argv)
    if args.list:
        for module, tests in MODULES.items():
            print(f"{module}: {' '.join(tests)}")
        return 0
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        print(f"not configured: {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    rows = [run_module(module, args.jobs) for module in (args.modules or list(MODULES))]
    print(f"\n{'module':34} {'mutants':>7} {'killed':>6} {'equiv.':>6} {'survived':>8} "
          f"{'no test':>7} {'score':>6}")
    below = 0
    for row in rows:
        if "error" in row:
            print(f"{row['module']:34} {row['error']}")
            below += 1
            continue
        score = float(row["score"])  # type: ignore[arg-type]
        below += score < TARGET
        print(f"{row['module']:34} {row['mutants']:>7} {row['killed']:>6} {row['equivalent']:>6} "
              f"{len(row['survived']):>8} {row['no_tests']:>7} {score:>6.0%}")  # type: ignore[arg-type]
    for row in rows:
        work = work_dir(str(row["module"]))
        for name in row.get("survived", []):  # type: ignore[union-attr]
            print(f"survived: {name}  (mutmut show {name}, in {work})")
            if args.show:
                print(show(work, name))
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
