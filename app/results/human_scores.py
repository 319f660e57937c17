"""Human scores with each benchmark's own metric: per participant, per tier, over all raters and
for the pooled human (majority vote, mean rating; Dawid-Skene and MACE labels), overall and per category value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from app.results.options import ResultsOptions
from app.results.rater_batch import RaterScores, RaterSplit, split_raters
from app.results.rater_models import aggregate_pooled
from app.results.score_rows import ALL, SCORE_COLUMNS, Subset, mean_scores
from app.results.scorers import FamilyScorer, Pooled
from app.results.units import QuestionGroup

HUMANS = "all raters"


@dataclass(frozen=True)
class AnswersScored:
    """A group's human answers split by rater, every rater scored and the pooled human, done
    once (`score_answers`): human_scores.csv's all-items cell, the party cells of gaps.csv and
    human_range.csv and the Rasch scale each did it again on the same frame (~0.6 s each
    at 600,000 answers). Used only for the very frame and options it was made from."""

    answers: pd.DataFrame
    options: ResultsOptions
    split: RaterSplit
    raters: RaterScores
    pooled: Pooled | None

    def holds(self, answers: pd.DataFrame, options: ResultsOptions | None = None) -> bool:
        """Made from this frame object (and these options, where the pooled human is read)."""
        return answers is self.answers and (options is None or options is self.options)


def score_answers(group: QuestionGroup, scorer: FamilyScorer, answers: pd.DataFrame,
                  options: ResultsOptions) -> AnswersScored:
    split = split_raters(answers)
    return AnswersScored(answers, options, split, scorer.score_raters(group, split),
                         scorer.pooled(group, answers, options))


def human_score_rows(cells: list[Subset], answers: pd.DataFrame, options: ResultsOptions,
                     aggregates: dict[str, pd.DataFrame] | None = None,
                     known: AnswersScored | None = None) -> list[dict[str, Any]]:
    """Rows for every subset (from `score_rows.subsets` over the items humans answered);
    `aggregates`: the rater models' labels (`rater_models.fit_group`), pooled rows too;
    `known`: `score_answers` of `answers`, for the all-items cell."""
    rows: list[dict[str, Any]] = []
    for subset in cells:
        # The subset of all items holds every answered item: no need to look each one up.
        sub = answers if subset.category == ALL else answers[answers["item_id"].isin(subset.item_ids)]
        if not sub.empty:
            rows += _subset_rows(subset, sub, options, aggregates or {},
                                 known if known is not None and known.holds(sub, options) else None)
    return rows


def _subset_rows(subset: Subset, sub: pd.DataFrame, options: ResultsOptions,
                 aggregates: dict[str, pd.DataFrame], known: AnswersScored | None
                 ) -> list[dict[str, Any]]:
    group, scorer = subset.group, subset.scorer
    rows: list[dict[str, Any]] = []
    # The raters split once into arrays and scored together (`FamilyScorer.score_raters`).
    if known is None:
        known = score_answers(group, scorer, sub, options)
    split, scored = known.split, known.raters
    codes = split.codes
    per_rater = dict(zip(codes, scored.scores, strict=True))
    tiers = dict(zip(codes, split.tiers, strict=True))
    counts = dict(zip(codes, split.n_items, strict=True))
    # Every rater's bootstrap statistics in one batch; the tier and all-rater rows average them.
    boot = subset.boot_values(scored.values)
    values = scored.values.matrix(subset.index)
    position = {c: k for k, c in enumerate(codes)}
    if subset.category == ALL:
        for k, code in enumerate(codes):
            rows += subset.rows("participant", code, per_rater[code], [],
                                n_items=counts[code], n_raters=1, per_row=boot[[k]],
                                matrix=values[[k]])
    for tier in sorted({t for t in tiers.values() if t}):
        members = [c for c in per_rater if tiers[c] == tier]
        rows += subset.rows("tier", tier, mean_scores([per_rater[c] for c in members]), [],
                            n_items=int(sub[sub["participant"].isin(members)]["item_id"].nunique()),
                            n_raters=len(members),
                            per_row=boot[[position[c] for c in members]],
                            matrix=values[[position[c] for c in members]])
    rows += subset.rows("humans", HUMANS, mean_scores(list(per_rater.values())), [],
                        n_items=int(sub["item_id"].nunique()),
                        n_raters=len(per_rater), per_row=boot, matrix=values)
    pooled = known.pooled
    if pooled is not None:
        rows += subset.rows("pooled", pooled.label, pooled.scores, [pooled.values],
                            n_items=len(pooled.values), n_raters=len(per_rater))
    for model in aggregate_pooled(group, scorer, aggregates, subset.item_ids):
        rows += subset.rows("pooled", model.label, model.scores, [model.values],
                            n_items=len(model.values), n_raters=len(per_rater))
    return rows


def scores_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=SCORE_COLUMNS)
