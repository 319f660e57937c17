"""Text cells a spreadsheet would run as a formula, neutralised as OWASP recommends (CSV
injection): a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets
a `'` in front, so Excel, LibreOffice and Google Sheets show it as text instead of running
`=HYPERLINK(...)` from a participant code, a free-text answer or a model name.

Only text is touched: a number (a float column, or text that is a plain number such as `-0.5`
or `+3`) stays a number. A text cell that already starts with `'` gets one more, so the rule
can be undone without doubt: the raw value of any text cell that starts with `'` is the cell
without its first character (docs/results.md). Header cells (participant codes are column
names in responses_wide.csv) follow the same rule.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pandas as pd

try:  # safe_arrow only: the frozen app ships without pyarrow (exporters/csv_fast.py)
    import pyarrow as pa
    import pyarrow.compute as pc
except ImportError:
    pass

TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "'")
_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_NUMBER_RE = re.compile(_NUMBER)
# RE2 (Arrow) and Python's re agree on both patterns.
_STARTS = "^[=+\\-@\t\r']"
_PLAIN_NUMBER = f"^{_NUMBER}$"


def needs_quote(value: str) -> bool:
    """True for a text cell a spreadsheet could run: see the module's rule."""
    return value.startswith(TRIGGERS) and _NUMBER_RE.fullmatch(value) is None


def safe_cell(value: Any) -> Any:
    """A text cell neutralised; anything else (numbers, missing) unchanged."""
    return "'" + value if isinstance(value, str) and needs_quote(value) else value


def safe_texts(values: list[str]) -> list[str]:
    """`safe_cell` of every value of a list of text (a look at the first characters first,
    then once per distinct value: a column mostly repeats a few)."""
    if not any(v[:1] in TRIGGERS for v in values if v):
        return values
    # None (or NaN) kept as a value of its own: the default sentinel -1 would index the last
    # distinct value instead.
    codes, uniques = pd.factorize(np.asarray(values, dtype=object), use_na_sentinel=False)
    safe = np.array([safe_cell(v) for v in uniques], dtype=object)
    return safe[codes].tolist()


def safe_arrow(text: pa.Array) -> pa.Array:
    """`safe_cell` of every value of an Arrow text array, in Arrow's kernels."""
    starts = pc.match_substring_regex(text, _STARTS)
    if not pc.any(starts).as_py():
        return text
    needs = pc.and_(starts, pc.invert(pc.match_substring_regex(text, _PLAIN_NUMBER)))
    quoted = pc.binary_join_element_wise(pa.scalar("'", text.type), text, pa.scalar("", text.type))
    return pc.if_else(needs, quoted, text)


def safe_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with its header and every text cell neutralised (number columns untouched)."""
    out = frame.copy(deep=False)
    for position in range(len(frame.columns)):
        column = frame.iloc[:, position]
        if isinstance(column.dtype, pd.StringDtype | pd.CategoricalDtype) or column.dtype == "O":
            out.isetitem(position, column.map(safe_cell, na_action="ignore").to_numpy())
    out.columns = [safe_cell(c) for c in frame.columns]
    return out
