"""The study format's stimuli: what a participant reads or views (a discriminated union on
`kind`). Re-exported by `app.study.model`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.study_types.base import Identifier, StrictModel


class ImageRef(StrictModel):
    path: str = Field(description="Path relative to the study folder; must stay inside it.")
    alt: str | None = Field(default=None, description="Short description, for the audit trail.")
    caption: str | None = None


class ConditionText(StrictModel):
    """A stimulus with a text of its own can add to it per reading condition: what the AI
    shows is seen only in the sittings of the condition that shows it."""

    condition_text: dict[str, str] = Field(
        default_factory=dict, description="Reading condition id -> text added to the "
        "stimulus' text (after it) only in that condition's sittings (e.g. the AI's finding "
        "under \"ai_aided\"): the study's `conditions`.")


class TextStimulus(ConditionText):
    """Plain or Markdown text. `<image>` in the text stands for the next image of `images`."""

    kind: Literal["text"] = "text"
    text: str
    format: Literal["plain", "markdown"] = "plain"
    images: list[ImageRef] = Field(default_factory=list)


class ImagesStimulus(ConditionText):
    """One or more images shown side by side (e.g. several photographs of one case)."""

    kind: Literal["images"] = "images"
    images: list[ImageRef] = Field(min_length=1)
    text: str | None = Field(default=None, description="Case description shown above the images.")


class PairStimulus(StrictModel):
    """Two texts to compare (STS)."""

    kind: Literal["pair"] = "pair"
    text_a: str
    text_b: str
    label_a: str = "Sentence 1"
    label_b: str = "Sentence 2"


class Document(StrictModel):
    id: Identifier
    text: str


class QueryDocumentsStimulus(StrictModel):
    """A query with candidate documents (reranking): judged by a `relevance` or `ranking` question."""

    kind: Literal["query_documents"] = "query_documents"
    query: str
    instruction: str | None = None
    documents: list[Document] = Field(min_length=1)


class CardsStimulus(ConditionText):
    """A set of short texts to group (clustering) or order (ranking)."""

    kind: Literal["cards"] = "cards"
    text: str | None = Field(default=None, description="What the cards are, shown above them.")
    cards: list[Document] = Field(min_length=2)


class PoemPrompt(StrictModel):
    form: str
    theme: str


class PoemStimulus(StrictModel):
    """A poem with the prompt it answers. Line breaks are kept as written."""

    kind: Literal["poem"] = "poem"
    prompt: PoemPrompt
    title: str | None = None
    text: str


Stimulus = Annotated[
    TextStimulus | ImagesStimulus | PairStimulus | QueryDocumentsStimulus | CardsStimulus | PoemStimulus,
    Field(discriminator="kind"),
]
