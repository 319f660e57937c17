"""`snapshot` that cannot write says so (exit 2, no traceback) and leaves nothing behind: a
read-only folder, a checksum that cannot be written (then there is no OUT either), and the
partial copies a killed snapshot left are removed by the next one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.study.loader import load_study
from baseline_studio.main import main
from tests.test_storage_unavailable import read_only_stick  # noqa: F401  (a fixture)

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def station(tmp_path: Path) -> Path:
    path = tmp_path / "station.sqlite3"
    db = open_database(f"sqlite:///{path}")
    simulate(load_study(FIXTURES / "mini-study"), db, SimulationConfig(participants=2, seed=1))
    db.close()
    return path


def snapshot(db: Path, out: Path) -> list[str]:
    return ["snapshot", "--db", f"sqlite:///{db}", str(out)]


def test_a_snapshot_into_a_read_only_folder_says_so(
        station: Path, read_only_stick: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    out = read_only_stick.parent / "copy.sqlite3"
    assert main(snapshot(station, out)) == 2
    err = capsys.readouterr().err
    assert "read-only" in err and "Traceback" not in err
    assert not out.exists()


def test_when_the_checksum_cannot_be_written_there_is_no_snapshot(
        station: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "usb" / "copy.sqlite3"
    out.parent.mkdir()
    (out.parent / "copy.sqlite3.sha256").mkdir()  # in the way of the checksum
    assert main(snapshot(station, out)) == 2
    err = capsys.readouterr().err
    assert "copy.sqlite3.sha256" in err and "nothing was written" in err
    assert "Traceback" not in err
    assert sorted(p.name for p in out.parent.iterdir()) == ["copy.sqlite3.sha256"]


def test_the_partial_copies_of_a_killed_snapshot_are_removed(
        station: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "usb" / "copy.sqlite3"
    out.parent.mkdir()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = int(gone.stdout)  # a process that has ended, as a killed snapshot's has
    leftovers = [out.parent / f".copy.sqlite3.{dead}.k1l2.partial",
                 out.parent / f".copy.sqlite3.{dead}.k1l2.partial-journal",
                 out.parent / ".copy.sqlite3.old9x.partial"]  # an older version's name
    for path in leftovers:
        path.write_bytes(b"x" * 4096)
    hour_ago = time.time() - 7200
    os.utime(leftovers[2], (hour_ago, hour_ago))
    running = out.parent / f".copy.sqlite3.{os.getpid()}.live1.partial"  # a snapshot at work
    running.write_bytes(b"y")
    assert main(snapshot(station, out)) == 0
    printed = capsys.readouterr().out
    for path in leftovers:
        assert not path.exists() and f"removed {path}" in printed
    assert running.exists()
    assert sorted(p.name for p in out.parent.iterdir()) == sorted(
        ["copy.sqlite3", "copy.sqlite3.sha256", running.name])
