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
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from app.kinds.entries import Entry
from app.kinds.question import QuestionBase, ScoringSpec
from app.kinds.results_types import ResamplingOptions, ResultTable, ScoredGroup
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.base import MeasurementLevel
from app.study_types.stimuli import CardsStimulus, QueryDocumentsStimulus

if TYPE_CHECKING:
    import pandas as pd

    from app.study_types.item import ItemFields

NA = "NA"

Q = TypeVar("Q", bound=QuestionBase)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise AnswerError(f"the key {key[:40]!r} is written twice in one object (which "
                              "one was meant cannot be told)")
        seen[key] = value
    return seen


def loads_answer_json(text: str) -> Any:
    """An answer's JSON, a key written twice in one object an AnswerError (as in study files:
    `{"best": "l13", "best": "l03"}` would otherwise silently be the last value)."""
    return json.loads(text, object_pairs_hook=_unique_keys)


class AnswerError(ValueError):
    """An answer that does not fit its question."""


def item_document_ids(item: ItemFields) -> list[str]:
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

    def normalize(self, item: ItemFields, question: Q, answer: Any) -> Any:
        """The answer in its stored shape, or AnswerError saying what is wrong."""
        raise NotImplementedError

    def parse_text(self, question: Q, text: str) -> Any:
        """An answer written in a CSV cell (then normalised): JSON unless the kind says else."""
        try:
            return loads_answer_json(text.strip())
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

    def feedback_gold(self, question: Q) -> Any | None:
        """The answer practice feedback names as the expected one (the gold, unless the
        kind's gold is not itself an answer)."""
        return self.gold(question)

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

    def simulate(self, rng: random.Random, item: ItemFields, question: Q, latent: ItemLatent,
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

    def parse_prediction(self, item: ItemFields, question: Q, value: Any) -> Any:
        """A model's prediction in its stored shape, or ValueError. `value`: the CSV cell's
        text, already parsed from JSON where `prediction_json`."""
        raise NotImplementedError

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    # Parts the results read (app.results, exporters). The results name no kind: they look at
    # these and call the shared statistic or metric family a part names. A new kind that
    # needs a statistic none of the names gives adds it once to app/results under a name of
    # its own (not the kind's), or gives rows of its own through `extra_agreement_rows` and
    # `result_tables`.

    # Scored at all (a free-text comment is read, never scored: no question group).
    scored: bool = True
    # Its answers are the participant's own words: exports write them only when identifying
    # data is asked for, and the results window lists them as comments.
    free_text: bool = False
    # What one answer is as one value on its item, for the statistics that take one value per
    # rater and item (majority vote, Dawid-Skene and MACE, the alternative annotator test,
    # Rasch, the rating summary, straight-lining): "label", a category (its `is_correct` is
    # equality with the gold label); "number", a point on a scale (N/A: no value); None, an
    # answer with parts (documents, cards) whose units `unit_values` gives.
    answer_value: Literal["label", "number"] | None = None
    # The reliability units in words (agreement.csv's note on Krippendorff's alpha).
    unit_name: str = "item"
    # Agreement statistics beside Krippendorff's alpha, in row order, by their names in
    # `app.results.agreement.STATISTICS`.
    agreement_statistics: tuple[str, ...] = ()
    # How raters' split on one item is measured: a name in `app.results.disputes.MEASURES`.
    dispute_measure: str = ""
    # The MTEB task type its questions are exported as (exporters.mteb_entries:
    # classification, sts, reranking, clustering); None: it has no MTEB entry.
    mteb_task: str | None = None
    # Its gold is an order of the documents: retrieval scores add Kendall's tau against it.
    ranks_documents: bool = False

    def answer_cell(self, answer: Any) -> str:
        """An answer (or a gold answer) as one short text, equal answers alike: how
        disputed_items.csv writes the most common answer and the gold. {"d1": 1, "d2": 0}
        is "d1=1,d2=0", ["d2", "d1"] is "d2,d1", anything else its str()."""
        if isinstance(answer, dict):
            return ",".join(f"{k}={answer[k]}" for k in sorted(answer))
        if isinstance(answer, list):
            return ",".join(str(a) for a in answer)
        return str(answer)

    def option_order(self, question: Q) -> list[str]:
        """The option keys in the file's order (the majority vote's tie rule "first"); []
        where the kind has no options."""
        return []

    def scale_bounds(self, question: Q) -> tuple[float, float] | None:
        """(lowest, highest) point of the question's scale; None where it has none."""
        return None

    def scale_points(self, question: Q) -> list[float] | None:
        """Every point of the question's scale, lowest first, when its answers are points on
        one: the ratings summary and distribution, straight-lining and the results plots ask
        it. None for an answer on no scale, and for a continuous one (a value anywhere between
        the bounds has no points to count)."""
        return None

    def gold_gains(self, question: Q, documents: Sequence[str]
                   ) -> tuple[list[float], list[bool]] | None:
        """(gain, relevant) per document in `documents`' order, from the gold answer, for
        the retrieval metrics; None without gold or where the kind does not judge documents."""
        return None

    def unit_values(self, item_id: str, documents: Sequence[str], answer: Any
                    ) -> list[tuple[str, float]]:
        """The (reliability unit, value) pairs one answer gives, for a kind whose
        `answer_value` is None (`documents`: the item's document or card ids in the file's
        order); [] for an answer that gives none."""
        return []

    def document_grades(self, answer: Any, documents: Sequence[str]) -> list[float] | None:
        """One grade per document in `documents`' order, higher = more relevant, for the
        per-query agreement of raters; None where the answer does not grade every document
        (or the kind judges no documents)."""
        return None

    def extra_agreement_rows(self, group: ScoredGroup, answers: pd.DataFrame,
                             options: ResamplingOptions) -> list[dict[str, Any]]:
        """agreement.csv rows of the kind's own beyond `agreement_statistics`, for one
        question group: each a dict with "statistic" and "value" and any of "level",
        "ci_low", "ci_high", "n_items", "n_raters", "interpretation", "note" (the rest are
        filled in). `answers`: the group's human answers (`app.results.units.ANSWER_COLUMNS`
        plus cat_* columns); `options`: the bootstrap's resamples, seed and confidence, for a
        statistic of its own that resamples. Default: none."""
        return []

    def result_tables(self, group: ScoredGroup, answers: pd.DataFrame,
                      models: Mapping[str, pd.DataFrame],
                      options: ResamplingOptions) -> list[ResultTable]:
        """Tables of the kind's own for one question group, each written as `<name>.csv`
        (rows of every group of the kind under one name go in one file, in group order).
        `models`: model name -> its predictions (item_id, answer); `options` as for
        `extra_agreement_rows`. Default: none."""
        return []
