"""Stations' timing certificates in the database (`timing_profile`, schema version 4)."""

from __future__ import annotations

from sqlalchemy import select

from app.storage import reads
from app.storage.database import Database, new_uuid, utc_now
from app.storage.records import TimingProfileRecord


def save_timing_profile(db: Database, row: TimingProfileRecord) -> TimingProfileRecord:
    """Store a profile; its uuid, time and origin are filled in here when empty."""
    row.uuid = row.uuid or new_uuid()
    row.measured_utc = row.measured_utc or utc_now()
    row.origin = row.origin or db.origin
    with db.engine.begin() as conn:
        reads.insert_records(conn, "timing_profile", [row])
    return row


def timing_profiles(db: Database) -> list[TimingProfileRecord]:
    """Every profile, oldest first."""
    profile = reads.table("timing_profile")
    return reads.read_records(db.engine, TimingProfileRecord,
                              select(profile).order_by(profile.c.measured_utc))
