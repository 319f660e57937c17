"""A study's identity: sha256 of its canonical JSON, the key every database stores it under.

Canonical: json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False), so the
same study written with other spacing or key order hashes alike. The text must never change
(tests/test_study_fast_load.py checks it against the one-shot definition and the hash stored
in tests/fixtures/db_v1.sqlite3); this module only writes it sooner.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec

# The canonical form: json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False).
# Parsed JSON holds no cycles, so the encoder's circular check (a dict insert and delete per
# container) is left out: the same text, ~15 % sooner.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              check_circular=False)
# msgspec writes the same canonical text ten times sooner for strings (every code point
# escaped alike, tested), integers of any size, booleans, null and key order; not for floats
# (4e-05 as 0.00004, 1e+16 as 1e16; NaN and infinities as null, which json writes NaN and
# Infinity). So its text is used only where it holds no float (`_float_free`) and, where it
# holds a null, the value holds no float either (`_msgspec_is_json`).
_FAST = msgspec.json.Encoder(order="sorted")
# Digits and '-' deleted; ',' and '[' read as ':', 'e' and 'E' as '.': one mark to look for.
_FLOAT_SQUEEZE = bytes.maketrans(b",[eE", b"::..")


def _float_free(text: bytes) -> bool:
    """No float in this compact JSON. A float is a number with a fraction or an exponent right
    after ':', ',' or '['; with digits and '-' deleted and those read as ':' and '.', a ':.'
    is left. Inside a string the same marks ("a,e") only send the text to json: never a wrong
    yes. A regex does this at ~6 ns a byte; translate and one search are C loops (~50 ms for
    15 MB)."""
    return b":." not in text.translate(_FLOAT_SQUEEZE, b"0123456789-")


def content_hash(raw: Any, source_text: str | None = None) -> str:
    """sha256 of the canonical JSON (see `hash_and_key_marks`)."""
    return hash_and_key_marks(raw, source_text)[0]


def hash_and_key_marks(raw: Any, source_text: str | None = None) -> tuple[str, int]:
    """sha256 of the canonical JSON: the same study written with other spacing hashes alike.

    The hash identifies a study in every database, so its text must never change: the header
    is encoded by json key by key in sorted order, the items by msgspec where that gives the
    same text (see above), and fed piece by piece; the pieces joined are exactly the one-shot
    canonical text (tested). `source_text` is the JSON `raw` was parsed from: without it,
    every piece is encoded by json.

    With the hash comes the number of `":` marks in the canonical text: one per key, plus any
    inside strings. The loader compares it with the source's own count to notice a key written
    twice (`app.study.duplicate_keys`) without a second walk over the study."""
    digest = _MarkingDigest()
    if not (isinstance(raw, dict) and isinstance(raw.get("items"), list)):
        digest.update(_CANONICAL.encode(raw).encode("utf-8"))
        return digest.hexdigest(), digest.marks
    # (NaN, Infinity and a number too large for a float, 1e999, parse as non-finite floats,
    # which msgspec writes as null: `_msgspec_is_json` sees them in the values, not the text)
    fast = source_text is not None
    digest.update(b"{")
    for n, key in enumerate(sorted(raw)):
        digest.update(f"{',' if n else ''}{_CANONICAL.encode(key)}:".encode())
        if key == "items" and fast:
            _hash_items(digest, raw[key])
        else:
            digest.update(_CANONICAL.encode(raw[key]).encode("utf-8"))
    digest.update(b"}")
    return digest.hexdigest(), digest.marks


class _MarkingDigest:
    """sha256 that also counts the `":` marks of what it is fed. No piece fed ends inside a
    mark: a key's piece ends with it, every other piece ends with a value."""

    def __init__(self) -> None:
        self._sha = hashlib.sha256()
        self.marks = 0

    def update(self, data: bytes) -> None:
        self._sha.update(data)
        self.marks += data.count(b'":')

    def hexdigest(self) -> str:
        return self._sha.hexdigest()


def _hash_items(digest: _MarkingDigest, items: list[Any]) -> None:
    try:
        whole = _FAST.encode(items)
    except TypeError:  # a key that is not a string: cannot come from JSON; json decides
        whole = b""
    if whole and _float_free(whole) and b"null" not in whole:  # the common case: one call
        digest.update(whole)
        return
    digest.update(b"[")
    for i, item in enumerate(items):
        if i:
            digest.update(b",")
        try:
            text = _FAST.encode(item)
        except TypeError:
            text = b""
        digest.update(text if text and _msgspec_is_json(text, item)
                      else _CANONICAL.encode(item).encode("utf-8"))
    digest.update(b"]")


def _msgspec_is_json(text: bytes, value: Any) -> bool:
    """msgspec's `text` of `value` is json's: no float written (`_float_free`), and none
    written as null (NaN, infinities): where the text holds a null (or the word inside a
    string), the value is walked for a float."""
    return _float_free(text) and (b"null" not in text or not _holds_float(value))


def _holds_float(value: Any) -> bool:
    # Iterative: a deep value cannot blow the stack here.
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, float):
            return True
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False
