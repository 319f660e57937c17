"""Reading hundreds of thousands of responses at once, as plain columns.

`Database.responses` builds one record per row through SQLAlchemy's result rows: right for a
participant's few hundred rows, slow at MedLesionVQA scale (600,000 responses). Scoring and
exports only need the values, so this reads them with one SELECT through the driver and hands back a list per column, ready
for `pandas.DataFrame(columns)`. Booleans come back as bool on SQLite too (it stores 0/1).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from sqlalchemy import Boolean, Table

from app.storage.tables import ResponseRow

if TYPE_CHECKING:  # Database reaches these through its methods of the same names
    from app.storage.database import Database

RESPONSE_TABLE: Table = ResponseRow.__table__  # type: ignore[attr-defined]
RESPONSE_FIELDS = tuple(c.name for c in RESPONSE_TABLE.columns)
_ORDER = ("participant_code", "position", "question_id")


def response_columns(db: Database, study_id: str, columns: Sequence[str] = RESPONSE_FIELDS, *,
                     include_simulated: bool = True) -> dict[str, list[Any]]:
    """The study's responses ordered by participant, position and question (code-point order
    of the codes, as Python sorts), one list per requested column."""
    unknown = [c for c in columns if c not in RESPONSE_TABLE.c]
    if unknown:
        raise ValueError(f"no such response columns: {unknown}")
    # study_id is the one value the WHERE allows: filled in below rather than read 600,000 times.
    wanted = [c for c in dict.fromkeys([*columns, *_ORDER]) if c != "study_id"]
    mark = "?" if db.engine.dialect.paramstyle == "qmark" else "%s"
    # On SQLite, '+study_id' keeps the planner off the study index: a study's responses are
    # most of the table, and reading it in index order costs a random page read per row
    # (measured ~1.5x slower at 600,000 rows). The ORDER BY is done below, in Python, which
    # is several seconds cheaper than SQLite's temporary B-tree at that size.
    study_column = "+study_id" if db.is_sqlite else "study_id"
    sql = f"SELECT {', '.join(wanted)} FROM response WHERE {study_column} = {mark}"
    params: tuple[Any, ...] = (study_id,)
    if not include_simulated:
        sql += f" AND simulated = {mark}"
        params += (False,)
    with db.engine.connect() as conn:
        # The driver's own cursor: plain tuples, without SQLAlchemy's per-row Row objects
        # (a second at 600,000 rows).
        cursor = conn.connection.cursor()
        try:
            cursor.execute(sql, params)
            rows = list(cursor.fetchall())
        finally:
            cursor.close()
    rows.sort(key=itemgetter(*(wanted.index(c) for c in _ORDER)))
    values = list(zip(*rows, strict=True)) if rows else [() for _ in wanted]
    out: dict[str, list[Any]] = {}
    for name in columns:
        if name == "study_id":
            out[name] = [study_id] * len(rows)
            continue
        column = values[wanted.index(name)]
        if isinstance(RESPONSE_TABLE.c[name].type, Boolean):
            out[name] = ([None if v is None else bool(v) for v in column] if None in column
                         else list(map(bool, column)))
        else:
            out[name] = list(column)
    return out


def answered_items(db: Database, study_id: str) -> dict[str, set[str]]:
    """participant code -> the items they have answered (any question), from one DISTINCT."""
    mark = "?" if db.engine.dialect.paramstyle == "qmark" else "%s"
    out: dict[str, set[str]] = {}
    with db.engine.connect() as conn:
        for code, item_id in conn.exec_driver_sql(
                f"SELECT DISTINCT participant_code, item_id FROM response WHERE study_id = {mark}",
                (study_id,)):
            out.setdefault(code, set()).add(item_id)
    return out
