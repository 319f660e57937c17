"""Human scores with each benchmark's own metric: per participant, per tier, over all raters and
for the pooled human (majority vote, mean rating; Dawid-Skene and MACE labels), overall and per category value."""

from __future__ import annotations

from typing import Any

import pandas as pd

from app.results.options import ResultsOptions
from app.results.rater_models import aggregate_pooled
from app.results.score_rows import ALL, SCORE_COLUMNS, Subset, mean_scores

HUMANS = "all raters"


def human_score_rows(cells: list[Subset], answers: pd.DataFrame, options: ResultsOptions,
                     aggregates: dict[str, pd.DataFrame] | None = None) -> list[dict[str, Any]]:
    """Rows for every subset (from `score_rows.subsets` over the items humans answered);
    `aggregates`: the rater models' labels (`rater_models.fit_group`), pooled rows too."""
    rows: list[dict[str, Any]] = []
    for subset in cells:
        # The subset of all items holds every answered item: no need to look each one up.
        sub = answers if subset.category == ALL else answers[answers["item_id"].isin(subset.item_ids)]
        if not sub.empty:
            rows += _subset_rows(subset, sub, options, aggregates or {})
    return rows


def _subset_rows(subset: Subset, sub: pd.DataFrame, options: ResultsOptions,
                 aggregates: dict[str, pd.DataFrame]) -> list[dict[str, Any]]:
    group, scorer = subset.group, subset.scorer
    rows: list[dict[str, Any]] = []
    per_rater: dict[str, dict[str, float]] = {}
    values: dict[str, pd.Series] = {}
    tiers: dict[str, str] = {}
    counts: dict[str, int] = {}
    by_rater = {str(p): rows for p, rows in sub.groupby("participant", sort=True)}
    scored = scorer.score_parties(group, by_rater)
    for code, rater_rows in by_rater.items():
        per_rater[code], values[code] = scored[code]
        tiers[code] = str(rater_rows["tier"].iloc[0])
        counts[code] = int(rater_rows["item_id"].nunique())
    # Every rater's bootstrap statistics in one batch; the tier and all-rater rows average them.
    codes = list(per_rater)
    boot = subset.boot_rows([values[c] for c in codes])
    if subset.category == ALL:
        for k, code in enumerate(codes):
            rows += subset.rows("participant", code, per_rater[code], [values[code]],
                                n_items=counts[code], n_raters=1, per_row=boot[[k]])
    for tier in sorted({t for t in tiers.values() if t}):
        members = [c for c in per_rater if tiers[c] == tier]
        rows += subset.rows("tier", tier, mean_scores([per_rater[c] for c in members]),
                            [values[c] for c in members],
                            n_items=int(sub[sub["participant"].isin(members)]["item_id"].nunique()),
                            n_raters=len(members),
                            per_row=boot[[codes.index(c) for c in members]])
    rows += subset.rows("humans", HUMANS, mean_scores(list(per_rater.values())),
                        list(values.values()), n_items=int(sub["item_id"].nunique()),
                        n_raters=len(per_rater), per_row=boot)
    pooled = scorer.pooled(group, sub, options)
    if pooled is not None:
        rows += subset.rows("pooled", pooled.label, pooled.scores, [pooled.values],
                            n_items=len(pooled.values), n_raters=len(per_rater))
    for model in aggregate_pooled(group, scorer, aggregates, subset.item_ids):
        rows += subset.rows("pooled", model.label, model.scores, [model.values],
                            n_items=len(model.values), n_raters=len(per_rater))
    return rows


def scores_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=SCORE_COLUMNS)
