"""An export looks for conflicts in the responses it has read: where no participant answered
a question twice there, the database is not asked; where one did, the database decides, as
before. The frame's answer must be the database's."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pandas as pd
import pytest
from sqlalchemy import Engine, event

from app.results.frame import responses_frame
from app.storage import open_database
from app.storage.merge import answer_conflicts
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main
from exporters.conflicts import ConflictsError, answered_twice, refuse_conflicts
from tests.test_merge_trust import simulated

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GROUPED = "HAVING COUNT(*) > 1"  # the database's search for repeated answers


@pytest.fixture
def mini() -> LoadedStudy:
    return load_study(FIXTURES / "mini-study")


def repeat_one_answer(path: Path, answer_json: str | None) -> None:
    """A second answer to the first stored response's question (the same answer if None),
    whatever columns the table has."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("CREATE TEMP TABLE again AS SELECT * FROM response ORDER BY uuid LIMIT 1")
        conn.execute("UPDATE again SET uuid = uuid || '-again'")
        if answer_json is not None:
            conn.execute("UPDATE again SET answer_json = ?", (answer_json,))
        conn.execute("INSERT INTO response SELECT * FROM again")
        conn.commit()
    finally:
        conn.close()


@pytest.mark.parametrize("repeat", ["none", "same answer", "other answer"])
@pytest.mark.parametrize("include_simulated", [True, False])
def test_the_frame_and_the_database_agree(repeat: str, include_simulated: bool, tmp_path: Path,
                                          mini: LoadedStudy) -> None:
    path = simulated(tmp_path / "db.sqlite3", mini)
    if not include_simulated:  # real participants, so that both reads see the rows
        conn = sqlite3.connect(path)
        conn.execute("UPDATE response SET simulated = 0")
        conn.commit()
        conn.close()
    if repeat != "none":
        repeat_one_answer(path, None if repeat == "same answer" else '"a different answer"')
    db = open_database(f"sqlite:///{path}")
    try:
        frame = responses_frame(mini, db, include_simulated=include_simulated)
        assert len(frame) > 0
        assert answered_twice(frame) == (repeat != "none")
        conflicts = answer_conflicts(db, mini.study.id, include_simulated=include_simulated)
        assert bool(conflicts) == (repeat == "other answer")
        outcomes = []
        for given in (None, frame):
            try:
                refuse_conflicts(mini, db, include_simulated=include_simulated, frame=given)
                outcomes.append("")
            except ConflictsError as exc:
                outcomes.append(str(exc))
        assert outcomes[0] == outcomes[1]
        assert bool(outcomes[0]) == (repeat == "other answer")
    finally:
        db.close()


def test_an_empty_frame_has_no_repeats(tmp_path: Path, mini: LoadedStudy) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    try:
        assert not answered_twice(responses_frame(mini, db, include_simulated=True))
    finally:
        db.close()


def test_an_export_without_repeats_does_not_search_the_database(
        tmp_path: Path, mini: LoadedStudy) -> None:
    path = simulated(tmp_path / "db.sqlite3", mini)
    statements: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        statements.append(statement)

    event.listen(Engine, "before_cursor_execute", seen)
    try:
        code = main(["export", "--db", f"sqlite:///{path}", "--study", str(FIXTURES / "mini-study"),
                     "--include-simulated", "--bootstrap", "0", "--out", str(tmp_path / "out")])
    finally:
        event.remove(Engine, "before_cursor_execute", seen)
    assert code == 0
    assert statements  # (the listener saw the export's own queries)
    assert not [s for s in statements if GROUPED in s]


def test_readings_under_two_conditions_are_not_a_repeat() -> None:
    readings = pd.DataFrame({"participant": ["R1", "R1"], "item_id": ["case-1", "case-1"],
                             "question_id": ["rating", "rating"],
                             "condition": ["unaided", "ai_aided"]})
    assert not answered_twice(readings)
    assert answered_twice(readings.assign(condition="unaided"))
    assert answered_twice(readings.drop(columns="condition"))
