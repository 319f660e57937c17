"""Database tables (SQLModel). Rows are keyed by strings and UUIDs, never by local row ids,
so that databases from several laptops merge without renumbering (`app.storage.merge`).

The schema is created and upgraded by `app.storage.migrations`, not by `create_all`: these
classes describe the newest version, the migrations say how each older one gets there.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Float
from sqlmodel import Field, SQLModel


class SchemaInfo(SQLModel, table=True):
    __tablename__ = "schema_info"
    key: str = Field(primary_key=True)
    value: str


class StudyRow(SQLModel, table=True):
    """A study definition as it was when responses were collected (by content hash)."""

    __tablename__ = "study"
    content_hash: str = Field(primary_key=True)
    study_id: str = Field(index=True)
    version: str
    title: str
    definition_json: str
    registered_utc: str
    assets_digest: str | None = None  # the study's files when registered; None: before v5


class ParticipantRow(SQLModel, table=True):
    __tablename__ = "participant"
    study_id: str = Field(primary_key=True)
    code: str = Field(primary_key=True)
    profile_json: str = "{}"
    simulated: bool = False
    created_utc: str
    origin: str = ""


class SessionRow(SQLModel, table=True):
    __tablename__ = "session"
    uuid: str = Field(primary_key=True)
    study_id: str = Field(index=True)
    content_hash: str
    participant_code: str
    started_utc: str
    ended_utc: str | None = None
    app_version: str
    refresh_hz: float | None = Field(default=None, sa_type=Float(precision=53))
    screen: str | None = None
    origin: str = ""
    machine_id: str | None = None  # the station (app.machine); None: imported or before v4


class TimingProfileRow(SQLModel, table=True):
    """A timing certificate of one station (`baseline-studio timing-check`): how far the
    recorded key times are from injected ones and how long the first paint takes."""

    __tablename__ = "timing_profile"
    uuid: str = Field(primary_key=True)
    machine_id: str = Field(index=True)
    measured_utc: str
    os: str
    qt_version: str
    app_version: str
    screen: str  # width x height in pixels
    refresh_hz: float | None = Field(default=None, sa_type=Float(precision=53))
    n: int
    median_error_ms: float = Field(sa_type=Float(precision=53))
    p95_error_ms: float = Field(sa_type=Float(precision=53))
    max_error_ms: float = Field(sa_type=Float(precision=53))
    median_onset_ms: float = Field(sa_type=Float(precision=53))
    origin: str = ""


class ResponseRow(SQLModel, table=True):
    """One answer to one question of one item. `answer_json` holds the kind's stored shape
    (`app.study.answers`). Times: monotonic ns for durations, UTC ISO-8601 for the audit trail."""

    __tablename__ = "response"
    uuid: str = Field(primary_key=True)
    study_id: str = Field(index=True)
    content_hash: str
    participant_code: str = Field(index=True)
    session_uuid: str
    item_id: str
    question_id: str
    block_id: str
    position: int  # 0-based place of the item in this participant's plan
    answer_json: str
    option_order_json: str | None = None  # keys (or document ids) in the order shown
    onset_ns: int | None = Field(default=None, sa_type=BigInteger)
    first_interaction_ns: int | None = Field(default=None, sa_type=BigInteger)
    answer_ns: int | None = Field(default=None, sa_type=BigInteger)
    onset_utc: str | None = None
    answer_utc: str
    rt_ms: float | None = Field(default=None, sa_type=Float(precision=53))
    first_interaction_ms: float | None = Field(default=None, sa_type=Float(precision=53))
    excluded_ms: float = Field(default=0.0, sa_type=Float(precision=53))  # time unfocused or minimised during the trial, not in rt_ms
    n_changes: int = 0
    timed_out: bool = False
    practice: bool = False
    simulated: bool = False
    origin: str = ""
    condition: str | None = None  # the reading condition (study `conditions`); None: none


class EventRow(SQLModel, table=True):
    """The append-only audit log: answer changes, pauses, focus, crashes, merges."""

    __tablename__ = "event"
    uuid: str = Field(primary_key=True)
    study_id: str = Field(index=True)
    participant_code: str | None = None
    session_uuid: str | None = None
    kind: str
    item_id: str | None = None
    payload_json: str = "{}"
    mono_ns: int | None = Field(default=None, sa_type=BigInteger)
    utc: str
    origin: str = ""
