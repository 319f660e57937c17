"""The study's participant-quality rules (`quality` block): when a participant counts as
inattentive, too fast, straight-lining, incomplete or (when the study turns it on) far less
competent than the other raters. Measured for everyone in exclusions.csv,
their effect on every human score in sensitivity.csv, and applied only on request
(`export --exclude RULE[,RULE...]`); docs/results.md, "Quality rules"."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.study_types.base import StrictModel

QualityRule = Literal["attention_failed", "too_fast", "straight_lining", "incomplete",
                      "low_competence"]
QUALITY_RULES: tuple[QualityRule, ...] = ("attention_failed", "too_fast", "straight_lining",
                                          "incomplete", "low_competence")
# Each rule in plain words, completing "participants who ..." (export dialog, paper/methods.tex).
RULE_WORDS: dict[str, str] = {
    "attention_failed": "failed attention checks", "too_fast": "answered too fast",
    "straight_lining": "gave one rating throughout", "incomplete": "left items out",
    "low_competence": "were far less reliable than the others"}


class Quality(StrictModel):
    """Thresholds of the exclusion rules. A participant is excluded by a rule when the
    measured value passes its threshold; the defaults are common choices in crowd studies.
    low_competence is off unless `min_competence_share` is set."""

    max_failed_checks: int = Field(
        default=0, ge=0,
        description="attention_failed: more than this many failed attention or gold-check items.")
    min_rt_ms: float = Field(
        default=500, ge=0, description="too_fast: an answer faster than this (ms) is too fast.")
    max_fast_share: float = Field(
        default=0.25, ge=0, le=1,
        description="too_fast: more than this share of a participant's answers too fast.")
    max_straight_share: float = Field(
        default=0.9, ge=0, le=1,
        description="straight_lining: more than this share of the items with two or more rating "
        "questions answered with the same value for every rating.")
    min_completion: float = Field(
        default=0.8, ge=0, le=1,
        description="incomplete: fewer than this share of the assigned main items answered.")
    min_competence_share: float | None = Field(
        default=None, gt=0, le=1,
        description="low_competence: a rater whose MACE competence on some choice question is "
        "under this share of the median competence of that question's raters (0.5: half the "
        "median). Not set (the default): the rule is off and excludes nobody.")
