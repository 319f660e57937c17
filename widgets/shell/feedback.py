"""Practice feedback in words: was the answer right, and if not, what the right one was,
with option labels and document texts rather than internal keys."""

from __future__ import annotations

from typing import Any

from app.session.engine import QuestionFeedback
from app.session.presentation import TrialView
from app.study.model import ChoiceQuestion, RatingQuestion, RelevanceQuestion
from widgets.qt import QtCore
from widgets.responses.core_words import na_label

SNIPPET = 48


def _entry_texts(view: TrialView) -> dict[str, str]:
    stim = view.stimulus
    entries = getattr(stim, "documents", None) or getattr(stim, "cards", None) or []
    return {e.id: (e.text if len(e.text) <= SNIPPET else e.text[: SNIPPET - 1] + "…")
            for e in entries}


def describe_answer(view: TrialView, question_id: str, answer: Any) -> str:
    """An answer as the participant would say it."""
    question = next((q for q in view.questions if q.id == question_id), None)
    if answer is None:
        return QtCore.QCoreApplication.translate("Feedback", "no answer")
    if isinstance(question, ChoiceQuestion):
        labels = {o.key: o.label for o in question.options}
        return labels.get(str(answer), str(answer))
    if isinstance(question, RatingQuestion):
        if answer == "NA":
            return na_label(question.na_label)
        return f"{float(answer):g}"
    texts = _entry_texts(view)
    if isinstance(question, RelevanceQuestion) and isinstance(answer, dict):
        grades = {g.value: g.label for g in question.grades}
        return "; ".join(f"“{texts.get(d, d)}”: {grades.get(g, g)}" for d, g in answer.items())
    if isinstance(answer, list):
        return " > ".join(f"“{texts.get(str(a), a)}”" for a in answer)
    if isinstance(answer, dict):  # cards to their groups
        return "; ".join(f"“{texts.get(str(k), k)}”: {v}" for k, v in answer.items())
    return str(answer)


def feedback_line(view: TrialView, item: QuestionFeedback) -> str:
    """Markdown for one question's feedback, shown right under its answer."""
    if item.correct:
        return QtCore.QCoreApplication.translate("Feedback", "✓ **Correct:** {answer}").format(
            answer=describe_answer(view, item.question_id, item.given))
    right = describe_answer(view, item.question_id, item.correct_answer)
    return QtCore.QCoreApplication.translate(
        "Feedback", "✗ **Not quite.** The expected answer: {answer}").format(answer=right)


def feedback_text(view: TrialView, feedback: list[QuestionFeedback]) -> str:
    """Markdown for all of a trial's feedback in one place."""
    return "  \n".join(feedback_line(view, item) for item in feedback)
