"""The response kinds and their registry: everything the core knows of a kind.

    kind_of(question).normalize(item, question, answer)
    kind_named("rating").default_metric(None)

A kind is one module here (`choice`, `rating`, ...: its question model, answer state and
`Kind` instance; the interface is `app.kinds.base.Kind`). The study format's union of
questions (`app.study.model.Question`) is built from `KINDS`, in this order, which is also the
order of the generated schema. Adding a kind means adding its module and listing it here (and
its widget in the widgets' registry); the registry test names any part it leaves out.
"""

from __future__ import annotations

from typing import Any

from app.kinds import best_worst, choice, clustering, pairwise, ranking, rating, relevance, text
from app.kinds.base import Kind
from app.kinds.question import QuestionBase

KINDS: tuple[Kind[Any], ...] = (
    choice.KIND, rating.KIND, relevance.KIND, ranking.KIND, clustering.KIND, text.KIND,
    pairwise.KIND, best_worst.KIND,
)
KINDS_BY_NAME: dict[str, Kind[Any]] = {kind.name: kind for kind in KINDS}
QUESTION_KINDS: tuple[str, ...] = tuple(KINDS_BY_NAME)


def kind_named(name: str) -> Kind[Any]:
    """The kind of this name; KeyError naming the known ones otherwise."""
    try:
        return KINDS_BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown question kind {name!r}; the kinds are "
                       f"{', '.join(QUESTION_KINDS)}") from None


def kind_of(question: QuestionBase) -> Kind[Any]:
    """The kind of a question, by its `kind` tag."""
    return kind_named(question.kind)


__all__ = ["KINDS", "KINDS_BY_NAME", "QUESTION_KINDS", "Kind", "kind_named", "kind_of"]
