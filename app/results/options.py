"""Choices a designer makes when scoring that are not part of the study file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.study.errors import Problem, StudyError
from app.study.loader import LoadedStudy
from app.study.model import Study

# How the majority vote breaks a tie between equally frequent answers.
#   first_sorted: the first of the tied labels in sort order (HUME's rule: pandas
#                 `Series.mode().iloc[0]`, which returns the modes sorted);
#   first_option: the tied label listed first among the question's options;
#   random:       a seeded random pick (seed and item id), reproducible;
#   exclude:      a tied item gets no majority answer and is left out of the majority scores.
TieRule = Literal["first_sorted", "first_option", "random", "exclude"]
TIE_RULES: tuple[TieRule, ...] = ("first_sorted", "first_option", "random", "exclude")

AUTO = "auto"

# What an interval treats as sampled (app.results.intervals, docs/results.md "Intervals").
IntervalKind = Literal["raters+items", "items", "raters"]
INTERVAL_KINDS: tuple[IntervalKind, ...] = ("raters+items", "items", "raters")
# gaps.csv's Holm family: every gap of a table (the default), or every gap of one question.
HolmFamily = Literal["table", "question"]
HOLM_FAMILIES: tuple[HolmFamily, ...] = ("table", "question")


@dataclass(frozen=True)
class ResultsOptions:
    """Scoring settings: defaults reproduce HUME's choices."""

    tier_field: str | None = AUTO  # profile field that splits raters into tiers; "auto": `tier`
    tie_rule: TieRule = "first_sorted"
    n_boot: int = 1000  # bootstrap resamples for confidence intervals (0: no intervals)
    seed: int = 0  # bootstrap seed: the same data give the same intervals
    confidence: float = 0.95
    include_simulated: bool = False
    # Quality rules (app.results.quality) whose excluded participants are left out of every
    # table but the exclusions and the sensitivity, which are always over everyone
    exclude: tuple[str, ...] = ()
    disputed_top: int = 20  # how many of the most disputed items to list per question
    # What the intervals treat as sampled (app.results.intervals): raters and items (the
    # default), the items only (these raters) or the raters only (these items)
    interval: IntervalKind = "raters+items"
    # gaps.csv's Holm family: every gap of a table ("table") or of one question ("question")
    holm_family: HolmFamily = "table"
    alt_test_epsilon: float = 0.2  # llm_annotators.csv's cost-benefit margin (app.results.alt_test)


def resolve_tier_field(study: Study, options: ResultsOptions) -> str | None:
    """The profile field used as tier: the one asked for, or `tier` when the study has it."""
    if options.tier_field == AUTO:
        return "tier" if any(f.id == "tier" for f in study.profile_fields) else None
    return options.tier_field


def check_scoring_options(loaded: LoadedStudy) -> None:
    """Settings in `scoring.options` that scoring reads, checked before anything is computed."""
    problems = []
    for i, item in enumerate(loaded.study.items):
        for q, question in enumerate(item.questions):
            rule = question.scoring.options.get("tie_rule")
            if rule is not None and rule not in TIE_RULES:
                problems.append(Problem(loaded.source, f"items[{i}].questions[{q}].scoring.options"
                                        ".tie_rule", f"{rule!r} is not one of {list(TIE_RULES)}"))
            threshold = question.scoring.options.get("threshold")
            if threshold is not None and (isinstance(threshold, bool)
                                          or not isinstance(threshold, int | float)):
                problems.append(Problem(loaded.source, f"items[{i}].questions[{q}].scoring.options"
                                        ".threshold", f"{threshold!r} is not a number"))
    if problems:
        raise StudyError(problems)
