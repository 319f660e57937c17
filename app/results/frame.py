"""Responses as a pandas table joined with what the study knows about each item and person."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pandas as pd

from app.storage.bulk_read import response_columns
from app.storage.database import Database
from app.study.loader import LoadedStudy

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

    Read column-wise (`app.storage.bulk_read`) and joined per item and per participant rather
    than per row: 600,000 responses take seconds, not minutes (benchmarks/bench_exports.py)."""
    study = loaded.study
    items = loaded.items_by_id
    table = response_columns(db, study.id, [*_FROM_TABLE.values(), "answer_json",
                                            "option_order_json"],
                             include_simulated=include_simulated)
    if not table["uuid"]:
        return pd.DataFrame(columns=RESPONSE_COLUMNS)
    kinds = {(i.id, q.id): q.kind for i in study.items for q in i.questions}
    profiles = {p.code: p.profile for p in db.participants(study.id)}
    item_ids, codes = table["item_id"], table["participant_code"]
    columns: dict[str, list[Any]] = {name: table[source] for name, source in _FROM_TABLE.items()}
    # Per distinct item (and item x question), not per row: 20,000 look-ups, not 600,000.
    item_codes, item_uniques = _factorize(item_ids)
    question_codes, question_uniques = _factorize(table["question_id"])
    pair_codes, pair_uniques = pd.factorize(item_codes * len(question_uniques) + question_codes)
    columns["question_kind"] = _take(
        [kinds.get((item_uniques[p // len(question_uniques)],
                    question_uniques[p % len(question_uniques)]), "") for p in pair_uniques],
        pair_codes)
    roles = {item_id: item.role for item_id, item in items.items()}
    columns["role"] = _take([roles.get(i, "") for i in item_uniques], item_codes)
    columns["answer"] = _decode_answers(table["answer_json"])
    columns["option_order"] = [o or "" for o in table["option_order_json"]]
    frame = pd.DataFrame({name: columns[name] for name in RESPONSE_COLUMNS})
    extra = _joined_columns(item_ids, codes, items, profiles)
    if extra:
        frame = pd.concat([frame, pd.DataFrame(extra, index=frame.index)], axis=1)
    return frame


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


def _factorize(values: list[Any]) -> tuple[np.ndarray, list[Any]]:
    """(code of each value, the distinct values in order of first appearance)."""
    codes, uniques = pd.factorize(np.asarray(values, dtype=object), use_na_sentinel=False)
    return codes, list(uniques)


def _take(per_code: list[Any], codes: np.ndarray) -> list[Any]:
    """The value of each row's code, as a plain list (pandas infers the column's dtype)."""
    return np.asarray(per_code, dtype=object)[codes].tolist()


def _joined_columns(item_ids: list[str], codes: list[str], items: dict[str, Any],
                    profiles: dict[str, dict[str, Any]]) -> dict[str, list[Any]]:
    """`cat_<key>` and `profile_<key>` columns, in the order a row-by-row build would have met
    them (each row: its item's categories, then its participant's profile)."""
    item_codes, item_uniques = _factorize(item_ids)
    code_codes, code_uniques = _factorize(codes)
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
    out: dict[str, list[Any]] = {}
    for column, (source, key) in order.items():
        if source == "cat":
            by_item = {i: item.categories[key] for i, item in items.items() if key in item.categories}
            out[column] = _take([by_item.get(i, np.nan) for i in item_uniques], item_codes)
        else:
            by_code = {c: p[key] for c, p in profiles.items() if key in p}
            out[column] = _take([by_code.get(c, np.nan) for c in code_uniques], code_codes)
    return out
