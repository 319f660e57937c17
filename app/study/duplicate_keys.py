"""A key written twice in one JSON object ("gold" twice): reported, never silently the last one.

Both JSON parsers keep the last value of a repeated key without a word. Checking every object
while parsing (json.loads with an object_pairs_hook) costs ~60 % more than the fast parse of
a 20,000-item study, so the loader first compares two counts it can have almost for free:
the `":` marks in the source text and in the canonical text that the content hash encodes
anyway (`app.study.content_hash.hash_and_key_marks`). Every key ends in one such mark, and a
string holding `":` adds one to both sides alike, so the counts differ when a key was dropped
(and also for harmless formatting such as `"key" : 1`, which then only costs the slow check).
Only then is the text parsed again here, object by object, for the place of each repeat.
A repeat hidden behind a string that spells `":` with a \\u escape is not seen by the first
count; that takes a deliberately crafted file, not a designer's slip.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import decoder, scanner
from pathlib import Path
from typing import Any

from app.study.errors import Problem, json_path

# The stdlib's pure-Python object parser and scanner (left out of typeshed): the one parse in
# which a hook sees each object's pairs in order and where its values start.
_JSON_OBJECT: Callable[..., tuple[Any, int]] = decoder.JSONObject  # type: ignore[attr-defined]
_PY_SCANNER: Callable[[Any], Any] = scanner.py_make_scanner  # type: ignore[attr-defined]


def source_key_marks(text: str) -> int:
    """The `":` marks in the source (one per key with the usual formatting)."""
    return text.count('":')


def duplicate_keys(source: Path, text: str) -> list[Problem]:
    """A problem (JSON path, line and column of the second key) for each repeated key."""
    found = False

    def detect(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal found
        value = dict(pairs)
        if len(value) != len(pairs):
            found = True
        return value

    try:
        json.loads(text, object_pairs_hook=detect)
    except (ValueError, RecursionError):
        return []  # the fast parser read it; nothing more to say here
    return _locate(source, text) if found else []


def _locate(source: Path, text: str) -> list[Problem]:
    """The slow pure-Python parse, only for a file known to repeat a key: it says where."""
    repeats: list[tuple[int, str, dict[str, Any]]] = []  # (offset of the key, key, the object)

    def parse_object(s_and_end: tuple[str, int], strict: bool, scan_once: Any, object_hook: Any,
                     object_pairs_hook: Any, memo: Any = None) -> tuple[dict[str, Any], int]:
        starts: list[int] = []  # where this object's values start, in order

        def scan_value(string: str, index: int) -> Any:
            starts.append(index)
            return scan_once(string, index)

        pairs, end = _JSON_OBJECT(s_and_end, strict, scan_value, None, list, memo)
        value: dict[str, Any] = {}
        for (key, child), start in zip(pairs, starts, strict=True):
            if key in value:
                repeats.append((_key_start(s_and_end[0], start), key, value))
            value[key] = child
        return value, end

    parser: Any = json.JSONDecoder()
    parser.parse_object = parse_object
    parser.scan_once = _PY_SCANNER(parser)  # the C scanner would ignore parse_object
    try:
        root = parser.decode(text)
    except (ValueError, RecursionError):
        return [Problem(source, "", "a key appears twice in one object; the last value "
                        "would silently replace the first")]
    paths = _object_paths(root)
    problems = []
    for offset, key, obj in repeats:
        line = text.count("\n", 0, offset) + 1
        column = offset - text.rfind("\n", 0, offset)
        problems.append(Problem(source, json_path((*paths.get(id(obj), ()), key)),
                                f"the key {key!r} appears twice in this object; the last value "
                                "would silently replace the first", line=line, column=column))
    return problems


def _key_start(text: str, value_start: int) -> int:
    """The opening quote of the key whose value starts at `value_start`."""
    closing = text.rfind('"', 0, text.rfind(":", 0, value_start))
    opening = closing - 1
    while True:
        opening = text.rfind('"', 0, opening)
        backslashes = 0
        while text[opening - 1 - backslashes] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:  # not an escaped quote inside the key
            return opening
        opening -= 1


def _object_paths(root: Any) -> dict[int, Any]:
    """id of each object -> its location (a tuple of keys and indices)."""
    out: dict[int, Any] = {}
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(root, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, dict):
            out[id(node)] = loc
            stack.extend((child, (*loc, key)) for key, child in node.items())
        elif isinstance(node, list):
            stack.extend((child, (*loc, i)) for i, child in enumerate(node))
    return out
