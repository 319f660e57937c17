"""Participant-code patterns that match in bounded time.

Python's `re` backtracks: `(x+x+)+y` against a 34-character code takes ~30 s, which would
freeze the code screen. A pattern is accepted only when it cannot backtrack badly: no
quantified part (or alternation) inside a part that is itself repeated a variable number of
times, no back-references, look-arounds or conditionals, and at most MAX_VARIABLE_REPEATS
repeats of variable length in all. Codes are at most MAX_CODE_CHARS long, so what is left
costs at most ~64^3 steps. Everything a code scheme needs (`P[0-9]{3}`, `[A-Z]{2}-\\d{2,4}`,
`(SITE|LAB)[0-9]+`) stays allowed.
"""

from __future__ import annotations

import re

# The parser behind `re` (Python 3.11+), which says what a pattern is made of.
import re._parser as _sre_parse
from re._constants import (
    ASSERT,
    ASSERT_NOT,
    BRANCH,
    GROUPREF,
    GROUPREF_EXISTS,
    MAX_REPEAT,
    MIN_REPEAT,
    SUBPATTERN,
)
from typing import Any

MAX_CODE_CHARS = 64  # as app.session.codes.MAX_CODE_LENGTH: longer codes are refused anyway
MAX_VARIABLE_REPEATS = 3
MAX_PATTERN_CHARS = 500
POSSESSIVE_REPEAT = getattr(_sre_parse, "POSSESSIVE_REPEAT", None)


def unsafe_pattern_reason(pattern: str) -> str | None:
    """Why `pattern` could take unbounded time to match, or None when it cannot."""
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"longer than {MAX_PATTERN_CHARS} characters"
    try:
        parsed = _sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError) as exc:
        return f"not a valid regular expression: {exc}"
    variable = [0]
    reason = _walk(list(parsed), repeated=False, variable=variable)
    if reason is None and variable[0] > MAX_VARIABLE_REPEATS:
        reason = (f"{variable[0]} variable-length repeats (at most {MAX_VARIABLE_REPEATS}, so "
                  "that a code is matched in bounded time)")
    return reason


def _walk(items: list[Any], *, repeated: bool, variable: list[int]) -> str | None:
    for op, av in items:
        if op in (GROUPREF, GROUPREF_EXISTS):
            return "back-references and conditionals are not allowed"
        if op in (ASSERT, ASSERT_NOT):
            return "look-ahead and look-behind are not allowed"
        if op in (MAX_REPEAT, MIN_REPEAT) or (POSSESSIVE_REPEAT is not None and op == POSSESSIVE_REPEAT):
            low, high, body = av
            varies = low != high
            if repeated and varies:
                return ("a repeat inside a repeated part (such as (x+)+) can take exponential "
                        "time to match; write it without the nesting")
            if varies:
                variable[0] += 1
            reason = _walk(list(body), repeated=repeated or high > 1, variable=variable)
            if reason:
                return reason
        elif op is BRANCH:
            if repeated:
                return ("an alternative (a|b) inside a repeated part can take exponential time "
                        "to match; write it without the repeat")
            for branch in av[1]:
                reason = _walk(list(branch), repeated=repeated, variable=variable)
                if reason:
                    return reason
        elif op is SUBPATTERN:
            reason = _walk(list(av[-1]), repeated=repeated, variable=variable)
            if reason:
                return reason
    return None
