"""What a valid answer is, in its stored JSON shape: each kind says (`app.kinds.base.Kind`).

These are the entry points the rest of the core calls with any question; the table of stored
shapes is in `app.kinds.base`.
"""

from __future__ import annotations

from typing import Any

from app.kinds import kind_of
from app.kinds.base import NA, AnswerError, item_document_ids
from app.study.model import Item, Question

__all__ = ["NA", "AnswerError", "feedback_correct", "is_correct", "item_document_ids",
           "normalize_answer", "parse_answer_text"]


def normalize_answer(item: Item, question: Question, answer: Any) -> Any:
    """The answer in its stored shape, or AnswerError saying what is wrong."""
    return kind_of(question).normalize(item, question, answer)


def parse_answer_text(question: Question, text: str) -> Any:
    """An answer written in a CSV cell: an option key, a number, NA, or JSON."""
    return kind_of(question).parse_text(question, text)


def feedback_correct(question: Question, answer: Any) -> bool | None:
    """Whether practice feedback calls an answer right: `is_correct`, except that a rating
    within the question's `feedback_tolerance` of the gold counts (4.5 against a gold of 5 with
    a tolerance of 0.5). Scores never use the tolerance."""
    return kind_of(question).feedback_correct(question, answer)


def is_correct(question: Question, answer: Any) -> bool | None:
    """Whether an answer equals the gold answer; None where there is no gold or no notion of it."""
    return kind_of(question).is_correct(question, answer)
