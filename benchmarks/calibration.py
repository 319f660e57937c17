"""Coverage of the export's confidence intervals, checked against a known truth.

`python -m benchmarks.calibration [--replicates N] [--export-replicates E] [--bt-replicates T]
[--bootstrap B] [--seed S]` simulates replicate studies with a known truth and prints, per
interval kind, the share of replicates whose 95% interval covers the truth with its
Clopper-Pearson 95% interval (`scipy.stats.binomtest`).

- Human score and gap (N replicates): R raters of varying skill answer every one of I items
  of varying difficulty (P(correct) = logistic(skill - difficulty), skill ~ N(0.8, 0.8),
  difficulty ~ N(0, 1.2), both drawn anew for every replicate), and a model answers the same
  items with its own skill (1.0). The truth is the population mean: a new rater on a new
  item, E[logistic(skill - difficulty)], and the model's expected accuracy on a new item; the
  gap is their difference. The intervals come from the functions the export calls
  (`app.results.intervals`).
- Krippendorff's alpha (N replicates): the same raters and items on a question of three
  options, the gold uniform over them, a wrong answer uniform over the other two. The
  population's nominal alpha is 1 - D_o / D_e with D_e = 1 - 1/3 (every value equally likely)
  and D_o = 1 - E_d[pi(d)^2 + (1 - pi(d))^2 / 2], pi(d) = E_skill[logistic(skill - d)]: two
  new raters on a new item agree when both are right or both pick the same wrong option
  (`alpha_truth`; tests/benchmarks/test_calibration.py checks it against alpha on 400 x 4000
  simulated answers). The intervals are `app.results.agreement.alpha_with_ci`'s.
- Bradley-Terry strength (T replicates): four systems of known log-strengths (centred) are
  compared on I items, each item one pair (every pair equally often), each judged by the R
  raters, P(a preferred) = logistic(s_a - s_b); the intervals are `app.kinds.bradley_terry.
  fit`'s. A replicate counts one system (the r-th, cyclically), so that the replicates are
  independent trials.
- Through the export (E replicates): the choice question's replicate written as a real study
  folder (study.json, the model's predictions.csv), its answers imported into a new SQLite
  database (`app.responses_import`), `exporters.export_all.export_all` run on it, and the
  "all raters" rows of human_scores.csv, gaps.csv (against the model) and alpha's row of
  agreement.csv read back and checked against the truths above.

docs/results.md holds the table of the default run (400 replicates, 200 of Bradley-Terry,
100 through the export, 1000 resamples); tests/benchmarks/test_calibration.py runs a short
seeded variant.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.special import expit, roots_hermitenorm

from app.kinds.bradley_terry import Judgment, fit
from app.resampling import resample_counts, seeded_rng
from app.results.agreement import alpha_with_ci
from app.results.bootstrap import boot_mean_rows
from app.results.intervals import (
    INTERVAL_KINDS,
    clopper_pearson,
    difference_interval,
    jackknife_mean,
    party_data,
    party_interval,
)
from app.results.options import ResultsOptions
from app.results.reliability import ReliabilityData

SKILL, SKILL_SD, DIFFICULTY_SD, MODEL_SKILL = 0.8, 0.8, 1.2, 1.0
N_OPTIONS = 3  # the agreement question's options
STRENGTHS = (-0.6, -0.2, 0.2, 0.6)  # the systems' true Bradley-Terry log-strengths (centred)
ALPHA_TARGET, BT_TARGET = "Krippendorff's alpha", "Bradley-Terry strength"


def expected_accuracy(mean: float, sd: float) -> float:
    """E[logistic(Z)], Z ~ N(mean, sd), by Gauss-Hermite quadrature (80 nodes)."""
    nodes, weights = roots_hermitenorm(80)
    return float(np.sum(weights * expit(mean + sd * nodes)) / np.sum(weights))


def truths() -> tuple[float, float]:
    """(the human population's accuracy, the model's) on the item population."""
    human = expected_accuracy(SKILL, math.hypot(SKILL_SD, DIFFICULTY_SD))
    return human, expected_accuracy(MODEL_SKILL, DIFFICULTY_SD)


def alpha_truth(n_options: int = N_OPTIONS) -> float:
    """The population's nominal Krippendorff's alpha of `choice_answers`' raters."""
    nodes, weights = roots_hermitenorm(80)
    right = np.array([expected_accuracy(SKILL - DIFFICULTY_SD * x, SKILL_SD) for x in nodes])
    agree = float(np.sum(weights * (right ** 2 + (1 - right) ** 2 / (n_options - 1)))
                  / np.sum(weights))
    return 1 - (1 - agree) / (1 - 1 / n_options)


def choice_answers(rng: np.random.Generator, n_raters: int, n_items: int,
                   n_options: int = N_OPTIONS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(gold, answers, model): option codes of the items' gold (items), the raters' answers
    (raters x items) and the model's (items); right with probability logistic(skill -
    difficulty), else one of the other options at random."""
    skill = rng.normal(SKILL, SKILL_SD, n_raters)
    difficulty = rng.normal(0, DIFFICULTY_SD, n_items)
    gold = rng.integers(0, n_options, n_items)

    def answer(p: np.ndarray) -> np.ndarray:
        wrong = (gold + rng.integers(1, n_options, p.shape)) % n_options
        return np.where(rng.random(p.shape) < p, gold, wrong)

    return (gold, answer(expit(skill[:, None] - difficulty)),
            answer(expit(MODEL_SKILL - difficulty)))


def reliability(answers: np.ndarray) -> ReliabilityData:
    """The raters x items codes as the agreement functions take them (a unit per item)."""
    n_raters, n_items = answers.shape
    units = [f"i{j}" for j in range(n_items)]
    return ReliabilityData([f"R{r}" for r in range(n_raters)], units, np.array(units),
                           answers.astype(float), np.arange(N_OPTIONS, dtype=float))


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


def run_alpha(n_replicates: int, n_boot: int, seed: int, n_raters: int = 8, n_items: int = 60,
              kinds: tuple[str, ...] = INTERVAL_KINDS) -> dict[tuple[str, str], Coverage]:
    """Coverage of `alpha_with_ci`'s interval of every kind (the export's default first)."""
    truth = alpha_truth()
    table: dict[tuple[str, str], Coverage] = {}
    rng = seeded_rng(f"{seed}:calibration-alpha:{n_raters}x{n_items}")
    for r in range(n_replicates):
        rd = reliability(choice_answers(rng, n_raters, n_items)[1])
        for kind in kinds:
            options = ResultsOptions(n_boot=n_boot, seed=seed, interval=kind)  # type: ignore[arg-type]
            _, low, high = alpha_with_ci(rd, "nominal", options, salt=f"calibration:{r}")
            table.setdefault((ALPHA_TARGET, kind), Coverage()).add(low, high, truth)
    return table


def run_bradley_terry(n_replicates: int, n_boot: int, seed: int, n_raters: int = 8,
                      n_items: int = 60) -> dict[tuple[str, str], Coverage]:
    """Coverage of the strengths' intervals (`app.kinds.bradley_terry.fit`, over items)."""
    truth = np.asarray(STRENGTHS) - np.mean(STRENGTHS)
    pairs = [(a, b) for a in range(len(truth)) for b in range(a + 1, len(truth))]
    rng = seeded_rng(f"{seed}:calibration-bt:{n_raters}x{n_items}")
    coverage = Coverage()
    for r in range(n_replicates):
        judgments = []
        for j in range(n_items):
            a, b = pairs[j % len(pairs)]
            won = rng.random(n_raters) < expit(truth[a] - truth[b])
            judgments += [Judgment(f"i{j}", f"s{a}", f"s{b}", "a" if w else "b") for w in won]
        found = fit(judgments, n_boot=n_boot, seed=f"{seed}:calibration-bt:{r}")
        row = found.rows[r % len(truth)]
        coverage.add(row.ci_low, row.ci_high, float(truth[int(row.system[1:])]))
    return {(BT_TARGET, "items"): coverage}


def write_study(folder: Path, gold: np.ndarray, answers: np.ndarray, model: np.ndarray) -> Path:
    """A study folder of one choice question (the model's predictions beside it) and the
    raters' answers as an import CSV; the CSV's path."""
    keys = [chr(ord("a") + k) for k in range(N_OPTIONS)]
    items = [{"id": f"i{j:03d}", "stimulus": {"kind": "text", "text": f"item {j}"},
              "questions": [{"id": "label", "kind": "choice", "prompt": "Which one?",
                             "options": [{"key": k, "label": k.upper()} for k in keys],
                             "gold": keys[g]}]} for j, g in enumerate(gold)]
    folder.mkdir(parents=True)
    (folder / "study.json").write_text(json.dumps({
        "format_version": 1, "id": "calibration", "title": "Calibration replicate",
        "design": {"shuffle_items": False},
        "models": {"predictions": [{"file": "predictions.csv"}]}, "items": items}))
    with (folder / "predictions.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["model", "item_id", "question_id", "prediction"])
        writer.writerows(["simulated-model", f"i{j:03d}", "label", keys[m]]
                         for j, m in enumerate(model))
    path = folder.parent / "responses.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["participant", "item_id", "question_id", "answer", "rt_ms"])
        writer.writerows([f"R{r}", f"i{j:03d}", "label", keys[a], 1500]
                         for r, row in enumerate(answers) for j, a in enumerate(row))
    return path


def exported_intervals(folder: Path, gold: np.ndarray, answers: np.ndarray, model: np.ndarray,
                       options: ResultsOptions) -> dict[str, tuple[float, float]]:
    """One replicate through the real export: study folder, SQLite database, import, export;
    the all-raters intervals read back from the files."""
    from app.responses_import import import_responses_csv
    from app.storage import open_database
    from app.study.loader import load_study
    from exporters.export_all import export_all

    responses = write_study(folder / "study", gold, answers, model)
    loaded = load_study(folder / "study")
    db = open_database(f"sqlite:///{folder / 'study.sqlite3'}")
    try:
        import_responses_csv(loaded, db, responses)
        export_all(loaded, db, folder / "out", options=options)
    finally:
        db.close()
    human = pd.read_csv(folder / "out" / "human_scores.csv")
    human = human[(human["who"] == "all raters") & (human["metric"] == "accuracy")
                  & (human["category"] == "all")]
    gaps = pd.read_csv(folder / "out" / "gaps.csv")
    gaps = gaps[(gaps["human"] == "all raters") & (gaps["model"] == "simulated-model")
                & (gaps["metric"] == "accuracy") & (gaps["category"] == "all")]
    agreement = pd.read_csv(folder / "out" / "agreement.csv")
    agreement = agreement[agreement["statistic"] == "krippendorff_alpha"]
    return {target: (float(rows["ci_low"].iloc[0]), float(rows["ci_high"].iloc[0]))
            for target, rows in (("human score", human), ("gap", gaps),
                                 (ALPHA_TARGET, agreement))
            if len(rows) == 1}


def run_export(n_replicates: int, n_boot: int, seed: int, n_raters: int = 8,
               n_items: int = 60) -> dict[tuple[str, str], Coverage]:
    """Coverage of the default intervals as the exported files give them."""
    human_truth, model_truth = truths()
    truth = {"human score": human_truth, "gap": human_truth - model_truth,
             ALPHA_TARGET: alpha_truth()}
    table = {(target, "export: raters+items"): Coverage() for target in truth}
    rng = seeded_rng(f"{seed}:calibration-export:{n_raters}x{n_items}")
    with tempfile.TemporaryDirectory(prefix="calibration-") as tmp:
        for r in range(n_replicates):
            gold, answers, model = choice_answers(rng, n_raters, n_items)
            found = exported_intervals(Path(tmp) / f"r{r}", gold, answers, model,
                                       ResultsOptions(n_boot=n_boot, seed=seed + r))
            for target in truth:
                low, high = found.get(target, (math.nan, math.nan))
                table[(target, "export: raters+items")].add(low, high, truth[target])
    return table


def run_all(n_replicates: int, n_boot: int, seed: int, n_raters: int = 8, n_items: int = 60,
            n_export: int = 100, n_bt: int = 200) -> dict[tuple[str, str], Coverage]:
    """Every row of the suite's table."""
    return {**run(n_replicates, n_boot, seed, n_raters, n_items),
            **run_alpha(n_replicates, n_boot, seed, n_raters, n_items),
            **run_bradley_terry(n_bt, n_boot, seed, n_raters, n_items),
            **run_export(n_export, n_boot, seed, n_raters, n_items)}


def format_table(table: dict[tuple[str, str], Coverage], n_raters: int, n_items: int) -> str:
    lines = [f"Coverage of the 95% intervals: {n_raters} raters x {n_items} items "
             "(replicates: the coverage's denominator)",
             "| interval of | kind | coverage | 95% CI of the coverage | mean width | "
             "no interval |", "|---|---|---|---|---|---|"]
    for (target, kind), c in table.items():
        low, high = c.band
        default = " (default)" if kind == "raters+items" or (
            target == BT_TARGET and kind == "items") else ""
        lines.append(f"| {target} | {kind}{default} | {c.covered}/{c.total} = {c.share:.3f} | "
                     f"[{low:.3f}, {high:.3f}] | {c.mean_width:.3f} | {c.no_interval} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=400)
    parser.add_argument("--bootstrap", type=int, default=1000)
    parser.add_argument("--export-replicates", type=int, default=100,
                        help="replicates run through the real export (database to files)")
    parser.add_argument("--bt-replicates", type=int, default=200,
                        help="replicates of the Bradley-Terry strengths")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--raters", type=int, default=8)
    parser.add_argument("--items", type=int, default=60)
    args = parser.parse_args(argv)
    if (min(args.replicates, args.raters, args.items, args.export_replicates,
            args.bt_replicates) < 1 or args.bootstrap < 10):
        print("calibration: --replicates, --export-replicates, --bt-replicates, --raters and "
              "--items must be at least 1, --bootstrap at least 10", file=sys.stderr)
        return 2
    table = run_all(args.replicates, args.bootstrap, args.seed, args.raters, args.items,
                    args.export_replicates, args.bt_replicates)
    print(format_table(table, args.raters, args.items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
