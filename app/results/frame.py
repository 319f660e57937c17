"""Responses as a pandas table joined with what the study knows about each item and person."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import numpy as np
import pandas as pd

from app.gc_pause import gc_paused
from app.storage.database import Database
from app.study.loader import LoadedStudy

# Without pyarrow (the installable app ships without it) pandas keeps text in Python objects:
# _ARROW_TEXT is then None and pyarrow is never reached.
with contextlib.suppress(ImportError):
    import pyarrow as pa
    import pyarrow.compute as pc

RESPONSE_COLUMNS = [
    "response_uuid", "study_id", "content_hash", "participant", "session_uuid", "item_id",
    "question_id", "question_kind", "block_id", "position", "practice", "role", "answer",
    "option_order", "onset_utc", "answer_utc", "onset_ns", "first_interaction_ns", "answer_ns",
    "rt_ms", "first_interaction_ms", "excluded_ms", "n_changes", "timed_out", "simulated", "origin",
]
# Frame column -> response table column, where they differ or come straight from the table.
_FROM_TABLE = {
    "response_uuid": "uuid", "study_id": "study_id", "content_hash": "content_hash",
    "participant": "participant_code", "session_uuid": "session_uuid", "item_id": "item_id",
    "question_id": "question_id", "block_id": "block_id", "position": "position",
    "practice": "practice", "onset_utc": "onset_utc", "answer_utc": "answer_utc",
    "onset_ns": "onset_ns", "first_interaction_ns": "first_interaction_ns",
    "answer_ns": "answer_ns", "rt_ms": "rt_ms", "first_interaction_ms": "first_interaction_ms",
    "excluded_ms": "excluded_ms", "n_changes": "n_changes", "timed_out": "timed_out",
    "simulated": "simulated", "origin": "origin",
}


def responses_frame(loaded: LoadedStudy, db: Database, *, include_simulated: bool = False) -> pd.DataFrame:
    """One row per response. `answer` holds the decoded JSON value (str, float, dict or list);
    item categories are added as `cat_<name>` columns and profile fields as `profile_<name>`.

    Read column-wise (`Database.response_columns`) and joined per item and per participant
    rather than per row: 600,000 responses take seconds, not minutes (benchmarks/bench_exports.py)."""
    # The read holds ~16 million young objects at once (no cycles among them).
    with gc_paused():
        return _responses_frame(loaded, db, include_simulated=include_simulated)


def _responses_frame(loaded: LoadedStudy, db: Database, *, include_simulated: bool,
                     arrow: bool = True) -> pd.DataFrame:
    """`arrow`: read into Arrow arrays where the database and pandas allow it (SQLite, text
    held in Arrow), else (or if False) into Python lists; the same frame either way."""
    study = loaded.study
    items = loaded.items_by_id
    wanted = [*_FROM_TABLE.values(), "answer_json", "option_order_json"]
    if study.conditions:  # a reader study: the condition each answer was given under
        wanted.append("condition")
    table: dict[str, Any] | None = None
    if arrow and _ARROW_TEXT is not None:
        table = db.response_arrays(study.id, wanted, include_simulated=include_simulated)
    if table is None:
        table = db.response_columns(study.id, wanted, include_simulated=include_simulated)
    if len(table["uuid"]) == 0:
        return pd.DataFrame(columns=RESPONSE_COLUMNS)
    kinds = {(i.id, q.id): q.kind for i in study.items for q in i.questions}
    profiles = {p.code: p.profile for p in db.participants(study.id)}
    columns: dict[str, Any] = {name: table[source] for name, source in _FROM_TABLE.items()}
    # Per distinct item (and item x question), not per row: 20,000 look-ups, not 600,000.
    item_codes, item_uniques = _factorize(table["item_id"])
    code_codes, code_uniques = _factorize(table["participant_code"])
    question_codes, question_uniques = _factorize(table["question_id"])
    columns["item_id"] = _take(item_uniques, item_codes)
    columns["participant"] = _take(code_uniques, code_codes)
    columns["question_id"] = _take(question_uniques, question_codes)
    # Columns that mostly repeat a few values: each distinct value made into a column value once.
    for name in ("study_id", "content_hash", "session_uuid", "block_id", "origin"):
        codes_of, distinct = _factorize(columns[name])
        columns[name] = _take(distinct, codes_of)
    pair_codes, pair_uniques = pd.factorize(item_codes * len(question_uniques) + question_codes)
    columns["question_kind"] = _take(
        [kinds.get((item_uniques[p // len(question_uniques)],
                    question_uniques[p % len(question_uniques)]), "") for p in pair_uniques],
        pair_codes)
    roles = {item_id: item.role for item_id, item in items.items()}
    columns["role"] = _take([roles.get(i, "") for i in item_uniques], item_codes)
    columns["answer"] = _decoded_answers(table["answer_json"])
    order_codes, order_uniques = _factorize(table["option_order_json"])
    # (factorize hands a missing value back as NaN, not None)
    columns["option_order"] = _take([o if isinstance(o, str) else "" for o in order_uniques],
                                    order_codes)
    frame = pd.DataFrame({name: _as_array(columns[name]) for name in RESPONSE_COLUMNS})
    extra = _joined_columns((item_codes, item_uniques), (code_codes, code_uniques), items,
                            profiles)
    if study.conditions:
        condition_codes, conditions = _factorize(table["condition"])
        extra["condition"] = _take([c if isinstance(c, str) else "" for c in conditions],
                                   condition_codes)
    if study.ui_language or study.ui_languages:
        extra["ui_language"] = _session_languages(db, study.id, columns["session_uuid"])
    if extra:
        frame = pd.concat([frame, pd.DataFrame(extra, index=frame.index)], axis=1)
    return frame


def _session_languages(db: Database, study_id: str, session_uuids: Any) -> list[str]:
    """The language of the app's words in each row's session (the participant's pick, logged
    with the session's first event by the session engine); "" where none was recorded.
    Only for studies that offer a language, so other studies' exports keep their columns."""
    language: dict[str, str] = {}
    for kind in ("session_started", "session_resumed"):
        for event in db.events(study_id, kind=kind):
            tag = json.loads(event.payload_json).get("ui_language")
            if event.session_uuid and isinstance(tag, str):
                language[event.session_uuid] = tag
    return [language.get(str(uuid), "") for uuid in session_uuids]


def _decoded_answers(stored: Any) -> Any:
    """The decoded answers: each distinct stored text decoded once and, while none is a list
    or a dict (no two rows may share a mutable answer), handed out by code. `stored`: a list
    or an Arrow array of the texts."""
    codes, uniques = _factorize(stored)
    decoded = [json.loads(text) for text in uniques] if len(uniques) * 2 <= len(stored) else None
    if decoded is None or any(isinstance(v, dict | list) for v in decoded):
        return _decode_answers(stored if isinstance(stored, list) else stored.to_pylist())
    return _take(decoded, codes)


def _decode_answers(stored: list[str]) -> list[Any]:
    """json.loads of each answer, decoding each distinct choice key or number once (a study's
    600,000 answers are mostly a handful of option keys). Lists and dicts are decoded per row:
    no two rows share a mutable answer."""
    memo: dict[str, Any] = {}
    out: list[Any] = []
    for text in stored:
        value = memo.get(text, _MISSING)
        if value is _MISSING:
            value = json.loads(text)
            if not isinstance(value, dict | list):
                memo[text] = value
        out.append(value)
    return out


_MISSING = object()


def _factorize(values: Any) -> tuple[np.ndarray, list[Any]]:
    """(code of each value, the distinct values in order of first appearance), of a list or
    an Arrow array (by Arrow's hash table; a missing value is NaN among the distinct values,
    as pandas gives it)."""
    if not isinstance(values, list):
        encoded = pc.dictionary_encode(values, null_encoding="encode")
        distinct = [np.nan if v is None else v for v in encoded.dictionary.to_pylist()]
        return encoded.indices.to_numpy(zero_copy_only=False).astype(np.intp), distinct
    codes, uniques = pd.factorize(np.asarray(values, dtype=object), use_na_sentinel=False)
    return codes, list(uniques)


def _take(per_code: list[Any], codes: np.ndarray) -> Any:
    """The value of each row's code: where every value is text and pandas keeps text in
    Arrow, Arrow's take of the distinct values (what pandas would infer from the list, without
    600,000 strings encoded one by one); otherwise a plain list, pandas infers its dtype."""
    if _ARROW_TEXT is not None and per_code and all(type(v) is str for v in per_code):
        return pd.array(pa.array(per_code, type=pa.large_string()).take(codes),
                        dtype=_ARROW_TEXT)
    return np.asarray(per_code, dtype=object)[codes].tolist()


def _as_array(values: Any) -> Any:
    """A column for the frame: numbers and booleans as the NumPy array pandas would infer from
    the list (set once here rather than inferred value by value), anything else as it is.
    An Arrow array without missing values: its numbers as NumPy, its text as pandas' Arrow
    text; with missing values, its list (pandas' own inference, as for the list read)."""
    if _ARROW_TEXT is not None and isinstance(values, pa.Array):
        if values.null_count == 0 and pa.types.is_large_string(values.type):
            return pd.array(values, dtype=_ARROW_TEXT)
        if values.null_count == 0 and values.type in (pa.int64(), pa.float64(), pa.bool_()):
            return values.to_numpy(zero_copy_only=False)
        return _as_array(values.to_pylist())
    if not isinstance(values, list) or not values or type(values[0]) not in (int, float, bool):
        return values
    array = np.array(values)
    # Mixed or missing values (None, text) come out as objects: pandas' own inference then.
    return array if array.dtype in (np.int64, np.float64, np.bool_) else values


def _arrow_text_dtype() -> pd.StringDtype | None:
    """pandas' default dtype for text if it is held in Arrow (pandas 3), else None."""
    dtype = pd.Series(["x"]).dtype
    return dtype if isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow" else None


_ARROW_TEXT = _arrow_text_dtype()


def _joined_columns(by_item: tuple[np.ndarray, list[Any]], by_code: tuple[np.ndarray, list[Any]],
                    items: dict[str, Any], profiles: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """`cat_<key>` and `profile_<key>` columns, in the order a row-by-row build would have met
    them (each row: its item's categories, then its participant's profile). `by_item` and
    `by_code`: each row's item and participant as (codes, distinct values)."""
    item_codes, item_uniques = by_item
    code_codes, code_uniques = by_code
    # The rows where an item or a participant first appears, in row order (item before
    # participant within a row): the only rows that can add a column.
    first_item = np.unique(item_codes, return_index=True)[1]
    first_code = np.unique(code_codes, return_index=True)[1]
    events = sorted([(int(p), 0, k) for k, p in enumerate(first_item)]
                    + [(int(p), 1, k) for k, p in enumerate(first_code)])
    order: dict[str, tuple[str, str]] = {}  # column -> ("cat" | "profile", key)
    for _, kind, k in events:
        if kind == 0:
            item = items.get(item_uniques[k])
            for key in (item.categories if item else {}):
                order.setdefault(f"cat_{key}", ("cat", key))
        else:
            for key in profiles.get(code_uniques[k], {}):
                order.setdefault(f"profile_{key}", ("profile", key))
    out: dict[str, Any] = {}
    for column, (source, key) in order.items():
        if source == "cat":
            of_item = {i: item.categories[key] for i, item in items.items() if key in item.categories}
            out[column] = _take([of_item.get(i, np.nan) for i in item_uniques], item_codes)
        else:
            of_code = {c: p[key] for c, p in profiles.items() if key in p}
            out[column] = _take([of_code.get(c, np.nan) for c in code_uniques], code_codes)
    return out
