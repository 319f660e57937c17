"""Shared pieces of the study format: identifiers, measurement levels, strict models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

FORMAT_VERSION = 1

Identifier = Annotated[
    str,
    Field(
        min_length=1,
        max_length=200,
        pattern=r"^[A-Za-z0-9_][A-Za-z0-9_.:\-]*$",
        description="Letters, digits, '_', '-', '.', ':'; starts with a letter, digit or '_'.",
    ),
]
MeasurementLevel = Literal["nominal", "ordinal", "interval", "ratio"]


class StrictModel(BaseModel):
    """Unknown fields are errors: a typo in a study file must not pass silently. Numbers are
    finite: JSON's NaN and Infinity (which Python's parsers accept) are refused at their path,
    before any arithmetic on a scale could overflow."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)
