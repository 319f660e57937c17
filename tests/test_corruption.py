"""A damaged database is detected at open and never written to; rolling verified backups are
taken at session end and can be restored without overwriting anything."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from app.session.engine import SessionEngine
from app.storage import CorruptDatabaseError, open_database
from app.storage.backup import (
    KEEP,
    BackupError,
    backup_database,
    backup_folder,
    integrity_problems,
    latest_good_backup,
    list_backups,
    restore_backup,
)
from app.storage.database import new_uuid, utc_now
from app.storage.records import EventRecord
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main as cli
from tests.kill_driver import walk

PAGE = 4096


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def filled_database(path: Path, n_events: int = 400) -> Path:
    """A real database spread over many pages, checkpointed (no -wal left)."""
    db = open_database(f"sqlite:///{path}")
    db.save_responses([], [EventRecord(uuid=new_uuid(), study_id="s", kind="filler", utc=utc_now(),
                                    payload_json=json.dumps({"i": i, "pad": "x" * 200}))
                           for i in range(n_events)])
    db.close()
    assert not Path(f"{path}-wal").exists()
    return path


def truncate_half(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2 + 123)


def random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(50_000))


def corrupt_middle_page(path: Path) -> None:
    data = bytearray(path.read_bytes())
    page = len(data) // PAGE // 2
    data[page * PAGE:(page + 1) * PAGE] = random.Random(2).randbytes(PAGE)
    path.write_bytes(bytes(data))


def corrupt_page_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[3 * PAGE:3 * PAGE + 8] = b"\xff" * 8  # b-tree page type and cell counts
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [truncate_half, random_bytes, corrupt_middle_page,
                                    corrupt_page_header], ids=lambda f: f.__name__)
def test_damaged_database_is_refused_and_left_untouched(tmp_path: Path,
                                                        damage: Callable[[Path], None]) -> None:
    path = filled_database(tmp_path / "lab.sqlite3")
    damage(path)
    before, mtime = digest(path), path.stat().st_mtime_ns
    with pytest.raises(CorruptDatabaseError) as caught:
        open_database(f"sqlite:///{path}")
    assert str(path) in str(caught.value)
    assert digest(path) == before and path.stat().st_mtime_ns == mtime
    assert integrity_problems(path)  # the same verdict from the backup module's check


def test_cli_names_the_damaged_file_and_exits_2(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = filled_database(tmp_path / "lab.sqlite3")
    corrupt_middle_page(path)
    before = digest(path)
    assert cli(["export", "--study", "tests/fixtures/mini-study", "--db", f"sqlite:///{path}",
                "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Traceback" not in err
    assert digest(path) == before


def finished_session(path: Path, loaded: LoadedStudy) -> Path:
    """A real database in which P001 answered every item and closed the session."""
    db = open_database(f"sqlite:///{path}")
    engine = SessionEngine(loaded, db, "P001")
    walk(engine, random.Random(0))
    engine.close()
    db.close()
    return path


@pytest.fixture
def mini(mini_study_dir: Path) -> LoadedStudy:
    return load_study(mini_study_dir)


def test_session_end_writes_a_verified_backup(tmp_path: Path, mini: LoadedStudy) -> None:
    path = finished_session(tmp_path / "lab.sqlite3", mini)
    backups = list_backups(path)
    assert len(backups) == 1
    copy = backups[0].path
    assert copy.parent == backup_folder(path) == tmp_path / "backups"
    assert integrity_problems(copy) == []
    conn = sqlite3.connect(copy)
    try:
        # one self-contained file, holding every answer and the ended session
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        n_questions = sum(len(i.questions) for i in mini.study.items)
        assert conn.execute("SELECT COUNT(*) FROM response").fetchone() == (n_questions,)
        assert conn.execute("SELECT COUNT(*) FROM session WHERE ended_utc IS NULL").fetchone() == (0,)
    finally:
        conn.close()


def test_simulated_sessions_take_no_backup(tmp_path: Path, mini: LoadedStudy) -> None:
    path = tmp_path / "lab.sqlite3"
    db = open_database(f"sqlite:///{path}")
    SessionEngine(mini, db, "SIM1", simulated=True).close()
    db.close()
    assert list_backups(path) == []


def test_failed_backup_is_logged_and_close_still_succeeds(tmp_path: Path, mini: LoadedStudy) -> None:
    path = tmp_path / "lab.sqlite3"
    (tmp_path / "backups").write_text("a file where the backups folder should be")
    db = open_database(f"sqlite:///{path}")
    engine = SessionEngine(mini, db, "P001")
    engine.close()
    failed = db.events(mini.study.id, kind="backup_failed")
    assert len(failed) == 1 and "backups" in failed[0].payload_json
    db.close()


def test_only_the_newest_backups_are_kept(tmp_path: Path) -> None:
    path = filled_database(tmp_path / "lab.sqlite3", n_events=5)
    other = filled_database(tmp_path / "other.sqlite3", n_events=5)
    made = [backup_database(path) for _ in range(KEEP + 3)]
    backup_database(other)
    kept = [b.path for b in list_backups(path)]
    assert kept == made[::-1][:KEEP]  # newest first
    assert len(list_backups(other)) == 1  # retention is per database
    assert all(integrity_problems(p) == [] for p in kept)


def test_backups_within_one_clock_tick_keep_their_order(tmp_path: Path) -> None:
    path = filled_database(tmp_path / "lab.sqlite3", n_events=5)
    first = backup_database(path)
    stamp = first.name[len("lab-"):-len(".sqlite3")]
    second = first.with_name(f"lab-{stamp}-1.sqlite3")  # what a coarse clock gives the next one
    third = first.with_name(f"lab-{stamp}-2.sqlite3")
    for copy in (second, third):
        copy.write_bytes(first.read_bytes())
    assert [b.path for b in list_backups(path)] == [third, second, first]


def test_latest_good_backup_skips_a_damaged_one(tmp_path: Path) -> None:
    path = filled_database(tmp_path / "lab.sqlite3")
    older = backup_database(path)
    newer = backup_database(path)
    assert latest_good_backup(path) == newer
    corrupt_middle_page(newer)
    assert latest_good_backup(path) == older


def test_restore_moves_the_damaged_file_aside_and_reopens(tmp_path: Path, mini: LoadedStudy) -> None:
    path = finished_session(tmp_path / "lab.sqlite3", mini)
    corrupt_middle_page(path)
    damaged = digest(path)
    with pytest.raises(CorruptDatabaseError):
        open_database(f"sqlite:///{path}")

    result = restore_backup(path)
    assert result.restored == path and result.damaged_kept is not None
    assert digest(result.damaged_kept) == damaged  # the damaged bytes are kept, unchanged
    reopened = open_database(f"sqlite:///{path}")
    try:
        assert {r.item_id for r in reopened.responses(mini.study.id)} == set(mini.items_by_id)
    finally:
        reopened.close()


def test_restore_to_a_new_path_never_overwrites(tmp_path: Path) -> None:
    path = filled_database(tmp_path / "lab.sqlite3")
    backup_database(path)
    before = digest(path)
    taken = tmp_path / "taken.sqlite3"
    taken.write_bytes(b"something precious")
    with pytest.raises(BackupError, match="never overwrites"):
        restore_backup(path, to=taken)
    assert taken.read_bytes() == b"something precious"
    result = restore_backup(path, to=tmp_path / "restored.sqlite3")
    assert result.damaged_kept is None and integrity_problems(result.restored) == []
    assert digest(path) == before


def test_restore_refuses_a_damaged_backup(tmp_path: Path) -> None:
    path = filled_database(tmp_path / "lab.sqlite3")
    only = backup_database(path)
    corrupt_middle_page(only)
    with pytest.raises(BackupError, match="no backup passes"):
        restore_backup(path)
    with pytest.raises(BackupError, match="damaged too"):
        restore_backup(path, only)


def test_cli_lists_and_restores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = filled_database(tmp_path / "lab.sqlite3")
    url = f"sqlite:///{path}"
    assert cli(["restore-backup", "--db", url, "--list"]) == 0
    assert "no backups" in capsys.readouterr().out
    assert cli(["restore-backup", "--db", url]) == 2
    assert "no backup passes" in capsys.readouterr().err
    backup_database(path)
    assert cli(["restore-backup", "--db", url, "--list"]) == 0
    assert "  ok  " in capsys.readouterr().out
    corrupt_page_header(path)
    damaged = digest(path)
    assert cli(["restore-backup", "--db", url]) == 0
    out = capsys.readouterr().out
    kept = Path(out.split("kept the previous file as ", 1)[1].split("\n", 1)[0])
    assert kept.parent == tmp_path and digest(kept) == damaged
    open_database(url).close()


def test_cli_refuses_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["restore-backup", "--db", "postgresql+psycopg://u@localhost/x", "--list"]) == 2
    assert "SQLite files only" in capsys.readouterr().err


def test_odd_folder_names_are_checked_not_bypassed(tmp_path: Path) -> None:
    """A '#' in a folder name must not cut the path short (the read-only check would
    then open, and create, some other file and find it sound)."""
    folder = tmp_path / "site #1 &"
    folder.mkdir()
    path = filled_database(folder / "lab.sqlite3")
    assert integrity_problems(path) == []
    copy = backup_database(path)
    assert copy.parent == folder / "backups" and integrity_problems(copy) == []
    corrupt_middle_page(path)
    with pytest.raises(CorruptDatabaseError, match="site #1"):
        open_database(f"sqlite:///{path}")
    assert integrity_problems(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site #1 &"]  # no stray file beside
