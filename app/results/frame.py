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
    columns["question_kind"] = [kinds.get(key, "") for key in zip(item_ids, table["question_id"],
                                                                  strict=True)]
    roles = {item_id: item.role for item_id, item in items.items()}
    columns["role"] = [roles.get(i, "") for i in item_ids]
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


def _joined_columns(item_ids: list[str], codes: list[str], items: dict[str, Any],
                    profiles: dict[str, dict[str, Any]]) -> dict[str, list[Any]]:
    """`cat_<key>` and `profile_<key>` columns, in the order a row-by-row build would have met
    them (each row: its item's categories, then its participant's profile)."""
    order: dict[str, tuple[str, str]] = {}  # column -> ("cat" | "profile", key)
    seen_items: set[str] = set()
    seen_codes: set[str] = set()
    for item_id, code in zip(item_ids, codes, strict=True):
        if item_id not in seen_items:
            seen_items.add(item_id)
            item = items.get(item_id)
            for key in (item.categories if item else {}):
                order.setdefault(f"cat_{key}", ("cat", key))
        if code not in seen_codes:
            seen_codes.add(code)
            for key in profiles.get(code, {}):
                order.setdefault(f"profile_{key}", ("profile", key))
    out: dict[str, list[Any]] = {}
    for column, (source, key) in order.items():
        if source == "cat":
            by_item = {i: item.categories[key] for i, item in items.items() if key in item.categories}
            out[column] = [by_item.get(i, np.nan) for i in item_ids]
        else:
            by_code = {c: p[key] for c, p in profiles.items() if key in p}
            out[column] = [by_code.get(c, np.nan) for c in codes]
    return out
