"""What the results side and a kind hand each other (`Kind.extra_agreement_rows`,
`Kind.result_tables`): plain types, so a kind never imports `app.results`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from app.study_types.base import MeasurementLevel

if TYPE_CHECKING:
    from app.study_types.item import ItemFields


class ScoredGroup(Protocol):
    """What the results tell a kind of one question group (`app.results.units.QuestionGroup`
    has these): every question with one id across the study's scored items."""

    @property
    def question_id(self) -> str: ...
    @property
    def level(self) -> MeasurementLevel: ...
    @property
    def questions(self) -> dict[str, Any]: ...  # item id -> the question on that item
    @property
    def items(self) -> Mapping[str, ItemFields]: ...  # item id -> item, in study order


class ResamplingOptions(Protocol):
    """The scoring settings a kind's own statistics read (`app.results.options.ResultsOptions`
    has these): bootstrap resamples (0: no intervals), the seed, the interval's confidence."""

    @property
    def n_boot(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def confidence(self) -> float: ...


@dataclass(frozen=True)
class ResultTable:
    """One table a kind adds to the export (`Kind.result_tables`): written as `<name>.csv`
    with these columns, in this order."""

    name: str
    columns: tuple[str, ...]
    rows: list[dict[str, Any]]
