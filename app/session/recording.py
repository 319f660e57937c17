"""The response rows a trial's answers become, built here once for the session engine
(`SessionEngine.submit`) and the bulk simulator (`app.simulation.bulk`), so the two write the
same row for the same answer: the blank-answer rule, the normalised answer and the
millisecond arithmetic are not copied.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.kinds import kind_of
from app.kinds.state import QuestionAnswer
from app.session.plan import PlannedTrial
from app.study.answers import AnswerError, normalize_answer
from app.study.model import Item, Question


@dataclass(frozen=True)
class TrialTiming:
    """When a trial was on screen, as the UI hands it to the engine with the answers."""

    onset_ns: int  # when the stimulus was first painted
    onset_utc: str | None = None
    excluded_ms: float = 0.0  # unfocused / minimised during the trial
    timed_out: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)  # answer changes etc., for the log


class SubmitError(ValueError):
    """The UI submitted something the engine cannot accept (a bug or a stale screen)."""


def stored_answer(item: Item, question: Question, value: Any, *, timed_out: bool) -> Any:
    """The answer as stored: normalised for its kind, or kept as given when blank (None, or
    an optional text left empty), which only an optional question or a timed-out trial may be."""
    if value is None or (kind_of(question).is_empty_answer(value) and not question.required):
        if question.required and not timed_out:
            raise SubmitError(f"question {question.id!r} needs an answer")
        return value
    try:
        return normalize_answer(item, question, value)
    except AnswerError as exc:
        raise SubmitError(f"question {question.id!r}: {exc}") from exc


def ms_between(start_ns: int | None, end_ns: int | None, excluded_ms: float) -> float | None:
    """A duration in ms from monotonic ns, less the time the window was unfocused."""
    if start_ns is None or end_ns is None:
        return None
    return max(0.0, (end_ns - start_ns) / 1e6 - excluded_ms)


def item_response_fields(item: Item, planned: PlannedTrial, answers: Mapping[str, QuestionAnswer],
                         timing: TrialTiming, *, answer_utc: str, simulated: bool
                         ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """One dict per question of `item` with every response column except the ids (uuid,
    study_id, content_hash, participant_code, session_uuid, origin), and question id -> the
    stored answer. `answers`: question id -> answer; a question missing from it is blank."""
    rows: list[dict[str, Any]] = []
    stored_answers: dict[str, Any] = {}
    for question in item.questions:
        given = answers.get(question.id)
        stored = stored_answer(item, question, given.answer if given else None,
                               timed_out=timing.timed_out)
        stored_answers[question.id] = stored
        answer_ns = given.answer_ns if given else None
        first_ns = given.first_interaction_ns if given else None
        rows.append({
            "item_id": item.id, "question_id": question.id, "block_id": planned.block_id,
            "position": planned.position, "answer_json": json.dumps(stored, ensure_ascii=False),
            "option_order_json": json.dumps(planned.orders[question.id])
            if question.id in planned.orders else None,
            "onset_ns": timing.onset_ns, "first_interaction_ns": first_ns, "answer_ns": answer_ns,
            "onset_utc": timing.onset_utc, "answer_utc": answer_utc,
            "rt_ms": ms_between(timing.onset_ns, answer_ns, timing.excluded_ms),
            "first_interaction_ms": ms_between(timing.onset_ns, first_ns, 0.0),
            "excluded_ms": timing.excluded_ms, "n_changes": given.n_changes if given else 0,
            "timed_out": timing.timed_out, "practice": planned.practice, "simulated": simulated,
            "condition": planned.condition})
    return rows, stored_answers
