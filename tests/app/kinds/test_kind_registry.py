"""The registry of response kinds: every kind gives every part of the `Kind` interface, its
question model is in the study format's union, and its answers go round: simulated, normalised,
entered through its answer state, written in a CSV cell and read back, all to the same stored
answer. A kind added with a part missing fails here, naming the part."""

from __future__ import annotations

import inspect
import json
import random
from pathlib import Path
from typing import Any, get_args

import pytest

from app.home import bundled_studies_dir
from app.kinds import KINDS, KINDS_BY_NAME, QUESTION_KINDS, kind_named, kind_of
from app.kinds.base import NA, Kind, item_document_ids
from app.kinds.entries import Entry
from app.kinds.question import QuestionBase
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study.loader import load_study
from app.study.model import Item, Question
from app.study_types.base import MeasurementLevel
from app.study_types.stimuli import CardsStimulus, QueryDocumentsStimulus
from tests.clocks import FakeClock

LEVELS = set(get_args(MeasurementLevel))
# The parts the base leaves to each kind (they raise NotImplementedError there), found from
# the base's source so that a part added to the interface is checked without editing this list.
REQUIRED = sorted(
    name for name, member in vars(Kind).items()
    if inspect.isfunction(member) and "raise NotImplementedError" in inspect.getsource(member))
# Parts only kinds the sample-size plan sizes must give.
ONLY_WHEN_PLANNED = {"plan_point"}


def _examples(folder: Path) -> dict[str, list[tuple[Item, Any]]]:
    """The mini study's questions by kind: it holds every kind (a test below says so)."""
    out: dict[str, list[tuple[Item, Any]]] = {}
    for item in load_study(folder).study.items:
        for question in item.questions:
            out.setdefault(question.kind, []).append((item, question))
    return out


@pytest.fixture(scope="module")
def examples() -> dict[str, list[tuple[Item, Any]]]:
    # The mini study, and the bundled study of the two preference kinds (pairwise, best_worst)
    # rather than more items in the mini study, which many tests count.
    found = _examples(Path(__file__).resolve().parents[2] / "fixtures" / "mini-study")
    for name, pairs in _examples(bundled_studies_dir() / "preference-demo").items():
        found.setdefault(name, []).extend(pairs)
    return found


def _entries(item: Item) -> list[Entry]:
    stim = item.stimulus
    if isinstance(stim, QueryDocumentsStimulus):
        return [Entry(d.id, d.text) for d in stim.documents]
    if isinstance(stim, CardsStimulus):
        return [Entry(c.id, c.text) for c in stim.cards]
    return []


def _cell(answer: Any) -> str:
    """A stored answer as a CSV cell holds it."""
    return answer if isinstance(answer, str) else json.dumps(answer)


def test_registry_order_names_and_lookups() -> None:
    # The registry is the list (a kind added there is checked here without an edit).
    assert tuple(k.name for k in KINDS) == QUESTION_KINDS and len(set(QUESTION_KINDS)) == len(KINDS)
    assert len(KINDS_BY_NAME) == len(KINDS)
    for kind in KINDS:
        assert kind_named(kind.name) is kind
    with pytest.raises(KeyError, match="telepathy"):
        kind_named("telepathy")


def test_the_interface_has_required_parts() -> None:
    # The discovery above found the parts; an empty list would make the next test vacuous.
    assert {"normalize", "simulate", "parse_prediction", "give", "plan_point"} <= set(REQUIRED)


@pytest.mark.parametrize("kind", KINDS, ids=QUESTION_KINDS)
def test_every_kind_gives_every_part(kind: Kind[Any]) -> None:
    missing = [name for name in REQUIRED
               if getattr(type(kind), name) is getattr(Kind, name)
               and (name not in ONLY_WHEN_PLANNED or kind.plan_level is not None)]
    assert not missing, f"kind {kind.name!r} leaves {missing} to the base"
    assert kind.name and kind.metric, "a kind has a name and a default metric family"
    assert kind.level in LEVELS
    assert kind.plan_level is None or kind.plan_level in LEVELS
    assert kind.seconds_per_question > 0 or kind.seconds_per_document > 0
    assert issubclass(kind.question_model, QuestionBase)
    assert kind.question_model.model_fields["kind"].default == kind.name
    assert issubclass(kind.state_class, AnswerState)
    assert kind.state_class.value is not AnswerState.value


def test_the_study_union_is_the_registry() -> None:
    union = get_args(get_args(Question)[0])
    assert union == tuple(kind.question_model for kind in KINDS)


def test_the_examples_have_every_kind(examples: dict[str, list[tuple[Item, Any]]]) -> None:
    assert set(examples) == set(QUESTION_KINDS)


@pytest.mark.parametrize("name", QUESTION_KINDS)
def test_answers_go_round(name: str, examples: dict[str, list[tuple[Item, Any]]]) -> None:
    kind = kind_named(name)
    person = Person(logit_accuracy=0.0, rating_bias=0.0, rating_sd=0.5, speed=1.0, comment_rate=1.0)
    for item, question in examples[name]:
        assert kind_of(question) is kind
        for seed in range(5):
            rng = random.Random(seed)
            latent = ItemLatent(difficulty=0.0, rng_seed=f"registry:{seed}")
            stored = kind.normalize(item, question, kind.simulate(rng, item, question, latent,
                                                                  person, 0.7))
            assert kind.normalize(item, question, stored) == stored  # stored shape is a fixpoint

            shown = kind.shown_question(question, None)
            assert kind.gold(shown) is None
            state = kind.answer_state(shown, _entries(item), FakeClock())
            kind.give(state, stored)
            assert state.is_complete()
            assert kind.normalize(item, question, state.value()) == stored
            assert state.to_question_answer().answer == state.value()

            assert kind.normalize(item, question, kind.parse_text(question, _cell(stored))) == stored
            if not kind.is_empty_answer(stored):
                text = _cell(stored)
                parsed = json.loads(text) if kind.prediction_json else text
                kind.parse_prediction(item, question, parsed)  # a stored answer is a fine prediction
            verdict = kind.is_correct(question, stored)
            assert verdict is None or isinstance(verdict, bool)
            if kind.gold(question) is None:
                assert verdict is None  # no gold, no verdict


@pytest.mark.parametrize("name", QUESTION_KINDS)
def test_shown_orders_cover_what_they_order(name: str,
                                            examples: dict[str, list[tuple[Item, Any]]]) -> None:
    kind = kind_named(name)
    for item, question in examples[name]:
        docs = item_document_ids(item) or None
        order = kind.shown_order(question, docs, True, random.Random(0))
        if kind.uses_documents:
            assert order is not None and sorted(order) == sorted(docs or [])
        shown = kind.shown_question(question, order)
        assert shown.id == question.id


def test_rating_na_goes_round(examples: dict[str, list[tuple[Item, Any]]]) -> None:
    allowing = [(i, q) for i, q in examples["rating"] if q.allow_na]
    kind = kind_named("rating")
    for item, question in allowing:
        state = kind.answer_state(question, [], FakeClock())
        kind.give(state, NA)
        assert kind.normalize(item, question, state.value()) == NA


@pytest.mark.parametrize("name", QUESTION_KINDS)
def test_a_scale_is_the_cores(name: str, examples: dict[str, list[tuple[Item, Any]]]) -> None:
    """`Kind.scale_points`: the points a summary counts and a plot draws, lowest first, inside
    the scale's bounds; None for an answer on no scale (or a continuous one)."""
    kind = kind_named(name)
    for item, question in examples[name]:
        points = kind.scale_points(question)
        if points is None:
            continue
        bounds = kind.scale_bounds(question)
        assert bounds is not None, f"{name}: points without bounds"
        assert points == sorted(set(points)) and len(points) >= 2, (name, item.id)
        assert bounds[0] == points[0] and points[-1] == bounds[1], (name, item.id)
    rating = next(q for _, q in examples["rating"])
    assert kind_named("rating").scale_points(rating) == rating.scale_points()
