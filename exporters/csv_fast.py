"""A large table as CSV, byte for byte what `DataFrame.to_csv(path, index=False)` writes, in a
fraction of the time (600,000 responses x 31 columns: ~15 s through pandas here).

pandas turns each column into text (numbers with NumPy's `astype(str)`, missing as "") and
hands the rows to `csv.writer` (minimal quoting, `os.linesep` line ends). Here each column is
turned into text the same way, quoted where csv would quote it (a field holding the separator,
a quote or a line end character, quotes doubled). Columns holding anything but text, numbers
or booleans (objects that csv would format itself) go through pandas unchanged.

The fields are joined into lines by Arrow (`binary_join_element_wise`, in C) and each block of
lines is written as the one UTF-8 buffer Arrow holds it in. Text columns that pandas already
keeps in Arrow (its `str` dtype) are quoted there too, without turning 600,000 values into
Python strings (responses_long at 600,000 rows: 6.3 s -> ~4 s, of which the float64
columns through repr ~2 s).

Text cells (and header cells) that a spreadsheet would run as a formula are neutralised on
the way (exporters/csv_safe.py): in Arrow for Arrow text, once per distinct value otherwise.

Without pyarrow (the frozen app ships without it: docs/packaging.md) the same texts are joined
into lines by Python, the same bytes a little slower.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import numpy as np
import pandas as pd

from exporters.csv_safe import safe_frame, safe_texts

try:
    import pyarrow as pa
    import pyarrow.compute as pc

    from exporters.csv_safe import safe_arrow

    ARROW = True
except ImportError:
    ARROW = False


def _quoting_characters() -> tuple[str, ...]:
    """The characters that make csv quote a field under pandas' settings, asked of csv itself
    (Python 3.11 quotes a carriage return only when it is part of the line end)."""
    found = []
    for c in (",", '"', "\n", "\r"):
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator=os.linesep).writerow([f"a{c}", "b"])
        if buffer.getvalue().startswith('"'):
            found.append(c)
    return tuple(found)


_SPECIAL = _quoting_characters()
_CHUNK = 100_000  # rows joined and written at a time (bounds the memory of the text)
_SPECIAL_BYTES = [c.encode() for c in _SPECIAL]
if ARROW:
    _TEXT = pa.large_string()


def write_csv(frame: pd.DataFrame, path: Path) -> None:
    if not ARROW:
        _write_text_lists(frame, path)
        return
    # (one column: csv writes an empty field as "" on a line of its own; pandas handles it)
    columns = ([_text_array(frame[name]) for name in frame.columns]
               if frame.columns.is_unique and len(frame.columns) > 1 else None)
    if columns is None or any(c is None for c in columns):
        safe_frame(frame).to_csv(path, index=False)
        return
    header = _header(frame)
    comma, end, nothing = pa.scalar(",", _TEXT), pa.scalar(os.linesep, _TEXT), pa.scalar("", _TEXT)
    with path.open("wb") as fh:
        fh.write((header + os.linesep).encode("utf-8"))
        for start in range(0, len(frame), _CHUNK):
            part = [c.slice(start, _CHUNK) for c in columns]  # type: ignore[union-attr]
            lines = pc.binary_join_element_wise(pc.binary_join_element_wise(*part, comma),
                                                nothing, end)
            fh.write(_utf8_of(lines))


def _write_text_lists(frame: pd.DataFrame, path: Path) -> None:
    """write_csv without Arrow: each column's text as a list, the lines joined by Python."""
    columns = ([_as_text(frame[name]) for name in frame.columns]
               if frame.columns.is_unique and len(frame.columns) > 1 else None)
    if columns is None or any(c is None for c in columns):
        safe_frame(frame).to_csv(path, index=False)
        return
    with path.open("wb") as fh:
        fh.write((_header(frame) + os.linesep).encode("utf-8"))
        for start in range(0, len(frame), _CHUNK):
            rows = zip(*(c[start:start + _CHUNK] for c in columns), strict=True)  # type: ignore[index]
            fh.write("".join([",".join(row) + os.linesep for row in rows]).encode("utf-8"))


def _header(frame: pd.DataFrame) -> str:
    return ",".join(_quoted(safe_texts([str(c) for c in frame.columns])))


def _utf8_of(lines: pa.Array) -> pa.Buffer:
    """The bytes of every value of a large_string array without nulls, one after the other."""
    offsets = np.frombuffer(lines.buffers()[1], dtype=np.int64)
    first, last = int(offsets[lines.offset]), int(offsets[lines.offset + len(lines)])
    return lines.buffers()[2].slice(first, last - first)


def _text_array(column: pd.Series) -> pa.Array | None:
    """The column as csv would write it, as Arrow text without nulls, or None where pandas
    must do it."""
    if isinstance(column.dtype, pd.StringDtype) and column.dtype.storage == "pyarrow":
        stored = column.array._pa_array
        if isinstance(stored, pa.ChunkedArray):  # (one chunk, as read: used without a copy)
            stored = stored.chunk(0) if stored.num_chunks == 1 else stored.combine_chunks()
        text = pc.cast(stored, _TEXT)
        text = text.fill_null("") if text.null_count else text
        return _quoted_array(safe_arrow(text))
    if isinstance(column.dtype, np.dtype) and column.dtype.kind in "iu":
        return pc.cast(pa.array(column.to_numpy()), _TEXT)  # the digits, as str() writes them
    if isinstance(column.dtype, np.dtype) and column.dtype.kind == "b":
        return pc.if_else(pa.array(column.to_numpy()), pa.scalar("True", _TEXT),
                          pa.scalar("False", _TEXT))
    values = _as_text(column)
    return None if values is None else pa.array(values, type=_TEXT)


def _quoted_array(text: pa.Array) -> pa.Array:
    """Arrow text quoted where csv would quote it (a look at the raw bytes first: most columns
    hold none of the characters)."""
    raw = (text.buffers()[2] or pa.py_buffer(b"")).to_pybytes()
    if not any(c in raw for c in _SPECIAL_BYTES):  # (memchr over the bytes: milliseconds)
        return text
    needs = pc.match_substring(text, _SPECIAL[0])
    for c in _SPECIAL[1:]:
        needs = pc.or_(needs, pc.match_substring(text, c))
    quote = pa.scalar('"', _TEXT)
    quoted = pc.binary_join_element_wise(quote, pc.replace_substring(text, '"', '""'), quote,
                                         pa.scalar("", _TEXT))
    return pc.if_else(needs, quoted, text)


def _as_text(column: pd.Series) -> list[str] | None:
    """The column as csv would write it, or None where pandas must do it."""
    text_dtype = isinstance(column.dtype, pd.StringDtype)
    if not isinstance(column.dtype, np.dtype) and not text_dtype:
        return None  # nullable integers, categoricals, dates: pandas' own formatting
    kind = column.dtype.kind
    if kind in "iub":
        return column.to_numpy().astype(str).tolist()
    if kind == "f" and column.dtype != np.float64:  # float32 has its own shortest text
        values = column.to_numpy()
        text = values.astype(str).astype(object)
        text[np.isnan(values)] = ""
        return text.tolist()
    if kind == "f":
        # Python's repr of a float is NumPy's astype(str) text (both the shortest round-trip
        # form, switching to exponents at the same points; the test holds extremes), twice
        # as fast.
        floats = column.to_numpy(dtype=float)
        codes, uniques = pd.factorize(floats)
        if len(uniques) * 2 > len(floats) or np.signbit(floats[floats == 0]).any():
            # (factorize holds -0.0 and 0.0 as one value: their text differs)
            return ["" if v != v else repr(v) for v in floats.tolist()]  # v != v: NaN, empty
        # Few distinct values (the time excluded from a trial, mostly 0.0): each written once.
        text = np.array([repr(v) for v in uniques.tolist()] + [""], dtype=object)
        return text[codes].tolist()  # code -1 (NaN): the "" at the end
    if not text_dtype and not (
            kind == "O" and pd.api.types.infer_dtype(column, skipna=True) in ("string", "empty")):
        return None  # a number or object among text: csv's own str()/repr() decides
    return _quoted(safe_texts(column.fillna("").astype(object).tolist()))


def _quoted(values: list[str]) -> list[str]:
    joined = "\0".join(values)
    if not any(c in joined for c in _SPECIAL):
        return values
    # Quoted once per distinct value (a column that needs quotes, such as the shown option
    # order, mostly repeats a few values).
    codes, uniques = pd.factorize(np.asarray(values, dtype=object))
    quoted = np.array([f'"{v.replace(chr(34), chr(34) * 2)}"' if any(c in v for c in _SPECIAL)
                       else v for v in uniques], dtype=object)
    return quoted[codes].tolist()
