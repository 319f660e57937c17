"""How many raters per item a study needs: a seeded Monte Carlo on the simulator's participant
model (`app.simulation.answers`, the model `simulate` uses), for `baseline-studio plan`.

For each run: N items drawn (with replacement) from the study's items of the planned question,
each with its difficulty drawn afresh from the run's seed (the items stand for a population),
and the largest number of raters asked for, each a simulated person (tier accuracy plus a
personal offset, rating bias and noise). A design with r raters per item uses the first r of
them, so designs are compared on the same draws (common random numbers: their differences are
not noise). Each run gives, for each design, the human score (choice: accuracy against gold, or
the agreement with the item's simulated truth without gold; rating: the mean rating), the gap to
each model with predictions (human accuracy minus the model's on the same items) and
Krippendorff's alpha of the r raters. The expected confidence-interval width of each is the
width of the normal 95% interval of its distribution over the runs (2 x 1.96 x its standard
deviation): what a study of that design would report, around where it would land.

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
from app.simulation.answers import Person, answer_question, expit, item_latent, logit
from app.simulation.config import SimulationConfig
from app.study.loader import LoadedStudy
from app.study.model import Item, MeasurementLevel, Question

PLAN_COLUMNS = ["raters_per_item", "n_items", "n_participants", "expected_ci_width_human",
                "expected_ci_width_gap", "expected_ci_width_alpha", "hours_of_work",
                "recommended"]
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


def plan_target(loaded: LoadedStudy) -> PlanTarget | None:
    """The study's first question on trial items of a kind the plan sizes (choice, rating:
    `Kind.plan_level`)."""
    found: dict[tuple[str, str], list[tuple[Item, Question]]] = {}
    for item in loaded.study.items:
        if item.role != "trial" or loaded.study.block(item.block).kind == "practice":
            continue
        for q in item.questions:
            if kind_of(q).plan_level is not None and q.scoring.include:
                found.setdefault((q.id, q.kind), []).append((item, q))
    if not found:
        return None
    (question_id, kind), pairs = next(iter(found.items()))
    level = kind_named(kind).plan_level
    assert level is not None  # only such kinds were gathered
    return PlanTarget(question_id, kind, [i for i, _ in pairs], [q for _, q in pairs], level)


def _persons(rng: random.Random, config: SimulationConfig, n: int) -> list[Person]:
    return [Person(logit_accuracy=logit(config.default_accuracy) + rng.gauss(0, config.ability_sd),
                   rating_bias=rng.gauss(0.0, config.rating_noise / 3),
                   rating_sd=config.rating_noise, speed=1.0, comment_rate=0.0)
            for _ in range(n)]


def _run(target: PlanTarget, config: SimulationConfig, n_items: int, max_raters: int,
         run_seed: int, model_right: dict[str, dict[str, float]]
         ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
    """One run: (score matrix raters x items, answers matrix raters x items for alpha,
    each model's right/wrong on the drawn items)."""
    rng = random.Random(f"plan:{run_seed}")
    picks = [rng.randrange(len(target.items)) for _ in range(n_items)]
    persons = _persons(rng, config, max_raters)
    scores = np.full((max_raters, n_items), np.nan)
    values = np.full((max_raters, n_items), np.nan)
    kind = target.planned_kind
    for k, pick in enumerate(picks):
        item, question = target.items[pick], target.questions[pick]
        latent = item_latent(run_seed, item)
        for r, person in enumerate(persons):
            answer = answer_question(rng, item, question, latent, person,
                                     expit(person.logit_accuracy - latent.difficulty))
            scores[r, k], values[r, k] = kind.plan_point(question, latent, answer)
    models = {name: np.array([right.get(target.items[p].id, np.nan) for p in picks])
              for name, right in model_right.items()}
    return scores, values, models


def _alpha(values: np.ndarray, level: MeasurementLevel) -> float:
    finite = values[np.isfinite(values)]
    if values.shape[0] < 2 or np.unique(finite).size < 2:
        return math.nan
    return float(krippendorff.alpha(reliability_data=values, level_of_measurement=level))


def plan_rows(loaded: LoadedStudy, config: SimulationConfig, *, raters: tuple[int, ...],
              n_items: int, runs: int, target_width: float, seed: int,
              model_right: dict[str, dict[str, float]], per_person_items: int,
              median_item_ms: float) -> list[dict[str, Any]]:
    """plan.csv rows, one per number of raters per item, the recommended one marked."""
    target = plan_target(loaded)
    if target is None:
        return []
    z = float(norm.ppf(0.975))
    top = max(raters)
    human: dict[int, list[float]] = {r: [] for r in raters}
    gaps: dict[int, dict[str, list[float]]] = {r: {m: [] for m in model_right} for r in raters}
    alphas: dict[int, list[float]] = {r: [] for r in raters}
    for run in range(runs):
        scores, values, models = _run(target, config, n_items, top, seed * 1_000_003 + run,
                                      model_right if target.planned_kind.plan_model_gap else {})
        for r in raters:
            per_item = np.nanmean(scores[:r], axis=0)
            human[r].append(float(np.nanmean(per_item)))
            for name, right in models.items():
                both = np.isfinite(right) & np.isfinite(per_item)
                if both.any():
                    gaps[r][name].append(float(per_item[both].mean() - right[both].mean()))
            alphas[r].append(_alpha(values[:r], target.level))
    rows = []
    for r in raters:
        gap_widths = [2 * z * float(np.std(v, ddof=1)) for v in gaps[r].values() if len(v) > 1]
        rows.append({
            "raters_per_item": r, "n_items": n_items,
            "n_participants": math.ceil(r * n_items / max(1, per_person_items)),
            "expected_ci_width_human": _width(human[r], z),
            "expected_ci_width_gap": max(gap_widths) if gap_widths else math.nan,
            "expected_ci_width_alpha": _width(alphas[r], z),
            "hours_of_work": r * n_items * median_item_ms / 3_600_000,
            "recommended": False,
        })
    for row in rows:  # the smallest design whose widths are all at or under the target
        widths = [row[c] for c in ("expected_ci_width_human", "expected_ci_width_gap",
                                   "expected_ci_width_alpha") if not math.isnan(row[c])]
        if widths and max(widths) <= target_width:
            row["recommended"] = True
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
              rt_median_ms: float = 2500.0) -> Plan | None:
    """Everything `baseline-studio plan` and the designer's Plan view show; None when the
    study has no choice or rating question to plan for. `pilot_frame`: a pilot's responses
    (`app.results.frame.responses_frame`), or None."""
    from app.session.plan import plan_item_ids

    target = plan_target(loaded)
    if target is None:
        return None
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
                     per_person_items=len(assigned) or items, median_item_ms=median_item_ms)
    return Plan(rows, target, pilot, config)
