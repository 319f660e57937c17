"""What a kind's simulated answer is drawn from: the item's latent traits and the person's.

Plain data, here so that each kind (`Kind.simulate`) can draw its answer without importing
the simulator (`app.simulation`, which drives the session engine); the model itself is
described in `app.simulation.answers`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


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


@dataclass(frozen=True)
class Person:
    """A synthetic participant's constant traits."""

    logit_accuracy: float  # tier accuracy plus own ability offset, in log-odds
    rating_bias: float  # added to every rating
    rating_sd: float  # noise of each rating
    speed: float  # multiplies response times
    comment_rate: float  # chance of writing an optional comment
