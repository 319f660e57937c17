"""The study's participant-quality rules (`quality` block): when a participant counts as
inattentive, too fast, straight-lining or incomplete. Measured for everyone in exclusions.csv,
their effect on every human score in sensitivity.csv, and applied only on request
(`export --exclude RULE[,RULE...]`); docs/results.md, "Quality rules"."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.study.model_base import StrictModel

QualityRule = Literal["attention_failed", "too_fast", "straight_lining", "incomplete"]
QUALITY_RULES: tuple[QualityRule, ...] = ("attention_failed", "too_fast", "straight_lining",
                                          "incomplete")


class Quality(StrictModel):
    """Thresholds of the four exclusion rules. A participant is excluded by a rule when the
    measured value passes its threshold; the defaults are common choices in crowd studies."""

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
