"""Response rows are built once (app.session.recording): the session engine and the bulk
simulator write the same row for the same answer, blanks and timeouts included."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from app.session.engine import QuestionAnswer, SessionEngine, SubmitError, TrialTiming
from app.session.recording import ms_between, stored_answer
from app.simulation.bulk import response_rows
from app.storage.database import Database
from app.study.loader import load_study

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "mini-study"
# Set by the writer, not by the answer: random or seeded ids and the wall-clock answer time.
IDS = {"uuid", "study_id", "content_hash", "participant_code", "session_uuid", "origin",
       "answer_utc"}

ONSET = 10**12
CASES: dict[str, tuple[list[QuestionAnswer], TrialTiming]] = {
    # An answer, normalised (a rating as a float), and an optional comment left empty.
    "poem1": ([QuestionAnswer("creative", 4, ONSET + 900_000_000, ONSET + 300_000_000, 2),
               QuestionAnswer("why", "", ONSET + 1_500_000_000, None, 0)],
              TrialTiming(ONSET, "2026-01-01T00:00:00+00:00", excluded_ms=250.0)),
    # Timed out before anything was chosen: the required question may stay blank.
    "c1": ([QuestionAnswer("label", None)], TrialTiming(ONSET, None, timed_out=True)),
    # A question the UI did not hand back at all counts as blank too.
    "c2": ([], TrialTiming(ONSET, None, timed_out=True)),
    "rank1": ([QuestionAnswer("order", ["z", "x", "y"], ONSET + 2_000_000_000,
                              ONSET + 500_000_000, 5)], TrialTiming(ONSET, None)),
}


def _comparable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in IDS}


def test_the_engine_and_the_bulk_simulator_write_the_same_row(db: Database) -> None:
    loaded = load_study(FIXTURE)
    engine = SessionEngine(loaded, db, "P001", simulated=True)
    for planned in engine.plan:
        if planned.item_id not in CASES:
            continue
        answers, timing = CASES[planned.item_id]
        engine.submit(planned.position, answers, timing)
        stored = [asdict(r) for r in db.responses("mini", participant_code="P001")
                  if r.item_id == planned.item_id]
        bulk = response_rows(loaded.items_by_id[planned.item_id], planned, answers, timing,
                             answer_utc="unused")
        assert set(bulk[0]) | IDS == set(stored[0])  # every column but the ids
        assert [_comparable(r) for r in stored] == [_comparable(r) for r in bulk]
    rows = {(r.item_id, r.question_id): r for r in db.responses("mini")}
    assert len(rows) == 5
    assert rows["poem1", "creative"].rt_ms == pytest.approx(900.0 - 250.0)
    assert rows["poem1", "creative"].first_interaction_ms == pytest.approx(300.0)
    assert rows["poem1", "why"].answer_json == '""'
    assert rows["c1", "label"].answer_json == rows["c2", "label"].answer_json == "null"
    assert rows["c2", "label"].rt_ms is None and rows["c2", "label"].timed_out


def test_the_blank_answer_rule() -> None:
    loaded = load_study(FIXTURE)
    poem, choice = loaded.items_by_id["poem1"], loaded.items_by_id["c1"]
    why, creative, label = poem.questions[1], poem.questions[0], choice.questions[0]
    assert stored_answer(poem, why, "", timed_out=False) == ""  # optional text left empty
    assert stored_answer(poem, why, None, timed_out=False) is None
    assert stored_answer(choice, label, None, timed_out=True) is None
    with pytest.raises(SubmitError, match="needs an answer"):
        stored_answer(choice, label, None, timed_out=False)
    with pytest.raises(SubmitError, match="'label'"):
        stored_answer(choice, label, "maybe", timed_out=False)
    assert stored_answer(poem, creative, 4, timed_out=False) == 4.0


def test_ms_between_takes_off_the_unfocused_time_and_never_goes_negative() -> None:
    assert ms_between(0, 2_500_000, 0.5) == pytest.approx(2.0)
    assert ms_between(0, 1_000_000, 5.0) == 0.0
    assert ms_between(None, 1, 0.0) is None and ms_between(1, None, 0.0) is None
