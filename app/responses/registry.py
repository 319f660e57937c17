"""The answer model for a question as shown on a trial screen.

    state = state_for(question, trial_view)                # clock=time.monotonic_ns
    state = state_for(question, trial_view, clock=fake)    # tests

Relevance, ranking and clustering take their documents or cards from the TrialView, in the
order the participant sees them (the plan's order for that question, else the stimulus's).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from app.responses.base import AnswerState
from app.responses.choice import ChoiceState
from app.responses.clustering import ClusteringState
from app.responses.entries import Entry
from app.responses.ranking import RankingState
from app.responses.rating import RatingState
from app.responses.relevance import RelevanceState
from app.responses.text import TextState
from app.session.presentation import TrialView
from app.study.model import (
    CardsStimulus,
    ChoiceQuestion,
    ClusteringQuestion,
    QueryDocumentsStimulus,
    Question,
    RankingQuestion,
    RatingQuestion,
    RelevanceQuestion,
    TextQuestion,
)


def shown_entries(question: Question, view: TrialView) -> list[Entry]:
    """The documents or cards of the view's stimulus, in the order shown for `question`."""
    stim = view.stimulus
    if isinstance(stim, QueryDocumentsStimulus):
        entries = [Entry(d.id, d.text) for d in stim.documents]
    elif isinstance(stim, CardsStimulus):
        entries = [Entry(c.id, c.text) for c in stim.cards]
    else:
        raise ValueError(f"a {question.kind} question needs documents or cards; item "
                         f"{view.item_id!r} shows a {stim.kind} stimulus")
    order = view.orders.get(question.id)
    if order and sorted(order) == sorted(e.id for e in entries):
        by_id = {e.id: e for e in entries}
        entries = [by_id[i] for i in order]
    return entries


def state_for(question: Question, view: TrialView, clock: Callable[[], int] = time.monotonic_ns
              ) -> AnswerState:
    if isinstance(question, ChoiceQuestion):
        return ChoiceState(question, clock=clock)
    if isinstance(question, RatingQuestion):
        return RatingState(question, clock=clock)
    if isinstance(question, RelevanceQuestion):
        return RelevanceState(question, shown_entries(question, view), clock=clock)
    if isinstance(question, RankingQuestion):
        return RankingState(question, shown_entries(question, view), clock=clock)
    if isinstance(question, ClusteringQuestion):
        return ClusteringState(question, shown_entries(question, view), clock=clock)
    if isinstance(question, TextQuestion):
        return TextState(question, clock=clock)
    raise ValueError(f"no answer model for question kind {question.kind!r}")
