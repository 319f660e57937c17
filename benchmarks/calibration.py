"""Coverage of the export's confidence intervals, checked against a known truth.

`python -m benchmarks.calibration [--replicates N] [--bootstrap B] [--seed S]` simulates N
replicate studies: R raters of varying skill answer every one of I items of varying
difficulty (P(correct) = logistic(skill - difficulty), skill ~ N(0.8, 0.8), difficulty ~
N(0, 1.2), both drawn anew for every replicate), and a model answers the same items with its
own skill (1.0). The truth is the population mean: a new rater on a new item,
E[logistic(skill - difficulty)], and the model's expected accuracy on a new item; the gap is
their difference. Each replicate's intervals come from the functions the export calls
(`app.results.intervals`: the multiplicity tables, the raters' draws, BCa, the exact
fallbacks) and the table gives, per interval kind, the share of replicates whose 95%
interval covers the truth with its Clopper-Pearson 95% interval. docs/results.md holds the
table of the default run (400 replicates, 1000 resamples); tests/benchmarks/
test_calibration.py runs a short seeded variant.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass

import numpy as np
from scipy.special import expit, roots_hermitenorm

from app.resampling import resample_counts, seeded_rng
from app.results.bootstrap import boot_mean_rows
from app.results.intervals import (
    INTERVAL_KINDS,
    clopper_pearson,
    difference_interval,
    jackknife_mean,
    party_data,
    party_interval,
)

SKILL, SKILL_SD, DIFFICULTY_SD, MODEL_SKILL = 0.8, 0.8, 1.2, 1.0


def expected_accuracy(mean: float, sd: float) -> float:
    """E[logistic(Z)], Z ~ N(mean, sd), by Gauss-Hermite quadrature (80 nodes)."""
    nodes, weights = roots_hermitenorm(80)
    return float(np.sum(weights * expit(mean + sd * nodes)) / np.sum(weights))


def truths() -> tuple[float, float]:
    """(the human population's accuracy, the model's) on the item population."""
    human = expected_accuracy(SKILL, math.hypot(SKILL_SD, DIFFICULTY_SD))
    return human, expected_accuracy(MODEL_SKILL, DIFFICULTY_SD)


@dataclass
class Coverage:
    covered: int = 0
    total: int = 0
    no_interval: int = 0
    width: float = 0.0

    def add(self, low: float, high: float, truth: float) -> None:
        self.total += 1
        if not (math.isfinite(low) and math.isfinite(high)):
            self.no_interval += 1
            return
        self.covered += int(low <= truth <= high)
        self.width += high - low

    @property
    def share(self) -> float:
        return self.covered / self.total if self.total else math.nan

    @property
    def band(self) -> tuple[float, float]:
        return clopper_pearson(self.covered, self.total) if self.total else (math.nan, math.nan)

    @property
    def mean_width(self) -> float:
        shown = self.total - self.no_interval
        return self.width / shown if shown else math.nan


def replicate(rng: np.random.Generator, n_raters: int, n_items: int, n_boot: int, key: str,
              kinds: tuple[str, ...]) -> dict[tuple[str, str], tuple[float, float]]:
    """One simulated study's intervals: (target, kind) -> (low, high)."""
    skill = rng.normal(SKILL, SKILL_SD, n_raters)
    difficulty = rng.normal(0, DIFFICULTY_SD, n_items)
    answers = (rng.random((n_raters, n_items)) < expit(skill[:, None] - difficulty)).astype(float)
    model = (rng.random(n_items) < expit(MODEL_SKILL - difficulty)).astype(float)[None, :]
    counts = resample_counts(n_items, n_boot, f"{key}:all=all", dtype=float)
    m_data = party_data(model, boot_mean_rows(model, counts), model.mean(axis=1),
                        jackknife_mean(model), "single", f"{key}:model")
    boot = boot_mean_rows(answers, counts)
    out = {}
    for kind in kinds:
        h_data = party_data(answers, boot, answers.mean(axis=1), jackknife_mean(answers), kind,
                            f"{key}:raters:humans")
        human = party_interval(h_data)
        gap = difference_interval(h_data, m_data, h_data.estimate - m_data.estimate)
        out[("human score", kind)] = (human.low, human.high)
        out[("gap", kind)] = (gap.low, gap.high)
    return out


def run(n_replicates: int, n_boot: int, seed: int, n_raters: int = 8, n_items: int = 60,
        kinds: tuple[str, ...] = INTERVAL_KINDS) -> dict[tuple[str, str], Coverage]:
    human_truth, model_truth = truths()
    truth = {"human score": human_truth, "gap": human_truth - model_truth}
    table: dict[tuple[str, str], Coverage] = {}
    rng = seeded_rng(f"{seed}:calibration:{n_raters}x{n_items}")
    for r in range(n_replicates):
        for (target, kind), (low, high) in replicate(rng, n_raters, n_items, n_boot,
                                                     f"{seed}:calibration:{r}", kinds).items():
            table.setdefault((target, kind), Coverage()).add(low, high, truth[target])
    return table


def format_table(table: dict[tuple[str, str], Coverage], n_raters: int, n_items: int) -> str:
    lines = [f"Coverage of the 95% intervals: {n_raters} raters x {n_items} items, "
             f"{next(iter(table.values())).total} replicates",
             "| interval of | kind | coverage | 95% CI of the coverage | mean width | "
             "no interval |", "|---|---|---|---|---|---|"]
    for (target, kind), c in table.items():
        low, high = c.band
        default = " (default)" if kind == "raters+items" else ""
        lines.append(f"| {target} | {kind}{default} | {c.covered}/{c.total} = {c.share:.3f} | "
                     f"[{low:.3f}, {high:.3f}] | {c.mean_width:.3f} | {c.no_interval} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=400)
    parser.add_argument("--bootstrap", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--raters", type=int, default=8)
    parser.add_argument("--items", type=int, default=60)
    args = parser.parse_args(argv)
    if args.replicates < 1 or args.bootstrap < 10 or args.raters < 1 or args.items < 1:
        print("calibration: --replicates, --raters and --items must be at least 1, "
              "--bootstrap at least 10", file=sys.stderr)
        return 2
    table = run(args.replicates, args.bootstrap, args.seed, args.raters, args.items)
    print(format_table(table, args.raters, args.items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
