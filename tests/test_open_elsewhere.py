"""A participant code still answering in another session (another station, another window)
is noticed before a second session starts on it: both would answer the same plan."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import text

from app.session.engine import SessionEngine
from app.session.standing import OPEN_ELSEWHERE_WINDOW, open_elsewhere
from app.storage.database import Database
from app.study.loader import load_study
from tests.kill_driver import step


def test_an_open_recent_session_is_seen_and_a_closed_one_is_not(db: Database,
                                                               mini_study_dir: Path) -> None:
    loaded = load_study(mini_study_dir)
    study_id = loaded.study.id
    assert open_elsewhere(db, study_id, "P001") is None  # nobody has started
    station_a = SessionEngine(loaded, db, "P001")
    rng = random.Random(3)
    for _ in range(4):
        step(station_a, station_a.next_screen(), rng)
    seen = open_elsewhere(db, study_id, "P001")
    assert seen is not None and datetime.now(UTC) - seen < timedelta(minutes=1)
    assert open_elsewhere(db, study_id, "P002") is None  # another code is free
    later = seen + OPEN_ELSEWHERE_WINDOW + timedelta(seconds=1)
    assert open_elsewhere(db, study_id, "P001", now=later) is None  # a crash long ago
    # The latest answer counts, not only the session's start.
    answers = [r.answer_utc for r in db.responses(study_id, participant_code="P001")]
    assert seen == datetime.fromisoformat(max(answers))
    station_a.close()
    assert open_elsewhere(db, study_id, "P001") is None  # stopped properly: free to resume


def test_the_window_is_inclusive_and_a_stamp_without_a_zone_is_utc(db: Database,
                                                                   mini_study_dir: Path) -> None:
    """A session last active exactly OPEN_ELSEWHERE_WINDOW ago still counts as open; a stamp
    written without a time zone (another station's or an older database's) is read as UTC,
    not refused or shifted."""
    loaded = load_study(mini_study_dir)
    study_id = loaded.study.id
    station = SessionEngine(loaded, db, "P001")
    step(station, station.next_screen(), random.Random(1))
    seen = open_elsewhere(db, study_id, "P001")
    assert seen is not None
    assert open_elsewhere(db, study_id, "P001", now=seen + OPEN_ELSEWHERE_WINDOW) == seen
    later = seen + timedelta(seconds=30)  # the session's start, rewritten without its zone
    with db.engine.begin() as conn:
        conn.execute(text("UPDATE session SET started_utc = :t WHERE participant_code = :p"),
                     {"t": later.replace(tzinfo=None).isoformat(), "p": "P001"})
    again = open_elsewhere(db, study_id, "P001", now=later + timedelta(minutes=1))
    assert again == later and again.tzinfo is not None
