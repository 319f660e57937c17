"""Stations' timing certificates in the database (`timing_profile`, schema version 4)."""

from __future__ import annotations

from sqlmodel import Session, col, select

from app.storage.database import Database, new_uuid, utc_now
from app.storage.tables import TimingProfileRow


def save_timing_profile(db: Database, row: TimingProfileRow) -> TimingProfileRow:
    """Store a profile; its uuid, time and origin are filled in here when empty."""
    row.uuid = row.uuid or new_uuid()
    row.measured_utc = row.measured_utc or utc_now()
    row.origin = row.origin or db.origin
    with Session(db.engine, expire_on_commit=False) as s:
        s.add(row)
        s.commit()
        return TimingProfileRow.model_validate(row)


def timing_profiles(db: Database) -> list[TimingProfileRow]:
    """Every profile, oldest first."""
    with Session(db.engine, expire_on_commit=False) as s:
        rows = s.exec(select(TimingProfileRow).order_by(col(TimingProfileRow.measured_utc))).all()
        return [TimingProfileRow.model_validate(r) for r in rows]
