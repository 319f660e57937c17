"""Taking a study with the real session engine, as a participant would: for the tests that
prove a bundled or imported study is runnable, not only valid."""

from __future__ import annotations

from typing import Any

from app.session.engine import (
    BlockIntroScreen,
    BreakScreen,
    EndScreen,
    QuestionAnswer,
    SessionEngine,
    TrialScreen,
    TrialTiming,
)
from app.session.presentation import TrialView
from app.storage.database import Database
from app.study.loader import LoadedStudy
from app.study.model import (
    ChoiceQuestion,
    ClusteringQuestion,
    RankingQuestion,
    RatingQuestion,
    RelevanceQuestion,
    TextQuestion,
)


def profile_for(loaded: LoadedStudy) -> dict[str, Any]:
    """A valid answer to every profile field."""
    out: dict[str, Any] = {}
    for field in loaded.study.profile_fields:
        if field.kind == "choice":
            out[field.id] = field.options[0].key
        elif field.kind == "number":
            out[field.id] = field.min if field.min is not None else 1
        else:
            out[field.id] = "test"
    return out


def valid_answer(view: TrialView, question: Any) -> Any:
    """An answer the question accepts, built only from what the screen shows."""
    if isinstance(question, ChoiceQuestion):
        return question.options[-1].key
    if isinstance(question, RatingQuestion):
        return question.max
    if isinstance(question, TextQuestion):
        return "a comment"
    ids = [d.id for d in getattr(view.stimulus, "documents", None) or view.stimulus.cards]
    if isinstance(question, RelevanceQuestion):
        return {d: question.grades[-1].value for d in ids}
    if isinstance(question, RankingQuestion):
        return list(reversed(ids))
    if isinstance(question, ClusteringQuestion):
        n = question.n_groups or 3
        return {d: f"group {i % n + 1}" for i, d in enumerate(ids)}
    raise AssertionError(f"no answer for {type(question).__name__}")


def submit_view(engine: SessionEngine, view: TrialView, clock: list[int]) -> None:
    clock[0] += 1_000_000_000
    answers = [QuestionAnswer(q.id, valid_answer(view, q), answer_ns=clock[0] + 800_000_000)
               for q in view.questions]
    engine.submit(view.position, answers, TrialTiming(onset_ns=clock[0]))


def take(loaded: LoadedStudy, db: Database, code: str = "P001", *,
         max_items: int | None = None) -> SessionEngine:
    """Answer items (all, or the first `max_items`) through every intro and break screen."""
    clock = [0]
    engine = SessionEngine(loaded, db, code, profile=profile_for(loaded),
                           clock=lambda: clock[0])
    answered = 0
    for _ in range(10_000):
        screen = engine.next_screen()
        if isinstance(screen, EndScreen) or (max_items is not None and answered >= max_items):
            break
        if isinstance(screen, BlockIntroScreen):
            engine.acknowledge_intro(screen.block_id)
        elif isinstance(screen, BreakScreen):
            engine.start_break()
            engine.end_break()
        elif isinstance(screen, TrialScreen):
            submit_view(engine, screen.view, clock)
            answered += 1
    return engine
