"""What every response kind tells the core: the `Kind` interface.

One subclass instance per kind (`app.kinds.choice.KIND`, ...), listed in the registry
(`app.kinds.KINDS`). Code outside `app.kinds` never asks which kind a question is: it looks
the kind up (`kind_of(question)`) and calls these methods. A part every kind must give is left
raising NotImplementedError here; `tests/app/kinds/test_registry.py` walks the registry and
fails on any kind that misses one.

Answers in their stored JSON shape, by kind:

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
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

from app.kinds.entries import Entry
from app.kinds.question import QuestionBase, ScoringSpec
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study.model_base import MeasurementLevel
from app.study.model_stimuli import CardsStimulus, QueryDocumentsStimulus

if TYPE_CHECKING:
    import pandas as pd

    from app.study.model import Item

NA = "NA"

Q = TypeVar("Q", bound=QuestionBase)


class AnswerError(ValueError):
    """An answer that does not fit its question."""


def item_document_ids(item: Item) -> list[str]:
    """The ids of the item's documents or cards, in the file's order ([] for other stimuli)."""
    stim = item.stimulus
    if isinstance(stim, QueryDocumentsStimulus):
        return [d.id for d in stim.documents]
    if isinstance(stim, CardsStimulus):
        return [c.id for c in stim.cards]
    return []


def set_mismatch(gold: Mapping[str, object], known: set[str], what: str) -> str:
    """Words for a gold answer that does not name exactly the item's documents or cards."""
    missing = sorted(known - set(gold))
    unknown = sorted(set(gold) - known)
    parts = []
    if missing:
        parts.append(f"missing {what} {missing}")
    if unknown:
        parts.append(f"unknown {what} {unknown}")
    return "gold must give every one of the item's " + what + ": " + "; ".join(parts)


@dataclass(frozen=True)
class GoldPlace:
    """Where a question's gold option is shown, for the design check that the right answer
    is not always at one position."""

    place: int  # 0-based position of the gold among the options as shown
    n_options: int
    labels: tuple[str, ...]  # the options' labels in that order (a fixed list is skipped)
    key: str


@dataclass(frozen=True)
class GoldOrder:
    """How a question's gold answer lines up with the shown order of the documents (places
    0 first .. 1 last), for the design check that unshuffled documents do not give it away.
    `test` "groups": `x` are the places of relevant documents, `y` of the others; "trend":
    `x` the shown places of the gold order, `y` the places of that order itself."""

    test: Literal["groups", "trend"]
    x: list[float]
    y: list[float]


class GroupView(Protocol):
    """What a kind's results hooks read of a question group (app.results.units.QuestionGroup,
    which the kinds may not import)."""

    @property
    def question_id(self) -> str: ...

    @property
    def spec(self) -> ScoringSpec: ...

    @property
    def questions(self) -> Mapping[str, Any]: ...  # item id -> the question on that item

    @property
    def items(self) -> Mapping[str, Item]: ...  # item id -> item


class ResamplingOptions(Protocol):
    """The scoring settings a kind's own statistics read (app.results.options.ResultsOptions)."""

    @property
    def n_boot(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def confidence(self) -> float: ...


class Kind(Generic[Q]):
    """The core's knowledge of one response kind. Attributes first, then methods."""

    name: str = ""  # the question's `kind` tag in study.json
    question_model: type[Q]  # the pydantic model of its questions in the study format
    state_class: type[AnswerState]  # what a widget edits while the participant answers
    # Its answers name the item's documents or cards (relevance, ranking, clustering): it needs
    # a query_documents or cards stimulus, is shown in the documents' order, and its answer
    # state is made with the shown entries.
    uses_documents: bool = False
    # One key press answers it, so an item of this one question may submit on that key
    # (Item.submit's default in a timed study).
    answer_key_submits: bool = False
    metric: str = ""  # default metric family (ScoringSpec.metric)
    level: MeasurementLevel = "nominal"  # default level of measurement for Krippendorff's alpha
    # Documented seconds a participant needs (docs/authoring.md, "Design warnings"): per
    # question, plus per document or card for kinds that judge them.
    seconds_per_question: float = 0.0
    seconds_per_document: float = 0.0
    # A prediction of this kind is written as JSON in the predictions CSV.
    prediction_json: bool = True
    # The sample-size plan (`app.simulation.planning`) sizes questions of this kind at this
    # level of measurement (None: it does not plan for them); with `plan_model_gap` it also
    # sizes the gap to models' right/wrong.
    plan_level: MeasurementLevel | None = None
    plan_model_gap: bool = False

    # ------------------------------------------------------------------ answers

    def normalize(self, item: Item, question: Q, answer: Any) -> Any:
        """The answer in its stored shape, or AnswerError saying what is wrong."""
        raise NotImplementedError

    def parse_text(self, question: Q, text: str) -> Any:
        """An answer written in a CSV cell (then normalised): JSON unless the kind says else."""
        try:
            return json.loads(text.strip())
        except json.JSONDecodeError as exc:
            raise AnswerError(f"not valid JSON: {exc.msg} at column {exc.colno}") from exc

    def is_empty_answer(self, answer: Any) -> bool:
        """An answer that says nothing although it is not None (an empty comment): stored as
        given when the question is optional, never normalised."""
        return False

    def is_correct(self, question: Q, answer: Any) -> bool | None:
        """Whether a stored answer equals the gold answer; None where there is no gold or no
        notion of it."""
        return None

    def feedback_correct(self, question: Q, answer: Any) -> bool | None:
        """Whether practice feedback calls an answer right (`is_correct` unless the kind
        allows a tolerance)."""
        return self.is_correct(question, answer)

    def gold(self, question: Q) -> Any | None:
        """The question's gold answer, None if it has none."""
        return getattr(question, "gold", None)

    # ------------------------------------------------------------------ scoring defaults

    def default_metric(self, question: Q | None) -> str:
        """Metric family when the designer did not set one (question: refines it, if given)."""
        return self.metric

    def default_level(self, question: Q | None) -> MeasurementLevel:
        """Level of measurement when the designer did not set one."""
        return self.level

    # ------------------------------------------------------------------ the study file

    def item_problems(self, question: Q, stimulus: Any, known: set[str], where: str
                      ) -> list[tuple[str, str]]:
        """(JSON path, message) for what does not fit between the question and its item's
        stimulus (`known`: the stimulus's document or card ids)."""
        return []

    def compact(self, question: Q, pool: dict[tuple[object, ...], Any]) -> None:
        """Share equal parts of questions (`app.study.compact`), in place; default: nothing."""

    def gold_place(self, question: Q, shuffle_default: bool) -> GoldPlace | None:
        """Where the gold is shown when options are shown in the file's order; None if the
        kind has no options, no gold, or shuffles."""
        return None

    def gold_order(self, question: Q, places: Mapping[str, float]) -> GoldOrder | None:
        """How the gold lines up with the documents' places in the file; None if it cannot."""
        return None

    def ambiguous_gold(self, question: Q) -> str | None:
        """The right answer's words when another choice reads the same (so an attention check
        has no unique right answer); None otherwise."""
        return None

    # ------------------------------------------------------------------ the session

    def shown_order(self, question: Q, documents: list[str] | None, shuffle_default: bool,
                    rng: random.Random) -> list[str] | None:
        """The order the question's options or documents are shown in; None: nothing to order.
        `documents`: the item's documents in their (already shuffled) shown order. Draws from
        `rng` only where the kind shuffles its own options (stored plans depend on the draws)."""
        if self.uses_documents and documents:
            return list(documents)
        return None

    def shown_stimulus(self, question: Q, stimulus: Any, order: list[str] | None) -> Any:
        """The item's stimulus as the screen shows it with this question's `order`: a kind
        that places the stimulus's parts itself (which of two texts goes left) rearranges a
        copy; unchanged by default."""
        return stimulus

    def shown_question(self, question: Q, order: list[str] | None) -> Q:
        """A copy without the gold answer or scoring, for the screen; options in `order`."""
        return question.model_copy(update={"gold": None, "scoring": ScoringSpec()})

    def answer_state(self, question: Q, entries: Sequence[Entry],
                     clock: Callable[[], int] = time.monotonic_ns) -> AnswerState:
        """The answer model for a widget; `entries`: the documents or cards in shown order
        (kinds with `uses_documents` make their state with them)."""
        return self.state_class(question, clock=clock)

    def give(self, state: AnswerState, answer: Any) -> None:
        """Enter a stored answer through the state's own setters, as a participant would
        (the registry test, scripted takes)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ simulation

    def simulate(self, rng: random.Random, item: Item, question: Q, latent: ItemLatent,
                 person: Person, p_correct: float) -> Any:
        """A synthetic participant's answer, in the shape `normalize` accepts."""
        raise NotImplementedError

    def plan_point(self, question: Q, latent: ItemLatent, answer: Any) -> tuple[float, float]:
        """(score, value for alpha) of a simulated answer in the sample-size plan; only kinds
        with a `plan_level` need it."""
        raise NotImplementedError

    def pilot_rates(self, questions: Mapping[str, Q], rows: Any) -> dict[str, float]:
        """What a pilot's answers to a planned question say (`rows`: its responses frame;
        `questions`: item id -> question); {} if nothing."""
        return {}

    # ------------------------------------------------------------------ predictions

    def parse_prediction(self, item: Item, question: Q, value: Any) -> Any:
        """A model's prediction in its stored shape, or ValueError. `value`: the CSV cell's
        text, already parsed from JSON where `prediction_json`."""
        raise NotImplementedError

    # -- results side (scores, agreement, disputes, exports): below this line

    # The hooks below are the generic ends the results call for a kind they do not unpack
    # themselves (added with the two preference kinds); each default leaves the
    # results of the other kinds as they were.
    unit_name: str = "item"  # what a unit of its Krippendorff's alpha is (agreement.csv's note)

    def reliability_units(self, item: Item, question: Q, answer: Any) -> list[tuple[str, float]]:
        """The (unit, value) pairs one answer gives Krippendorff's alpha; [] gives none."""
        return []

    def dispute(self, item: Item, question: Q, answers: Sequence[Any]) -> float:
        """How much an item's raters disagree, 0 (all alike) to 1; NaN: not measured."""
        return math.nan

    def agreement_rows(self, group: GroupView, answers: pd.DataFrame,
                       options: ResamplingOptions) -> list[dict[str, Any]]:
        """Rows of its own for agreement.csv (its columns), beside Krippendorff's alpha."""
        return []

    def result_tables(self, group: GroupView, answers: pd.DataFrame,
                      options: ResamplingOptions) -> dict[str, pd.DataFrame]:
        """Tables of its own for the export, file name -> rows of this group (the export
        writes each file once, the groups' rows one after another); {} by default. `answers`:
        the group's human answers (participant, item_id, answer, ...)."""
        return {}
