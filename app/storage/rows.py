"""Inserting many rows at once, for the merge and the simulator's bulk path.

The driver's own executemany with plain tuples: SQLAlchemy's per-row parameter processing
costs more than building the rows, and a merge or a benchmark moves hundreds of thousands.
Rows are dicts holding every column of the table (SQLModel metadata, the newest schema).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection
from sqlmodel import SQLModel


def insert_rows(conn: Connection, table: str, rows: Sequence[Mapping[str, Any]], *,
                skip_existing: bool = False) -> int:
    """Insert `rows` into `table` in the connection's transaction; returns how many rows were
    written. `skip_existing`: a row whose key is already there (a concurrent writer got there
    first) is left out, not an error."""
    if not rows:
        return 0
    columns = [c.name for c in SQLModel.metadata.tables[table].columns]
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join([mark] * len(columns))})"
    if skip_existing:
        sql += " ON CONFLICT DO NOTHING"  # SQLite >= 3.24 and PostgreSQL alike
    result = conn.exec_driver_sql(sql, [tuple(r[c] for c in columns) for r in rows])
    # Both drivers sum executemany's rows; a driver that cannot say (-1) wrote them all or raised.
    written = result.rowcount
    return len(rows) if written is None or written < 0 else int(written)
