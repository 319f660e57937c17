"""What a question's scoring means when the designer did not say: each kind's defaults
(`Kind.default_metric`, `Kind.default_level`: the benchmark's own metric for that kind of
judgement, HUME / MTEB)."""

from __future__ import annotations

from app.kinds import kind_named
from app.study.model import MeasurementLevel, ScoringSpec


def metric_for(kind: str, spec: ScoringSpec, question: object | None = None) -> str:
    if spec.metric:
        return spec.metric
    return kind_named(kind).default_metric(_of_kind(kind, question))


def level_for(kind: str, spec: ScoringSpec, question: object | None = None) -> MeasurementLevel:
    """Nominal for choices, ordinal for Likert scales (<= 11 points), interval for fine scales."""
    if spec.level:
        return spec.level
    return kind_named(kind).default_level(_of_kind(kind, question))


def _of_kind(kind: str, question: object | None) -> object | None:
    # A question of another kind (or none) refines nothing: the kind's plain default.
    return question if getattr(question, "kind", None) == kind else None
