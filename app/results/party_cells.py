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

from app.results.human_scores import AnswersScored, score_answers
from app.results.intervals import PartyData
from app.results.lookup import isin
from app.results.options import ResultsOptions
from app.results.rater_batch import RaterValues, split_raters
from app.results.rater_models import aggregate_pooled, fit_group
from app.results.score_rows import ALL, Subset, subsets
from app.results.scorers import FamilyScorer, scorer_for
from app.results.summary import StudyResults
from app.results.units import QuestionGroup

HUMANS = "all raters"


@dataclass
class Party:
    """One side of a comparison on one cell."""

    kind: str  # tier, humans, pooled, model
    name: str
    items: np.ndarray  # per-item values on the cell's items (NaN: none), as one row
    boot: np.ndarray  # its main metric on each resample (empty without bootstrap)
    n_raters: int = 0
    # What its interval is computed from (`Subset.party`); the test's per-item values and
    # weights (`item_weights`): sum(weights * tested) is the party's reported score.
    data: PartyData | None = None
    tested: np.ndarray | None = None
    weights: np.ndarray | None = None


def item_weights(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(per-item values, weights) of a party whose score is the mean over its rows (raters) of
    each row's mean over its own items: item i weighs w_i = (1/R) sum over the rows r that
    have it of 1/n_r, and its value is those rows' values weighted alike, so that
    sum_i w_i x_i is the party's score exactly, whatever the design (each rater on a
    different number of items). One row: the plain mean (w_i = 1/n)."""
    present = np.isfinite(matrix)
    here = present.any(axis=1)
    m, p = matrix[here], present[here]
    if not len(m):
        return np.full(matrix.shape[1], np.nan), np.zeros(matrix.shape[1])
    per_row = 1.0 / p.sum(axis=1, keepdims=True)  # 1 / n_r
    share = np.where(p, per_row, 0.0)
    weights = share.sum(axis=0) / len(m)
    with np.errstate(invalid="ignore", divide="ignore"):
        values = (np.where(p, m, 0.0) * share).sum(axis=0) / share.sum(axis=0)
    values[weights == 0] = np.nan
    return values, weights


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


@dataclass
class _Scored:
    """A group's parties scored once, on all items: every per-item value is the item's own
    (correct or not, its AP, its rating, the majority vote of its raters...), so a breakdown
    cell's values are these restricted to its items (`Subset.matrix` aligns by item id)."""

    rater_scores: dict[str, float]
    rater_values: RaterValues  # every rater's per-item values, in the raters' order
    tiers: dict[str, str]
    pooled_label: str | None
    pooled_values: pd.Series | None
    model_values: dict[str, pd.Series]
    # (label, per-item values) of the rater models' labels (Dawid-Skene, MACE), scored like
    # the majority vote: pooled humans too, as in human_scores.csv
    aggregates: list[tuple[str, pd.Series]] = field(default_factory=list)


def party_cells(results: StudyResults, *, answers: dict[str, pd.DataFrame] | None = None,
                options: ResultsOptions | None = None) -> Iterator[Cell]:
    """Every breakdown cell of every scored group with its human parties and models.
    `answers` (question id -> human answers) defaults to the results' own."""
    options = options or results.options
    own = answers is None  # the results' own answers: their rater models are fitted already
    answers = results.answers if answers is None else answers
    for group in results.groups:
        scorer = scorer_for(group)
        group_answers = answers.get(group.question_id)
        if scorer is None or group_answers is None or group_answers.empty:
            continue
        fitted = (results.rater_aggregates.get(group.question_id) if own
                  else fit_group(group, group_answers).aggregates)
        known = results.all_items_scored.get(group.question_id) if own else None
        scored = _score_all(scorer, group, group_answers, results.predictions.answers(group),
                            options, fitted or {}, known)
        for subset in subsets(group, scorer, set(group_answers["item_id"].unique()), options):
            sub = (group_answers if subset.category == ALL
                   else group_answers[isin(group_answers["item_id"], subset.item_ids)])
            if not sub.empty:
                yield _cell(subset, sub, scored, results.predictions.illustrative)


def _score_all(scorer: FamilyScorer, group: QuestionGroup, answers: pd.DataFrame,
               models: dict[str, pd.DataFrame], options: ResultsOptions,
               fitted: dict[str, pd.DataFrame], known: AnswersScored | None = None) -> _Scored:
    """`known`: the results' own scoring of these answers (`StudyResults.all_items_scored`),
    used where it was made from this frame with these options."""
    if known is None or not known.holds(answers, options):
        known = score_answers(group, scorer, answers, options)
    split, scored, pooled = known.split, known.raters, known.pooled
    models = {m: a for m, a in models.items() if not a.empty}
    model_scored = scorer.score_parties(group, models)
    # `fitted`: the rater models' labels on these answers (compute_results' own fit for the
    # results' answers, so gaps.csv and human_scores.csv agree); each cell restricts them.
    aggregates = aggregate_pooled(group, scorer, fitted, list(group.items))
    return _Scored({c: s.get(scorer.main, np.nan) for c, s in zip(split.codes, scored.scores,
                                                                   strict=True)},
                   scored.values, dict(zip(split.codes, split.tiers, strict=True)),
                   pooled.label if pooled else None, pooled.values if pooled else None,
                   {m: s[1] for m, s in model_scored.items()},
                   [(a.label, a.values) for a in aggregates])


def _rater_scores(subset: Subset, sub: pd.DataFrame, scored: _Scored,
                  matrix: np.ndarray) -> dict[str, float]:
    """Each rater's main score on the cell's items: on all items the scorer's own; on a
    cell, the mean of the rater's item values where the metric is that mean, else the scorer
    run on the cell's answers (Spearman of the cell's ratings)."""
    if subset.category == ALL:
        return dict(scored.rater_scores)
    present = np.isfinite(matrix).any(axis=1)
    if subset.scorer.decomposable:
        return {c: float(np.mean(row[np.isfinite(row)]))
                for c, row, ok in zip(scored.rater_values.codes, matrix, present, strict=True)
                if ok}
    split = split_raters(sub)
    return {c: s.get(subset.scorer.main, np.nan) for c, s in
            zip(split.codes, subset.scorer.score_raters(subset.group, split).scores, strict=True)}


def _cell(subset: Subset, sub: pd.DataFrame, scored: _Scored,
          illustrative: dict[str, bool]) -> Cell:
    codes = scored.rater_values.codes
    matrix = scored.rater_values.matrix(subset.index)
    boot = subset.boot_matrix(matrix)
    cell = Cell(subset)
    cell.rater_scores = _rater_scores(subset, sub, scored, matrix)
    # Raters without an answer in the cell have all-NaN rows: left out of every mean below.
    here = [k for k, c in enumerate(codes) if c in cell.rater_scores]
    for k in here:
        cell.rater_items[codes[k]] = matrix[k]
    def party(kind: str, name: str, rows: np.ndarray, n_raters: int, per_row: np.ndarray | None
              ) -> Party:
        data = subset.party(kind, name, rows, per_row)
        tested, weights = item_weights(rows)
        return Party(kind, name, _nanmean_rows(rows), data.boot, n_raters, data, tested, weights)

    for tier in sorted({scored.tiers[codes[k]] for k in here if scored.tiers[codes[k]]}):
        rows = [k for k in here if scored.tiers[codes[k]] == tier]
        cell.humans.append(party("tier", tier, matrix[rows], len(rows), boot[rows]))
    cell.humans.append(party("humans", HUMANS, matrix[here], len(here), boot[here]))
    if scored.pooled_values is not None and scored.pooled_label is not None:
        cell.humans.append(party("pooled", scored.pooled_label,
                                 subset.matrix([scored.pooled_values]), len(here), None))
    for label, aggregate in scored.aggregates:
        row = subset.matrix([aggregate])
        if np.isfinite(row).any():  # a label on some of the cell's items, as in human_scores
            cell.humans.append(party("pooled", label, row, len(here), None))
    for model, series in scored.model_values.items():
        row = subset.matrix([series])
        if not np.isfinite(row).any():
            continue  # no prediction for the cell's items: no model row in model_scores either
        cell.models.append(party("model", model, row, 0, None))
        cell.model_illustrative[model] = illustrative.get(model, False)
    return cell
