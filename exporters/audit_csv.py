"""events.csv: the audit trail beside the responses, one row per event in time order.

Every answer change, pause, focus loss, resume, crash recovery, import and merge is an event
row (the database refuses to change or delete them, migration 3). The payload is written as
JSON. Privacy as in responses_long.csv: unless identifying data is asked for, what a
participant typed into a free-text question (answer changes carry the value) is withheld, and
simulated participants are left out unless asked for. Text cells a spreadsheet would run as
formulas (a participant code `=...`) are neutralised (exporters/csv_safe.py); the payload is
JSON and starts with `{`.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from app.results.comments import FREE_TEXT_KINDS
from app.storage.database import Database
from app.storage.records import EventRecord
from app.study.loader import LoadedStudy
from exporters.csv_safe import safe_cell
from exporters.out_folder import out_path
from exporters.responses_csv import WITHHELD_TEXT

EVENT_COLUMNS = ["event_uuid", "study_id", "participant", "session_uuid", "kind", "item_id",
                 "utc", "mono_ns", "origin", "payload"]
WITHHELD = WITHHELD_TEXT  # what responses_long.csv writes in place of free text
# Payload keys that can carry what was typed (the shell's answer_change uses "value").
_TYPED_KEYS = ("value", "answer", "text", "given", "old", "new")


def write_events_csv(loaded: LoadedStudy, db: Database, out_dir: Path, *,
                     include_identifying: bool = False,
                     include_simulated: bool = False) -> list[Path]:
    study = loaded.study
    text_questions = {(item.id, q.id) for item in study.items for q in item.questions
                      if q.kind in FREE_TEXT_KINDS}
    items_with_text = {item_id for item_id, _ in text_questions}
    simulated = {p.code for p in db.participants(study.id) if p.simulated}
    path = out_path(out_dir, "events.csv")
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(EVENT_COLUMNS)
        for event in db.events(study.id):
            if not include_simulated and event.participant_code in simulated:
                continue
            payload: Any = json.loads(event.payload_json or "{}")
            if not include_identifying and event.item_id in items_with_text:
                payload = _withhold_typed(payload, event, text_questions)
            writer.writerow([safe_cell(cell) for cell in (
                event.uuid, event.study_id, event.participant_code or "",
                event.session_uuid or "", event.kind, event.item_id or "", event.utc,
                "" if event.mono_ns is None else event.mono_ns, event.origin,
                json.dumps(payload, ensure_ascii=False, sort_keys=True),
            )])
    return [path]


def _withhold_typed(payload: Any, event: EventRecord,
                    text_questions: set[tuple[str, str]]) -> Any:
    """The payload with typed text replaced, where it may belong to a free-text question.

    A payload naming a question ("question" or "question_id") is filtered only when that is a
    text question; one naming none is filtered whenever its item has a text question."""
    if not isinstance(payload, dict):
        return payload
    question = payload.get("question", payload.get("question_id"))
    if question is not None and (event.item_id, str(question)) not in text_questions:
        return payload
    return {key: WITHHELD if key in _TYPED_KEYS and isinstance(value, str | dict | list)
            else value for key, value in payload.items()}
