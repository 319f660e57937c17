"""The audit trail: an append-only event log (enforced by the database), crash-recovery markers,
stimulus problems flagged for the designer, exported as events.csv beside the responses."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from app.session.engine import SessionEngine, TrialScreenSpec
from app.session.flags import stimulus_problems
from app.storage import open_database
from app.storage.database import Database
from app.study.loader import load_study
from exporters import export_all
from exporters.audit_csv import EVENT_COLUMNS
from tests.kill_driver import step, walk


def test_events_cannot_be_changed_or_deleted(db: Database) -> None:
    db.log_event("s", "answer_change", participant_code="P1", payload={"value": "pos"})
    for statement in ("UPDATE event SET kind = 'nothing happened'",
                      "UPDATE event SET payload_json = '{}'",
                      "DELETE FROM event"):
        with pytest.raises(DBAPIError, match="append-only"), db.engine.begin() as conn:
            conn.execute(text(statement))
    db.log_event("s", "paused", participant_code="P1")  # appending still works
    assert [e.kind for e in db.events("s")] == ["answer_change", "paused"]
    assert json.loads(db.events("s")[0].payload_json) == {"value": "pos"}


def test_a_session_that_never_ended_is_marked_once(db: Database, mini_study_dir: Path) -> None:
    loaded = load_study(mini_study_dir)
    crashed = SessionEngine(loaded, db, "P001")  # never closed: the process "died"
    SessionEngine(loaded, db, "P002")  # someone else's open session is not P001's crash
    again = SessionEngine(loaded, db, "P001")
    markers = db.events(loaded.study.id, participant_code="P001", kind="crash_recovered")
    assert [json.loads(m.payload_json)["session"] for m in markers] == [crashed.session_uuid]
    assert markers[0].session_uuid == again.session_uuid
    again.close()
    SessionEngine(loaded, db, "P001").close()  # a clean restart adds no marker
    assert len(db.events(loaded.study.id, participant_code="P001", kind="crash_recovered")) == 1


def test_a_stimulus_problem_is_flagged_and_the_session_goes_on(db: Database,
                                                               mini_study_dir: Path) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P001")
    rng = random.Random(0)
    while not (isinstance(screen := engine.next_screen(), TrialScreenSpec)
               and screen.view.item_id == "v1"):
        step(engine, screen, rng)
    engine.flag_stimulus_problem("v1", "images/a.png: not an image file", path="images/a.png")
    assert engine.next_screen() == screen  # the same trial: the participant can still answer
    step(engine, screen, rng)
    walk(engine, rng)
    engine.close()
    problems = stimulus_problems(db, loaded.study.id)
    assert [(p.item_id, p.participant_code, p.path) for p in problems] == \
        [("v1", "P001", "images/a.png")]
    assert "not an image" in problems[0].problem
    assert "v1" in {r.item_id for r in db.responses(loaded.study.id)}


def test_events_csv_is_exported_beside_the_responses(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    SessionEngine(loaded, db, "P001")  # crashed
    engine = SessionEngine(loaded, db, "P001")
    engine.log("paused", {"reason": "participant"})
    engine.log("resumed", {})
    walk(engine, random.Random(2))
    engine.close()
    written = export_all(loaded, db, tmp_path / "out")
    stored = db.events(loaded.study.id)
    db.close()
    events_csv = tmp_path / "out" / "events.csv"
    assert events_csv in written and (tmp_path / "out" / "responses_long.csv") in written
    with events_csv.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == EVENT_COLUMNS
        rows = list(reader)
    assert [r["event_uuid"] for r in rows] == [e.uuid for e in stored]
    kinds = [r["kind"] for r in rows]
    for kind in ("session_started", "session_resumed", "crash_recovered", "paused", "resumed",
                 "block_intro_seen", "break_start", "break_end", "session_closed"):
        assert kind in kinds, kind
    assert kinds.index("crash_recovered") < kinds.index("paused") < kinds.index("session_closed")
