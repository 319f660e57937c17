"""A loaded study in less memory: equal answer options are one object.

A 20,000-item multiple-choice study holds 100,000 `Option` models (each with its dict and
its set of field names: ~0.5 KB), and far fewer distinct ones: MedLesionVQA's five options per
question are drawn from a few hundred labels. `Option` is frozen and holds only strings, so
equal options can be one shared object: values and equality are unchanged.
"""

from __future__ import annotations

from app.study.model import ChoiceQuestion, Item, Option


def share_equal_options(items: list[Item], pool: dict[tuple[object, ...], Option]) -> None:
    """Replace each choice option by the first equal one seen (`pool`, kept across calls).
    Keyed on every field's value, so a field added to `Option` keeps unequal options apart."""
    for item in items:
        for question in item.questions:
            if isinstance(question, ChoiceQuestion):
                options = question.options
                for index, option in enumerate(options):
                    shared = pool.setdefault(tuple(option.__dict__.values()), option)
                    if shared is not option:
                        options[index] = shared
