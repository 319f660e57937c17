"""`--db postgresql+psycopg://...` for every command that touches a database: run (the GUI
self-test), simulate, import-responses, export, coverage and merge (server as output and input)."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.storage import open_database
from baseline_studio.main import main

pytestmark = pytest.mark.postgres
MINI = str(Path(__file__).resolve().parent / "fixtures" / "mini-study")
REPO = Path(__file__).resolve().parents[1]


def test_commands_on_a_server(pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--study", MINI, "--db", pg_url, "--participants", "2"]) == 0
    answers = tmp_path / "paper.csv"
    answers.write_text("participant,item_id,question_id,answer,rt_ms,tier\n"
                       "PAPER1,c1,label,neg,1834,senior\nPAPER1,s1,,3.5,,senior\n", encoding="utf-8")
    assert main(["import-responses", "--study", MINI, "--db", pg_url, str(answers)]) == 0
    assert main(["coverage", "--study", MINI, "--db", pg_url]) == 0
    out = tmp_path / "export"
    assert main(["export", "--study", MINI, "--db", pg_url, "--out", str(out)]) == 0
    with (out / "responses_long.csv").open(encoding="utf-8") as fh:
        exported = list(csv.DictReader(fh))
    assert {r["participant"] for r in exported} == {"PAPER1"}  # simulated ones left out
    assert main(["export", "--study", MINI, "--db", pg_url, "--out", str(tmp_path / "all"),
                 "--include-simulated"]) == 0
    with (tmp_path / "all" / "responses_long.csv").open(encoding="utf-8") as fh:
        assert {r["participant"] for r in csv.DictReader(fh)} == {"PAPER1", "SIM001", "SIM002"}

    # The server as an input of a merge into a laptop file, and as the output of one.
    laptop = tmp_path / "laptop.sqlite3"
    assert main(["merge", str(laptop), pg_url]) == 0
    assert "22 new responses" in capsys.readouterr().out
    other = tmp_path / "other.sqlite3"
    assert main(["simulate", "--study", MINI, "--db", str(f"sqlite:///{other}"), "--participants",
                 "1", "--first", "7", "--bulk"]) == 0
    assert main(["merge", pg_url, str(other), str(laptop)]) == 0
    text = capsys.readouterr().out
    assert f"merged into {open_database(pg_url).label}: 10 new responses, 22 already present" in text
    server = open_database(pg_url)
    assert server.count_responses("mini") == 32
    server.close()


def test_gui_self_test_on_a_server(pg_url: str, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BASELINE_STUDIO_HOME": str(tmp_path)}
    # The mini study, so that the item the self-test answers does not depend on its random code.
    done = subprocess.run([sys.executable, "-m", "baseline_studio", "run", "--self-test", "--db", pg_url,
                           "--study", MINI],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "self-test passed" in done.stdout + done.stderr
    server = open_database(pg_url)
    assert server.count_responses() >= 1
    server.close()
