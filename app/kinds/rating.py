"""Rating: a point on a scale (Likert statements, similarity 0-5 in halves), or N/A."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from app.kinds.base import NA, AnswerError, Kind
from app.kinds.question import QuestionBase
from app.kinds.simulated import ItemLatent, Person
from app.kinds.state import AnswerState
from app.study_types.base import MeasurementLevel, StrictModel

if TYPE_CHECKING:
    from app.study_types.item import ItemFields

MIN_STEP = 1e-9
NA_RATE = 0.02  # share of simulated answers that are N/A where the scale allows it


class Anchor(StrictModel):
    value: float
    label: str


class RatingQuestion(QuestionBase):
    """A point on a scale: Likert statements, similarity 0-5 in halves."""

    kind: Literal["rating"] = "rating"
    min: float
    max: float
    step: float = Field(default=1.0, gt=0)
    anchors: list[Anchor] = Field(default_factory=list)
    allow_na: bool = False
    na_label: str = "N/A"
    gold: float | None = None
    feedback_tolerance: float = Field(
        default=0.0, ge=0, description="Practice feedback calls an answer within this distance of "
        "the gold correct (0.5: 4.5 against a gold of 5). Scores do not use it.")

    @model_validator(mode="after")
    def _scale_is_sane(self) -> RatingQuestion:
        if self.max <= self.min:
            raise ValueError(f"max ({self.max}) must be greater than min ({self.min})")
        if self.step < MIN_STEP:  # scale points are rounded to 10 places: finer ones would merge
            raise ValueError(f"step {self.step} is below the smallest step, {MIN_STEP}")
        # -1e308..1e308 (or a step of 5e-324) is infinitely many steps: compared before
        # round(), which overflows on infinity.
        steps = (self.max - self.min) / self.step
        if not steps <= 1000:
            raise ValueError(f"a scale may have at most 1000 steps; {self.min}..{self.max} in "
                             f"steps of {self.step} has more")
        if abs(steps - round(steps)) > 1e-9:
            raise ValueError(f"step {self.step} does not divide the range {self.min}..{self.max}")
        for anchor in self.anchors:
            if not self.min <= anchor.value <= self.max:
                raise ValueError(f"anchor {anchor.value} lies outside {self.min}..{self.max}")
        if self.scoring.metric == "auc":
            # A confidence rating scored by its AUC: the gold is the case's truth, not a point.
            if self.gold is not None and self.gold not in (0, 1):
                raise ValueError(f"gold {self.gold} of a question scored by 'auc' must be the "
                                 "case's truth, 0 or 1")
        elif self.gold is not None and not self.min <= self.gold <= self.max:
            raise ValueError(f"gold {self.gold} lies outside {self.min}..{self.max}")
        return self

    def scale_points(self) -> list[float]:
        n = round((self.max - self.min) / self.step)
        return [round(self.min + i * self.step, 10) for i in range(n + 1)]


class RatingState(AnswerState):
    def __init__(self, question: RatingQuestion, *,
                 clock: Callable[[], int] = time.monotonic_ns) -> None:
        super().__init__(question, clock=clock)
        self.rating = question
        self.points = question.scale_points()
        self._value: float | str | None = None

    def point_index(self) -> int | None:
        """Index of the chosen point in `points`; None for no answer or N/A."""
        if not isinstance(self._value, float | int):
            return None
        chosen = float(self._value)
        return min(range(len(self.points)), key=lambda i: abs(self.points[i] - chosen))

    def set(self, value: float) -> None:
        """Choose a point; values between points are refused (the widgets only offer points)."""
        matches = [p for p in self.points if abs(p - float(value)) < 1e-9]
        if not matches:
            raise ValueError(f"{value!r} is not a point of the scale {self.points}")
        self._set(matches[0])

    def set_index(self, index: int) -> None:
        self._set(self.points[index])

    def set_na(self) -> None:
        if not self.rating.allow_na:
            raise ValueError("this scale has no N/A")
        self._set(NA)

    def clear(self) -> None:
        self._set(None)

    @property
    def is_na(self) -> bool:
        return self._value == NA

    def _set(self, value: float | str | None) -> None:
        if value == self._value:
            return
        self._value = value
        self._changed()

    def value(self) -> float | str | None:
        return self._value


class RatingKind(Kind[RatingQuestion]):
    name = "rating"
    question_model = RatingQuestion
    state_class = RatingState
    metric = "sts"  # with gold: Spearman/Pearson/MSE; without gold: descriptive statistics
    level = "ordinal"
    seconds_per_question = 6.0
    prediction_json = False
    plan_level = "interval"

    def normalize(self, item: ItemFields, question: RatingQuestion, answer: Any) -> Any:
        if answer == NA or answer is None:
            if question.allow_na:
                return NA
            raise AnswerError("N/A is not allowed for this scale")
        if isinstance(answer, bool) or not isinstance(answer, int | float):
            raise AnswerError(f"{answer!r} is not a number")
        value = float(answer)
        if not math.isfinite(value) or not question.min <= value <= question.max:
            raise AnswerError(f"{answer!r} is outside {question.min:g}..{question.max:g}")
        steps = (value - question.min) / question.step
        if abs(steps - round(steps)) > 1e-6:
            raise AnswerError(f"{answer!r} is not on the scale's steps of {question.step:g}")
        return value

    def parse_text(self, question: RatingQuestion, text: str) -> Any:
        text = text.strip()
        if text.upper() in {NA, "N/A", ""}:
            return NA
        try:
            return float(text)
        except ValueError as exc:
            raise AnswerError(f"{text!r} is not a number") from exc

    def is_correct(self, question: RatingQuestion, answer: Any) -> bool | None:
        if question.gold is None:
            return None
        if question.scoring.metric == "auc":
            # A confidence whose gold is the truth: right when it leans the truth's way (the
            # scale's middle, "unsure", leans neither).
            if answer == NA:
                return False
            middle = (question.min + question.max) / 2
            return float(answer) != middle and (float(answer) > middle) == bool(question.gold)
        return answer != NA and abs(float(answer) - float(question.gold)) < 1e-9

    def feedback_gold(self, question: RatingQuestion) -> Any | None:
        # The truth 0/1 of a confidence rating is no point on its scale: name the scale's end.
        if question.scoring.metric == "auc" and question.gold is not None:
            return question.max if question.gold else question.min
        return question.gold

    def feedback_correct(self, question: RatingQuestion, answer: Any) -> bool | None:
        if question.scoring.metric == "auc":
            return self.is_correct(question, answer)
        # Within the question's feedback_tolerance of the gold counts (4.5 against a gold of 5
        # with a tolerance of 0.5). Scores never use the tolerance.
        if question.gold is not None and answer != NA:
            return abs(float(answer) - float(question.gold)) <= question.feedback_tolerance + 1e-9
        return self.is_correct(question, answer)

    def give(self, state: AnswerState, answer: Any) -> None:
        assert isinstance(state, RatingState)
        if answer == NA:
            state.set_na()
        else:
            state.set(answer)

    def default_metric(self, question: RatingQuestion | None) -> str:
        if question is not None and question.gold is None:
            return "descriptive"
        return self.metric

    def default_level(self, question: RatingQuestion | None) -> MeasurementLevel:
        """Interval for a similarity score against a gold score (STS) or a scale finer than
        whole points (0-5 in halves): those are numbers. A Likert statement is ordinal."""
        if question is None:
            return "nominal"  # what the kind table gave before a question was known
        numeric = question.gold is not None or question.step < 1 or len(question.scale_points()) > 11
        return "interval" if numeric else "ordinal"

    def simulate(self, rng: random.Random, item: ItemFields, question: RatingQuestion,
                 latent: ItemLatent, person: Person, p_correct: float) -> Any:
        # Around gold (or the item's latent mean) plus the person's bias and noise, snapped to
        # the scale; N/A now and then where the scale allows it.
        if question.allow_na and rng.random() < NA_RATE:
            return NA
        points = question.scale_points()
        lo, hi = question.min, question.max
        if question.scoring.metric == "auc" and question.gold is not None:
            # A confidence rating of a case whose truth is the gold (0/1): a better reader
            # rates the positive cases higher and the negative ones lower.
            lean = (hi - lo) * 0.45 * max(0.0, 2 * p_correct - 1)
            center = (lo + hi) / 2 + (lean if question.gold else -lean)
            value = center + rng.gauss(0.0, (hi - lo) * 0.2)
            return min(points, key=lambda x: abs(x - value))
        center = question.gold if question.gold is not None else latent.truth(
            question.id, lambda r: r.uniform(lo + 0.2 * (hi - lo), hi - 0.2 * (hi - lo)))
        value = center + person.rating_bias + rng.gauss(0.0, person.rating_sd)
        return min(points, key=lambda x: abs(x - value))

    def plan_point(self, question: RatingQuestion, latent: ItemLatent,
                   answer: Any) -> tuple[float, float]:
        if isinstance(answer, int | float):
            return float(answer), float(answer)
        return math.nan, math.nan

    def pilot_rates(self, questions: Mapping[str, RatingQuestion], rows: Any) -> dict[str, float]:
        # The mean spread of the ratings per item.
        numbers = rows.assign(value=[float(a) if isinstance(a, int | float) else math.nan
                                     for a in rows["answer"]]).dropna(subset=["value"])
        spread = numbers.groupby("item_id")["value"].std().dropna()
        return {} if spread.empty else {"rating_sd": float(spread.mean())}

    def parse_prediction(self, item: ItemFields, question: RatingQuestion, value: Any) -> Any:
        # Any finite number: a model's cosine similarity need not lie on the human scale.
        text = str(value).strip()
        if text.upper() in (NA, "N/A"):
            return NA
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number") from None
        if not math.isfinite(number):
            raise ValueError(f"{text!r} is not a finite number")
        return number

    # ------------------------------------------------------------------ results (scores, agreement, disputes, exports)
    answer_value = "number"
    agreement_statistics = ("pairwise_spearman",)
    dispute_measure = "scale_spread"
    mteb_task = "sts"

    def scale_bounds(self, question: RatingQuestion) -> tuple[float, float] | None:
        return question.min, question.max

    def scale_points(self, question: RatingQuestion) -> list[float] | None:
        return question.scale_points()


KIND = RatingKind()
