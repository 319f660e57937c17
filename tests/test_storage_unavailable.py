"""A full disk or a read-only medium is said as such (not "damaged"), and leaves nothing
half-written; commands that only read can read a database on a read-only medium.

The full disk is SQLite's own: `PRAGMA max_page_count` makes a write past the limit fail with
SQLITE_FULL, exactly the error a full disk gives. The read-only medium is a real read-only
mount (a small tmpfs, remounted read-only); those tests skip when mounting is not permitted.
"""

from __future__ import annotations

import csv
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.responses_import import import_responses_csv
from app.simulate import SimulationConfig, simulate
from app.storage import CorruptDatabaseError, open_database, opening
from app.storage.unavailable import DiskFullError, ReadOnlyDatabaseError
from app.study.loader import load_study
from baseline_studio.main import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HEADROOM_PAGES = 12  # the study definition and the participants fit, the responses do not


def counts(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {t: int(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0])
                for t in ("study", "participant", "session", "response", "event")}
    finally:
        conn.close()


def many_answers(path: Path, participants: int) -> Path:
    """A valid responses CSV: `participants` codes answering every item of the mini study."""
    rows = [["participant", "item_id", "question_id", "answer", "rt_ms", "note"]]
    for n in range(participants):
        code = f"P{n:04d}"
        rows += [[code, "p1", "label", "pos", "900", "x" * 200], [code, "c1", "label", "neg", "800", ""],
                 [code, "s1", "", "3.5", "", ""], [code, "poem1", "creative", "4", "", ""],
                 [code, "poem1", "why", "a comment " * 20, "", ""]]
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


@pytest.fixture
def small_disk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A database file that can grow by HEADROOM_PAGES pages only (then SQLITE_FULL)."""
    path = tmp_path / "lab.sqlite3"
    open_database(f"sqlite:///{path}").close()
    conn = sqlite3.connect(path)
    limit = int(conn.execute("PRAGMA page_count").fetchone()[0]) + HEADROOM_PAGES
    conn.close()
    original = opening._sqlite_pragmas

    def limited(dbapi_conn: sqlite3.Connection, record: object) -> None:
        original(dbapi_conn, record)
        dbapi_conn.execute(f"PRAGMA max_page_count={limit}")

    monkeypatch.setattr(opening, "_sqlite_pragmas", limited)
    return path


def test_a_full_disk_mid_import_leaves_nothing_and_says_disk_full(
        small_disk: Path, tmp_path: Path, mini_study_dir: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    source = many_answers(tmp_path / "paper.csv", participants=300)
    before = counts(small_disk)
    argv = ["import-responses", "--study", str(mini_study_dir), "--db", f"sqlite:///{small_disk}",
            str(source)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{small_disk}: the disk is full" in err and "Traceback" not in err
    assert "damaged" not in err
    # one transaction: no participant, session, study version or event without its answers
    assert counts(small_disk) == before
    # and the same file imports whole once there is room
    loaded = load_study(mini_study_dir)
    small = many_answers(tmp_path / "few.csv", participants=2)
    db = open_database(f"sqlite:///{small_disk}")
    summary = import_responses_csv(loaded, db, small)
    db.close()
    assert summary.responses == 10 and counts(small_disk)["participant"] == 2


def test_disk_full_is_its_own_error_not_a_traceback(small_disk: Path, tmp_path: Path,
                                                    mini_study_dir: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{small_disk}")
    try:
        with pytest.raises(DiskFullError, match="disk is full"):
            import_responses_csv(loaded, db, many_answers(tmp_path / "a.csv", participants=300))
    finally:
        db.close()


# ------------------------------------------------------------------ read-only medium


@pytest.fixture
def read_only_stick(tmp_path: Path) -> Iterator[Path]:
    """A folder holding a sound database (written by real sessions, closed as the app closes
    it), then mounted read-only: writes fail with EROFS even for root."""
    mount = tmp_path / "stick"
    mount.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("no mount command")
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mount)],
                            capture_output=True, check=False)
    if result.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not permitted here: {result.stderr.decode().strip()}")
    try:
        db = open_database(f"sqlite:///{mount / 'lab.sqlite3'}")
        simulate(load_study(FIXTURES / "mini-study"), db, SimulationConfig(participants=2, seed=1))
        db.close()
        assert not (mount / "lab.sqlite3-wal").exists()
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        yield mount / "lab.sqlite3"
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_database_on_a_read_only_medium_is_not_called_damaged(
        read_only_stick: Path, mini_study_dir: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    before = read_only_stick.read_bytes()
    with pytest.raises(ReadOnlyDatabaseError) as caught:
        open_database(f"sqlite:///{read_only_stick}")
    assert not isinstance(caught.value, CorruptDatabaseError)
    assert "read-only" in str(caught.value) and "damaged" not in str(caught.value)
    answers = many_answers(tmp_path / "a.csv", participants=1)
    assert main(["import-responses", "--study", str(mini_study_dir), "--db",
                 f"sqlite:///{read_only_stick}", str(answers)]) == 2
    err = capsys.readouterr().err
    assert "read-only" in err and "damaged" not in err and "Traceback" not in err
    # the app itself says the same, and offers no backup to restore over a sound file
    assert main(["run", "--db", f"sqlite:///{read_only_stick}"]) == 2
    err = capsys.readouterr().err
    assert "read-only" in err and "damaged" not in err and "restore" not in err.lower()
    assert read_only_stick.read_bytes() == before


def test_commands_that_only_read_read_a_read_only_database(
        read_only_stick: Path, mini_study_dir: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{read_only_stick}"
    db = open_database(url, read_only=True)
    assert db.count_responses() == 20
    db.close()
    out = tmp_path / "export"
    assert main(["export", "--study", str(mini_study_dir), "--db", url, "--out", str(out),
                 "--bootstrap", "0", "--include-simulated"]) == 0, capsys.readouterr().err
    assert (out / "responses_long.csv").exists()
    assert main(["coverage", "--study", str(mini_study_dir), "--db", url]) == 0
    capsys.readouterr()
    copy = tmp_path / "handover.sqlite3"
    assert main(["snapshot", "--db", url, str(copy)]) == 0
    assert counts(copy)["response"] == 20


def test_read_only_opening_never_writes(tmp_path: Path, mini_study_dir: Path) -> None:
    """Without a read-only mount (chmod does not stop root): a database opened for reading is
    opened with SQLite's read-only flag, so a write through it is refused by SQLite itself and
    the file is left byte for byte. (SQLite may still make an empty -wal and a -shm index
    beside it where it may; on a read-only medium it reads the file as immutable instead,
    which the mount tests above prove.)"""
    folder = tmp_path / "stick"
    folder.mkdir()
    path = folder / "lab.sqlite3"
    db = open_database(f"sqlite:///{path}")
    simulate(load_study(mini_study_dir), db, SimulationConfig(participants=1, seed=1))
    db.close()
    path.chmod(0o444)
    folder.chmod(0o555)
    try:
        before = path.read_bytes()
        ro = open_database(f"sqlite:///{path}", read_only=True)
        assert ro.count_responses() == 10 and ro.read_only
        with pytest.raises(Exception, match=r"readonly|read-only"):
            ro.log_event("mini", "should_not_be_written")
        ro.close()
        assert path.read_bytes() == before
        wal = folder / "lab.sqlite3-wal"
        assert not wal.exists() or wal.stat().st_size == 0
    finally:
        folder.chmod(0o755)


KILL_MID_IMPORT = """
import os, signal, sys
from pathlib import Path
import app.storage.import_batch as batch
from baseline_studio.main import main

real = batch.insert_rows

def insert_then_die(conn, table, rows, **kw):
    real(conn, table, rows, **kw)
    if table == "response":  # participants, sessions and answers written, not yet committed
        os.kill(os.getpid(), signal.SIGKILL)

batch.insert_rows = insert_then_die
sys.exit(main(sys.argv[1:]))
"""


def test_a_kill_mid_import_leaves_nothing_half_done(tmp_path: Path, mini_study_dir: Path) -> None:
    """SIGKILL inside the import's transaction, after every row was inserted but before the
    commit: on restart the database holds nothing of the file, not participants with open
    sessions and no answers."""
    path = tmp_path / "lab.sqlite3"
    open_database(f"sqlite:///{path}").close()
    before = counts(path)
    source = many_answers(tmp_path / "paper.csv", participants=50)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    result = subprocess.run(
        [sys.executable, "-c", KILL_MID_IMPORT, "import-responses", "--study", str(mini_study_dir),
         "--db", f"sqlite:///{path}", str(source)], env=env, capture_output=True, timeout=120)
    assert result.returncode == -signal.SIGKILL, result.stderr.decode()[-2000:]
    db = open_database(f"sqlite:///{path}")  # the restart: SQLite rolls the hot WAL back
    db.close()
    assert counts(path) == before


@pytest.fixture
def laptop(tmp_path: Path) -> Path:
    """Another laptop's database, made before `small_disk` limits every new connection."""
    path = tmp_path / "laptop.sqlite3"
    db = open_database(f"sqlite:///{path}")
    simulate(load_study(FIXTURES / "mini-study"), db,
             SimulationConfig(participants=100, seed=1, bulk=True))
    db.close()
    return path


def test_a_full_disk_mid_merge_says_so_and_merges_nothing(
        laptop: Path, small_disk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = counts(small_disk)
    assert main(["merge", str(small_disk), str(laptop)]) == 2
    err = capsys.readouterr().err
    assert f"{small_disk}: the disk is full" in err and "Traceback" not in err
    assert counts(small_disk) == before
