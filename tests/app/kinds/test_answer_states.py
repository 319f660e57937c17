"""Answer models: every kind's value is accepted by normalize_answer, completeness rules hold,
and timing comes from the injected clock."""

from __future__ import annotations

from typing import Any

import pytest

from app.kinds.base import NA
from app.kinds.choice import ChoiceState
from app.kinds.clustering import ClusteringQuestion, ClusteringState
from app.kinds.entries import Entry
from app.kinds.ranking import RankingQuestion, RankingState
from app.kinds.rating import RatingQuestion, RatingState
from app.kinds.relevance import RelevanceState
from app.kinds.text import TextQuestion, TextState
from app.session.presentation import shown_entries, state_for
from app.study.answers import normalize_answer
from app.study.loader import load_study
from tests.clocks import FakeClock


@pytest.fixture
def items(mini_study_dir: Any) -> dict[str, Any]:
    return load_study(mini_study_dir).items_by_id


def _state(views: dict[str, Any], item_id: str, index: int = 0) -> Any:
    view = views[item_id]
    return state_for(view.questions[index], view, clock=FakeClock())


def _stored(items: dict[str, Any], state: Any, item_id: str) -> Any:
    item = items[item_id]
    question = next(q for q in item.questions if q.id == state.question.id)
    return normalize_answer(item, question, state.value())


def test_registry_gives_each_kind_its_model(mini_views: dict[str, Any]) -> None:
    kinds = {
        "c1": ChoiceState, "s1": RatingState, "r1": RelevanceState, "rank1": RankingState,
        "k1": ClusteringState,
    }
    for item_id, cls in kinds.items():
        assert isinstance(_state(mini_views, item_id), cls)
    assert isinstance(_state(mini_views, "poem1", 1), TextState)


def test_choice_timing_and_changes(mini_views: dict[str, Any], items: dict[str, Any]) -> None:
    state = _state(mini_views, "c1")
    seen: list[Any] = []
    state.subscribe(lambda: seen.append(state.value()))
    assert state.value() is None and not state.is_complete()
    state.select("pos")
    state.select("pos")  # the same option again: no change
    state.select("neg")
    assert seen == ["pos", "neg"]
    assert _stored(items, state, "c1") == "neg"
    answer = state.to_question_answer()
    assert (answer.first_interaction_ns, answer.answer_ns, answer.n_changes) == (1000, 2000, 1)
    assert state.history == [(1000, "pos"), (2000, "neg")]
    with pytest.raises(ValueError):
        state.select("maybe")
    state.clear()
    assert state.value() is None and not state.is_complete()


def test_rating_points_na_and_refusals(mini_views: dict[str, Any], items: dict[str, Any]) -> None:
    sts = _state(mini_views, "s1")
    assert sts.points[:3] == [0.0, 0.5, 1.0] and len(sts.points) == 11
    sts.set(3.5)
    assert _stored(items, sts, "s1") == 3.5 and sts.point_index() == 7
    with pytest.raises(ValueError):
        sts.set(3.25)  # between points
    with pytest.raises(ValueError):
        sts.set_na()  # this scale has no N/A
    likert = _state(mini_views, "poem1", 0)
    likert.set_na()
    assert likert.is_na and _stored(items, likert, "poem1") == NA
    likert.set_index(4)
    assert likert.value() == 5.0 and likert.n_changes == 1


def test_relevance_needs_every_document(mini_views: dict[str, Any], items: dict[str, Any]) -> None:
    state = _state(mini_views, "r1")
    ids = [e.id for e in state.entries]
    assert ids == mini_views["r1"].orders["relevance"]  # the shown order
    state.set_grade(ids[0], 1)
    state.toggle(ids[1])  # unjudged -> Relevant
    assert state.grade_of(ids[1]) == 1
    state.toggle(ids[1])  # Relevant -> Not relevant
    assert state.grade_of(ids[1]) == 0
    assert state.value() is None and not state.is_complete()
    assert state.history[-1][1] == {ids[0]: 1, ids[1]: 0}  # partial state in the audit log
    state.set_grade(ids[2], 0)
    assert state.is_complete()
    assert _stored(items, state, "r1") == {ids[0]: 1, ids[1]: 0, ids[2]: 0}
    with pytest.raises(ValueError):
        state.set_grade(ids[0], 2)
    with pytest.raises(ValueError):
        state.set_grade("nope", 1)


def test_ranking_counts_only_once_engaged(mini_views: dict[str, Any], items: dict[str, Any]) -> None:
    state = _state(mini_views, "rank1")
    shown = state.order
    assert state.value() is None and not state.is_complete()
    state.move(0, 2)
    assert state.order == [shown[1], shown[2], shown[0]]
    assert _stored(items, state, "rank1") == state.order
    state.move(2, 99)  # clamped: already last, no change
    assert state.n_changes == 0
    other = _state(mini_views, "rank1")
    other.confirm()
    assert other.value() == shown and other.answer_ns == 1000


def test_clustering_groups_labels_and_pool(mini_views: dict[str, Any], items: dict[str, Any]) -> None:
    state = _state(mini_views, "k1")
    cards = [e.id for e in state.entries]
    first = state.new_group()
    second = state.new_group("Fruit")
    assert [g.label for g in state.groups] == ["Group 1", "Fruit"]
    assert state.answer_ns is None and state.first_interaction_ns == 1000  # creating is no answer
    state.move_card(cards[0], first)
    state.move_card(cards[1], second)
    assert state.missing() == "2 cards not in a group yet" and state.value() is None
    assert not state.is_complete()
    state.move_card(cards[2], first)
    state.move_card(cards[3], second)
    state.rename_group(first, "  Cities ")
    value = _stored(items, state, "k1")
    assert value[cards[0]] == "Cities" and set(value.values()) == {"Cities", "Fruit"}
    with pytest.raises(ValueError, match="already a group"):
        state.rename_group(first, "fruit")
    with pytest.raises(ValueError, match="needs a name"):
        state.rename_group(first, "   ")
    state.delete_group(second)  # its cards go back to the pool
    assert state.ungrouped == [c for c in cards if c in {cards[1], cards[3]}]
    assert state.value() is None
    third = state.new_group()
    assert state.groups[-1].label == "Group 2"  # the n-th group is "Group n" when free
    state.move_card(cards[1], third)
    state.move_card(cards[3], None)
    assert state.ungrouped == [cards[3]]


def test_clustering_with_a_fixed_number_of_groups(mini_views: dict[str, Any],
                                                  items: dict[str, Any]) -> None:
    view = mini_views["k1"]
    question = view.questions[0].model_copy(update={"n_groups": 2})
    assert isinstance(question, ClusteringQuestion)
    state = ClusteringState(question, shown_entries(question, view), clock=FakeClock())
    assert len(state.groups) == 2 and not state.can_add_group()
    with pytest.raises(ValueError, match="exactly 2"):
        state.new_group()
    g1 = state.groups[0].id
    for card in [e.id for e in state.entries]:
        state.move_card(card, g1)
    assert state.missing() == "make exactly 2 groups (1 hold cards)"
    state.move_card(state.entries[0].id, state.groups[1].id)
    item = items["k1"].model_copy(update={"questions": [question]})
    assert set(normalize_answer(item, question, state.value()).values()) == {"Group 1", "Group 2"}


def test_text_optional_required_and_limit() -> None:
    optional = TextState(TextQuestion(id="why", max_length=10), clock=FakeClock())
    assert optional.value() == "" and optional.is_complete()
    optional.set_text("because")
    assert optional.value() == "because" and optional.history == [(1000, {"length": 7})]
    with pytest.raises(ValueError):
        optional.set_text("x" * 11)
    required = TextState(TextQuestion(id="why", required=True), clock=FakeClock())
    required.set_text("   ")
    assert required.value() is None and not required.is_complete()


def test_entries_must_be_unique() -> None:
    question = RatingQuestion(id="r", min=1, max=5)
    assert RatingState(question).points == [1, 2, 3, 4, 5]
    with pytest.raises(ValueError):
        RankingState(RankingQuestion(id="order"), [Entry("a", "x"), Entry("a", "y")])

