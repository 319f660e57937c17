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
from functools import lru_cache
from typing import Any

from app.kinds import kind_of
from app.kinds.simulated import ItemLatent, Person
from app.study.model import Item, Question

ITEM_DIFFICULTY_SD = 0.5  # log-odds
RT_PER_DIFFICULTY = 0.4  # log-RT per unit of difficulty: harder items are slower

__all__ = ["ItemLatent", "Person", "answer_question", "expit", "item_latent", "logit",
           "response_time_ms"]


def logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def expit(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def item_latent(seed: int, item: Item) -> ItemLatent:
    return _item_latent(seed, item.id)


def latent_of(seed: int, key: str) -> ItemLatent:
    """`item_latent` of an item known by `key` alone: the plan draws each sampled position of
    an item as a new item of the population (its own difficulty and truth)."""
    return _item_latent(seed, key)


@lru_cache(maxsize=65_536)
def _item_latent(seed: int, item_id: str) -> ItemLatent:
    rng = random.Random(f"sim-item:{seed}:{item_id}")
    return ItemLatent(difficulty=rng.gauss(0.0, ITEM_DIFFICULTY_SD), rng_seed=f"sim-latent:{seed}:{item_id}")


def answer_question(rng: random.Random, item: Item, question: Question, latent: ItemLatent,
                    person: Person, p_correct: float) -> Any:
    """The answer in the shape the engine accepts (normalized by it afterwards); each kind
    draws its own (`Kind.simulate`, the rules above)."""
    return kind_of(question).simulate(rng, item, question, latent, person, p_correct)


def response_time_ms(rng: random.Random, median_ms: float, sigma: float, latent: ItemLatent,
                     person: Person) -> float:
    """Log-normal: median * speed * exp(difficulty effect) * exp(N(0, sigma)), in ms."""
    log_rt = math.log(median_ms * person.speed) + RT_PER_DIFFICULTY * latent.difficulty
    return max(50.0, math.exp(log_rt + rng.gauss(0.0, sigma)))
