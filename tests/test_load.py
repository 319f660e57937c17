"""A small load test: four stations (processes) with simulated participants write at the same
time to one SQLite file, and to one PostgreSQL database; nothing is lost or written twice.
The full-size run is `python -m benchmarks.load_test` (figures, not assertions on speed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MINI = str(REPO / "tests" / "fixtures" / "mini-study")


def run_load_test(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.load_test", "--processes", "4", "--participants", "1",
         "--study", MINI, "--json", *args],
        cwd=REPO, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    [line] = [x for x in done.stdout.splitlines() if x.startswith("{")]
    result: dict[str, object] = json.loads(line)
    return result


def check(result: dict[str, object]) -> None:
    assert result["problems"] == []
    assert result["missing"] == 0 and result["duplicated"] == 0 and result["sessions_open"] == 0
    assert result["responses"] == result["expected"] == 4 * 10  # 10 questions per mini plan


def test_four_stations_on_one_sqlite_file() -> None:
    check(run_load_test("--backends", "sqlite"))


@pytest.mark.postgres
def test_four_stations_on_one_postgres_database(pg_url: str) -> None:
    del pg_url  # only for its skip when no server is configured; the run makes its own schema
    check(run_load_test("--backends", "postgres", "--pg", os.environ["BASELINE_STUDIO_TEST_PG"]))
