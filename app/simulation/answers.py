"""How a synthetic participant answers one question, and how long it takes.

The model, kept simple enough to state in a demo's caption:

- Each participant has a probability of giving the gold answer, p. Its log-odds are the tier's
  accuracy, plus a shift for each item category with an accuracy of its own (that category's
  log-odds minus the default's, so a participant of the default tier gets exactly the category's
  accuracy), plus the participant's own ability offset, minus the item's difficulty. Item
  difficulty is drawn once per item from the seed: every laptop agrees on it.
- choice: the gold option with probability p, else another one. Without gold, each item has a
  "popular" option drawn from the seed that takes the place of gold.
- rating: around gold (or, without gold, the item's latent mean drawn from the seed) plus the
  participant's bias and normal noise with the given SD, snapped to the scale; N/A now and then
  where the scale allows it.
- relevance: each document's gold grade with probability p, else another grade.
- ranking: the gold order (or the item's latent order) sorted again by position plus noise
  whose SD grows as p falls.
- clustering: the gold grouping with each card moved to another group with probability 1-p;
  groups are named by the participant ("group 1", ...), not with the gold labels.
- text: a comment from a bank written for this purpose, with the given rate (always when required).
- response time: log-normal around the median, slower on harder items and for slower people.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from app.study.answers import NA, item_document_ids
from app.study.model import (
    ChoiceQuestion,
    ClusteringQuestion,
    Item,
    Question,
    RankingQuestion,
    RatingQuestion,
    RelevanceQuestion,
    TextQuestion,
)

ITEM_DIFFICULTY_SD = 0.5  # log-odds
RT_PER_DIFFICULTY = 0.4  # log-RT per unit of difficulty: harder items are slower
NA_RATE = 0.02

COMMENTS = [
    "[simulated] Clear enough; I answered quickly.",
    "[simulated] Hard to decide between two of the options.",
    "[simulated] The second half did not fit the first.",
    "[simulated] I would want a closer look before deciding.",
    "[simulated] Nothing stood out either way.",
    "[simulated] Unusual wording, but it works.",
]


def logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def expit(x: float) -> float:
    return 1 / (1 + math.exp(-x))


@dataclass(frozen=True)
class ItemLatent:
    """What every simulated participant agrees on about an item, drawn from the seed."""

    difficulty: float
    rng_seed: str
    truths: dict[str, Any] = field(default_factory=dict, compare=False)

    def truth(self, question_id: str, draw: Callable[[random.Random], Any]) -> Any:
        """A question's latent answer where it has no gold, drawn once (read it, never change it)."""
        if question_id not in self.truths:
            self.truths[question_id] = draw(random.Random(f"{self.rng_seed}:{question_id}"))
        return self.truths[question_id]


def item_latent(seed: int, item: Item) -> ItemLatent:
    return _item_latent(seed, item.id)


@lru_cache(maxsize=65_536)
def _item_latent(seed: int, item_id: str) -> ItemLatent:
    rng = random.Random(f"sim-item:{seed}:{item_id}")
    return ItemLatent(difficulty=rng.gauss(0.0, ITEM_DIFFICULTY_SD), rng_seed=f"sim-latent:{seed}:{item_id}")


@dataclass(frozen=True)
class Person:
    """A synthetic participant's constant traits."""

    logit_accuracy: float  # tier accuracy plus own ability offset, in log-odds
    rating_bias: float  # added to every rating
    rating_sd: float  # noise of each rating
    speed: float  # multiplies response times
    comment_rate: float  # chance of writing an optional comment


def answer_question(rng: random.Random, item: Item, question: Question, latent: ItemLatent,
                    person: Person, p_correct: float) -> Any:
    """The answer in the shape the engine accepts (normalized by it afterwards)."""
    if isinstance(question, ChoiceQuestion):
        keys = [o.key for o in question.options]
        target = question.gold or latent.truth(question.id, lambda r: r.choice(keys))
        if rng.random() < p_correct:
            return target
        return rng.choice([k for k in keys if k != target])
    if isinstance(question, RatingQuestion):
        return _rating(rng, question, latent, person)
    if isinstance(question, RelevanceQuestion):
        grades = [g.value for g in question.grades]
        docs = item_document_ids(item)
        grade_of = question.gold or latent.truth(
            question.id, lambda r: {d: r.choice(grades) for d in docs})
        return {d: grade_of[d] if rng.random() < p_correct
                else rng.choice([g for g in grades if g != grade_of[d]]) for d in docs}
    if isinstance(question, RankingQuestion):
        docs = item_document_ids(item)
        order = list(question.gold or latent.truth(question.id, lambda r: r.sample(docs, len(docs))))
        noise = (1 - p_correct) * len(order)
        return [d for _, d in sorted((i + rng.gauss(0.0, noise), d) for i, d in enumerate(order))]
    if isinstance(question, ClusteringQuestion):
        return _clustering(rng, item, question, latent, p_correct)
    if isinstance(question, TextQuestion):
        if question.required or rng.random() < person.comment_rate:
            return rng.choice(COMMENTS)[: question.max_length]
        return ""
    raise TypeError(f"no simulated answer for {type(question).__name__}")


def _rating(rng: random.Random, question: RatingQuestion, latent: ItemLatent,
            person: Person) -> float | str:
    if question.allow_na and rng.random() < NA_RATE:
        return NA
    points = question.scale_points()
    lo, hi = question.min, question.max
    center = question.gold if question.gold is not None else latent.truth(
        question.id, lambda r: r.uniform(lo + 0.2 * (hi - lo), hi - 0.2 * (hi - lo)))
    value = center + person.rating_bias + rng.gauss(0.0, person.rating_sd)
    return min(points, key=lambda x: abs(x - value))


def _clustering(rng: random.Random, item: Item, question: ClusteringQuestion, latent: ItemLatent,
                p_correct: float) -> dict[str, str]:
    cards = item_document_ids(item)
    n = question.n_groups or max(2, len(cards) // 3)
    truth: dict[str, str] = question.gold or latent.truth(
        question.id, lambda r: {c: f"g{r.randrange(n)}" for c in cards})
    labels = sorted(set(truth.values()))
    answer = {c: truth[c] if rng.random() < p_correct or len(labels) < 2
              else rng.choice([g for g in labels if g != truth[c]]) for c in cards}
    if question.n_groups is not None and len(set(answer.values())) != question.n_groups:
        answer = truth  # moving cards emptied a group the question insists on
    names: dict[str, str] = {}  # the participant names the groups in the order they make them
    return {c: names.setdefault(answer[c], f"group {len(names) + 1}") for c in cards}


def response_time_ms(rng: random.Random, median_ms: float, sigma: float, latent: ItemLatent,
                     person: Person) -> float:
    """Log-normal: median * speed * exp(difficulty effect) * exp(N(0, sigma)), in ms."""
    log_rt = math.log(median_ms * person.speed) + RT_PER_DIFFICULTY * latent.difficulty
    return max(50.0, math.exp(log_rt + rng.gauss(0.0, sigma)))
