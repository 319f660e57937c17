"""How many raters per item a study needs: a seeded Monte Carlo on the simulator's participant
model (`app.simulation.answers`, the model `simulate` uses), for `baseline-studio plan`.

Every choice or rating question on trial items is planned on its own (`plan_targets`). Each
run is one simulated study of the design the plan reports: N items drawn (with replacement)
from the study's items of the question, each a new item of the population with its own
difficulty drawn from the run's seed, and for a design of r raters per item the study's own
assignment (`app.session.assignment`): the items laid end to end r times and cut into slots of
the items one participant gets (m), ceil(N r / m) slots, each slot a new simulated person
(tier accuracy plus a personal offset, rating bias and noise). Everyone rates every item only
where the study gives everyone every item (m >= N). The run gives, for each design, the human
score as human_scores.csv's "all raters" row computes it (each rater's score on their items,
then the mean over raters; choice: accuracy against gold, or the agreement with the item's
simulated truth without gold; rating: the mean rating, on the question's own scale), the gap to
each model with predictions (that score minus the model's accuracy on the same items: choice
questions only) and Krippendorff's alpha of the design's ratings. The expected width of a 95%
confidence interval of each is that of the normal interval of its distribution over the runs
(2 x 1.96 x its standard deviation): what an interval treating both raters and items as samples
would report for a study of that design. Tested against replicate studies built with the real
assignment (tests/app/simulation/test_planning.py).

The target width is on each figure's own scale: `target_width` for a proportion (accuracy, the
gap) and for alpha, `target_width` x (max - min) for a mean rating (0.2 on a 1-5 scale: 0.8
points), so that a rating question's target can be met.

Rates: from the pilot database when it holds responses to the question (the humans' accuracy,
the spread of their ratings, the median response time), otherwise the simulator's defaults or
the options given.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any

import krippendorff
import numpy as np
from scipy.stats import norm

from app.kinds import Kind, kind_named, kind_of
from app.simulation.answers import Person, answer_question, expit, latent_of, logit
from app.simulation.config import SimulationConfig
from app.study.loader import LoadedStudy
from app.study.model import Item, MeasurementLevel, Question

# plan.csv's columns, in plain words (docs/results.md, "plan.csv")
QUESTION = "question"
MEASURE = "human score is"
RATERS = "raters per item"
ITEMS = "items"
PER_PERSON = "items per participant"
PARTICIPANTS = "participants"
WIDTH_HUMAN = "expected CI width of the human score"
WIDTH_GAP = "expected CI width of the gap to a model (widest)"
WIDTH_ALPHA = "expected CI width of Krippendorff's alpha"
TARGET_HUMAN = "target width of the human score"
TARGET_OTHER = "target width of the gap and alpha"
HOURS = "hours of work"
RECOMMENDED = "recommended"
NOTE = "note"
PLAN_COLUMNS = [QUESTION, MEASURE, RATERS, ITEMS, PER_PERSON, PARTICIPANTS, WIDTH_HUMAN,
                WIDTH_GAP, WIDTH_ALPHA, TARGET_HUMAN, TARGET_OTHER, HOURS, RECOMMENDED, NOTE]
WIDTHS = (WIDTH_HUMAN, WIDTH_GAP, WIDTH_ALPHA)
DEFAULT_RATERS = (2, 3, 4, 6, 8)


@dataclass(frozen=True)
class PlanTarget:
    """The question planned for and the items that carry it."""

    question_id: str
    kind: str  # a kind with a `plan_level` (choice, rating)
    items: list[Item]
    questions: list[Question]
    level: MeasurementLevel  # Krippendorff's: the kind's `plan_level`

    @property
    def planned_kind(self) -> Kind[Any]:
        return kind_named(self.kind)

    @property
    def scale(self) -> tuple[float, float]:
        """The human score's scale: (0, 1) for a proportion, the rating scale for a rating."""
        bounds = self.planned_kind.scale_bounds(self.questions[0])
        return (float(bounds[0]), float(bounds[1])) if bounds else (0.0, 1.0)

    @property
    def measure(self) -> str:
        """What the human score is, in words."""
        kind = self.planned_kind
        if kind.scale_bounds(self.questions[0]) is not None:
            lo, hi = self.scale
            return f"mean rating ({lo:g} to {hi:g})"
        if all(kind.gold(q) is not None for q in self.questions):
            return "accuracy"
        return "agreement with the simulated truth"


def plan_targets(loaded: LoadedStudy) -> list[PlanTarget]:
    """Every question on trial items of a kind the plan sizes (choice, rating:
    `Kind.plan_level`), in study order."""
    found: dict[tuple[str, str], list[tuple[Item, Question]]] = {}
    for item in loaded.study.items:
        if item.role != "trial" or loaded.study.block(item.block).kind == "practice":
            continue
        for q in item.questions:
            if kind_of(q).plan_level is not None and q.scoring.include:
                found.setdefault((q.id, q.kind), []).append((item, q))
    out = []
    for (question_id, kind), pairs in found.items():
        level = kind_named(kind).plan_level
        assert level is not None  # only such kinds were gathered
        out.append(PlanTarget(question_id, kind, [i for i, _ in pairs], [q for _, q in pairs],
                              level))
    return out


def plan_target(loaded: LoadedStudy, question: str | None = None) -> PlanTarget | None:
    """The named question's `PlanTarget` (the first one when `question` is None), or None."""
    targets = plan_targets(loaded)
    if question is None:
        return targets[0] if targets else None
    return next((t for t in targets if t.question_id == question), None)


def _persons(rng: random.Random, config: SimulationConfig, n: int) -> list[Person]:
    return [Person(logit_accuracy=logit(config.default_accuracy) + rng.gauss(0, config.ability_sd),
                   rating_bias=rng.gauss(0.0, config.rating_noise / 3),
                   rating_sd=config.rating_noise, speed=1.0, comment_rate=0.0)
            for _ in range(n)]


def slots(n_items: int, raters: int, per_person: int) -> list[list[int]]:
    """The study's assignment (`app.session.assignment.layout`) of items 0..n_items-1 in
    order: laid end to end `raters` times, slot s the `per_person` items from s x per_person
    on, wrapping round; ceil(n_items x raters / per_person) slots. Everyone gets every item
    where `per_person` >= n_items (then `raters` slots)."""
    m = min(per_person, n_items)
    if m >= n_items:
        return [list(range(n_items)) for _ in range(raters)]
    return [[(s * m + i) % n_items for i in range(m)]
            for s in range(math.ceil(n_items * raters / m))]


def _run(target: PlanTarget, config: SimulationConfig, n_items: int, raters: tuple[int, ...],
         per_person: int, run_seed: int, model_right: dict[str, dict[str, float]]
         ) -> dict[int, tuple[float, dict[str, float], float]]:
    """One simulated study per design: {raters per item: (human score, gap to each model,
    alpha)}. The designs share the run's items (common random numbers); each has its own
    new people."""
    rng = random.Random(f"plan:{run_seed}")
    picks = [rng.randrange(len(target.items)) for _ in range(n_items)]
    # each drawn position a new item of the population: its own difficulty and truth
    latents = [latent_of(run_seed, f"{target.items[p].id}#{k}") for k, p in enumerate(picks)]
    kind = target.planned_kind
    models = {name: np.array([right.get(target.items[p].id, np.nan) for p in picks])
              for name, right in model_right.items()}
    out = {}
    for r in raters:
        layout = slots(n_items, r, per_person)
        persons = _persons(rng, config, len(layout))
        scores = np.full((len(layout), n_items), np.nan)
        values = np.full((len(layout), n_items), np.nan)
        for s, (person, positions) in enumerate(zip(persons, layout, strict=True)):
            for k in positions:
                item, question, latent = target.items[picks[k]], target.questions[picks[k]], \
                    latents[k]
                answer = answer_question(rng, item, question, latent, person,
                                         expit(person.logit_accuracy - latent.difficulty))
                scores[s, k], values[s, k] = kind.plan_point(question, latent, answer)
        human = _all_raters(scores)
        gaps = {}
        for name, right in models.items():
            rated = np.isfinite(scores).any(axis=0)
            both = np.isfinite(right) & rated
            if both.any():
                gaps[name] = _all_raters(scores[:, both]) - float(right[both].mean())
        out[r] = (human, gaps, _alpha(values, target.level))
    return out


def _all_raters(scores: np.ndarray) -> float:
    """human_scores.csv's "all raters": each rater's mean over their items, then the mean
    over the raters who have one."""
    answered = np.isfinite(scores)
    counts = answered.sum(axis=1)
    if not counts.any():
        return math.nan
    means = np.where(answered, scores, 0.0).sum(axis=1)[counts > 0] / counts[counts > 0]
    return float(means.mean())


def _alpha(values: np.ndarray, level: MeasurementLevel) -> float:
    finite = values[np.isfinite(values)]
    if values.shape[0] < 2 or np.unique(finite).size < 2:
        return math.nan
    return float(krippendorff.alpha(reliability_data=values, level_of_measurement=level))


def plan_rows(loaded: LoadedStudy, config: SimulationConfig, *, raters: tuple[int, ...],
              n_items: int, runs: int, target_width: float, seed: int,
              model_right: dict[str, dict[str, float]], per_person_items: int,
              median_item_ms: float, target: PlanTarget | None = None) -> list[dict[str, Any]]:
    """plan.csv rows of one question (`target`, default the study's first), one per number of
    raters per item, the recommended one marked."""
    target = target or plan_target(loaded)
    if target is None:
        return []
    z = float(norm.ppf(0.975))
    per_person = max(1, min(per_person_items, n_items))
    human: dict[int, list[float]] = {r: [] for r in raters}
    gaps: dict[int, dict[str, list[float]]] = {r: {m: [] for m in model_right} for r in raters}
    alphas: dict[int, list[float]] = {r: [] for r in raters}
    planned_models = model_right if target.planned_kind.plan_model_gap else {}
    for run in range(runs):
        for r, (score, gap, alpha) in _run(target, config, n_items, raters, per_person,
                                           seed * 1_000_003 + run, planned_models).items():
            human[r].append(score)
            for name, value in gap.items():
                gaps[r][name].append(value)
            alphas[r].append(alpha)
    lo, hi = target.scale
    human_target = target_width * (hi - lo)
    note = ""
    if not target.planned_kind.plan_model_gap:
        note = "no gap: a rating question's models are not scored right or wrong here"
    elif not planned_models:
        note = "no gap: no model has predictions for this question"
    rows: list[dict[str, Any]] = []
    for r in raters:
        gap_widths = [2 * z * float(np.std(v, ddof=1)) for v in gaps[r].values() if len(v) > 1]
        rows.append({
            QUESTION: target.question_id, MEASURE: target.measure, RATERS: r, ITEMS: n_items,
            PER_PERSON: per_person, PARTICIPANTS: len(slots(n_items, r, per_person)),
            WIDTH_HUMAN: _width(human[r], z),
            WIDTH_GAP: max(gap_widths) if gap_widths else math.nan,
            WIDTH_ALPHA: _width(alphas[r], z),
            TARGET_HUMAN: human_target, TARGET_OTHER: target_width,
            HOURS: r * n_items * median_item_ms / 3_600_000,
            RECOMMENDED: False, NOTE: note,
        })
    for row in rows:  # the smallest design whose widths are all at or under their targets
        checks = [(float(row[WIDTH_HUMAN]), human_target), (float(row[WIDTH_GAP]), target_width),
                  (float(row[WIDTH_ALPHA]), target_width)]
        checks = [(w, t) for w, t in checks if not math.isnan(w)]
        if checks and all(w <= t for w, t in checks):
            row[RECOMMENDED] = True
            break
    return rows


def _width(values: list[float], z: float) -> float:
    finite = [v for v in values if not math.isnan(v)]
    return 2 * z * float(np.std(finite, ddof=1)) if len(finite) > 1 else math.nan


def pilot_config(config: SimulationConfig, pilot: dict[str, float]) -> SimulationConfig:
    """The simulator's settings with the rates a pilot measured put in (`pilot_rates`)."""
    changes: dict[str, Any] = {}
    if "accuracy" in pilot:
        changes["default_accuracy"] = min(max(pilot["accuracy"], 0.01), 0.99)
    if "rating_sd" in pilot:
        changes["rating_noise"] = pilot["rating_sd"]
    if "median_rt_ms" in pilot:
        changes["rt_median_ms"] = pilot["median_rt_ms"]
    return replace(config, **changes)


def pilot_rates(loaded: LoadedStudy, frame: Any, target: PlanTarget) -> dict[str, float]:
    """What a pilot's responses (`app.results.frame.responses_frame`) say about the planned
    question: what its kind measures (`Kind.pilot_rates`: humans' accuracy against gold for a
    choice, the mean spread of ratings per item for a rating), and the median time a
    participant spends on an item (the longest answer time on it, from its onset).
    Empty without responses to the question."""
    if frame is None or frame.empty:
        return {}
    rows = frame[(frame["question_id"] == target.question_id)
                 & frame["item_id"].isin([i.id for i in target.items])
                 & ~frame["practice"].astype(bool) & frame["answer"].notna()]
    if rows.empty:
        return {}
    questions = {i.id: q for i, q in zip(target.items, target.questions, strict=True)}
    out: dict[str, float] = dict(target.planned_kind.pilot_rates(questions, rows))
    per_item = frame[~frame["practice"].astype(bool)].groupby(["participant", "item_id"])["rt_ms"]
    times = per_item.max().dropna()
    if not times.empty:
        out["median_rt_ms"] = float(times.median())
    return out


def model_outcomes(loaded: LoadedStudy, target: PlanTarget) -> dict[str, dict[str, float]]:
    """Each model's right (1.0) or wrong (0.0) per item of a planned choice question, from its
    predictions against gold."""
    from app.results.models import load_predictions
    from app.results.units import question_groups

    group = next((g for g in question_groups(loaded.study)
                  if g.question_id == target.question_id and g.kind == target.kind), None)
    kind = target.planned_kind
    if group is None or not kind.plan_model_gap:
        return {}
    graded = {i.id: q for i, q in zip(target.items, target.questions, strict=True)
              if kind.gold(q) is not None}
    out = {}
    for model, rows in load_predictions(loaded).answers(group).items():
        right = {str(i): float(bool(kind.is_correct(graded[str(i)], a))) for i, a in
                 zip(rows["item_id"], rows["answer"], strict=True) if str(i) in graded}
        if right:
            out[model] = right
    return out


@dataclass(frozen=True)
class Plan:
    """A finished plan: its rows (`PLAN_COLUMNS`), the question, and the rates it used."""

    rows: list[dict[str, Any]]
    target: PlanTarget
    pilot: dict[str, float]
    config: SimulationConfig

    def source(self) -> str:
        """Where the rates came from, in words."""
        if self.pilot:
            return "pilot responses: " + ", ".join(f"{k} {v:.3g}" for k, v in self.pilot.items())
        return (f"assumed accuracy {self.config.default_accuracy:g}, "
                f"{self.config.rt_median_ms:g} ms per answer")


def make_plan(loaded: LoadedStudy, pilot_frame: Any = None, *,
              raters: tuple[int, ...] = DEFAULT_RATERS, n_items: int | None = None,
              runs: int = 60, target_width: float = 0.2, seed: int = 0, accuracy: float = 0.8,
              rt_median_ms: float = 2500.0, question: str | None = None) -> Plan | None:
    """The plan of one question (`question`, default the study's first to plan): what the
    designer's Plan view shows; None when the study has no such choice or rating question.
    `pilot_frame`: a pilot's responses (`app.results.frame.responses_frame`), or None."""
    target = plan_target(loaded, question)
    if target is None:
        return None
    return _plan(loaded, target, pilot_frame, raters=raters, n_items=n_items, runs=runs,
                 target_width=target_width, seed=seed, accuracy=accuracy,
                 rt_median_ms=rt_median_ms)


def make_plans(loaded: LoadedStudy, pilot_frame: Any = None, *,
               raters: tuple[int, ...] = DEFAULT_RATERS, n_items: int | None = None,
               runs: int = 60, target_width: float = 0.2, seed: int = 0, accuracy: float = 0.8,
               rt_median_ms: float = 2500.0, question: str | None = None) -> list[Plan]:
    """`baseline-studio plan`: the plan of every question to plan for, or of `question` only
    (empty when there is none, or no such question)."""
    targets = plan_targets(loaded)
    if question is not None:
        targets = [t for t in targets if t.question_id == question]
    return [_plan(loaded, t, pilot_frame, raters=raters, n_items=n_items, runs=runs,
                  target_width=target_width, seed=seed, accuracy=accuracy,
                  rt_median_ms=rt_median_ms) for t in targets]


def _plan(loaded: LoadedStudy, target: PlanTarget, pilot_frame: Any, *, raters: tuple[int, ...],
          n_items: int | None, runs: int, target_width: float, seed: int, accuracy: float,
          rt_median_ms: float) -> Plan:
    from app.session.plan import plan_item_ids

    config = SimulationConfig(participants=1, seed=seed, default_accuracy=accuracy,
                              rt_median_ms=rt_median_ms)
    pilot = pilot_rates(loaded, pilot_frame, target)
    config = pilot_config(config, pilot)
    items = n_items or len(target.items)
    per_item_questions = sum(len(i.questions) for i in target.items) / len(target.items)
    median_item_ms = pilot.get("median_rt_ms", config.rt_median_ms * per_item_questions)
    assigned = plan_item_ids(loaded.study, "PLAN001") & {i.id for i in target.items}
    rows = plan_rows(loaded, config, raters=raters, n_items=items, runs=runs,
                     target_width=target_width, seed=seed,
                     model_right=model_outcomes(loaded, target),
                     per_person_items=len(assigned) or items, median_item_ms=median_item_ms,
                     target=target)
    return Plan(rows, target, pilot, config)
