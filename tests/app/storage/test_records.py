"""The plain records Database hands out and takes in (app.storage.records, app.storage.reads):
the same columns as the tables, values typed as the tables type them, on SQLite and
PostgreSQL; and the reads the session side makes through Database instead of on its engine."""

from __future__ import annotations

import dataclasses
from dataclasses import asdict

import pytest
from sqlalchemy.exc import IntegrityError

from app.storage.database import Database, new_uuid, utc_now
from app.storage.reads import check_record_fields
from app.storage.records import EventRecord, ResponseRecord


def _response(code: str, item: str, *, practice: bool = False, simulated: bool = False,
              session: str = "s1") -> ResponseRecord:
    return ResponseRecord(uuid=new_uuid(), study_id="mini", content_hash="h", participant_code=code,
                          session_uuid=session, item_id=item, question_id="q", block_id="main",
                          position=0, answer_json='"A"', answer_utc=utc_now(), onset_ns=10**15,
                          answer_ns=10**15 + 1_234_567, rt_ms=1.234567, excluded_ms=0,
                          practice=practice, simulated=simulated)


def test_every_record_has_its_tables_columns_in_order() -> None:
    assert check_record_fields() == []


def test_records_go_in_and_come_out_as_plain_typed_values(db: Database) -> None:
    row = _response("P1", "c1", practice=True)
    event = EventRecord(uuid=new_uuid(), study_id="mini", participant_code="P1", kind="note",
                        payload_json='{"a": 1}', mono_ns=2**40, utc=utc_now())
    db.save_responses([row], [event])
    assert row.origin == event.origin == db.origin  # filled in on the way in
    [back] = db.responses("mini")
    # Plain data: no SQLAlchemy instance state to refresh or detach.
    assert dataclasses.is_dataclass(back) and not hasattr(back, "_sa_instance_state")
    assert asdict(back) == {**asdict(row), "excluded_ms": 0.0}
    assert type(back.practice) is bool and type(back.simulated) is bool  # SQLite stores 0/1
    assert type(back.excluded_ms) is float and back.onset_ns == 10**15
    [logged] = db.events("mini", kind="note")
    assert asdict(logged) == asdict(event)


def test_the_counts_the_session_side_reads(db: Database) -> None:
    db.ensure_participant("mini", "P1")
    db.ensure_participant("mini", "P2", simulated=True)
    for code in ("P1", "P1", "P2"):
        db.start_session("mini", "h", code, app_version="test")
    db.save_responses([_response("P1", "c1"), _response("P1", "c2"), _response("P1", "p1", practice=True),
                       _response("P2", "c1", simulated=True)])
    assert db.participant_codes("mini") == {"P1", "P2"}
    assert db.session_counts("mini") == {"P1": 2, "P2": 1}
    assert db.answered_items("mini") == {"P1": {"c1", "c2", "p1"}, "P2": {"c1"}}
    counts, codes = db.raters_per_item("mini")  # practice and simulated left out
    assert counts == {"c1": 1, "c2": 1} and codes == ["P1"]
    counts, codes = db.raters_per_item("mini", include_simulated=True)
    assert counts == {"c1": 2, "c2": 1} and sorted(codes) == ["P1", "P2"]
    assert db.participant_codes("other") == set() and db.session_counts("other") == {}


def test_insert_bulk_writes_every_table_in_one_transaction(db: Database) -> None:
    row = asdict(_response("P9", "c1", simulated=True)) | {"origin": db.origin}
    participant = {"study_id": "mini", "code": "P9", "profile_json": "{}", "simulated": True,
                   "created_utc": utc_now(), "origin": db.origin}
    db.insert_bulk({"participant": [participant], "response": [row]})
    assert [p.code for p in db.participants("mini")] == ["P9"]
    assert [asdict(r) for r in db.responses("mini")] == [row | {"excluded_ms": 0.0}]
    with pytest.raises(IntegrityError):  # the same key again: nothing of this batch is kept
        db.insert_bulk({"participant": [{**participant, "code": "P10"}], "response": [row]})
    assert [p.code for p in db.participants("mini")] == ["P9"]
