"""Reading a source table (JSONL, JSON, CSV/TSV or Parquet) into plain rows, and reading cells.

Rows are numbered from 0 in source order (the header of a CSV is not a row), the same
numbers an imported item gets as its id when the source has no `id`/`_id` of its own, so a
problem at "row 12" is the item "12". Cells come back as Python values: CSV cells are
strings, JSON and Parquet keep their types (Parquet lists become Python lists).
"""

from __future__ import annotations

import csv
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from app.importers.base import ImportOptions, Problems, draw_sample, fail
from app.importers.json_source import JsonTextError, parse_json
from app.regular_files import open_regular_text, read_regular_text

TABLE_SUFFIXES = (".jsonl", ".ndjson", ".json", ".csv", ".tsv", ".parquet")
ID_COLUMNS = ("id", "_id")
IDENTIFIER = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.:\-]{0,199}")


@dataclass(frozen=True)
class Table:
    path: Path
    columns: list[str]
    rows: list[dict[str, Any]]

    def require(self, *columns: str) -> None:
        """Refuse the source when a column is missing (named, with the ones it has)."""
        missing = [c for c in columns if c not in self.columns]
        if missing:
            raise fail(self.path, f"missing column(s) {', '.join(missing)}; the source has "
                       f"{', '.join(self.columns) or 'no columns'}", "header")


def read_table(path: Path) -> Table:
    """The rows of a table file; StudyError (file, line) when it cannot be read."""
    if not path.exists():
        raise fail(path, "no such file")
    if not path.is_file():
        raise fail(path, "not a file")
    suffix = path.suffix.lower()
    try:
        if suffix in (".jsonl", ".ndjson"):
            rows = _read_jsonl(path)
        elif suffix == ".json":
            rows = _read_json(path)
        elif suffix in (".csv", ".tsv"):
            rows = _read_csv(path, "\t" if suffix == ".tsv" else ",")
        elif suffix == ".parquet":
            rows = _read_parquet(path)
        else:
            raise fail(path, f"unknown table type {suffix or '(none)'}; use one of "
                       f"{', '.join(TABLE_SUFFIXES)}")
    except OSError as exc:
        raise fail(path, f"cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise fail(path, f"not UTF-8 text (byte {exc.start}: {exc.reason})") from exc
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    return Table(path, columns, rows)


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with open_regular_text(path, "utf-8-sig") as fh:
        for line_no, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                value = parse_json(line)
            except JsonTextError as exc:
                raise fail(path, f"{exc.message} (row {len(rows)})", exc.place(line_no)) from exc
            if not isinstance(value, dict):
                raise fail(path, "each line must hold a JSON object", f"line {line_no}")
            rows.append(value)
    return rows


def _read_json(path: Path) -> list[dict[str, Any]]:
    try:
        value = parse_json(read_regular_text(path, "utf-8-sig"))
    except JsonTextError as exc:
        raise fail(path, exc.message, exc.place()) from exc
    if isinstance(value, dict) and isinstance(value.get("data"), list):
        value = value["data"]
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise fail(path, "a .json source holds a list of objects (or {\"data\": [...]})")
    return value


def _read_csv(path: Path, delimiter: str) -> list[dict[str, Any]]:
    with open_regular_text(path, "utf-8-sig", newline="") as fh:
        reader = csv.DictReader(fh, delimiter=delimiter)
        try:
            rows = []
            for index, record in enumerate(reader):
                if None in record:
                    raise fail(path, "more cells than the header has columns", f"row {index}")
                rows.append(dict(record))
        except csv.Error as exc:
            raise fail(path, f"not a readable CSV file: {exc}", f"line {reader.line_num}") from exc
    if reader.fieldnames is None:
        raise fail(path, "empty file: a CSV source starts with a header row")
    return rows


def _read_parquet(path: Path) -> list[dict[str, Any]]:
    import pandas as pd  # only needed for Parquet; keeps importing this module cheap

    try:
        import pyarrow  # noqa: F401  (pandas reads Parquet through it)
    except ImportError:
        # The installable app ships without pyarrow (docs/packaging.md): 100 MB for this alone.
        raise fail(path, "reading Parquet needs pyarrow, which this installation of the app does "
                   "not include: save the table as .jsonl or .csv, or import it from the "
                   "Python install (pip install pyarrow)") from None
    try:
        frame = pd.read_parquet(path)
    except (ValueError, ImportError) as exc:  # pyarrow raises ArrowInvalid, a ValueError
        raise fail(path, f"not a readable Parquet file: {exc}") from exc
    return [{str(k): _plain(v) for k, v in record.items()}
            for record in frame.to_dict(orient="records")]


def _plain(value: Any) -> Any:
    """numpy scalars and arrays -> Python values, NaN -> None."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# --------------------------------------------------------------------------- cells


def is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or (
        isinstance(value, float) and math.isnan(value))


def cell_text(problems: Problems, row: int, column: str, value: Any, *,
              required: bool = True) -> str | None:
    """A text cell; numbers are accepted and written as text."""
    if is_empty(value):
        if required:
            problems.add(row, column, "empty; a value is required")
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        problems.add(row, column, f"expected text, found {type(value).__name__}")
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def cell_number(problems: Problems, row: int, column: str, value: Any) -> float | None:
    if is_empty(value):
        problems.add(row, column, "empty; a number is required")
        return None
    if isinstance(value, bool):
        problems.add(row, column, f"expected a number, found {value!r}")
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer of 400 digits: no float holds it
        problems.add(row, column, f"a number too large: {str(value)[:20]}... "
                     f"({len(str(value))} digits)")
        return None
    except (TypeError, ValueError):
        problems.add(row, column, f"expected a number, found {value!r}")
        return None
    if not math.isfinite(number):
        problems.add(row, column, f"expected a finite number, found {value!r}")
        return None
    return number


def cell_list(problems: Problems, row: int, column: str, value: Any, *,
              allow_empty: bool = False, split: str | None = None) -> list[Any] | None:
    """A list cell: a JSON/Parquet list, or in a CSV a JSON list written as text.

    A plain string counts as a list of one (MTEB reranking rows give one positive as a
    string in some datasets), or is cut at `split` (image paths separated by ';').
    """
    if is_empty(value):
        if allow_empty:
            return []
        problems.add(row, column, "empty; a list is required")
        return None
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                value = parse_json(text)
            except JsonTextError as exc:
                problems.add(row, column, f"not a valid JSON list: {exc.message}")
                return None
        else:
            return [p.strip() for p in text.split(split) if p.strip()] if split else [text]
    if not isinstance(value, list):
        problems.add(row, column, f"expected a list, found {type(value).__name__}")
        return None
    if not value and not allow_empty:
        problems.add(row, column, "empty list")
        return None
    return value


def item_ids(table: Table, problems: Problems, keep: list[int] | None = None) -> dict[int, str]:
    """row -> item id: the source's own `id` (or `_id`) where it has one, else the row number.

    Ids must be unique: every repeat is a problem naming the rows.
    """
    rows = keep if keep is not None else list(range(len(table.rows)))
    column = next((c for c in ID_COLUMNS if c in table.columns), None)
    ids: dict[int, str] = {}
    for row in rows:
        if column is None:
            ids[row] = str(row)
            continue
        text = cell_text(problems, row, column, table.rows[row].get(column))
        if text is not None and not IDENTIFIER.fullmatch(text):
            problems.add(row, column, f"{text!r} cannot be an item id: use letters, digits, "
                         "'_', '-', '.', ':' (starting with a letter, digit or '_')")
        elif text is not None:
            ids[row] = text
    first: dict[str, int] = {}
    counts = Counter(ids.values())
    for row, item_id in ids.items():
        if counts[item_id] > 1:
            if item_id in first:
                problems.add(row, column, f"duplicate id {item_id!r} (first used in row "
                             f"{first[item_id]})")
            else:
                first[item_id] = row
    return ids


class SampledRows(NamedTuple):
    """A source read, its required columns checked, its sample drawn and its item ids made."""

    table: Table
    problems: Problems
    keep: list[int]  # the rows to import, in source order
    ids: dict[int, str]  # row -> item id (rows with a bad id are missing)
    sampling: dict[str, Any]  # how they were drawn (study.json `sampling`)


EMPTY_STRATUM = "(empty)"


def field_value(values: dict[str, Any], name: str) -> Any:
    """A row's field: a column, or a dotted path into an object cell (metadata.task_type)."""
    if name in values:
        return values[name]
    head, _, rest = name.partition(".")
    inner = values.get(head)
    if rest and isinstance(inner, dict):
        return field_value(inner, rest)
    return None


def has_field(table: Table, name: str) -> bool:
    return any(field_value(row, name) is not None for row in table.rows) or name in table.columns


def strata_of(table: Table, rows: list[int], name: str) -> list[str]:
    """The --sample-by label of each of `rows` (an empty cell is a stratum of its own);
    StudyError naming the field when the source has no such field or it holds no category."""
    if not has_field(table, name):
        raise fail(table.path, f"--sample-by {name!r}: no such field; the source's fields are "
                   f"{', '.join(table.columns) or 'none'} (a field inside an object: "
                   "column.field)", "header")
    labels = []
    for row in rows:
        value = field_value(table.rows[row], name)
        if isinstance(value, dict | list):
            raise fail(table.path, f"--sample-by {name!r}: holds "
                       f"{'an object' if isinstance(value, dict) else 'a list'}, not a category"
                       + (f" (name a field inside it: {name}.{next(iter(value))})"
                          if isinstance(value, dict) and value else ""), f"row {row}")
        labels.append(EMPTY_STRATUM if is_empty(value) else
                      str(int(value)) if isinstance(value, float) and value.is_integer()
                      else str(value))
    return labels


def sampled_rows(path: Path, options: ImportOptions, *required: str) -> SampledRows:
    table = read_table(path)
    table.require(*required)
    problems = Problems(path)
    rows = list(range(len(table.rows)))
    strata = strata_of(table, rows, options.sample_by) if options.sample_by else None
    keep, sampling = draw_sample(len(table.rows), options, strata, source=path, unit="rows")
    return SampledRows(table, problems, keep, item_ids(table, problems, keep), sampling)
