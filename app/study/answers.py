"""What a valid answer is for each response kind, in its stored JSON shape.

| kind       | stored answer                                   |
|------------|-------------------------------------------------|
| choice     | the option key, "B"                             |
| rating     | a number on the scale, or "NA" where allowed     |
| relevance  | {"doc_id": grade, ...} for every document       |
| ranking    | ["doc_id", ...] every document once, best first |
| clustering | {"card_id": "group label", ...} for every card  |
| text       | a string ("" when an optional comment is empty) |
"""

from __future__ import annotations

import json
import math
from typing import Any

from app.study.model import (
    CardsStimulus,
    ChoiceQuestion,
    ClusteringQuestion,
    Item,
    QueryDocumentsStimulus,
    Question,
    RankingQuestion,
    RatingQuestion,
    RelevanceQuestion,
    TextQuestion,
)

NA = "NA"


class AnswerError(ValueError):
    """An answer that does not fit its question."""


def item_document_ids(item: Item) -> list[str]:
    stim = item.stimulus
    if isinstance(stim, QueryDocumentsStimulus):
        return [d.id for d in stim.documents]
    if isinstance(stim, CardsStimulus):
        return [c.id for c in stim.cards]
    return []


def normalize_answer(item: Item, question: Question, answer: Any) -> Any:
    """The answer in its stored shape, or AnswerError saying what is wrong."""
    if isinstance(question, ChoiceQuestion):
        keys = [o.key for o in question.options]
        if not isinstance(answer, str) or answer not in keys:
            raise AnswerError(f"{answer!r} is not one of the options {keys}")
        return answer
    if isinstance(question, RatingQuestion):
        return _rating(question, answer)
    if isinstance(question, RelevanceQuestion):
        docs = item_document_ids(item)
        if isinstance(answer, list):  # grades in document order
            if len(answer) != len(docs):
                raise AnswerError(f"expected {len(docs)} grades, got {len(answer)}")
            answer = dict(zip(docs, answer, strict=True))
        if not isinstance(answer, dict) or set(answer) != set(docs):
            raise AnswerError(f"a relevance answer gives a grade for each of {docs}")
        grades = {g.value for g in question.grades}
        out = {}
        for doc in docs:
            grade = answer[doc]
            if isinstance(grade, bool) or not isinstance(grade, int) or grade not in grades:
                raise AnswerError(f"grade {grade!r} for {doc!r} is not one of {sorted(grades)}")
            out[doc] = grade
        return out
    if isinstance(question, RankingQuestion):
        docs = item_document_ids(item)
        if not isinstance(answer, list) or sorted(map(str, answer)) != sorted(docs):
            raise AnswerError(f"a ranking lists every one of {docs} exactly once")
        return [str(a) for a in answer]
    if isinstance(question, ClusteringQuestion):
        return _clustering(question, item_document_ids(item), answer)
    if isinstance(question, TextQuestion):
        if not isinstance(answer, str):
            raise AnswerError("a comment is text")
        if len(answer) > question.max_length:
            raise AnswerError(f"comment is {len(answer)} characters; limit {question.max_length}")
        if question.required and not answer.strip():
            raise AnswerError("this comment is required")
        return answer
    raise AnswerError(f"unknown question kind {type(question).__name__}")


def _rating(question: RatingQuestion, answer: Any) -> float | str:
    if answer == NA or answer is None:
        if question.allow_na:
            return NA
        raise AnswerError("N/A is not allowed for this scale")
    if isinstance(answer, bool) or not isinstance(answer, int | float):
        raise AnswerError(f"{answer!r} is not a number")
    value = float(answer)
    if not math.isfinite(value) or not question.min <= value <= question.max:
        raise AnswerError(f"{answer!r} is outside {question.min:g}..{question.max:g}")
    steps = (value - question.min) / question.step
    if abs(steps - round(steps)) > 1e-6:
        raise AnswerError(f"{answer!r} is not on the scale's steps of {question.step:g}")
    return value


def _clustering(question: ClusteringQuestion, cards: list[str], answer: Any) -> dict[str, str]:
    if isinstance(answer, list):  # [["c1", "c2"], ["c3"]]: groups of card ids
        mapping: dict[str, str] = {}
        for index, group in enumerate(answer):
            if not isinstance(group, list):
                raise AnswerError("a grouping given as a list holds lists of card ids")
            for card in group:
                if str(card) in mapping:
                    raise AnswerError(f"card {card!r} is in two groups")
                mapping[str(card)] = f"group {index + 1}"
        answer = mapping
    if not isinstance(answer, dict) or set(answer) != set(cards):
        raise AnswerError(f"a grouping puts every one of {cards} in a group")
    out = {str(card): str(answer[card]) for card in cards}
    if any(not label.strip() for label in out.values()):
        raise AnswerError("group labels may not be empty")
    n_groups = len(set(out.values()))
    if question.n_groups is not None and n_groups != question.n_groups:
        raise AnswerError(f"{n_groups} groups made; this question asks for {question.n_groups}")
    return out


def parse_answer_text(question: Question, text: str) -> Any:
    """An answer written in a CSV cell: an option key, a number, NA, or JSON."""
    text = text.strip()
    if isinstance(question, ChoiceQuestion):
        return text
    if isinstance(question, TextQuestion):
        return text
    if isinstance(question, RatingQuestion):
        if text.upper() in {NA, "N/A", ""}:
            return NA
        try:
            return float(text)
        except ValueError as exc:
            raise AnswerError(f"{text!r} is not a number") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise AnswerError(f"not valid JSON: {exc.msg} at column {exc.colno}") from exc


def feedback_correct(question: Question, answer: Any) -> bool | None:
    """Whether practice feedback calls an answer right: `is_correct`, except that a rating
    within the question's `feedback_tolerance` of the gold counts (4.5 against a gold of 5 with
    a tolerance of 0.5). Scores never use the tolerance."""
    if isinstance(question, RatingQuestion) and question.gold is not None and answer != NA:
        return abs(float(answer) - float(question.gold)) <= question.feedback_tolerance + 1e-9
    return is_correct(question, answer)


def is_correct(question: Question, answer: Any) -> bool | None:
    """Whether an answer equals the gold answer; None where there is no gold or no notion of it."""
    gold = getattr(question, "gold", None)
    if gold is None:
        return None
    if isinstance(question, ChoiceQuestion | RankingQuestion):
        return bool(answer == gold)
    if isinstance(question, RatingQuestion):
        return answer != NA and abs(float(answer) - float(gold)) < 1e-9
    if isinstance(question, RelevanceQuestion):
        return bool(answer == gold)
    return None
