"""`baseline-studio run`: the self-test (in process and as the real command), and clear exits
for a database or study that cannot be used."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from conftest import FIXTURES, REPO

from widgets.launch import launch


def _args(**kw: object) -> argparse.Namespace:
    base = {"self_test": False, "db": None, "home": None, "study": None, "participant": None}
    base.update(kw)
    return argparse.Namespace(**base)


def test_self_test_answers_an_item_and_exports(qapp, capsys, tmp_path: Path) -> None:
    db = tmp_path / "self.sqlite3"
    code = launch(_args(self_test=True, study=str(FIXTURES / "mini-study"),
                        db=f"sqlite:///{db}"))
    out = capsys.readouterr().out
    assert code == 0, out
    assert "study 'mini'" in out and "with key presses; saved" in out
    assert "responses_long.csv" in out and "self-test passed" in out
    from app.storage import open_database

    database = open_database(f"sqlite:///{db}")
    try:
        rows = database.responses("mini")
        assert len(rows) >= 1 and rows[0].participant_code.startswith("selftest-")
        assert rows[0].rt_ms is not None
    finally:
        database.close()


def test_a_broken_database_exits_2_with_its_name(qapp, capsys, tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database")
    assert launch(_args(db=f"sqlite:///{bad}")) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "not a SQLite database" in err
    assert bad.read_bytes() == b"this is not a database"


def test_an_unknown_study_exits_2(qapp, capsys) -> None:
    assert launch(_args(study="no-such-study")) == 2
    assert "no such study" in capsys.readouterr().err


def test_the_real_command_self_test(tmp_path: Path) -> None:
    env = {**os.environ, "BASELINE_STUDIO_HOME": str(tmp_path / "home")}
    env.pop("QT_QPA_PLATFORM", None)  # --self-test goes offscreen by itself
    done = subprocess.run([sys.executable, "-m", "baseline_studio", "run", "--self-test"], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "self-test passed" in done.stdout
    # The self-test used a throwaway data folder, not the one it was given.
    assert not (tmp_path / "home" / "baseline-studio.sqlite3").exists()
