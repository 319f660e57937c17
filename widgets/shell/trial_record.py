"""What a finished trial hands the engine: the answers, and the timing with its audit events
(onset details, every answer change, a deadline that passed). Also: which images of a trial
could not be shown, for the designer's list of stimulus problems."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.session.engine import QuestionAnswer, TrialTiming
from app.session.presentation import TrialView
from widgets.qt import QWidget
from widgets.shell.question_panel import QuestionPanel
from widgets.timing import TrialClock


@dataclass(frozen=True)
class TrialSubmission:
    position: int
    answers: list[QuestionAnswer]
    timing: TrialTiming


def build_submission(view: TrialView, panel: QuestionPanel, clock: TrialClock, now_ns: int,
                     *, timed_out: bool) -> TrialSubmission:
    """Time away counts up to the final answer (or the deadline), not past it: a participant
    who answers and then switches windows before pressing Submit keeps the time they took."""
    onset = clock.onset_ns
    if onset is None:
        raise ValueError("a trial is submitted only after its onset")
    until = now_ns if timed_out else (panel.last_answer_ns() or now_ns)
    events: list[dict[str, Any]] = []
    probe = clock.probe
    if probe is not None:
        events.append({"kind": "onset", "mono_ns": onset, "show_ns": probe.armed_ns,
                       "stimulus_paint_ns": probe.paint_ns,
                       "show_to_onset_ms": probe.show_to_onset_ms})
    for entry in panel.entries:
        for ns, snapshot in entry.state.history:
            events.append({"kind": "answer_change", "question": entry.question.id,
                           "value": snapshot, "mono_ns": ns})
    if timed_out:
        events.append({"kind": "timed_out", "mono_ns": until, "deadline_ms": view.deadline_ms})
    timing = TrialTiming(onset_ns=onset, onset_utc=clock.onset_utc,
                         excluded_ms=clock.excluded_ms(until), timed_out=timed_out, events=events)
    return TrialSubmission(view.position, panel.answers(), timing)


def broken_images(view: TrialView, roots: list[QWidget]) -> list[tuple[str, str | None]]:
    """(message, path in the study folder) of every image view under `roots` that shows an
    error instead of its image (inline images and the viewer offer `error()`)."""
    found: dict[str, str | None] = {}
    for root in roots:
        for widget in root.findChildren(QWidget):
            error = getattr(widget, "error", None)
            message = error() if callable(error) else None
            if isinstance(message, str) and message not in found:
                found[message] = _study_relative(view, getattr(widget, "path", None))
    return list(found.items())


def _study_relative(view: TrialView, path: object) -> str | None:
    if path is None:
        return None
    try:
        return Path(str(path)).resolve().relative_to(view.study_folder).as_posix()
    except ValueError:
        return str(path)
