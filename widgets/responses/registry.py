"""The widget for a question's answer model.

    state = app.responses.registry.state_for(question, trial_view)
    widget = make_response_widget(question, state, direction=...)  # a ResponseWidget

`direction` ('ltr'/'rtl', e.g. app.text_direction.resolve_direction(view.direction,
view.language)) sets the direction of document and card texts in relevance and ranking
widgets; without it each text runs in its own detected direction.
"""

from __future__ import annotations

from app.responses.base import AnswerState
from app.responses.choice import ChoiceState
from app.responses.clustering import ClusteringState
from app.responses.ranking import RankingState
from app.responses.rating import RatingState
from app.responses.relevance import RelevanceState
from app.responses.text import TextState
from app.study.model import (
    ChoiceQuestion,
    ClusteringQuestion,
    Question,
    RankingQuestion,
    RatingQuestion,
    RelevanceQuestion,
    TextQuestion,
)
from widgets.qt import QWidget
from widgets.responses.base import ResponseWidget
from widgets.responses.choice import ChoiceWidget
from widgets.responses.clustering import ClusteringWidget
from widgets.responses.ranking import RankingWidget
from widgets.responses.rating import RatingWidget
from widgets.responses.relevance import RelevanceWidget
from widgets.responses.text import TextWidget


def make_response_widget(question: Question, state: AnswerState, parent: QWidget | None = None,
                         *, direction: str | None = None) -> ResponseWidget:
    if isinstance(question, ChoiceQuestion) and isinstance(state, ChoiceState):
        return ChoiceWidget(question, state, parent)
    if isinstance(question, RatingQuestion) and isinstance(state, RatingState):
        return RatingWidget(question, state, parent)
    if isinstance(question, RelevanceQuestion) and isinstance(state, RelevanceState):
        return RelevanceWidget(question, state, parent, direction=direction)
    if isinstance(question, RankingQuestion) and isinstance(state, RankingState):
        return RankingWidget(question, state, parent, direction=direction)
    if isinstance(question, ClusteringQuestion) and isinstance(state, ClusteringState):
        return ClusteringWidget(question, state, parent)
    if isinstance(question, TextQuestion) and isinstance(state, TextState):
        return TextWidget(question, state, parent)
    raise TypeError(f"no widget for a {question.kind} question with a {type(state).__name__}")
