"""The one way importers parse JSON from a source: a located message for any text, never a crash.

Python's `json.loads` lets three kinds of hostile text through to a traceback later on:
100,000 nested brackets (`RecursionError` inside the parser), an integer of 5,000 digits
(`ValueError` from int()), and a lone surrogate escape (`"\\ud800"`, a string that cannot be
written back as UTF-8: `UnicodeEncodeError` when the study is written). pydantic's parser
(jiter, in Rust) refuses all three with a line and column, and bounds the nesting (200
levels, far below what json.dumps and the study loader could recurse through). json.loads
runs only when jiter refuses, for its familiar syntax-error messages.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pydantic_core

_AT = re.compile(r"^(?P<msg>.*) at line (?P<line>\d+) column (?P<column>\d+)$", re.DOTALL)
_SURROGATE = "a lone surrogate escape (\\ud800-\\udfff) is not valid Unicode"
# jiter's wording -> the designer's
_PLAIN = {
    "recursion limit exceeded": "JSON nested too deeply (more than 200 levels)",
    "number out of range": "a number too large to read",
    # (jiter's wording for a lone surrogate; json.loads has refused any other bad escape)
    "lone leading surrogate in hex escape": _SURROGATE,
    "unexpected end of hex escape": _SURROGATE,
    "invalid escape": "an invalid escape in a string",
}


class JsonTextError(ValueError):
    """JSON text that cannot be read; `line` and `column` count from 1 within the text."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.message, self.line, self.column = message, line, column
        where = f" at line {line}, column {column}" if line is not None else ""
        super().__init__(message + where)

    def place(self, first_line: int = 1) -> str:
        """'line L, column C' in the file, when the text started on `first_line` of it."""
        if self.line is None:
            return f"line {first_line}" if first_line != 1 else ""
        return f"line {self.line + first_line - 1}, column {self.column}"


def parse_json(text: str) -> Any:
    """The value of `text`, or JsonTextError with a plain message and its line and column."""
    try:
        return pydantic_core.from_json(text)
    except ValueError as exc:
        refused = exc
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonTextError(f"JSON syntax error: {exc.msg}", exc.lineno, exc.colno) from None
    except (RecursionError, ValueError):
        pass  # jiter's message says where
    match = _AT.match(str(refused))
    if match is None:
        raise JsonTextError(f"JSON that cannot be read: {refused}") from None
    message = match["msg"]
    raise JsonTextError(_PLAIN.get(message, f"JSON that cannot be read: {message}"),
                        int(match["line"]), int(match["column"])) from None
