"""An answer's JSON with a key written twice (`{"best": "l01", "best": "l02"}`) is an error,
as a key written twice in study.json is: never silently the last value. In import-responses
and in merge alike."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.study.loader import load_study
from baseline_studio.main import main

STUDY = Path(__file__).resolve().parents[1] / "studies" / "preference-demo"
TWICE = '{"best": "l01", "best": "l02", "worst": "l04"}'


def test_import_responses_refuses_a_key_written_twice(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    answers = tmp_path / "answers.csv"
    cell = TWICE.replace('"', '""')
    answers.write_text("participant,item_id,question_id,answer,rt_ms\n"
                       f'P001,lines-01,vivid,"{cell}",1500\n')
    db = tmp_path / "db.sqlite3"
    assert main(["import-responses", "--db", f"sqlite:///{db}", "--study", str(STUDY),
                 str(answers)]) == 2
    err = capsys.readouterr().err
    assert "row 2, column answer" in err and "'best' is written twice" in err
    assert "Traceback" not in err


def test_merge_refuses_a_stored_answer_with_a_key_written_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    laptop = tmp_path / "laptop.sqlite3"
    db = open_database(f"sqlite:///{laptop}")
    simulate(load_study(STUDY), db, SimulationConfig(participants=1, seed=1, bulk=True))
    db.close()
    conn = sqlite3.connect(laptop)
    try:
        conn.execute("UPDATE response SET answer_json = ? WHERE item_id = 'lines-01' "
                     "AND question_id = 'vivid'", (TWICE,))
        conn.commit()
    finally:
        conn.close()
    assert main(["merge", str(tmp_path / "all.sqlite3"), str(laptop)]) == 2
    err = capsys.readouterr().err
    assert "answer the key 'best' is written twice" in err and "Traceback" not in err
