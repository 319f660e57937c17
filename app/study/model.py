"""The study format, version 1: what a study designer writes in `study.json`.

Pydantic models (pydantic comes with SQLModel). The JSON Schema in `studies/study.schema.json`
is generated from these classes (`app.study.schema`), and a test keeps the two in sync.

One study = metadata + participant profile fields + blocks + items. An item has one stimulus
(what the participant reads or views) and one or more questions (what they answer). Each
question has a response kind; the kinds are a discriminated union on the field `kind`, built
from the registry of kinds (`app.kinds`): adding a kind means adding its module there and its
widget.

Gold answers live on the questions; they never leave the core except as practice feedback
(see `app.session.presentation`, which builds what a screen may show).
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, Union

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    field_serializer,
    field_validator,
    model_validator,
)

from app.kinds import KINDS, QUESTION_KINDS
from app.kinds.choice import ChoiceQuestion, Option
from app.kinds.clustering import ClusteringQuestion
from app.kinds.question import QuestionBase, ScoringSpec
from app.kinds.ranking import RankingQuestion
from app.kinds.rating import MIN_STEP, Anchor, RatingQuestion
from app.kinds.relevance import Grade, RelevanceQuestion
from app.kinds.text import TextQuestion
from app.study.model_participants import Participants
from app.study.model_quality import Quality
from app.study.model_reporting import ItemSampling, Reporting
from app.study.model_settings import (
    Assignment,
    Block,
    Condition,
    Design,
    Models,
    MtebExport,
    PredictionsRef,
    ProfileField,
    ProfileOption,
    PublishedScore,
    ViewerSettings,
    WindowPreset,
    default_blocks,
)
from app.study.ui_language import language_problem
from app.study_types.base import FORMAT_VERSION, Identifier, MeasurementLevel, StrictModel
from app.study_types.stimuli import (
    CardsStimulus,
    ConditionText,
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

# Defined in the modules above and re-exported here, where the rest of the code imports them.
__all__ = [
    "FORMAT_VERSION",
    "MIN_STEP",
    "QUESTION_KINDS",
    "Anchor",
    "Assignment",
    "Block",
    "CardsStimulus",
    "ChoiceQuestion",
    "ClusteringQuestion",
    "ConditionText",
    "Design",
    "Document",
    "Grade",
    "Identifier",
    "ImageRef",
    "ImagesStimulus",
    "MeasurementLevel",
    "Models",
    "MtebExport",
    "Option",
    "PairStimulus",
    "PoemPrompt",
    "PoemStimulus",
    "PredictionsRef",
    "ProfileField",
    "ProfileOption",
    "PublishedScore",
    "QueryDocumentsStimulus",
    "QuestionBase",
    "RankingQuestion",
    "RatingQuestion",
    "RelevanceQuestion",
    "ScoringSpec",
    "Stimulus",
    "StrictModel",
    "TextQuestion",
    "TextStimulus",
    "ViewerSettings",
    "WindowPreset",
]

# --------------------------------------------------------------------------- questions

# Each response kind's question model lives with the rest of the kind (`app.kinds.<kind>`);
# the study format's union of questions is built from the registry, in its order (which is
# the schema's). For the type checker a question is the shared base: code that needs a kind's
# fields asks the kind (`app.kinds.kind_of`).
if TYPE_CHECKING:
    Question: TypeAlias = QuestionBase
else:
    Question = Annotated[
        Union[tuple(kind.question_model for kind in KINDS)],  # noqa: UP007 (built at run time)
        Field(discriminator="kind"),
    ]


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
    conditions: list[Condition] = Field(
        default_factory=list, description="Reading conditions (two or more): every reader reads "
        "every case under each, in separate sittings, the order counterbalanced across readers "
        "(docs/authoring.md, \"Reader studies\").")
    assignment: Assignment = Field(default_factory=Assignment)
    models: Models = Field(default_factory=Models)
    viewer: ViewerSettings = Field(default_factory=ViewerSettings)
    mteb: MtebExport | None = None
    quality: Quality = Field(default_factory=Quality,
                             description="Participant exclusion rules (thresholds).")
    sampling: ItemSampling | None = Field(
        default=None, description="How the items were drawn from the benchmark (written by "
        "`import`; docs/authoring.md, \"Reporting\").")
    reporting: Reporting = Field(
        default_factory=Reporting, description="What a paper on the baseline reports that only "
        "the designer knows (docs/authoring.md, \"Reporting\"); the rest is measured.")
    items: list[Item] = Field(min_length=1)

    # Field validators, so that a problem carries its JSON path (ui_language, ui_languages).
    @field_validator("ui_language")
    @classmethod
    def _known_ui_language(cls, tag: str | None) -> str | None:
        problem = language_problem(tag) if tag else None
        if problem:
            raise ValueError(problem)
        return tag

    @field_validator("ui_languages")
    @classmethod
    def _known_ui_languages_each(cls, tags: list[str]) -> list[str]:
        for index, tag in enumerate(tags):
            problem = language_problem(tag)
            if problem:
                raise ValueError(f"[{index}]: {problem}")
        if len(set(tags)) != len(tags):
            raise ValueError("names a language twice")
        return tags

    @field_validator("conditions")
    @classmethod
    def _conditions_apart(cls, conditions: list[Condition]) -> list[Condition]:
        if len(conditions) == 1:
            raise ValueError("a reader study compares two conditions or more; one condition "
                             "is no condition (leave `conditions` out)")
        seen: dict[str, int] = {}
        for index, condition in enumerate(conditions):
            if condition.id in seen:
                raise ValueError(f"[{index}].id: condition id {condition.id!r} is already used "
                                 f"by conditions[{seen[condition.id]}]")
            seen[condition.id] = index
        return conditions

    def condition_ids(self) -> list[str]:
        return [c.id for c in self.conditions]

    @model_validator(mode="after")
    def _known_ui_languages(self) -> Study:
        if self.ui_language and self.ui_languages and self.ui_language not in self.ui_languages:
            raise ValueError(f"ui_language '{self.ui_language}' is not one of ui_languages")
        return self

    @field_serializer("items", mode="wrap")
    def _items_as_list(self, items: Any, handler: SerializerFunctionWrapHandler) -> Any:
        # A loaded study's items may be built on first use (`app.study.lazy.LazyItems`, a
        # sequence but not a list): written as the list they stand for.
        return handler(items if isinstance(items, list) else list(items))

    def block(self, block_id: str) -> Block:
        for block in self.blocks:
            if block.id == block_id:
                return block
        raise KeyError(block_id)

    def item_by_id(self) -> dict[str, Item]:
        return {item.id: item for item in self.items}
