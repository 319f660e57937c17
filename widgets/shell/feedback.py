"""Practice feedback in words: was the answer right, and if not, what the right one was,
with option labels and document texts rather than internal keys."""

from __future__ import annotations

from typing import Any

from app.session.engine import QuestionFeedback
from app.session.presentation import TrialView
from widgets.kinds import widget_kind
from widgets.kinds.base import plain_answer_text
from widgets.qt import QtCore

SNIPPET = 48


def _entry_texts(view: TrialView) -> dict[str, str]:
    stim = view.stimulus
    entries = getattr(stim, "documents", None) or getattr(stim, "cards", None) or []
    return {e.id: (e.text if len(e.text) <= SNIPPET else e.text[: SNIPPET - 1] + "…")
            for e in entries}


def describe_answer(view: TrialView, question_id: str, answer: Any) -> str:
    """An answer as the participant would say it (each kind says its own: WidgetKind.
    describe_answer)."""
    question = next((q for q in view.questions if q.id == question_id), None)
    if answer is None:
        return QtCore.QCoreApplication.translate("Feedback", "no answer")
    texts = _entry_texts(view)
    if question is None:
        return plain_answer_text(answer, texts)
    return widget_kind(question.kind).describe_answer(question, answer, texts)


def feedback_line(view: TrialView, item: QuestionFeedback, *, timed_out: bool = False) -> str:
    """Markdown for one question's feedback, shown right under its answer. After the time
    limit, an unanswered question says the time ran out (not that the answer was wrong)."""
    if timed_out and item.given is None:
        right = describe_answer(view, item.question_id, item.correct_answer)
        return QtCore.QCoreApplication.translate(
            "Feedback", "⏱ **Time ran out** before an answer. The expected answer: {answer}"
        ).format(answer=right)
    if item.correct:
        return QtCore.QCoreApplication.translate("Feedback", "✓ **Correct:** {answer}").format(
            answer=describe_answer(view, item.question_id, item.given))
    right = describe_answer(view, item.question_id, item.correct_answer)
    return QtCore.QCoreApplication.translate(
        "Feedback", "✗ **Not quite.** The expected answer: {answer}").format(answer=right)


def feedback_text(view: TrialView, feedback: list[QuestionFeedback], *,
                  timed_out: bool = False) -> str:
    """Markdown for all of a trial's feedback in one place."""
    return "  \n".join(feedback_line(view, item, timed_out=timed_out) for item in feedback)
