"""Bradley-Terry strengths of systems from judgments "which of these two is better", with a
seeded percentile bootstrap over items, and the counts behind them (wins, losses, ties, the
win matrix).

The fit is `choix.ilsr_pairwise_dense` (Maystre & Grossglauser's iterative Luce spectral
ranking, which converges to the maximum-likelihood Bradley-Terry estimate). A tie counts as
half a win for each side, the usual convention when the model itself has no tie outcome. A
small regulariser (choix's `alpha`) keeps the strengths finite when one system wins every
comparison; it shrinks them slightly towards each other (tested: within 0.01 of the exact
estimate on the datasets of tests/app/kinds/test_bradley_terry.py).

Strengths are on choix's scale: natural-log strengths centred on zero over the systems of a
question, so P(i is preferred to j) = 1 / (1 + exp(s_j - s_i)).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import choix
import numpy as np

from app.resampling import percentile_interval, resample_counts

ALPHA = 1e-3  # choix's regulariser: transition rate added between every pair of systems
OUTCOMES = ("a", "b", "tie")


@dataclass(frozen=True)
class Judgment:
    """One rater's judgment of one item: system_a against system_b."""

    unit: str  # what the bootstrap resamples: the item (its raters' judgments go together)
    system_a: str
    system_b: str
    outcome: str  # "a", "b" or "tie": which system was judged better, whatever side it was on


@dataclass(frozen=True)
class SystemRow:
    system: str
    strength: float
    ci_low: float
    ci_high: float
    wins: int
    losses: int
    ties: int
    n_comparisons: int

    @property
    def win_rate(self) -> float:
        """(wins + ties / 2) / comparisons: the share of comparisons won, a tie counting half."""
        if self.n_comparisons == 0:
            return math.nan
        return (self.wins + self.ties / 2) / self.n_comparisons


@dataclass(frozen=True)
class Fit:
    systems: list[str]
    rows: list[SystemRow]
    wins: np.ndarray  # systems x systems: how often row beat column (ties not included)
    ties: np.ndarray  # systems x systems, symmetric: how often row and column tied


def count_tables(judgments: Sequence[Judgment], systems: list[str]
                 ) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(units, wins, ties): per unit, systems x systems tables of wins (row beat column) and
    ties; units x systems x systems each. A judgment of a system against itself is skipped."""
    index = {s: i for i, s in enumerate(systems)}
    units = sorted({j.unit for j in judgments})
    where = {u: k for k, u in enumerate(units)}
    wins = np.zeros((len(units), len(systems), len(systems)))
    ties = np.zeros_like(wins)
    for j in judgments:
        a, b, u = index[j.system_a], index[j.system_b], where[j.unit]
        if a == b or j.outcome not in OUTCOMES:
            continue
        if j.outcome == "a":
            wins[u, a, b] += 1
        elif j.outcome == "b":
            wins[u, b, a] += 1
        else:
            ties[u, a, b] += 1
            ties[u, b, a] += 1
    return units, wins, ties


def strengths(wins: np.ndarray, ties: np.ndarray, alpha: float = ALPHA) -> np.ndarray:
    """Bradley-Terry log-strengths (centred) from a wins table and a ties table: a tie is half
    a win each way. NaN for every system when there is nothing to fit."""
    n = len(wins)
    comparisons = wins + ties / 2
    if n < 2 or comparisons.sum() == 0:
        return np.full(n, math.nan)
    return np.asarray(choix.ilsr_pairwise_dense(comparisons, alpha=alpha, max_iter=10_000,
                                                tol=1e-10), dtype=float)


def fit(judgments: Sequence[Judgment], *, n_boot: int = 1000, seed: int | str = 0,
        confidence: float = 0.95, alpha: float = ALPHA) -> Fit:
    """Strengths with percentile bootstrap intervals over units (items drawn with replacement,
    all of a drawn item's judgments kept; `resample_counts`' seeding), and the counts."""
    systems = sorted({s for j in judgments for s in (j.system_a, j.system_b)})
    units, unit_wins, unit_ties = count_tables(judgments, systems)
    wins, ties = unit_wins.sum(axis=0), unit_ties.sum(axis=0)
    estimate = strengths(wins, ties, alpha)
    boot = np.full((max(n_boot, 0), len(systems)), math.nan)
    if len(units) >= 2:
        for b, counts in enumerate(resample_counts(len(units), n_boot, seed).astype(float)):
            boot[b] = strengths(np.tensordot(counts, unit_wins, axes=1),
                                np.tensordot(counts, unit_ties, axes=1), alpha)
    rows = []
    for i, system in enumerate(systems):
        low, high = percentile_interval(boot[:, i], confidence) if n_boot > 0 else (
            math.nan, math.nan)
        n_ties = int(ties[i].sum())
        won, lost = int(wins[i].sum()), int(wins[:, i].sum())
        rows.append(SystemRow(system, float(estimate[i]), low, high, won, lost, n_ties,
                              won + lost + n_ties))
    return Fit(systems, rows, wins, ties)
