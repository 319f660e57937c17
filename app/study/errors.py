"""Problems found in user input, each naming the file and the place in it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file.

    `where` is a JSON path such as `items[12].questions[0].options` (or `row 7, column answer`
    for a CSV); `line`/`column` are set for syntax errors.
    """

    file: Path
    where: str
    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        place = str(self.file)
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        if self.where:
            place += f": {self.where}"
        return f"{place}: {self.message}"


class UserInputError(Exception):
    """An expected error caused by what the user gave us: the CLI prints it and exits 2."""


class StudyError(UserInputError):
    """A study (or an import source) that cannot be used, with every problem found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        first = str(self.problems[0]) if self.problems else "invalid study"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)

    def report(self) -> str:
        return "\n".join(str(p) for p in self.problems)


def json_path(loc: Iterable[str | int]) -> str:
    """('items', 12, 'questions', 0, 'options') -> 'items[12].questions[0].options'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
