"""Pairwise: which of two stimuli is better on a stated criterion, or (optionally) a tie.

The item's stimulus holds the two: a `pair` stimulus (text_a and text_b) or an `images`
stimulus of exactly two images (the first is a, the second b). Its categories name the two
systems being compared (`system_a`, `system_b`; other category names can be given in
`scoring.options`). The stored answer is "a", "b" or "tie" whatever side each was shown on:
the sides are drawn per participant (`shuffle_sides`) and stored as the shown order, as the
order of a choice question's options is.

Scored as choice is (accuracy against a gold pick, where the items have one; humans and
LLM judges alike) and per system with Bradley-Terry strengths (`pairwise.csv`, with seeded
bootstrap intervals over items, and the win matrix in `pairwise_matrix.csv`); agreement is
nominal Krippendorff's alpha.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, PrivateAttr, model_validator

from app.kinds.base import AnswerError, GoldPlace, Kind
from app.kinds.question import QuestionBase, ScoringSpec
from app.kinds.results_types import ResamplingOptions, ResultTable, ScoredGroup
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.stimuli import ImagesStimulus, PairStimulus

if TYPE_CHECKING:  # pandas and the statistics load when a result is computed, not with the
    # registry (the command line and the results options stay light: tests/test_startup_imports.py)
    import pandas as pd

    from app.kinds.bradley_terry import Judgment
    from app.study_types.item import ItemFields

SIDES = ("a", "b")
TIE = "tie"
SYSTEM_CATEGORIES = {"system_a": "system_a", "system_b": "system_b"}
TABLE_COLUMNS = ("question_id", "system", "strength", "ci_low", "ci_high", "ci_kind", "wins",
                 "losses",
                 "ties", "n_comparisons", "win_rate")
MATRIX_COLUMNS = ("question_id", "system", "opponent", "wins", "losses", "ties", "win_rate")


class PairwiseQuestion(QuestionBase):
    """Which of the item's two texts or images is better (the prompt states on what)."""

    kind: Literal["pairwise"] = "pairwise"
    allow_tie: bool = Field(default=True, description="Offer 'about the same' (stored as tie).")
    tie_label: str | None = Field(default=None, description="The tie button's words; default: "
                                  "the app's own ('About the same', translated).")
    shuffle_sides: bool = Field(
        default=True, description="Show a and b on sides drawn per participant (stored with the "
        "answer); false: a always on the left. Position bias is why the default shuffles.")
    gold: Literal["a", "b", "tie"] | None = Field(
        default=None, description="The better one (an expert's pick), if there is one.")
    # The sides as shown, left first (["b", "a"]: b on the left): set on the screen's copy
    # (`shown_question`), never written in a study file.
    _shown_sides: tuple[str, str] = PrivateAttr(default=SIDES)

    @model_validator(mode="after")
    def _tie_allowed(self) -> PairwiseQuestion:
        if self.gold == TIE and not self.allow_tie:
            raise ValueError("gold is 'tie' but allow_tie is false")
        return self

    @property
    def shown_sides(self) -> tuple[str, str]:
        """Which of a and b is on the left and which on the right, as shown."""
        return self._shown_sides

    def answers(self) -> tuple[str, ...]:
        return (*SIDES, TIE) if self.allow_tie else SIDES


class PairwiseState(AnswerState):
    def __init__(self, question: PairwiseQuestion, *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.sides = question.shown_sides
        self.allow_tie = question.allow_tie
        self._selected: str | None = None

    @property
    def selected(self) -> str | None:
        return self._selected

    def select(self, answer: str) -> None:
        if answer not in (*SIDES, *((TIE,) if self.allow_tie else ())):
            raise ValueError(f"{answer!r} is not a, b{' or tie' if self.allow_tie else ''}")
        if answer == self._selected:
            return
        self._selected = answer
        self._changed()

    def pick_side(self, place: int) -> None:
        """The one shown at `place` (0: left, 1: right) is better."""
        self.select(self.sides[place])

    def value(self) -> str | None:
        return self._selected


def _system_names(group: ScoredGroup) -> tuple[str, str]:
    # The group's scoring settings are its first question's (a designer writes them once).
    options = next(iter(group.questions.values())).scoring.options if group.questions else {}
    return (str(options.get("system_a", SYSTEM_CATEGORIES["system_a"])),
            str(options.get("system_b", SYSTEM_CATEGORIES["system_b"])))


def judgments(group: ScoredGroup, answers: pd.DataFrame) -> list[Judgment]:
    """The answers as judgments of one system against another (items without both system
    categories, and answers that are not a, b or tie, left out)."""
    from app.kinds.bradley_terry import Judgment

    name_a, name_b = _system_names(group)
    out = []
    for item_id, answer in zip(answers["item_id"].astype(str), answers["answer"], strict=True):
        categories = group.items[item_id].categories
        if name_a in categories and name_b in categories and answer in (*SIDES, TIE):
            out.append(Judgment(item_id, categories[name_a], categories[name_b], str(answer)))
    return out


class PairwiseKind(Kind[PairwiseQuestion]):
    name = "pairwise"
    question_model = PairwiseQuestion
    state_class = PairwiseState
    answer_key_submits = True
    metric = "accuracy"
    level = "nominal"
    seconds_per_question = 20.0  # two short texts read side by side
    prediction_json = False

    def normalize(self, item: ItemFields, question: PairwiseQuestion, answer: Any) -> Any:
        if answer not in question.answers():
            raise AnswerError(f"{answer!r} is not one of {list(question.answers())}")
        return answer

    def parse_text(self, question: PairwiseQuestion, text: str) -> Any:
        return text.strip()

    def is_correct(self, question: PairwiseQuestion, answer: Any) -> bool | None:
        return None if question.gold is None else bool(answer == question.gold)

    def item_problems(self, question: PairwiseQuestion, stimulus: Any, known: set[str],
                      where: str) -> list[tuple[str, str]]:
        if isinstance(stimulus, PairStimulus):
            return []
        if isinstance(stimulus, ImagesStimulus) and len(stimulus.images) == 2:
            return []
        return [(where, "a pairwise question needs a pair stimulus or an images stimulus of "
                        "exactly two images")]

    def gold_place(self, question: PairwiseQuestion, shuffle_default: bool) -> GoldPlace | None:
        if question.gold in (None, TIE) or question.shuffle_sides:
            return None
        return GoldPlace(SIDES.index(str(question.gold)), 2, ("a", "b"), str(question.gold))

    # ------------------------------------------------------------------ the session

    def shown_order(self, question: PairwiseQuestion, documents: list[str] | None,
                    shuffle_default: bool, rng: random.Random) -> list[str] | None:
        sides = list(SIDES)
        if question.shuffle_sides:
            rng.shuffle(sides)
        return sides

    def shown_question(self, question: PairwiseQuestion,
                       order: list[str] | None) -> PairwiseQuestion:
        shown = question.model_copy(update={"gold": None, "scoring": ScoringSpec()})
        if order and sorted(order) == list(SIDES):
            shown._shown_sides = (order[0], order[1])
        return shown

    def shown_stimulus(self, question: PairwiseQuestion, stimulus: Any,
                       order: list[str] | None) -> Any:
        # b on the left: the texts (or images) change places; the labels stay where they are,
        # so they name sides, never systems.
        if order != ["b", "a"]:
            return stimulus
        if isinstance(stimulus, PairStimulus):
            return stimulus.model_copy(update={"text_a": stimulus.text_b,
                                               "text_b": stimulus.text_a})
        if isinstance(stimulus, ImagesStimulus) and len(stimulus.images) == 2:
            return stimulus.model_copy(update={"images": stimulus.images[::-1]})
        return stimulus

    def give(self, state: AnswerState, answer: Any) -> None:
        assert isinstance(state, PairwiseState)
        state.select(answer)

    # ------------------------------------------------------------------ simulation

    def simulate(self, rng: random.Random, item: ItemFields, question: PairwiseQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # The gold pick (else the item's "popular" side, drawn once) with probability p, else
        # one of the others.
        target = question.gold or latent.truth(question.id, lambda r: r.choice(SIDES))
        if rng.random() < p_correct:
            return target
        return rng.choice([a for a in question.answers() if a != target])

    def parse_prediction(self, item: ItemFields, question: PairwiseQuestion, value: Any) -> Any:
        text = str(value).strip().lower()
        if text not in question.answers():
            raise ValueError(f"{text!r} is not one of {list(question.answers())}")
        return text

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    answer_value = "label"  # one of a, b, tie per rater and item, as a choice's option key
    dispute_measure = "answer_share"

    def option_order(self, question: PairwiseQuestion) -> list[str]:
        return list(question.answers())

    def result_tables(self, group: ScoredGroup, answers: pd.DataFrame,
                      models: Mapping[str, pd.DataFrame],
                      options: ResamplingOptions) -> list[ResultTable]:
        from app.kinds.bradley_terry import fit
        from app.resampling import OVER_ITEMS  # numpy: loaded with the results, not the registry

        found = fit(judgments(group, answers), n_boot=options.n_boot,
                    seed=f"{options.seed}:bradley-terry:{group.question_id}",
                    confidence=options.confidence)
        qid = group.question_id
        rows = [{"question_id": qid, "system": r.system, "strength": r.strength,
                 "ci_low": r.ci_low, "ci_high": r.ci_high,
                 "ci_kind": OVER_ITEMS if math.isfinite(r.ci_low) else "", "wins": r.wins,
                 "losses": r.losses, "ties": r.ties, "n_comparisons": r.n_comparisons, "win_rate": r.win_rate}
                for r in found.rows]
        matrix = []
        for i, system in enumerate(found.systems):
            for j, opponent in enumerate(found.systems):
                won, lost, tied = found.wins[i, j], found.wins[j, i], found.ties[i, j]
                if i == j or won + lost + tied == 0:
                    continue
                matrix.append({"question_id": qid, "system": system, "opponent": opponent,
                               "wins": int(won), "losses": int(lost), "ties": int(tied),
                               "win_rate": (won + tied / 2) / (won + lost + tied)})
        return [ResultTable("pairwise", TABLE_COLUMNS, rows),
                ResultTable("pairwise_matrix", MATRIX_COLUMNS, matrix)]


KIND = PairwiseKind()
