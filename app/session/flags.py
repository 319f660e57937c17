"""Items flagged for the designer during a session: a stimulus that could not be shown
(missing file, truncated or non-image file, a decompression bomb). The session goes on; the
flag is an audit event (`stimulus_problem`) that the results and designer views list.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from app.storage.database import Database

STIMULUS_PROBLEM = "stimulus_problem"


@dataclass(frozen=True)
class StimulusProblem:
    item_id: str
    participant_code: str | None
    path: str | None  # the asset, relative to the study folder
    problem: str  # the message the participant's screen showed instead of the stimulus
    utc: str


def stimulus_problems(db: Database, study_id: str) -> list[StimulusProblem]:
    """Every stimulus problem met while running `study_id`, oldest first."""
    out = []
    for event in db.events(study_id, kind=STIMULUS_PROBLEM):
        payload = json.loads(event.payload_json)
        out.append(StimulusProblem(
            item_id=event.item_id or "", participant_code=event.participant_code,
            path=payload.get("path"), problem=str(payload.get("problem", "")), utc=event.utc,
        ))
    return out
