"""#11 Peak memory of `import-responses` against the file's size (target: 1,000,000 rows
within the 1.5 GB under which holding every row died with a MemoryError, 1.94 GB peak).

A responses CSV for the mini test study (five answers per participant: a choice, a rating, a
Likert, a comment), 1,000,000 rows (--quick: 100,000), imported into a new SQLite file by a
child process that prints its own high-water mark (VmHWM). Baseline: the same child
importing 1,000 rows (interpreter, study and database opened). The rows are checked and
written in bounded batches inside one transaction (`app.responses_import.IMPORT_BATCH`), so
what grows with the file is only what later rows are checked against (one key per answered
question), not the rows.
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
from pathlib import Path

from benchmarks.common import Row, main_for

WHAT = "import-responses peak memory against file size"
TARGET = "<= 1.5 GB at 1M rows"
STUDY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "mini-study"
CHILD = """
import json, sys
from pathlib import Path
from app.responses_import import import_responses_csv
from app.storage import open_database
from app.study.loader import load_study
db = open_database("sqlite:///" + sys.argv[2])
summary = import_responses_csv(load_study(Path(sys.argv[3])), db, Path(sys.argv[1]))
db.close()
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"peak_mb": peak / 1024, "responses": summary.responses}))
"""


def write_csv(path: Path, rows: int) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["participant", "item_id", "question_id", "answer", "rt_ms", "note"])
        for n in range(rows // 5):
            code = f"P{n:07d}"
            writer.writerows([[code, "p1", "label", "pos", "900", "x"], [code, "c1", "label", "neg", "800", ""],
                              [code, "s1", "", "3.5", "1200", ""], [code, "poem1", "creative", "4", "", ""],
                              [code, "poem1", "why", "a comment", "", ""]])
    return path


def child_peak(csv_path: Path, db_path: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(csv_path), str(db_path), str(STUDY)],
                          capture_output=True, text=True, check=True, timeout=1800)
    return json.loads(done.stdout.strip().splitlines()[-1])


def bench(args: argparse.Namespace, folder: Path) -> Row:
    n = 100_000 if args.quick else 1_000_000
    small = child_peak(write_csv(folder / "small.csv", 1_000), folder / "small.sqlite3")
    big_csv = write_csv(folder / "big.csv", n)
    size_mb = big_csv.stat().st_size / 2**20
    big = child_peak(big_csv, folder / "big.sqlite3")
    per_row_kb = (big["peak_mb"] - small["peak_mb"]) * 1024 / n
    return Row(
        11, WHAT, TARGET,
        baseline=f"1,000 rows: peak {small['peak_mb']:.0f} MB",
        measured=f"{n:,} rows ({size_mb:.0f} MB file): peak {big['peak_mb']:.0f} MB "
                 f"({per_row_kb:.2f} KB a row above the baseline)",
        ratio=big["peak_mb"] / size_mb,
        met=big["peak_mb"] <= 1536 if n == 1_000_000 else None,
        note=f"{int(big['responses']):,} responses imported in one transaction",
        extra={"peak_mb": big["peak_mb"], "baseline_mb": small["peak_mb"], "file_mb": size_mb,
               "rows": n},
    )


if __name__ == "__main__":
    main_for(11, WHAT, TARGET, bench)
