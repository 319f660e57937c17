"""Reading hundreds of thousands of responses at once, as plain columns.

`Database.responses` builds one record per row through SQLAlchemy's result rows: right for a
participant's few hundred rows, slow at MedLesionVQA scale (600,000 responses). Scoring and
exports only need the values, so this reads them with one SELECT through the driver and hands back a list per column, ready
for `pandas.DataFrame(columns)`. Booleans come back as bool on SQLite too (it stores 0/1).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, Protocol

from sqlalchemy import BigInteger, Boolean, Engine, Float, Integer, Table

from app.storage.tables import ResponseRow


class Database(Protocol):
    """What these readers use of `app.storage.database.Database`, which reaches them through
    its methods of the same names (a protocol, so this module does not import the one that
    imports it)."""

    @property
    def engine(self) -> Engine: ...

    @property
    def is_sqlite(self) -> bool: ...


RESPONSE_TABLE: Table = ResponseRow.__table__  # type: ignore[attr-defined]
RESPONSE_FIELDS = tuple(c.name for c in RESPONSE_TABLE.columns)
_ORDER = ("participant_code", "position", "question_id")


def response_columns(db: Database, study_id: str, columns: Sequence[str] = RESPONSE_FIELDS, *,
                     include_simulated: bool = True) -> dict[str, list[Any]]:
    """The study's responses ordered by participant, position and question (code-point order
    of the codes, as Python sorts), one list per requested column."""
    wanted, rows = _fetch(db, study_id, columns, include_simulated=include_simulated)
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


def response_arrays(db: Database, study_id: str, columns: Sequence[str] = RESPONSE_FIELDS, *,
                    include_simulated: bool = True) -> dict[str, Any] | None:
    """`response_columns` as one Arrow array per column (the same values, rows and order;
    booleans as Arrow booleans), or None where this read does not apply: without pyarrow, on
    PostgreSQL, or where a stored value is not of its column's declared type (SQLite keeps
    what it is given; Arrow would round 1.5 into an integer column without a word).

    The rows go from the driver's tuples into Arrow in one conversion and are sorted there:
    the per-column lists, the sort of 600,000 tuples in Python and the frame's factorising
    of Python objects are what this saves; the driver's own tuples remain."""
    # Imported here: the command line reaches this module at start and must stay light
    # (tests/test_startup_imports.py); the installable app ships without pyarrow.
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
    except ImportError:
        return None
    import numpy as np

    if not db.is_sqlite:
        return None
    fields = _wanted(columns)
    check = " AND ".join(_type_check(name) for name in fields)
    # The check on a second connection and thread while this one fetches (SQLite runs it
    # without the GIL: ~1.1 s of CPU at 600,000 rows taken off the read), trusted only if
    # nothing was committed meanwhile; else it rides along as the last column (one small int
    # per row): 1 where every value has its declared type.
    wanted, rows, beside = _fetch_checked_beside(db, study_id, columns, check,
                                                 include_simulated=include_simulated)
    if beside is False:
        return None
    if beside is None:
        wanted, rows = _fetch(db, study_id, columns, include_simulated=include_simulated,
                              extra=f"({check})")
    struct = pa.struct([(name, _arrow_type(name)) for name in wanted]
                       + ([("_typed", pa.int64())] if beside is None else []))
    try:
        batch = pa.array(rows, type=struct)
    except (pa.ArrowException, TypeError, ValueError, OverflowError):  # (never seen: the check)
        return None
    del rows
    if beside is None:
        typed = batch.field("_typed")
        if len(batch) and not pc.all(pc.equal(typed, 1)).as_py():
            return None
    table = pa.Table.from_arrays(batch.flatten(),
                                 names=[*wanted, *(["_typed"] if beside is None else [])])
    order = pc.sort_indices(table, sort_keys=[(c, "ascending") for c in _ORDER])  # stable
    # Rows written a participant at a time in plan order come back from the table's own scan
    # already sorted: then no take (a copy of every text column).
    if not np.array_equal(order.to_numpy(), np.arange(len(order))):
        table = table.take(order)
    out: dict[str, Any] = {}
    for name in columns:
        if name == "study_id":
            out[name] = pa.array([study_id] * len(table), pa.large_string())
            continue
        array = table.column(name).combine_chunks()
        if isinstance(RESPONSE_TABLE.c[name].type, Boolean):
            array = pc.not_equal(array, 0)  # bool(v), missing values kept
        out[name] = array
    return out


def _arrow_type(name: str) -> Any:
    import pyarrow as pa

    column_type = RESPONSE_TABLE.c[name].type
    if isinstance(column_type, Float):
        return pa.float64()
    if isinstance(column_type, Integer | BigInteger | Boolean):
        return pa.int64()
    return pa.large_string()


def _type_check(name: str) -> str:
    """SQL true where the column's value has the declared type (or is missing, if it may be):
    Arrow's conversion would turn a float into an integer, an integer into a float, silently."""
    column = RESPONSE_TABLE.c[name]
    kind = {"double": "real", "int64": "integer", "large_string": "text"}[str(_arrow_type(name))]
    allowed = f"'{kind}', 'null'" if column.nullable else f"'{kind}'"
    return f"typeof({name}) IN ({allowed})"


def _wanted(columns: Sequence[str]) -> list[str]:
    """The columns to read: the requested ones and the ordering ones, without study_id (the
    one value the WHERE allows: filled in by the callers rather than read 600,000 times)."""
    unknown = [c for c in columns if c not in RESPONSE_TABLE.c]
    if unknown:
        raise ValueError(f"no such response columns: {unknown}")
    return [c for c in dict.fromkeys([*columns, *_ORDER]) if c != "study_id"]


def _fetch(db: Database, study_id: str, columns: Sequence[str], *, include_simulated: bool,
           extra: str = "") -> tuple[list[str], list[tuple[Any, ...]]]:
    """(the columns read (`_wanted`), and the rows as the driver's tuples, unordered);
    `extra`, an SQL expression, is read after those columns."""
    wanted = _wanted(columns)
    # On SQLite, '+study_id' keeps the planner off the study index: a study's responses are
    # most of the table, and reading it in index order costs a random page read per row
    # (measured ~1.5x slower at 600,000 rows). The ORDER BY is done by the callers, which is
    # several seconds cheaper than SQLite's temporary B-tree at that size.
    sql, params = _select(db, study_id, ", ".join([*wanted, extra] if extra else wanted),
                          include_simulated=include_simulated)
    with db.engine.connect() as conn:
        # The driver's own cursor: plain tuples, without SQLAlchemy's per-row Row objects
        # (a second at 600,000 rows).
        cursor = conn.connection.cursor()
        try:
            cursor.execute(sql, params)
            rows = list(cursor.fetchall())
        finally:
            cursor.close()
    return wanted, rows


def _fetch_checked_beside(db: Database, study_id: str, columns: Sequence[str], check: str, *,
                          include_simulated: bool
                          ) -> tuple[list[str], list[tuple[Any, ...]], bool | None]:
    """(`_fetch`'s columns and rows, whether every row of them passes `check`), the check run
    by SQLite on another connection on another thread during the fetch. Its answer is about
    the same rows when both connections read the same file and `PRAGMA data_version` (which
    moves when any other connection commits) is the same before and after both queries;
    otherwise, or for a database that is no file, the third value is None and nothing was
    fetched (the caller checks along with its own fetch)."""
    wanted = _wanted(columns)
    sql, params = _select(db, study_id, ", ".join(wanted), include_simulated=include_simulated)
    test, _ = _select(db, study_id, "1", include_simulated=include_simulated)
    test = f"SELECT NOT EXISTS ({test} AND NOT ({check}))"
    outcome: dict[str, Any] = {}

    def run_check() -> None:
        try:
            with db.engine.connect() as other:
                cursor = other.connection.cursor()
                try:
                    outcome["file"] = _main_file(cursor)
                    outcome["raw"] = other.connection.dbapi_connection
                    cursor.execute(test, params)
                    outcome["typed"] = bool(cursor.fetchall()[0][0])
                finally:
                    cursor.close()
        except Exception as exc:  # (any failure: the check rides along instead)
            outcome["error"] = exc

    with db.engine.connect() as conn:
        cursor = conn.connection.cursor()
        try:
            version = cursor.execute("PRAGMA data_version").fetchone()[0]
            mine = _main_file(cursor)
            if not mine:  # (an in-memory database: another connection is another database)
                return wanted, [], None
            worker = threading.Thread(target=run_check, name="response-type-check", daemon=True)
            worker.start()
            try:
                cursor.execute(sql, params)
                rows = list(cursor.fetchall())
            finally:
                worker.join()
            unchanged = cursor.execute("PRAGMA data_version").fetchone()[0] == version
        finally:
            cursor.close()
        if (not unchanged or "typed" not in outcome or outcome["file"] != mine
                or outcome["raw"] is conn.connection.dbapi_connection):
            return wanted, [], None
    return wanted, rows, outcome["typed"]


def _main_file(cursor: Any) -> str:
    """The file of the connection's main database ("" for one in memory)."""
    return next((str(row[2] or "") for row in cursor.execute("PRAGMA database_list")
                 if row[1] == "main"), "")


def _select(db: Database, study_id: str, selected: str, *, include_simulated: bool
            ) -> tuple[str, tuple[Any, ...]]:
    """`_fetch`'s SELECT of `selected` and its parameters."""
    mark = "?" if db.engine.dialect.paramstyle == "qmark" else "%s"
    study_column = "+study_id" if db.is_sqlite else "study_id"
    sql = f"SELECT {selected} FROM response WHERE {study_column} = {mark}"
    params: tuple[Any, ...] = (study_id,)
    if not include_simulated:
        sql += f" AND simulated = {mark}"
        params += (False,)
    return sql, params


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
