"""How much each quality rule moves the human score (sensitivity.csv): the main score of every
human party over all items with no rule, each rule alone and all rules together, scored exactly
as human_scores.csv scores them (`human_score_rows` on the all-items cell, with the rater
models' pooled rows Dawid-Skene and MACE fitted on the answers each rule keeps)."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from app.results.human_scores import human_score_rows
from app.results.options import ResultsOptions
from app.results.quality import excluded_by
from app.results.rater_models import fit_group
from app.results.score_rows import all_items
from app.results.scorers import FamilyScorer, scorer_for
from app.results.units import QuestionGroup, group_answers
from app.study.model_quality import QUALITY_RULES

SENSITIVITY_COLUMNS = ["question_id", "human_kind", "human", "metric", "rule", "value", "ci_low",
                       "ci_high", "ci_kind", "n_raters", "n_excluded", "difference_from_none",
                       "note"]
PARTY_KINDS = ("tier", "humans", "pooled")
NONE, ALL_RULES = "none", "all"


def rule_sets() -> dict[str, tuple[str, ...]]:
    return {NONE: (), **{rule: (rule,) for rule in QUALITY_RULES}, ALL_RULES: QUALITY_RULES}


def sensitivity_rows(groups: list[QuestionGroup], frame: pd.DataFrame, tier_field: str | None,
                     exclusions: pd.DataFrame, options: ResultsOptions,
                     known: dict[str, list[dict[str, Any]]] | None = None
                     ) -> list[dict[str, Any]]:
    """`frame`: every participant's responses (no rule applied); `exclusions`: their
    exclusions table (`app.results.quality.exclusions_frame`). `known`: question id ->
    human_scores.csv's all-items rows already scored from this `frame` with these `options`
    (`StudyResults.all_items_rows` when no rule was applied): the rows of the rule sets that
    drop nobody, not scored again (1.4 s of 600,000 responses)."""
    rows: list[dict[str, Any]] = []
    for group in groups:
        scorer = scorer_for(group)
        answers = group_answers(group, frame, tier_field)
        if scorer is None or answers.empty:
            continue
        raters = set(answers["participant"].unique())  # (not every row out of Arrow)
        baseline: dict[tuple[str, str], float] = {}
        # Rules that drop the same participants keep the same answers and score the same: each
        # distinct set is scored once (most rules drop nobody in most studies).
        scored_for: dict[frozenset[str], list[dict[str, Any]]] = {}
        for name, rules in rule_sets().items():
            dropped = excluded_by(exclusions, rules) & raters
            if not dropped and known is not None and group.question_id in known:
                scored_for.setdefault(frozenset(), known[group.question_id])
            if frozenset(dropped) not in scored_for:
                scored_for[frozenset(dropped)] = _scored(group, scorer, answers, dropped, options)
            scored = scored_for[frozenset(dropped)]
            for row in scored:
                if row["who_kind"] not in PARTY_KINDS or row["metric"] != scorer.main:
                    continue
                key = (row["who_kind"], row["who"])
                if name == NONE:
                    baseline[key] = row["value"]
                rows.append({
                    "question_id": group.question_id, "human_kind": row["who_kind"],
                    "human": row["who"], "metric": row["metric"], "rule": name,
                    "value": row["value"], "ci_low": row["ci_low"], "ci_high": row["ci_high"],
                    "ci_kind": row["ci_kind"],
                    "n_raters": row["n_raters"], "n_excluded": len(dropped),
                    "difference_from_none": row["value"] - baseline.get(key, math.nan),
                    "note": row["note"],
                })
    return rows


def _scored(group: QuestionGroup, scorer: FamilyScorer, answers: pd.DataFrame, dropped: set[str],
            options: ResultsOptions) -> list[dict[str, Any]]:
    """human_scores.csv's all-items rows of the answers of everyone not in `dropped`."""
    kept = answers[~answers["participant"].isin(dropped)]
    if kept.empty:
        return []
    cell = all_items(group, scorer, set(kept["item_id"].unique()), options)
    # Dawid-Skene and MACE refitted on the kept answers, as human_scores.csv does
    return human_score_rows([cell], kept, options, fit_group(group, kept).aggregates)


def sensitivity_frame(groups: list[QuestionGroup], frame: pd.DataFrame, tier_field: str | None,
                      exclusions: pd.DataFrame, options: ResultsOptions,
                      known: dict[str, list[dict[str, Any]]] | None = None) -> pd.DataFrame:
    return pd.DataFrame(sensitivity_rows(groups, frame, tier_field, exclusions, options, known),
                        columns=SENSITIVITY_COLUMNS)
