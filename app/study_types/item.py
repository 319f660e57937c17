"""What a response kind reads of an item: the fields of `app.study.model.Item` but its
questions (whose union the study model builds from the kinds' registry), as a protocol the model
satisfies, so the kinds type their answers against an item without importing the study model."""

from __future__ import annotations

from typing import Literal, Protocol

from app.study_types.stimuli import Stimulus


class ItemFields(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def block(self) -> str: ...

    @property
    def role(self) -> Literal["trial", "attention_check", "gold_check"]: ...

    @property
    def language(self) -> str | None: ...

    @property
    def categories(self) -> dict[str, str]: ...

    @property
    def stimulus(self) -> Stimulus: ...
