"""The widget side of the response kinds: one module per kind (its widget and its `WidgetKind`,
widgets.kinds.base), and this registry, looked up by a question's `kind`.

    state = app.session.presentation.state_for(question, trial_view)
    kind = widget_kind(question.kind)
    widget = kind.make_widget(question, state, direction=...)  # a ResponseWidget

A new kind is a module here with its `WidgetKind`, listed below; tests/widgets/kinds/
test_registry.py walks the registry against the core's list of kinds.
"""

from __future__ import annotations

from app.kinds.state import AnswerState
from app.study.model import Question
from widgets.kinds.base import ResponseWidget, WidgetKind
from widgets.kinds.best_worst import BestWorstKind
from widgets.kinds.choice import ChoiceKind
from widgets.kinds.clustering import ClusteringKind
from widgets.kinds.pairwise import PairwiseKind
from widgets.kinds.ranking import RankingKind
from widgets.kinds.rating import RatingKind
from widgets.kinds.relevance import RelevanceKind
from widgets.kinds.text import TextKind
from widgets.qt import QWidget

WIDGET_KINDS: dict[str, WidgetKind] = {
    kind.name: kind for kind in (ChoiceKind(), RatingKind(), RelevanceKind(), RankingKind(),
                                 ClusteringKind(), TextKind(), PairwiseKind(), BestWorstKind())}


class UnknownKindError(LookupError):
    """A question of a kind that has no widget here."""


def widget_kind(name: str) -> WidgetKind:
    """The widget side of the response kind `name` (a question's `kind`)."""
    try:
        return WIDGET_KINDS[name]
    except KeyError:
        raise UnknownKindError(f"no widget for a {name!r} question: the kinds with a widget are "
                               f"{', '.join(WIDGET_KINDS)}") from None


def make_response_widget(question: Question, state: AnswerState, parent: QWidget | None = None,
                         *, direction: str | None = None) -> ResponseWidget:
    """The response widget for `question` showing `state` (see WidgetKind.make_widget)."""
    return widget_kind(question.kind).make_widget(question, state, parent, direction=direction)
