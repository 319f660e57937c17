"""Every Database method on SQLite and on PostgreSQL (the `db` fixture runs on both), plus
several stations opening one new server database at the same moment."""

from __future__ import annotations

import multiprocessing
from typing import Any

import pytest
from sqlalchemy import text

from app.storage import open_database
from app.storage.database import Database, new_uuid, utc_now
from app.storage.migrations import SCHEMA_VERSION
from app.storage.records import EventRecord, ResponseRecord
from app.study.errors import UserInputError

BIG_NS = 2**62 + 123_456_789  # monotonic ns values need BIGINT on PostgreSQL


def _response(session: str, item: str, *, code: str = "P1", position: int = 0,
              simulated: bool = False, answer: str = '"neg"', uuid: str | None = None) -> ResponseRecord:
    return ResponseRecord(uuid=uuid or new_uuid(), study_id="mini", content_hash="h1", participant_code=code,
                       session_uuid=session, item_id=item, question_id="label", block_id="main",
                       position=position, answer_json=answer, option_order_json='["pos", "neg"]',
                       onset_ns=BIG_NS, first_interaction_ns=BIG_NS + 1, answer_ns=BIG_NS + 812_500_000,
                       onset_utc=utc_now(), answer_utc=utc_now(), rt_ms=812.5,
                       first_interaction_ms=1e-6, excluded_ms=0.125, n_changes=2, timed_out=True,
                       practice=False, simulated=simulated)


def test_schema_and_origin(db: Database) -> None:
    assert db.schema_version == SCHEMA_VERSION
    assert len(db.origin) == 36
    again = open_database(str(db.engine.url.render_as_string(hide_password=False)))
    assert again.origin == db.origin and again.schema_version == SCHEMA_VERSION
    again.close()


def test_studies_participants_and_sessions(db: Database) -> None:
    db.register_study("mini", "1.0.0", "Mini", "h1", '{"id": "mini"}')
    db.register_study("mini", "1.0.0", "Mini", "h1", '{"id": "mini"}')  # idempotent
    db.register_study("mini", "1.1.0", "Mini", "h2", '{"id": "mini", "v": 2}')
    assert sorted(v.version for v in db.study_versions("mini")) == ["1.0.0", "1.1.0"]

    created = db.ensure_participant("mini", "P1", {"tier": "senior", "years": 12}, simulated=True)
    assert created.simulated is True and created.profile == {"tier": "senior", "years": 12}
    assert db.ensure_participant("mini", "P1", {"tier": "primary"}).profile["tier"] == "senior"
    db.ensure_participant("mini", "P0")
    assert [p.code for p in db.participants("mini")] == ["P0", "P1"]
    assert db.participant("mini", "nobody") is None

    session = db.start_session("mini", "h1", "P1", app_version="t", refresh_hz=59.94,
                               screen="1920x1080@2")
    [row] = db.sessions("mini")
    assert (row.uuid, row.refresh_hz, row.ended_utc) == (session, 59.94, None)
    db.end_session(session)
    db.end_session(session)  # a second end keeps the first time
    assert db.sessions("mini")[0].ended_utc is not None


def test_responses_and_events_round_trip(db: Database) -> None:
    session = db.start_session("mini", "h1", "P1", app_version="t")
    real = _response(session, "c1")
    sim = _response(session, "c2", code="S1", simulated=True, answer='{"d1": 1}')
    event = EventRecord(uuid=new_uuid(), study_id="mini", participant_code="P1",
                     session_uuid=session, kind="answer_changed", item_id="c1",
                     payload_json='{"to": "neg"}', mono_ns=BIG_NS, utc=utc_now())
    db.save_responses([real], [event])
    db.save_responses([sim])
    db.log_event("mini", "paused", participant_code="P1", payload={"why": "break"}, mono_ns=BIG_NS)

    got = {r.item_id: r for r in db.responses("mini")}
    c1 = got["c1"]
    assert (c1.onset_ns, c1.answer_ns, c1.first_interaction_ns) == (
        BIG_NS, BIG_NS + 812_500_000, BIG_NS + 1)
    assert (c1.rt_ms, c1.first_interaction_ms, c1.excluded_ms) == (812.5, 1e-6, 0.125)
    assert (c1.timed_out, c1.practice, c1.simulated, c1.n_changes) == (True, False, False, 2)
    assert c1.origin == db.origin and got["c2"].simulated is True
    assert [r.item_id for r in db.responses("mini", include_simulated=False)] == ["c1"]
    assert [r.item_id for r in db.responses("mini", participant_code="S1")] == ["c2"]
    assert db.answered_item_ids("mini", "P1") == {"c1"}
    assert db.count_responses() == 2 and db.count_responses("mini") == 2
    assert db.count_responses("other") == 0

    kinds = [e.kind for e in db.events("mini")]
    assert kinds == ["answer_changed", "paused"]
    [paused] = db.events("mini", kind="paused")
    assert paused.mono_ns == BIG_NS and paused.payload_json == '{"why": "break"}'
    assert [e.kind for e in db.events("mini", participant_code="P1")] == kinds


def test_a_response_uuid_is_stored_once(db: Database) -> None:
    row = _response("s", "c1")
    db.save_responses([row])
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        db.save_responses([_response("s", "c1", uuid=row.uuid)])
    assert db.count_responses() == 1


def test_a_bad_url_is_a_clear_error() -> None:
    with pytest.raises(UserInputError, match="not a database URL"):
        open_database("::not a url::")
    with pytest.raises(UserInputError, match="unsupported database kind"):
        open_database("nosuchdb://host/x")


def _open_and_start(url: str, code: str, queue: Any, barrier: Any) -> None:
    barrier.wait(60)  # every process imported and ready: open at the same moment
    db = open_database(url)
    db.register_study("mini", "1.0.0", "Mini", "h1", "{}")
    db.ensure_participant("mini", "SAME", {"station": code})
    db.ensure_participant("mini", code)
    session = db.start_session("mini", "h1", code, app_version="t")
    db.save_responses([_response(session, "c1", code=code)])
    queue.put(db.origin)
    db.close()


@pytest.mark.postgres
def test_stations_opening_a_new_server_database_at_once(pg_url: str) -> None:
    """Stations start at 9:00 on an empty server: one creates the schema, none fails."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    barrier = ctx.Barrier(4)
    procs = [ctx.Process(target=_open_and_start, args=(pg_url, f"P{i:02d}", queue, barrier))
             for i in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * len(procs)
    origins = {queue.get(timeout=5) for _ in procs}
    db = open_database(pg_url)
    assert origins == {db.origin}
    assert db.count_responses() == 4
    assert len(db.participants("mini")) == 5  # SAME + P00..P03
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM study")).scalar_one() == 1
    db.close()
