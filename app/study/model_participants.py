"""The study format's `participants` block: which participant codes a study issues.

    "participants": {"codes": {"pattern": "P[0-9]{3}",
                               "list": ["PILOT1"],
                               "ranges": [{"first": "P001", "last": "P060"}]}}

A code is one of the study's codes when it matches the pattern (the whole code), is in the
list, or falls in a range; any one of them is enough. Without `codes`, any code that is a
pseudonym is accepted (`app.session.codes`). Matching is exact: `p001` is not `P001`, because
the stored code is what every export carries and two spellings would split one person in two.
"""

from __future__ import annotations

import re

from pydantic import ConfigDict, Field, field_validator, model_validator

from app.study.safe_pattern import MAX_CODE_CHARS, unsafe_pattern_reason
from app.study_types.base import StrictModel

# A range's ends: the same prefix, then digits (P001, D-20, site3-0042).
_END = re.compile(r"^(.*?)(\d+)$")


class CodeRange(StrictModel):
    """Codes from `first` to `last`: the same prefix and as many digits (P001 ... P060)."""

    # As long as a code may be: a 5,000-digit end is no code (and no int Python would parse).
    first: str = Field(min_length=1, max_length=MAX_CODE_CHARS,
                       description="The first code, e.g. P001.")
    last: str = Field(min_length=1, max_length=MAX_CODE_CHARS,
                      description="The last code, e.g. P060.")

    @model_validator(mode="after")
    def _same_shape(self) -> CodeRange:
        a, b = _END.match(self.first), _END.match(self.last)
        if a is None or b is None:
            raise ValueError("both ends of a range end in digits, e.g. P001 and P060")
        if a.group(1) != b.group(1) or len(a.group(2)) != len(b.group(2)):
            raise ValueError(f"{self.first!r} and {self.last!r} differ in more than their "
                             "number: write both with the same prefix and as many digits "
                             "(P001 and P060)")
        if int(a.group(2)) > int(b.group(2)):
            raise ValueError(f"{self.first!r} comes after {self.last!r}")
        return self

    def size(self) -> int:
        """How many codes the range holds (both ends included)."""
        first, last = _END.match(self.first), _END.match(self.last)
        assert first is not None and last is not None  # checked by _same_shape
        return int(last.group(2)) - int(first.group(2)) + 1

    def contains(self, code: str) -> bool:
        first = _END.match(self.first)
        found = _END.match(code)
        if first is None or found is None:
            return False
        prefix, digits = first.group(1), first.group(2)
        if found.group(1) != prefix or len(found.group(2)) != len(digits):
            return False
        last = _END.match(self.last)
        return last is not None and int(digits) <= int(found.group(2)) <= int(last.group(2))


class ParticipantCodes(StrictModel):
    """The codes a study issues: a pattern and/or a list and/or ranges (any one matches)."""

    # `list` in the file, `listed` in Python (a field named `list` would hide the type);
    # dumped under its file name so that a stored definition reads back as written.
    model_config = ConfigDict(extra="forbid", frozen=True, validate_by_name=True,
                              serialize_by_alias=True)

    pattern: str | None = Field(
        default=None, description="A regular expression the whole code must match, e.g. "
        "'P[0-9]{3}'.")
    listed: list[str] = Field(default_factory=list, alias="list",
                              description="Codes issued one by one, e.g. ['PILOT1', 'PILOT2'].")
    ranges: list[CodeRange] = Field(default_factory=list,
                                    description="Numbered codes, e.g. P001 to P060.")

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, pattern: str | None) -> str | None:
        if pattern is not None:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"not a valid regular expression: {exc}") from None
            unsafe = unsafe_pattern_reason(pattern)
            if unsafe:
                raise ValueError(f"this pattern is refused: {unsafe}")
        return pattern

    @model_validator(mode="after")
    def _says_something(self) -> ParticipantCodes:
        if self.pattern is None and not self.listed and not self.ranges:
            raise ValueError("give a pattern, a list or ranges of codes (or leave out 'codes')")
        return self

    def count(self) -> int | None:
        """How many codes are issued, where that is known (a list and ranges, no pattern)."""
        if self.pattern is not None:
            return None
        return len(set(self.listed)) + sum(r.size() for r in self.ranges)

    def issues(self, code: str) -> bool:
        """True when `code` is one of these codes."""
        if len(code) > MAX_CODE_CHARS:  # no code is longer; and it bounds the pattern's work
            return False
        if self.pattern is not None and re.fullmatch(self.pattern, code):
            return True
        return code in self.listed or any(r.contains(code) for r in self.ranges)


class Participants(StrictModel):
    """Who may take part: the codes the study issues."""

    codes: ParticipantCodes | None = Field(
        default=None, description="The codes this study issues; a code outside them is refused. "
        "Without it, any pseudonym is accepted.")
