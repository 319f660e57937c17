"""The study format's study-level settings: the participant profile, blocks, the session
design, the assignment of items, model predictions and the MTEB export. Split from
`app.study.model` (which re-exports them, and where the rest of the code imports them)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from app.study_types.base import Identifier, StrictModel


class ProfileOption(StrictModel):
    key: Identifier
    label: str


class ProfileField(StrictModel):
    """Something asked of each participant before the study (tier, years of experience)."""

    id: Identifier
    label: str
    kind: Literal["choice", "text", "number"] = "choice"
    options: list[ProfileOption] = Field(default_factory=list)
    required: bool = True
    identifying: bool = Field(
        default=False, description="True: left out of exports unless asked for (privacy)."
    )
    min: float | None = None
    max: float | None = None

    @model_validator(mode="after")
    def _choice_has_options(self) -> ProfileField:
        if self.kind == "choice" and len(self.options) < 2:
            raise ValueError("a choice profile field needs at least two options")
        return self


class Block(StrictModel):
    id: Identifier
    kind: Literal["practice", "main"] = "main"
    title: str | None = None
    intro: str | None = Field(default=None, description="Markdown shown before the block starts.")
    feedback: bool | None = Field(
        default=None, description="Show the right answer after each item (default: practice only)."
    )
    shuffle: bool | None = Field(default=None, description="Overrides design.shuffle_items.")


def default_blocks() -> list[Block]:
    return [Block(id="main", kind="main")]


class Design(StrictModel):
    """How the session runs: order, breaks, screens and timing."""

    seed: int = 0
    shuffle_items: bool = True
    shuffle_options: bool = False
    break_every: int = Field(default=0, ge=0, description="0: no breaks. A break is skipped "
                             "when fewer than a quarter of this (at least 2) main items are left.")
    ready_screen: bool = Field(default=False, description="'Press Space when ready' before each item.")
    fixation_ms: int = Field(default=0, ge=0, le=10_000)
    iti_ms: int = Field(default=0, ge=0, le=10_000, description="Blank interval between items.")
    deadline_ms: int | None = Field(default=None, ge=100, description="Time limit per item.")
    show_time_left: bool = Field(default=False, description="With deadline_ms: the seconds left "
                                 "on each item, counting down under the answers.")
    show_score_at_end: bool = False
    allow_back: bool = False
    max_session_minutes: float | None = Field(
        default=None, gt=0, description="validate warns when a participant's estimated session "
        "is longer (default 60 minutes)."
    )
    washout_days: float = Field(
        default=0, ge=0, le=365, description="With `conditions`: the days a reader waits between "
        "the sittings of two conditions (so the second reading does not recall the first); 0: "
        "the next sitting may follow at once.")


class Condition(StrictModel):
    """A reading condition of a reader study ("unaided", "ai_aided", or two modalities): each
    reader reads every case under every condition, one condition per sitting."""

    id: Identifier
    label: str = Field(min_length=1, description="Shown to the reader at the sitting's start.")
    intro: str | None = Field(default=None, description="Markdown shown before the sitting "
                              "(what the reader sees under this condition, e.g. the AI's marks).")


class Assignment(StrictModel):
    """Which items each participant sees: deterministic from participant code and seed."""

    items_per_participant: int | None = Field(default=None, ge=1)
    raters_per_item: int | None = Field(default=None, ge=1)
    seed: int = 0
    participants: int | None = Field(
        default=None, ge=1, description="How many participant codes (P001, P002, ...) the study "
        "hands out; validate warns when they cannot give every item raters_per_item raters."
    )


class PredictionsRef(StrictModel):
    file: str = Field(description="CSV model,item_id,question_id,prediction, relative path.")
    illustrative: bool = Field(
        default=False, description="True: made-up demo scores, labelled so in every view."
    )
    note: str | None = None


class PublishedScore(StrictModel):
    model: str
    metric: str
    value: float
    category: str | None = Field(default=None, description="'category=value', or None for all.")
    source: str | None = None
    illustrative: bool = False
    question_id: str | None = Field(
        default=None, description="The question the score belongs to; None: the one question "
        "whose metrics include `metric` (if only one does)."
    )


class Models(StrictModel):
    predictions: list[PredictionsRef] = Field(default_factory=list)
    published: list[PublishedScore] = Field(default_factory=list)


class WindowPreset(StrictModel):
    """A DICOM window the reader can choose (Alt+2, Alt+3... in the order given)."""

    label: str = Field(min_length=1, description="e.g. Lung, Bone, Soft tissue.")
    center: float = Field(description="Window centre (level), in the images' modality units.")
    width: float = Field(gt=0, description="Window width, in the same units.")


class ViewerSettings(StrictModel):
    """The clinician's viewer: window presets for DICOM images (the file's own window is
    where each image starts, and where Alt+0 goes back to)."""

    presets: list[WindowPreset] = Field(default_factory=list, max_length=8)


class MtebExport(StrictModel):
    """For HUME-kind studies: how items map to MTEB tasks and subsets."""

    task_category: str = "mteb_task"
    subset_category: str = "hf_subset"
    revision: str = "human_evaluation"
    mteb_version: str = "1.18.0"
