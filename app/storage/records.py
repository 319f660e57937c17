"""The rows `Database` hands out and takes in, as plain dataclasses.

The tables themselves (`app.storage.tables`) are SQLModel classes, that is SQLAlchemy models:
only app.storage imports them (an import-linter contract in pyproject.toml). Everyone else
reads and builds these, which carry the same fields in the same order (a test compares them
with the tables' columns) and nothing of a session, so a row can cross threads and outlive
its connection.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(kw_only=True, slots=True)
class StudyRecord:
    """A study definition as it was when responses were collected (by content hash)."""

    content_hash: str
    study_id: str
    version: str
    title: str
    definition_json: str
    registered_utc: str
    assets_digest: str | None = None  # the study's files when registered; None: before v5


@dataclass(kw_only=True, slots=True)
class SessionRecord:
    uuid: str
    study_id: str
    content_hash: str
    participant_code: str
    started_utc: str
    ended_utc: str | None = None
    app_version: str
    refresh_hz: float | None = None
    screen: str | None = None
    origin: str = ""
    machine_id: str | None = None  # the station (app.machine); None: imported or before v4


@dataclass(kw_only=True, slots=True)
class TimingProfileRecord:
    """A timing certificate of one station (`baseline-studio timing-check`): how far the
    recorded key times are from injected ones and how long the first paint takes."""

    uuid: str
    machine_id: str
    measured_utc: str
    os: str
    qt_version: str
    app_version: str
    screen: str  # width x height in pixels
    refresh_hz: float | None = None
    n: int
    median_error_ms: float
    p95_error_ms: float
    max_error_ms: float
    median_onset_ms: float
    origin: str = ""


@dataclass(kw_only=True, slots=True)
class ResponseRecord:
    """One answer to one question of one item. `answer_json` holds the kind's stored shape
    (`app.study.answers`). Times: monotonic ns for durations, UTC ISO-8601 for the audit trail."""

    uuid: str
    study_id: str
    content_hash: str
    participant_code: str
    session_uuid: str
    item_id: str
    question_id: str
    block_id: str
    position: int  # 0-based place of the item in this participant's plan
    answer_json: str
    option_order_json: str | None = None  # keys (or document ids) in the order shown
    onset_ns: int | None = None
    first_interaction_ns: int | None = None
    answer_ns: int | None = None
    onset_utc: str | None = None
    answer_utc: str
    rt_ms: float | None = None
    first_interaction_ms: float | None = None
    excluded_ms: float = 0.0  # time unfocused or minimised during the trial, not in rt_ms
    n_changes: int = 0
    timed_out: bool = False
    practice: bool = False
    simulated: bool = False
    origin: str = ""
    condition: str | None = None  # the reading condition (study `conditions`); None: none


@dataclass(kw_only=True, slots=True)
class EventRecord:
    """The append-only audit log: answer changes, pauses, focus, crashes, merges."""

    uuid: str
    study_id: str
    participant_code: str | None = None
    session_uuid: str | None = None
    kind: str
    item_id: str | None = None
    payload_json: str = "{}"
    mono_ns: int | None = None
    utc: str
    origin: str = ""
