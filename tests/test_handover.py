"""Handing data over between laptops: `snapshot` makes a consistent, verified copy while the
app is running; a database at rest is one self-contained file; a URL that names no file is
refused by every command that writes; the data folder and files are owner-only."""

from __future__ import annotations

import hashlib
import random
import shutil
import sqlite3
import stat
from pathlib import Path

import pytest

from app.session.engine import SessionEngine
from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage.backup import backup_database, restore_backup
from app.storage.snapshot import SnapshotError, snapshot_database, verify_snapshot
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main
from tests.kill_driver import walk

FIXTURES = Path(__file__).resolve().parent / "fixtures"
NO_FILE_URLS = ["sqlite://", "sqlite:///", "sqlite:///:memory:"]


@pytest.fixture
def mini() -> LoadedStudy:
    return load_study(FIXTURES / "mini-study")


def count(path: Path, table: str = "response", *, immutable: bool = True) -> int:
    """Rows in `path` read from the main file alone (immutable: any -wal beside it is ignored)."""
    uri = f"file:{path}?immutable=1" if immutable else f"file:{path}?mode=ro"
    conn = sqlite3.connect(uri, uri=True)
    try:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def live_station(path: Path, mini: LoadedStudy, participants: int = 3) -> sqlite3.Connection:
    """A database with answers in its -wal only, as on a laptop with the app open: a reader
    holds the log open and automatic checkpoints are off. Returns the open connection."""
    open_database(f"sqlite:///{path}").close()  # the schema, in the main file
    db = open_database(f"sqlite:///{path}")
    with db.engine.connect() as conn:  # the file is in WAL mode from here on
        conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
    holder = sqlite3.connect(path)
    holder.execute("PRAGMA wal_autocheckpoint=0")
    holder.execute("SELECT COUNT(*) FROM response").fetchone()
    simulate(mini, db, SimulationConfig(participants=participants, seed=1, bulk=True))
    db.engine.dispose()  # no checkpoint: the app is still "running"
    return holder


def test_snapshot_of_a_running_database_holds_every_answer(tmp_path: Path, mini: LoadedStudy) -> None:
    live = tmp_path / "lab.sqlite3"
    holder = live_station(live, mini)
    try:
        assert Path(f"{live}-wal").stat().st_size > 0
        assert count(live) == 0  # copying the main file by hand would take no answer at all
        usb = tmp_path / "usb"
        usb.mkdir()
        result = snapshot_database(live, usb / "laptop1.sqlite3")
        assert result.counts["response"] == count(live, immutable=False) == 30
        assert sorted(p.name for p in usb.iterdir()) == ["laptop1.sqlite3", "laptop1.sqlite3.sha256"]
        # self-contained: the file alone, ignoring any -wal, holds every row
        assert count(result.path) == 30 and count(result.path, "participant") == 3
        conn = sqlite3.connect(result.path)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        conn.close()
        digest = hashlib.sha256(result.path.read_bytes()).hexdigest()
        assert (usb / "laptop1.sqlite3.sha256").read_text() == f"{digest}  laptop1.sqlite3\n"
        assert verify_snapshot(result.path)
        # the copy merges whole on the other laptop
        target = open_database(f"sqlite:///{tmp_path / 'all.sqlite3'}")
        assert main(["merge", str(tmp_path / "all.sqlite3"), str(result.path)]) == 0
        assert target.count_responses() == 30
        target.close()
    finally:
        holder.close()


def test_snapshot_refuses_the_live_database_and_leaves_nothing_on_failure(
        tmp_path: Path, mini: LoadedStudy, capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "lab.sqlite3"
    db = open_database(f"sqlite:///{live}")
    simulate(mini, db, SimulationConfig(participants=1, seed=1))
    db.close()
    before = live.read_bytes()
    for bad in (live, Path(f"{live}-wal"), Path(f"{live}-shm"), tmp_path / "." / "lab.sqlite3"):
        with pytest.raises(SnapshotError, match="database itself"):
            snapshot_database(live, bad)
    with pytest.raises(SnapshotError, match="is a folder"):
        snapshot_database(live, tmp_path)
    with pytest.raises(SnapshotError, match="no such folder"):
        snapshot_database(live, tmp_path / "missing" / "x.sqlite3")
    assert live.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lab.sqlite3"]
    assert main(["snapshot", "--db", f"sqlite:///{live}", str(live)]) == 2
    assert "database itself" in capsys.readouterr().err


def test_snapshot_replaces_an_older_copy_atomically(tmp_path: Path, mini: LoadedStudy,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "lab.sqlite3"
    db = open_database(f"sqlite:///{live}")
    simulate(mini, db, SimulationConfig(participants=1, seed=1))
    out = tmp_path / "copy.sqlite3"
    assert main(["snapshot", "--db", f"sqlite:///{live}", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out and count(out) == 10
    simulate(mini, db, SimulationConfig(participants=1, first=2, seed=1))
    db.close()
    assert main(["snapshot", "--db", f"sqlite:///{live}", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "replaced" in printed and "20 response" in printed and count(out) == 20
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]


def test_a_closed_session_leaves_every_answer_in_the_main_file(tmp_path: Path,
                                                              mini: LoadedStudy) -> None:
    """The app still open between two sessions: the main file copied alone holds everything."""
    path = tmp_path / "lab.sqlite3"
    db = open_database(f"sqlite:///{path}")
    engine = SessionEngine(mini, db, "P001")
    walk(engine, random.Random(0))
    engine.close()
    copy = tmp_path / "copied-by-hand.sqlite3"
    shutil.copyfile(path, copy)  # the main file only, no -wal, while the app is still open
    answered = db.count_responses()
    assert answered == sum(len(i.questions) for i in mini.study.items)
    assert count(copy) == answered
    assert count(copy, "session") == 1
    db.close()
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


def test_closing_the_database_checkpoints_the_wal(tmp_path: Path, mini: LoadedStudy) -> None:
    path = tmp_path / "lab.sqlite3"
    holder = sqlite3.connect(tmp_path / "lab.sqlite3")  # another station keeps the file open
    db = open_database(f"sqlite:///{path}")
    simulate(mini, db, SimulationConfig(participants=2, seed=1, bulk=True))
    db.close()
    try:
        assert count(path) == 20
    finally:
        holder.close()


@pytest.mark.parametrize("url", NO_FILE_URLS)
def test_every_writing_command_refuses_a_url_that_names_no_file(
        url: str, tmp_path: Path, mini_study_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv_file = tmp_path / "answers.csv"
    csv_file.write_text("participant,item_id,question_id,answer,rt_ms\n")
    laptop = tmp_path / "laptop.sqlite3"
    open_database(f"sqlite:///{laptop}").close()
    commands = {
        "import-responses": ["import-responses", "--db", url, "--study", str(mini_study_dir),
                             str(csv_file)],
        "merge": ["merge", url, str(laptop)],
        "simulate": ["simulate", "--db", url, "--study", str(mini_study_dir), "--participants", "1"],
        "run": ["run", "--db", url, "--study", str(mini_study_dir)],
        "snapshot": ["snapshot", "--db", url, str(tmp_path / "copy.sqlite3")],
    }
    for name, argv in commands.items():
        assert main(argv) == 2, name
        err = capsys.readouterr().err
        assert "names no database file" in err, (name, err)
        assert "Traceback" not in err
    assert not (tmp_path / "copy.sqlite3").exists()


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_database_backups_and_snapshots_are_owner_only(tmp_path: Path, mini: LoadedStudy) -> None:
    home = tmp_path / "new-home"
    db = open_database(None, home=home)
    assert mode(home) == 0o700
    path = home / "baseline-studio.sqlite3"
    simulate(mini, db, SimulationConfig(participants=1, seed=1))
    assert mode(path) == 0o600
    for suffix in ("-wal", "-shm"):
        assert mode(Path(f"{path}{suffix}")) == 0o600, suffix
    backup = backup_database(path)
    assert mode(backup) == 0o600 and mode(backup.parent) == 0o700
    restored = restore_backup(path, backup, to=tmp_path / "restored.sqlite3").restored
    assert mode(restored) == 0o600
    result = snapshot_database(path, tmp_path / "handover.sqlite3")
    assert mode(result.path) == 0o600 and mode(result.checksum_path) == 0o600
    db.close()


def test_snapshots_taken_while_answers_keep_arriving_are_each_consistent(
        tmp_path: Path, mini: LoadedStudy) -> None:
    """A station keeps writing during the copy: every snapshot passes its own check (its row
    counts equal the database's at one instant) and the counts only grow."""
    import threading

    path = tmp_path / "lab.sqlite3"
    db = open_database(f"sqlite:///{path}")
    simulate(mini, db, SimulationConfig(participants=50, seed=1, bulk=True))
    stop = threading.Event()

    def station() -> None:
        while not stop.is_set():
            db.log_event("mini", "tick")

    writer = threading.Thread(target=station)
    writer.start()
    try:
        seen = [snapshot_database(path, tmp_path / f"copy{i}.sqlite3").counts["event"]
                for i in range(4)]
    finally:
        stop.set()
        writer.join()
    assert seen == sorted(seen) and seen[-1] > seen[0]
    assert all(count(tmp_path / f"copy{i}.sqlite3", "event") == n for i, n in enumerate(seen))
    db.close()
