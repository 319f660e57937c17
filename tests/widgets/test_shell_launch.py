"""`baseline-studio run`: the self-test (in process and as the real command), and clear exits
for a database or study that cannot be used."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO
from shell_harness import ShellApp

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


def test_the_study_a_session_runs_is_frozen_when_big(qtbot, tmp_path: Path,
                                                    mini_study_dir: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The launcher's participant flow keeps the study for its sessions and freezes a big one
    out of the cyclic GC's full collections (app.catalog.kept_study); the loader does not."""
    import gc

    from app import catalog

    gc.unfreeze()
    monkeypatch.setattr(catalog, "FREEZE_MIN_ITEMS", 1)
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'db.sqlite3'}", home=tmp_path / "home")
    try:
        app.flow.open_study(mini_study_dir)
        qtbot.waitUntil(lambda: app.flow.loaded is not None, timeout=10_000)
        assert gc.get_freeze_count() > 0
        assert not any(obj is app.flow.loaded.study.items[0] for obj in gc.get_objects())
    finally:
        gc.unfreeze()
        app.close()


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


def test_the_self_test_opens_what_ships_not_the_test_fixtures() -> None:
    """Without --study the self-test opens a bundled study; product code never falls back on
    tests/ (absent from an installation), except the screenshot tour, a developer's tool run
    from the source tree."""
    from app.home import bundled_studies_dir
    from widgets.self_test import choose_study

    assert choose_study(None, None).parent == bundled_studies_dir()
    for folder in ("app", "widgets", "exporters", "baseline_studio"):
        for path in (REPO / folder).rglob("*.py"):
            if path.name != "screenshots.py":
                assert '"tests" / "fixtures"' not in path.read_text(encoding="utf-8"), path
