"""What a question's scoring means when the designer did not say: defaults by response kind."""

from __future__ import annotations

from app.study.model import MeasurementLevel, RatingQuestion, ScoringSpec

# Metric family by kind: the benchmark's own metric for that kind of judgement (HUME / MTEB).
_METRIC_BY_KIND = {
    "choice": "accuracy",
    "rating": "sts",  # with gold: Spearman/Pearson/MSE; without gold: descriptive statistics
    "relevance": "retrieval",
    "ranking": "retrieval",
    "clustering": "clustering",
    "text": "none",
}
# Level of measurement for Krippendorff's alpha.
_LEVEL_BY_KIND: dict[str, MeasurementLevel] = {
    "choice": "nominal",
    "relevance": "ordinal",
    "ranking": "ordinal",
    "clustering": "nominal",
    "text": "nominal",
}


def metric_for(kind: str, spec: ScoringSpec, question: object | None = None) -> str:
    if spec.metric:
        return spec.metric
    if kind == "rating" and isinstance(question, RatingQuestion) and question.gold is None:
        return "descriptive"
    return _METRIC_BY_KIND[kind]


def level_for(kind: str, spec: ScoringSpec, question: object | None = None) -> MeasurementLevel:
    """Nominal for choices, ordinal for Likert scales (<= 11 points), interval for fine scales."""
    if spec.level:
        return spec.level
    if kind == "rating" and isinstance(question, RatingQuestion):
        # A similarity score against a gold score (STS), or a scale finer than whole points
        # (0-5 in halves), is numeric: interval. A Likert statement is ordinal.
        numeric = question.gold is not None or question.step < 1 or len(question.scale_points()) > 11
        return "interval" if numeric else "ordinal"
    return _LEVEL_BY_KIND.get(kind, "nominal")
