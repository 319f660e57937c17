"""Schema versions and the steps between them.

Why not Alembic: the database is embedded in a desktop app and upgraded when it is opened,
on SQLite and on PostgreSQL alike, inside a PyInstaller bundle. A short ordered list of
plain-SQL steps, each run in one transaction and recorded in `schema_info`, does that with
nothing to ship or configure; autogeneration, Alembic's strength, is not needed for a handful
of tables that change rarely. Each step is frozen once released: never edit one, add the next.
`tests/fixtures/db_v1.sqlite3` is a database written by version 1 and is upgraded in the tests.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, text

SCHEMA_VERSION = 6

_V1 = [
    """CREATE TABLE schema_info (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)""",
    """CREATE TABLE study (
        content_hash VARCHAR PRIMARY KEY, study_id VARCHAR NOT NULL, version VARCHAR NOT NULL,
        title VARCHAR NOT NULL, definition_json TEXT NOT NULL, registered_utc VARCHAR NOT NULL)""",
    """CREATE INDEX ix_study_study_id ON study (study_id)""",
    """CREATE TABLE participant (
        study_id VARCHAR NOT NULL, code VARCHAR NOT NULL, profile_json TEXT NOT NULL,
        simulated BOOLEAN NOT NULL, created_utc VARCHAR NOT NULL, origin VARCHAR NOT NULL,
        PRIMARY KEY (study_id, code))""",
    """CREATE TABLE session (
        uuid VARCHAR PRIMARY KEY, study_id VARCHAR NOT NULL, content_hash VARCHAR NOT NULL,
        participant_code VARCHAR NOT NULL, started_utc VARCHAR NOT NULL, ended_utc VARCHAR,
        app_version VARCHAR NOT NULL, refresh_hz DOUBLE PRECISION, screen VARCHAR,
        origin VARCHAR NOT NULL)""",
    """CREATE INDEX ix_session_study_id ON session (study_id)""",
    """CREATE TABLE response (
        uuid VARCHAR PRIMARY KEY, study_id VARCHAR NOT NULL, content_hash VARCHAR NOT NULL,
        participant_code VARCHAR NOT NULL, session_uuid VARCHAR NOT NULL,
        item_id VARCHAR NOT NULL, question_id VARCHAR NOT NULL, block_id VARCHAR NOT NULL,
        position INTEGER NOT NULL, answer_json TEXT NOT NULL, option_order_json TEXT,
        onset_ns BIGINT, first_interaction_ns BIGINT, answer_ns BIGINT, onset_utc VARCHAR,
        answer_utc VARCHAR NOT NULL, rt_ms DOUBLE PRECISION, first_interaction_ms DOUBLE PRECISION,
        n_changes INTEGER NOT NULL, timed_out BOOLEAN NOT NULL, practice BOOLEAN NOT NULL,
        simulated BOOLEAN NOT NULL, origin VARCHAR NOT NULL)""",
    """CREATE INDEX ix_response_study_id ON response (study_id)""",
    """CREATE INDEX ix_response_participant_code ON response (participant_code)""",
    """CREATE TABLE event (
        uuid VARCHAR PRIMARY KEY, study_id VARCHAR NOT NULL, participant_code VARCHAR,
        session_uuid VARCHAR, kind VARCHAR NOT NULL, item_id VARCHAR,
        payload_json TEXT NOT NULL, mono_ns BIGINT, utc VARCHAR NOT NULL, origin VARCHAR NOT NULL)""",
    """CREATE INDEX ix_event_study_id ON event (study_id)""",
]

# Version 2: time spent unfocused/minimised is recorded and left out of rt_ms; resume looks up
# a participant's answered items, which wants an index on (study, participant, item).
_V2 = [
    """ALTER TABLE response ADD COLUMN excluded_ms DOUBLE PRECISION NOT NULL DEFAULT 0""",
    """CREATE INDEX ix_response_participant_item ON response (study_id, participant_code, item_id)""",
]


def _sql_steps(statements: list[str]) -> Callable[[Connection], None]:
    def run(conn: Connection) -> None:
        for statement in statements:
            conn.execute(text(statement))

    return run


# Version 3: the event table is the audit trail, so the database itself refuses to change or
# delete an event row (a bug or a hand-edit cannot rewrite history). SQLite has no procedural
# language, so a trigger per statement kind RAISEs; PostgreSQL needs one trigger function.
_V3_SQLITE = [
    """CREATE TRIGGER event_append_only_update BEFORE UPDATE ON event
       BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be changed'); END""",
    """CREATE TRIGGER event_append_only_delete BEFORE DELETE ON event
       BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be deleted'); END""",
]
_V3_POSTGRESQL = [
    """CREATE OR REPLACE FUNCTION event_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
       BEGIN
         RAISE EXCEPTION 'the event log is append-only: % of an event refused', TG_OP;
       END $fn$""",
    """CREATE TRIGGER event_append_only BEFORE UPDATE OR DELETE ON event
       FOR EACH ROW EXECUTE FUNCTION event_append_only()""",
]


def _v3_event_append_only(conn: Connection) -> None:
    if conn.dialect.name == "sqlite":
        _sql_steps(_V3_SQLITE)(conn)
    elif conn.dialect.name == "postgresql":
        _sql_steps(_V3_POSTGRESQL)(conn)
    # Other dialects are not supported as stores; nothing to add there.


# Version 4: stations' timing certificates (`baseline-studio timing-check`), and the station a
# session ran on, so an export can say which certificate covers which session.
_V4 = [
    """ALTER TABLE session ADD COLUMN machine_id VARCHAR""",
    """CREATE TABLE timing_profile (
        uuid VARCHAR PRIMARY KEY, machine_id VARCHAR NOT NULL, measured_utc VARCHAR NOT NULL,
        os VARCHAR NOT NULL, qt_version VARCHAR NOT NULL, app_version VARCHAR NOT NULL,
        screen VARCHAR NOT NULL, refresh_hz DOUBLE PRECISION, n INTEGER NOT NULL,
        median_error_ms DOUBLE PRECISION NOT NULL, p95_error_ms DOUBLE PRECISION NOT NULL,
        max_error_ms DOUBLE PRECISION NOT NULL, median_onset_ms DOUBLE PRECISION NOT NULL,
        origin VARCHAR NOT NULL)""",
    """CREATE INDEX ix_timing_profile_machine_id ON timing_profile (machine_id)""",
]

# Version 5: a digest of every file a study version names (app.study.assets.assets_digest),
# recorded when the version is registered, so export and merge can tell when the images behind
# one content hash changed. NULL: registered before version 5 (unknown).
_V5 = ["""ALTER TABLE study ADD COLUMN assets_digest VARCHAR"""]

# Version 6: the reading condition an answer was given under (a reader study's "unaided" /
# "ai_aided"; the study's `conditions`), so one reader's answers to one case under two
# conditions are two answers, not a conflict. NULL: a study without conditions, or before v6.
_V6 = ["""ALTER TABLE response ADD COLUMN condition VARCHAR"""]

MIGRATIONS: dict[int, Callable[[Connection], None]] = {
    1: _sql_steps(_V1), 2: _sql_steps(_V2), 3: _v3_event_append_only, 4: _sql_steps(_V4),
    5: _sql_steps(_V5), 6: _sql_steps(_V6),
}


class NewerSchemaError(RuntimeError):
    """The database was written by a newer Baseline Studio; we never downgrade it."""


def current_version(conn: Connection) -> int:
    has_table = conn.dialect.has_table(conn, "schema_info")
    if not has_table:
        return 0
    row = conn.execute(text("SELECT value FROM schema_info WHERE key = 'schema_version'")).first()
    return int(row[0]) if row else 0


def migrate(conn: Connection, target: int = SCHEMA_VERSION) -> list[int]:
    """Bring the schema up to `target`, one step per transaction. Returns the steps run."""
    done: list[int] = []
    while True:
        # Read the version again before every step, inside the step's transaction: another
        # process may have run the step meanwhile (SQLite takes the write lock on BEGIN here).
        version = current_version(conn)
        if version > SCHEMA_VERSION:
            conn.rollback()
            raise NewerSchemaError(
                f"database schema version {version} is newer than this app understands "
                f"({SCHEMA_VERSION})"
            )
        if version >= target:
            conn.commit()
            return done
        step = version + 1
        MIGRATIONS[step](conn)
        conn.execute(text("DELETE FROM schema_info WHERE key = 'schema_version'"))
        conn.execute(
            text("INSERT INTO schema_info (key, value) VALUES ('schema_version', :v)"), {"v": str(step)}
        )
        conn.commit()
        done.append(step)
