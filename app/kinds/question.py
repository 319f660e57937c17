"""The parts every question of the study format shares, whatever its kind.

Here rather than in `app.study.model` because each kind's question model (`app.kinds.<kind>`)
derives from `QuestionBase`, and the study model builds its union of questions from those
kinds: the shared part sits below both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field

from app.study_types.base import Identifier, MeasurementLevel, StrictModel


class ScoringSpec(StrictModel):
    """How a question is scored and how agreement on it is measured.

    Every field has a default that follows from the question's kind (see `app.study.defaults`):
    a designer only writes what differs.
    """

    metric: str | None = Field(
        default=None,
        description="Metric family: accuracy, sts, retrieval, clustering, descriptive, authorship, "
        "auc (a rating: a confidence whose gold is the truth, 0 or 1).",
    )
    level: MeasurementLevel | None = Field(
        default=None, description="Level of measurement for Krippendorff's alpha."
    )
    breakdown: list[str] = Field(
        default_factory=list, description="Item categories to break the scores down by."
    )
    group_by: str | None = Field(
        default=None,
        description="Category that splits items into groups compared side by side (e.g. author).",
    )
    include: bool = Field(default=True, description="False: recorded but not scored (comments).")
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Metric-specific settings, e.g. {'tie_rule': 'first_sorted'} or "
        "{'truth_category': 'author_type', 'positive_value': 'human', 'threshold': 4}.",
    )


class QuestionBase(StrictModel):
    id: Identifier
    prompt: str = Field(default="", description="Markdown; `<image>` places the item's images.")
    required: bool = True
    help: str | None = None
    scoring: ScoringSpec = Field(default_factory=ScoringSpec)

    if TYPE_CHECKING:
        # Each kind's model declares `kind` as its Literal tag (the union's discriminator);
        # declared here for the type checker only, so the schema's field order is unchanged.
        kind: str
