"""Reads behind `Database` that hand back plain data: the tables' rows as records
(`app.storage.records`) and the counts the session side asks for (coverage, the bulk
simulator's resume point). `Database` stays the one door; this keeps its module short.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, Select, Table, distinct, func, insert, select, text
from sqlmodel import SQLModel

from app.storage.records import (
    EventRecord,
    ResponseRecord,
    SessionRecord,
    StudyRecord,
    TimingProfileRecord,
)

R = TypeVar("R")

# The record class of each table a record crosses the door of.
RECORDS: dict[str, type] = {"study": StudyRecord, "session": SessionRecord,
                            "timing_profile": TimingProfileRecord, "response": ResponseRecord,
                            "event": EventRecord}


def table(name: str) -> Table:
    return SQLModel.metadata.tables[name]


def select_all(name: str) -> Select[Any]:
    """SELECT every column of the table, in the table's order."""
    return select(table(name))


def read_records(engine: Engine, record: type[R], query: Select[Any]) -> list[R]:
    """The rows of `query` (every column of one table) as `record`s. Core rows, not ORM
    objects: no identity map to detach from, and the column types still convert (SQLite's
    0/1 to bool)."""
    with engine.connect() as conn:
        return [record(**row) for row in conn.execute(query).mappings()]


def record_values(record: object) -> dict[str, Any]:
    """A record's fields by column name, for an INSERT."""
    return {f.name: getattr(record, f.name) for f in fields(record)}  # type: ignore[arg-type]


def insert_records(conn: Connection, name: str, records: Sequence[object]) -> None:
    if records:
        conn.execute(insert(table(name)), [record_values(r) for r in records])


def raters_per_item(engine: Engine, study_id: str, *, include_simulated: bool,
                    conditions: Sequence[str] = ()) -> tuple[dict[str, int], list[str]]:
    """item id -> distinct participants with a non-practice response to it, and the codes of
    those participants (`app.session.coverage`). With reading `conditions`, a participant
    counts for an item once they read it under every one of them."""
    r = table("response").c
    scored = [r.study_id == study_id, r.practice.is_(False)]
    if not include_simulated:
        scored.append(r.simulated.is_(False))
    codes_query = select(r.participant_code).where(*scored).distinct()
    with engine.connect() as conn:
        codes = [str(c) for (c,) in conn.execute(codes_query)]
        if not conditions:
            query = (select(r.item_id, func.count(distinct(r.participant_code)))
                     .where(*scored).group_by(r.item_id))
            return {str(item_id): int(n) for item_id, n in conn.execute(query)}, codes
        read: dict[tuple[str, str], set[str]] = {}
        query = select(r.item_id, r.participant_code, r.condition).where(*scored).distinct()
        for item_id, code, condition in conn.execute(query):
            read.setdefault((str(item_id), str(code)), set()).add(str(condition))
    wanted = set(conditions)
    counts: dict[str, int] = {}
    for (item_id, _), met in read.items():
        if wanted <= met:
            counts[item_id] = counts.get(item_id, 0) + 1
    return counts, codes


def answered_by_condition(engine: Engine, study_id: str, participant_code: str
                          ) -> dict[str | None, tuple[set[str], str]]:
    """reading condition (None: none) -> (the items this participant answered under it, the
    time of the latest of those answers): where a reader of a study with conditions stands."""
    r = table("response").c
    query = (select(r.condition, r.item_id, func.max(r.answer_utc))
             .where(r.study_id == study_id, r.participant_code == participant_code)
             .group_by(r.condition, r.item_id))
    out: dict[str | None, tuple[set[str], str]] = {}
    with engine.connect() as conn:
        for condition, item_id, latest in conn.execute(query):
            items, last = out.get(condition, (set(), ""))
            items.add(str(item_id))
            out[condition] = (items, max(last, str(latest)))
    return out


def participant_codes(engine: Engine, study_id: str) -> set[str]:
    with engine.connect() as conn:
        return {str(c) for (c,) in conn.execute(
            text("SELECT code FROM participant WHERE study_id = :s"), {"s": study_id})}


def session_counts(engine: Engine, study_id: str) -> dict[str, int]:
    """participant code -> how many sessions they have had in the study."""
    with engine.connect() as conn:
        return {str(code): int(n) for code, n in conn.execute(text(
            "SELECT participant_code, COUNT(*) FROM session WHERE study_id = :s "
            "GROUP BY participant_code"), {"s": study_id})}


def studies_with_data(engine: Engine) -> list[tuple[str, str, str, str, int]]:
    with engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT s.study_id, s.version, s.title, s.content_hash, COUNT(r.uuid) AS n "
            "FROM study s JOIN response r ON r.content_hash = s.content_hash "
            "GROUP BY s.study_id, s.version, s.title, s.content_hash "
            "ORDER BY n DESC, s.study_id")).all()
    return [(str(a), str(b), str(c), str(d), int(n)) for a, b, c, d, n in rows]


def median_item_ms(engine: Engine, study_id: str) -> float | None:
    with engine.connect() as conn:
        times = [float(t) for (t,) in conn.execute(
            text("SELECT MAX(rt_ms) FROM response WHERE study_id = :s AND NOT simulated "
                 "AND rt_ms IS NOT NULL GROUP BY participant_code, item_id"),
            {"s": study_id})]
    return float(statistics.median(times)) if times else None


def check_record_fields(tables: Mapping[str, type] = RECORDS) -> list[str]:
    """Where a record's fields differ from its table's columns (names and order); empty when
    they agree. The records are written by hand beside the tables: a test keeps them in step."""
    problems = []
    for name, record in tables.items():
        columns = [c.name for c in table(name).columns]
        names = [f.name for f in fields(record)]
        if columns != names:
            problems.append(f"{name}: columns {columns}, record fields {names}")
    return problems
