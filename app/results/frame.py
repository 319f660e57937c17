"""Responses as a pandas table joined with what the study knows about each item and person."""

from __future__ import annotations

import json
from typing import Any

import pandas as pd

from app.storage.database import Database
from app.study.loader import LoadedStudy

RESPONSE_COLUMNS = [
    "response_uuid", "study_id", "content_hash", "participant", "session_uuid", "item_id",
    "question_id", "question_kind", "block_id", "position", "practice", "role", "answer",
    "option_order", "onset_utc", "answer_utc", "onset_ns", "first_interaction_ns", "answer_ns",
    "rt_ms", "first_interaction_ms", "excluded_ms", "n_changes", "timed_out", "simulated", "origin",
]


def responses_frame(loaded: LoadedStudy, db: Database, *, include_simulated: bool = False) -> pd.DataFrame:
    """One row per response. `answer` holds the decoded JSON value (str, float, dict or list);
    item categories are added as `cat_<name>` columns and profile fields as `profile_<name>`."""
    study = loaded.study
    items = loaded.items_by_id
    kinds = {(i.id, q.id): q.kind for i in study.items for q in i.questions}
    profiles = {p.code: p.profile for p in db.participants(study.id)}
    records: list[dict[str, Any]] = []
    for r in db.responses(study.id, include_simulated=include_simulated):
        item = items.get(r.item_id)
        record: dict[str, Any] = {
            "response_uuid": r.uuid, "study_id": r.study_id, "content_hash": r.content_hash,
            "participant": r.participant_code, "session_uuid": r.session_uuid,
            "item_id": r.item_id, "question_id": r.question_id,
            "question_kind": kinds.get((r.item_id, r.question_id), ""),
            "block_id": r.block_id, "position": r.position, "practice": r.practice,
            "role": item.role if item else "", "answer": json.loads(r.answer_json),
            "option_order": r.option_order_json or "", "onset_utc": r.onset_utc,
            "answer_utc": r.answer_utc, "onset_ns": r.onset_ns,
            "first_interaction_ns": r.first_interaction_ns, "answer_ns": r.answer_ns,
            "rt_ms": r.rt_ms, "first_interaction_ms": r.first_interaction_ms,
            "excluded_ms": r.excluded_ms, "n_changes": r.n_changes, "timed_out": r.timed_out,
            "simulated": r.simulated, "origin": r.origin,
        }
        for key, value in (item.categories.items() if item else ()):
            record[f"cat_{key}"] = value
        for key, value in profiles.get(r.participant_code, {}).items():
            record[f"profile_{key}"] = value
        records.append(record)
    frame = pd.DataFrame.from_records(records)
    if frame.empty:
        frame = pd.DataFrame(columns=RESPONSE_COLUMNS)
    return frame
