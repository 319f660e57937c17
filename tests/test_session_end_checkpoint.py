"""The end of a session folds the -wal into the main file without waiting for other
programs' readers (PASSIVE), and retries what they held back; only close waits, briefly. A
rollback-mode database held by another program is refused with that program named."""

from __future__ import annotations

import random
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import app.storage.opening as opening
from app.session.engine import SessionEngine
from app.storage import open_database
from app.storage.unavailable import DatabaseBusyError
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main
from tests.kill_driver import walk

FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Far below the 30 s busy timeout a waiting checkpoint would sit through: a session end that
# still waits for the reader fails here instead of hanging the run.
HANG_S = 15


@pytest.fixture
def mini() -> LoadedStudy:
    return load_study(FIXTURES / "mini-study")


def test_session_ends_beside_a_reader_do_not_wait_and_the_rest_is_folded_later(
        tmp_path: Path, mini: LoadedStudy) -> None:
    path = tmp_path / "station.sqlite3"
    db = open_database(f"sqlite:///{path}")
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM response").fetchone()  # a snapshot held open
    try:
        for n in range(3):
            engine = SessionEngine(mini, db, f"P00{n}", simulated=True)
            walk(engine, random.Random(n))
            ended = threading.Thread(target=engine.close, daemon=True)
            ended.start()
            ended.join(HANG_S)
            assert not ended.is_alive(), "a session end waited for another program's reader"
        assert db.checkpoint_pending  # the reader kept part of the -wal back
    finally:
        reader.execute("COMMIT")
        reader.close()
    engine = SessionEngine(mini, db, "P009", simulated=True)  # the next start retries
    assert not db.checkpoint_pending
    walk(engine, random.Random(9))
    engine.close()
    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(path, copy)  # the main file alone, as copied between sessions
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT COUNT(DISTINCT participant_code) FROM response").fetchone()[0] == 4
    db.close()


def test_a_rollback_database_held_by_another_program_names_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lab.sqlite3"
    open_database(f"sqlite:///{path}").close()  # closed: left in rollback mode
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sqlite3, sys\n"
         f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
         "c.execute('BEGIN'); c.execute('SELECT COUNT(*) FROM response').fetchone()\n"
         "print('ready', flush=True); sys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        monkeypatch.setattr(opening, "BUSY_TIMEOUT_MS", 300)  # not the 30 s a station waits
        with pytest.raises(DatabaseBusyError, match=rf"\(pid {holder.pid}\).*Close that program"):
            open_database(f"sqlite:///{path}")
        assert main(["simulate", "--db", f"sqlite:///{path}", "--study",
                     str(FIXTURES / "mini-study"), "--participants", "1"]) == 2
        err = capsys.readouterr().err
        assert f"pid {holder.pid}" in err and "damaged" not in err and "Traceback" not in err
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)
