"""Per-item values and bootstrap statistics of every scored party in every breakdown cell: what
the human-vs-model comparisons (gaps.csv, human_range.csv) are computed from.

The cells are `score_rows.subsets` built with the same options as `compute_results`, so the
resampled items are the very draws behind the CIs of human_scores.csv and model_scores.csv: a
tier's statistic on a resample is the mean over its raters of each rater's (as there), the
pooled human and each model have their own.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from app.results.options import ResultsOptions
from app.results.score_rows import ALL, Subset, subsets
from app.results.scorers import scorer_for
from app.results.summary import StudyResults

HUMANS = "all raters"


@dataclass
class Party:
    """One side of a comparison on one cell."""

    kind: str  # tier, humans, pooled, model
    name: str
    items: np.ndarray  # per-item values on the cell's items (NaN: none), as one row
    boot: np.ndarray  # its main metric on each resample (empty without bootstrap)
    n_raters: int = 0


@dataclass
class Cell:
    subset: Subset
    rater_scores: dict[str, float] = field(default_factory=dict)  # rater -> main metric
    rater_items: dict[str, np.ndarray] = field(default_factory=dict)  # rater -> per-item values
    humans: list[Party] = field(default_factory=list)  # tiers, all raters, pooled
    models: list[Party] = field(default_factory=list)
    model_illustrative: dict[str, bool] = field(default_factory=dict)

    @property
    def question_id(self) -> str:
        return self.subset.group.question_id

    @property
    def main(self) -> str:
        return self.subset.scorer.main


def _nanmean_rows(rows: np.ndarray) -> np.ndarray:
    if rows.size == 0:
        return np.full(rows.shape[1] if rows.ndim == 2 else 0, np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a column where no row has a value
        return np.nanmean(rows, axis=0)


def party_cells(results: StudyResults, *, answers: dict[str, pd.DataFrame] | None = None,
                options: ResultsOptions | None = None) -> Iterator[Cell]:
    """Every breakdown cell of every scored group with its human parties and models.
    `answers` (question id -> human answers) defaults to the results' own."""
    options = options or results.options
    answers = results.answers if answers is None else answers
    for group in results.groups:
        scorer = scorer_for(group)
        group_answers = answers.get(group.question_id)
        if scorer is None or group_answers is None or group_answers.empty:
            continue
        models = results.predictions.answers(group)
        for subset in subsets(group, scorer, set(group_answers["item_id"].unique()), options):
            sub = (group_answers if subset.category == ALL
                   else group_answers[group_answers["item_id"].isin(subset.item_ids)])
            if not sub.empty:
                yield _cell(subset, sub, models, results.predictions.illustrative, options)


def _cell(subset: Subset, sub: pd.DataFrame, models: dict[str, pd.DataFrame],
          illustrative: dict[str, bool], options: ResultsOptions) -> Cell:
    group, scorer = subset.group, subset.scorer
    by_rater = {str(p): rows for p, rows in sub.groupby("participant", sort=True)}
    scored = scorer.score_parties(group, by_rater)
    codes = list(by_rater)
    values = [scored[c][1] for c in codes]
    matrix = subset.matrix(values)
    boot = subset.boot_rows(values)
    cell = Cell(subset)
    for k, code in enumerate(codes):
        cell.rater_scores[code] = scored[code][0].get(scorer.main, np.nan)
        cell.rater_items[code] = matrix[k]
    tiers = {c: str(rows["tier"].iloc[0]) for c, rows in by_rater.items()}
    for tier in sorted({t for t in tiers.values() if t}):
        rows = [k for k, c in enumerate(codes) if tiers[c] == tier]
        cell.humans.append(Party("tier", tier, _nanmean_rows(matrix[rows]),
                                 _nanmean_rows(boot[rows]), len(rows)))
    cell.humans.append(Party("humans", HUMANS, _nanmean_rows(matrix), _nanmean_rows(boot),
                             len(codes)))
    pooled = scorer.pooled(group, sub, options)
    if pooled is not None:
        cell.humans.append(Party("pooled", pooled.label, subset.matrix([pooled.values])[0],
                                 subset.boot_rows([pooled.values])[0], len(codes)))
    subs = {m: a[a["item_id"].isin(subset.item_ids)] for m, a in models.items()}
    subs = {m: s for m, s in subs.items() if not s.empty}
    model_scored = scorer.score_parties(group, subs)
    for model in subs:
        series = model_scored[model][1]
        cell.models.append(Party("model", model, subset.matrix([series])[0],
                                 subset.boot_rows([series])[0]))
        cell.model_illustrative[model] = illustrative.get(model, False)
    return cell
