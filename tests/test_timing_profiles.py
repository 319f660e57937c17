"""Timing profiles in the database (version 4): stored, read back, carried by a merge, and the
station's machine id on new sessions (imported ones have none)."""

from __future__ import annotations

from pathlib import Path

from app.machine import machine_id
from app.session.engine import SessionEngine
from app.storage import open_database
from app.storage.merge import merge_databases
from app.storage.migrations import SCHEMA_VERSION
from app.storage.timing_profiles import save_timing_profile, timing_profiles
from app.study.loader import load_study
from app.timing_check import describe, profile_row

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _profile() -> object:
    return profile_row([0.2, 0.3, 0.9, 0.4], [1.5, 2.0, 1.0, 1.2], qt_version="6.x",
                       screen="1920x1080", refresh_hz=60.0)


def test_profile_numbers_and_storage(tmp_path: Path) -> None:
    row = _profile()
    assert (row.n, row.median_error_ms, row.max_error_ms, row.median_onset_ms) == (  # type: ignore[attr-defined]
        4, 0.35, 0.9, 1.35)
    db = open_database(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    assert db.schema_version == SCHEMA_VERSION >= 4
    saved = save_timing_profile(db, row)  # type: ignore[arg-type]
    assert saved.uuid and saved.measured_utc and saved.origin == db.origin
    [back] = timing_profiles(db)
    assert back.uuid == saved.uuid and back.p95_error_ms == saved.p95_error_ms
    assert "4 key presses injected" in describe(back) and "60 Hz" in describe(back)
    db.close()


def test_sessions_record_the_station_and_merges_carry_profiles(tmp_path: Path) -> None:
    loaded = load_study(FIXTURES / "mini-study")
    laptop = open_database(f"sqlite:///{tmp_path / 'laptop.sqlite3'}")
    engine = SessionEngine(loaded, laptop, "P001", profile={"tier": "senior"})
    saved = save_timing_profile(laptop, _profile())  # type: ignore[arg-type]
    [session] = laptop.sessions(loaded.study.id)
    assert session.uuid == engine.session_uuid and session.machine_id == machine_id()
    laptop.close()
    target = open_database(f"sqlite:///{tmp_path / 'all.sqlite3'}")
    for _ in range(2):  # a second merge adds nothing
        merge_databases(target, [str(tmp_path / "laptop.sqlite3")])
    assert [p.uuid for p in timing_profiles(target)] == [saved.uuid]
    assert target.sessions(loaded.study.id)[0].machine_id == machine_id()
    target.close()
