"""The study format, version 1: what a study designer writes in `study.json`.

Pydantic models (pydantic comes with SQLModel). The JSON Schema in `studies/study.schema.json`
is generated from these classes (`app.study.schema`), and a test keeps the two in sync.

One study = metadata + participant profile fields + blocks + items. An item has one stimulus
(what the participant reads or views) and one or more questions (what they answer). Each
question has a response kind; the kinds are a discriminated union on the field `kind`, so
adding a kind means adding a class here, its answer check in `app.study.answers`, its scorer
and its widget.

Gold answers live on the questions; they never leave the core except as practice feedback
(see `app.session.presentation`, which builds what a screen may show).
"""


from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from app.study.model_base import FORMAT_VERSION, Identifier, MeasurementLevel, StrictModel
from app.study.model_participants import Participants
from app.study.model_quality import Quality
from app.study.model_settings import (
    Assignment,
    Block,
    Design,
    Models,
    MtebExport,
    PredictionsRef,
    ProfileField,
    ProfileOption,
    PublishedScore,
    default_blocks,
)
from app.study.model_stimuli import (
    CardsStimulus,
    Document,
    ImageRef,
    ImagesStimulus,
    PairStimulus,
    PoemPrompt,
    PoemStimulus,
    QueryDocumentsStimulus,
    Stimulus,
    TextStimulus,
)
from app.study.ui_language import language_problem

# Defined in the modules above and re-exported here, where the rest of the code imports them.
__all__ = [
    "FORMAT_VERSION",
    "Assignment",
    "Block",
    "CardsStimulus",
    "Design",
    "Document",
    "Identifier",
    "ImageRef",
    "ImagesStimulus",
    "MeasurementLevel",
    "Models",
    "MtebExport",
    "PairStimulus",
    "PoemPrompt",
    "PoemStimulus",
    "PredictionsRef",
    "ProfileField",
    "ProfileOption",
    "PublishedScore",
    "QueryDocumentsStimulus",
    "Stimulus",
    "StrictModel",
    "TextStimulus",
]

# --------------------------------------------------------------------------- scoring


class ScoringSpec(StrictModel):
    """How a question is scored and how agreement on it is measured.

    Every field has a default that follows from the question's kind (see `app.study.defaults`):
    a designer only writes what differs.
    """

    metric: str | None = Field(
        default=None,
        description="Metric family: accuracy, sts, retrieval, clustering, descriptive, authorship.",
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


# --------------------------------------------------------------------------- questions


class QuestionBase(StrictModel):
    id: Identifier
    prompt: str = Field(default="", description="Markdown; `<image>` places the item's images.")
    required: bool = True
    help: str | None = None
    scoring: ScoringSpec = Field(default_factory=ScoringSpec)


class Option(StrictModel):
    key: Identifier
    label: str


class ChoiceQuestion(QuestionBase):
    """One option out of several (A-D, Y/N, a class label)."""

    kind: Literal["choice"] = "choice"
    options: list[Option] = Field(min_length=2)
    shuffle_options: bool | None = Field(
        default=None, description="Overrides the study's design.shuffle_options for this question."
    )
    gold: Identifier | None = None

    @model_validator(mode="after")
    def _keys_unique_and_gold_known(self) -> ChoiceQuestion:
        keys = [o.key for o in self.options]
        if len(set(keys)) != len(keys):  # the quick test first: this runs for every question
            dupes = sorted({k for k in keys if keys.count(k) > 1})
            raise ValueError(f"option keys must be unique; repeated: {', '.join(dupes)}")
        if self.gold is not None and self.gold not in keys:
            raise ValueError(f"gold {self.gold!r} is not one of the option keys {keys}")
        return self


MIN_STEP = 1e-9


class Anchor(StrictModel):
    value: float
    label: str


class RatingQuestion(QuestionBase):
    """A point on a scale: Likert statements, similarity 0-5 in halves."""

    kind: Literal["rating"] = "rating"
    min: float
    max: float
    step: float = Field(default=1, gt=0)
    anchors: list[Anchor] = Field(default_factory=list)
    allow_na: bool = False
    na_label: str = "N/A"
    gold: float | None = None
    feedback_tolerance: float = Field(
        default=0, ge=0, description="Practice feedback calls an answer within this distance of "
        "the gold correct (0.5: 4.5 against a gold of 5). Scores do not use it.")

    @model_validator(mode="after")
    def _scale_is_sane(self) -> RatingQuestion:
        if self.max <= self.min:
            raise ValueError(f"max ({self.max}) must be greater than min ({self.min})")
        if self.step < MIN_STEP:  # scale points are rounded to 10 places: finer ones would merge
            raise ValueError(f"step {self.step} is below the smallest step, {MIN_STEP}")
        # -1e308..1e308 (or a step of 5e-324) is infinitely many steps: compared before
        # round(), which overflows on infinity.
        steps = (self.max - self.min) / self.step
        if not steps <= 1000:
            raise ValueError(f"a scale may have at most 1000 steps; {self.min}..{self.max} in "
                             f"steps of {self.step} has more")
        if abs(steps - round(steps)) > 1e-9:
            raise ValueError(f"step {self.step} does not divide the range {self.min}..{self.max}")
        for anchor in self.anchors:
            if not self.min <= anchor.value <= self.max:
                raise ValueError(f"anchor {anchor.value} lies outside {self.min}..{self.max}")
        if self.gold is not None and not self.min <= self.gold <= self.max:
            raise ValueError(f"gold {self.gold} lies outside {self.min}..{self.max}")
        return self

    def scale_points(self) -> list[float]:
        n = round((self.max - self.min) / self.step)
        return [round(self.min + i * self.step, 10) for i in range(n + 1)]


class Grade(StrictModel):
    value: int
    label: str


def _binary_grades() -> list[Grade]:
    return [Grade(value=0, label="Not relevant"), Grade(value=1, label="Relevant")]


class RelevanceQuestion(QuestionBase):
    """A judgement per document of the item's `query_documents` stimulus."""

    kind: Literal["relevance"] = "relevance"
    grades: list[Grade] = Field(default_factory=_binary_grades, min_length=2)
    gold: dict[str, int] | None = Field(default=None, description="document id -> grade")

    @model_validator(mode="after")
    def _gold_grades_known(self) -> RelevanceQuestion:
        values = {g.value for g in self.grades}
        if len(values) != len(self.grades):
            raise ValueError("grade values must be unique")
        if self.gold:
            bad = sorted(d for d, g in self.gold.items() if g not in values)
            if bad:
                raise ValueError(f"gold grades of {bad} are not among the grade values {sorted(values)}")
        return self


class RankingQuestion(QuestionBase):
    """A full order of the item's documents or cards, most relevant first."""

    kind: Literal["ranking"] = "ranking"
    gold: list[str] | None = Field(default=None, description="ids in the right order")


class ClusteringQuestion(QuestionBase):
    """Free grouping of the item's cards into groups the participant makes and names."""

    kind: Literal["clustering"] = "clustering"
    n_groups: int | None = Field(default=None, ge=1, description="Fixed number of groups, if any.")
    require_group_names: bool = Field(
        default=False, description="Every group must be named (not left 'Group n') before the "
        "grouping can be submitted.")
    gold: dict[str, str] | None = Field(default=None, description="card id -> gold group label")


class TextQuestion(QuestionBase):
    """A free comment."""

    kind: Literal["text"] = "text"
    required: bool = False
    multiline: bool = True
    max_length: int = Field(default=5000, ge=1, le=100_000)
    scoring: ScoringSpec = Field(default_factory=lambda: ScoringSpec(include=False))


Question = Annotated[
    ChoiceQuestion
    | RatingQuestion
    | RelevanceQuestion
    | RankingQuestion
    | ClusteringQuestion
    | TextQuestion,
    Field(discriminator="kind"),
]
QUESTION_KINDS = ("choice", "rating", "relevance", "ranking", "clustering", "text")


# --------------------------------------------------------------------------- items


class Item(StrictModel):
    id: Identifier
    block: Identifier = "main"
    role: Literal["trial", "attention_check", "gold_check"] = Field(
        default="trial",
        description="attention_check and gold_check items measure the rater and are left out of "
        "the scores.",
    )
    language: str | None = Field(default=None, description="BCP-47 or MTEB code, e.g. ara-Arab.")
    direction: Literal["auto", "ltr", "rtl"] = "auto"
    categories: dict[str, str] = Field(
        default_factory=dict,
        description="Labels for breakdowns (lesion_type, task_type, author...). Never shown to "
        "participants.",
    )
    stimulus: Stimulus
    questions: list[Question] = Field(min_length=1)
    submit: Literal["on_answer", "confirm"] | None = Field(
        default=None, description="on_answer: the answer key alone submits (the response time "
        "is taken at that key); confirm: Enter or the Submit button does. Default: on_answer "
        "for an item of one choice question in a timed study (a deadline, a fixation cross or "
        "a ready screen), confirm otherwise.")

    @field_validator("questions")
    @classmethod
    def _question_ids_unique(cls, questions: list[Any]) -> list[Any]:
        ids = [q.id for q in questions]
        if len(ids) == 1:  # most items ask one question
            return questions
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"question ids must be unique within an item; repeated: {dupes}")
        return questions


# --------------------------------------------------------------------------- study level


class Study(StrictModel):
    format_version: Literal[1] = 1
    id: Identifier
    title: str = Field(min_length=1)
    version: str = "1.0.0"
    description: str = ""
    instructions: str = Field(default="", description="Markdown shown before the first item.")
    consent: str = Field(default="", description="Markdown the participant agrees to; empty: none.")
    languages: list[str] = Field(default_factory=list)
    ui_language: str | None = Field(
        default=None, description="BCP 47 tag of the language of the app's own words on the "
        "participant side (en, ar, ru, da, nb, zh-Hans); default en.")
    ui_languages: list[str] = Field(
        default_factory=list, description="Languages the participant picks from on the first "
        "screen, each named in itself; the first is preselected unless ui_language names another.")
    ui_native_digits: bool = Field(
        default=False, description="Numbers the participant reads in the language's own digits "
        "(Arabic-Indic for ar); default: 0-9 in every language.")
    illustrative: bool = Field(default=False, description="Demo content, labelled as such in the UI.")
    profile_fields: list[ProfileField] = Field(default_factory=list)
    participants: Participants = Field(default_factory=Participants)
    blocks: list[Block] = Field(default_factory=default_blocks, min_length=1)
    design: Design = Field(default_factory=Design)
    assignment: Assignment = Field(default_factory=Assignment)
    models: Models = Field(default_factory=Models)
    mteb: MtebExport | None = None
    quality: Quality = Field(default_factory=Quality,
                             description="Participant exclusion rules (thresholds).")
    items: list[Item] = Field(min_length=1)

    @model_validator(mode="after")
    def _known_ui_languages(self) -> Study:
        for tag in [*([self.ui_language] if self.ui_language else []), *self.ui_languages]:
            problem = language_problem(tag)
            if problem:
                raise ValueError(problem)
        if len(set(self.ui_languages)) != len(self.ui_languages):
            raise ValueError("ui_languages names a language twice")
        if self.ui_language and self.ui_languages and self.ui_language not in self.ui_languages:
            raise ValueError(f"ui_language '{self.ui_language}' is not one of ui_languages")
        return self

    def block(self, block_id: str) -> Block:
        for block in self.blocks:
            if block.id == block_id:
                return block
        raise KeyError(block_id)

    def item_by_id(self) -> dict[str, Item]:
        return {item.id: item for item in self.items}
