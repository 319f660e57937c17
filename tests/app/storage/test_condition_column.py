"""The reading condition of a response (schema version 6): an older database opens with every
response kept, a merge keeps each response's condition, and a conflict is one reader's
answers to one question under one condition (two conditions are two answers)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage.merge import answer_conflicts, merge_databases
from app.storage.migrations import SCHEMA_VERSION
from app.study.loader import LoadedStudy, load_study

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures"
READER_STUDY = ROOT / "studies" / "chest-reader-demo"


def _raw_responses(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as raw:
        names = [r[1] for r in raw.execute("PRAGMA table_info(response)")]
        columns = [n for n in names if n != "condition"]
        return sorted(raw.execute(f"SELECT {', '.join(columns)} FROM response").fetchall())


def test_a_version_5_database_opens_at_6_and_keeps_every_response(tmp_path: Path) -> None:
    """tests/fixtures/db_v5.sqlite3 was written by schema version 5 (the mini study and the
    chest reader demo before it had conditions, two simulated participants each)."""
    path = tmp_path / "v5.sqlite3"
    shutil.copy(FIXTURES / "db_v5.sqlite3", path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT value FROM schema_info WHERE key = 'schema_version'"
                           ).fetchone() == ("5",)
    before = _raw_responses(path)
    assert len(before) == 124
    db = open_database(f"sqlite:///{path}")
    assert db.schema_version == SCHEMA_VERSION == 6
    db.close()
    assert _raw_responses(path) == before  # every column of every response as it was
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM response WHERE condition IS NOT NULL"
                           ).fetchone() == (0,)
    db = open_database(f"sqlite:///{path}")
    by_condition = db.answered_by_condition("chest-reader-demo", "SIM001")
    assert set(by_condition) == {None} and len(by_condition[None][0]) == 26
    assert all(r.condition is None for r in db.responses("mini"))
    db.close()


def _reader_laptop(path: Path, loaded: LoadedStudy, seed: int) -> str:
    db = open_database(f"sqlite:///{path}")
    simulate(loaded, db, SimulationConfig(participants=2, seed=seed))
    db.close()
    return str(path)


def test_one_database_of_a_reader_study_holds_no_conflict() -> None:
    """Every reader answered every case twice, once per condition: no answer is a repeat."""
    loaded = load_study(READER_STUDY)
    db = open_database()
    simulate(loaded, db, SimulationConfig(participants=2, seed=4))
    rows = db.responses(loaded.study.id)
    assert {r.condition for r in rows} == {"unaided", "ai_aided"}
    assert answer_conflicts(db, loaded.study.id, include_simulated=True) == []
    db.close()


def test_a_merge_keeps_conditions_and_keys_conflicts_by_them(tmp_path: Path) -> None:
    loaded = load_study(READER_STUDY)
    a = _reader_laptop(tmp_path / "a.sqlite3", loaded, seed=1)
    b = _reader_laptop(tmp_path / "b.sqlite3", loaded, seed=2)  # the same codes, other answers
    target = open_database(f"sqlite:///{tmp_path / 'target.sqlite3'}")
    merge_databases(target, [a])
    source = open_database(f"sqlite:///{a}", read_only=True)
    assert ({(r.uuid, r.condition) for r in target.responses(loaded.study.id)}
            == {(r.uuid, r.condition) for r in source.responses(loaded.study.id)})
    first = {(r.participant_code, r.item_id, r.question_id, r.condition): r.answer_json
             for r in source.responses(loaded.study.id)}
    source.close()
    report = merge_databases(target, [b])
    other = open_database(f"sqlite:///{b}", read_only=True)
    second = {(r.participant_code, r.item_id, r.question_id, r.condition): r.answer_json
              for r in other.responses(loaded.study.id)}
    other.close()
    differ = {key for key in first if first[key] != second[key]}
    assert differ  # the two seeds answer some questions differently
    assert {(c.participant, c.item_id, c.question_id, c.condition)
            for c in report.conflicts} == differ
    assert all(c.place.endswith(f"({c.condition})") for c in report.conflicts)
    target.close()


def test_a_merge_input_with_an_undeclared_condition_is_refused(tmp_path: Path) -> None:
    from app.merge_check import merge_row_problems
    from app.storage.merge import InvalidRowsError

    loaded = load_study(READER_STUDY)
    a = _reader_laptop(tmp_path / "a.sqlite3", loaded, seed=1)
    with sqlite3.connect(a) as raw:
        uuid, = raw.execute("SELECT uuid FROM response WHERE condition = 'ai_aided' "
                            "ORDER BY uuid LIMIT 1").fetchone()
        raw.execute("UPDATE response SET condition = 'with_cad' WHERE uuid = ?", (uuid,))
        other, = raw.execute("SELECT uuid FROM response WHERE condition = 'unaided' "
                             "ORDER BY uuid LIMIT 1").fetchone()
        raw.execute("UPDATE response SET condition = NULL WHERE uuid = ?", (other,))
    target = open_database(f"sqlite:///{tmp_path / 'target.sqlite3'}")
    with pytest.raises(InvalidRowsError) as caught:
        merge_databases(target, [a], check=merge_row_problems)
    message = str(caught.value)
    assert (f"response, row {uuid}: condition: 'with_cad' is not one of the study's "
            "conditions (unaided, ai_aided)") in message
    assert (f"response, row {other}: condition: missing; the study reads every case under "
            "each of unaided, ai_aided") in message
    assert target.count_responses() == 0
    target.close()
