"""Storage: pragmas on every connection, durability, migrations from a version 1 database."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from app.storage import CorruptDatabaseError, open_database
from app.storage.database import new_uuid, utc_now
from app.storage.migrations import SCHEMA_VERSION
from app.storage.records import ResponseRecord

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _response(code: str = "P1", item: str = "c1", position: int = 0) -> ResponseRecord:
    return ResponseRecord(uuid=new_uuid(), study_id="mini", content_hash="h", participant_code=code,
                       session_uuid="s", item_id=item, question_id="label", block_id="main",
                       position=position, answer_json='"neg"', answer_utc=utc_now(), rt_ms=812.5,
                       onset_ns=2**62, answer_ns=2**62 + 812_500_000)


def test_every_sqlite_connection_is_durable(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar_one() == 2  # FULL
        assert conn.execute(text("PRAGMA busy_timeout")).scalar_one() == 30_000
    db.close()


def test_a_saved_response_is_on_disk_when_save_returns(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"
    db = open_database(f"sqlite:///{path}")
    row = _response()
    db.save_responses([row])
    # A second, independent connection (another process would see the same) reads it back.
    other = sqlite3.connect(path)
    got = other.execute("SELECT answer_json, rt_ms, answer_ns FROM response WHERE uuid=?",
                        (row.uuid,)).fetchone()
    other.close()
    assert got == ('"neg"', 812.5, 2**62 + 812_500_000)
    db.close()


def test_reopening_keeps_everything_and_the_origin(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    db = open_database(url)
    origin = db.origin
    db.ensure_participant("mini", "P1", {"tier": "senior"})
    db.save_responses([_response()])
    db.close()
    again = open_database(url)
    assert again.origin == origin
    assert again.answered_item_ids("mini", "P1") == {"c1"}
    assert again.participant("mini", "P1").profile == {"tier": "senior"}  # type: ignore[union-attr]
    # ensure_participant keeps the first profile
    assert again.ensure_participant("mini", "P1", {"tier": "primary"}).profile == {"tier": "senior"}
    again.close()


def test_version_1_database_is_migrated_in_place(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    shutil.copy(FIXTURES / "db_v1.sqlite3", path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT value FROM schema_info WHERE key='schema_version'").fetchone() == ("1",)
    db = open_database(f"sqlite:///{path}")
    assert db.schema_version == SCHEMA_VERSION
    assert db.origin == "11111111-1111-4111-8111-111111111111"
    rows = db.responses("mini")
    assert [(r.item_id, r.answer_json, r.rt_ms, r.excluded_ms) for r in rows] == [
        ("p1", '"pos"', 1500.0, 0.0),
        ("c1", '"neg"', 2100.5, 0.0),
    ]
    assert db.answered_item_ids("mini", "P001") == {"p1", "c1"}
    assert [e.kind for e in db.events("mini")][:1] == ["session_started"]
    db.close()
    # Opening again runs no step twice.
    assert open_database(f"sqlite:///{path}").schema_version == SCHEMA_VERSION


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    open_database(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE schema_info SET value='999' WHERE key='schema_version'")
    with pytest.raises(Exception, match="newer than this app"):
        open_database(f"sqlite:///{path}")


@pytest.mark.parametrize("content", [b"hello, this is not a database" * 10, b"SQLite format 3\x00" + b"\x00" * 50])
def test_a_file_that_is_not_a_database_is_refused_and_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.sqlite3"
    path.write_bytes(content)
    with pytest.raises(CorruptDatabaseError, match=str(path)):
        open_database(f"sqlite:///{path}")
    assert path.read_bytes() == content


def test_a_failed_first_schema_step_leaves_no_half_schema(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """DDL runs inside the step's transaction on SQLite too: a step that dies half-way (a kill,
    a full disk) leaves the file as it was, and the next open creates the whole schema."""
    from app.storage import migrations

    original = migrations.MIGRATIONS[1]

    def dies_half_way(conn: object) -> None:
        conn.execute(text("CREATE TABLE schema_info (key VARCHAR PRIMARY KEY, value VARCHAR)"))  # type: ignore[attr-defined]
        conn.execute(text("CREATE TABLE study (content_hash VARCHAR PRIMARY KEY)"))  # type: ignore[attr-defined]
        raise OSError("disk full")

    monkeypatch.setitem(migrations.MIGRATIONS, 1, dies_half_way)
    path = tmp_path / "half.sqlite3"
    with pytest.raises(OSError, match="disk full"):
        open_database(f"sqlite:///{path}")
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT name FROM sqlite_master").fetchall() == []
    monkeypatch.setitem(migrations.MIGRATIONS, 1, original)
    db = open_database(f"sqlite:///{path}")
    assert db.schema_version == SCHEMA_VERSION
    db.close()
