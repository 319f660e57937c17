"""A loaded study in less memory: equal parts of questions are one object.

A 20,000-item multiple-choice study holds 100,000 `Option` models (each with its dict and
its set of field names: ~0.5 KB), and far fewer distinct ones: MedLesionVQA's five options per
question are drawn from a few hundred labels. Each kind shares what it can (`Kind.compact`):
values and equality are unchanged.
"""

from __future__ import annotations

from typing import Any

from app.kinds import kind_of
from app.study.model import Item


def share_equal_options(items: list[Item], pool: dict[tuple[object, ...], Any]) -> None:
    """Replace each shareable part (a choice's option) by the first equal one seen (`pool`,
    kept across calls)."""
    for item in items:
        for question in item.questions:
            kind_of(question).compact(question, pool)
