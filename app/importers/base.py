"""What every importer shares: its options, the draft it builds, and the problems it finds.

An importer reads a source (a benchmark's own file) and builds a `StudyDraft`: the study as a
plain dict (what `study.json` will hold) plus the files to copy into the study folder. It never
writes anything itself; `app.importers.writing` writes the draft atomically and validates it.
Problems are collected, not raised one by one, so a designer sees every bad row at once.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.study.errors import Problem, StudyError

# (done, total, message): called from the importing thread; a dialog forwards it to its bar.
ProgressCallback = Callable[[int, int, str], None]


def no_progress(done: int, total: int, message: str) -> None:
    """The default progress callback: nobody is watching."""


@dataclass(frozen=True)
class ImportOptions:
    source: Path
    out: Path
    images: Path | None = None  # where image paths in the source are relative to
    sample: int | None = None  # how many rows (texts, for clustering) to keep; None: all
    seed: int = 0
    study_id: str | None = None
    title: str | None = None
    illustrative: bool = False  # predictions: made-up demo scores
    note: str | None = None  # predictions: shown wherever the scores are
    sources: tuple[Path, ...] = ()  # harness logs: every file named (source is the first)
    item_field: str | None = None  # harness logs: the sample field holding the item id
    language: str | None = None  # the study's language where the source has no language column
    progress: ProgressCallback = no_progress

    @property
    def images_root(self) -> Path:
        """Image paths are relative to --images, else to the folder the source file is in."""
        if self.images is not None:
            return self.images
        return self.source if self.source.is_dir() else self.source.parent


@dataclass
class StudyDraft:
    """A study about to be written: its JSON and the files it needs (source -> relative dest)."""

    study: dict[str, Any]
    files: dict[str, Path] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


class Problems:
    """Problems of one source file, each placed at a row and a column."""

    def __init__(self, source: Path) -> None:
        self.source = source
        self.items: list[Problem] = []
        self._rows: list[int] = []

    def add(self, row: int | None, column: str | None, message: str) -> None:
        where = ", ".join(
            part for part in (f"row {row}" if row is not None else "",
                              f"column {column}" if column else "") if part
        )
        self.items.append(Problem(self.source, where, message))
        self._rows.append(-1 if row is None else row)

    def raise_if_any(self) -> None:
        """StudyError with every problem, in row order (checks run in several passes)."""
        if self.items:
            order = sorted(range(len(self.items)), key=lambda i: self._rows[i])
            raise StudyError([self.items[i] for i in order])

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)


def fail(source: Path, message: str, where: str = "") -> StudyError:
    """A one-problem error about the source as a whole (unreadable, wrong kind of file...)."""
    return StudyError([Problem(source, where, message)])


def sample_indices(n: int, sample: int | None, seed: int) -> list[int]:
    """Which of n rows to keep: all, or `sample` of them drawn with `seed`, in source order.

    Deterministic: the same n, sample and seed always keep the same rows (random.Random is
    stable across Python versions for `sample` on a range).
    """
    if sample is None or sample >= n:
        return list(range(n))
    if sample < 1:
        raise ValueError("the sample size must be at least 1")
    return sorted(random.Random(seed).sample(range(n), sample))


_NOT_IDENTIFIER = re.compile(r"[^A-Za-z0-9_.:\-]+")


def identifier(text: str, fallback: str = "x") -> str:
    """A study identifier (item, option, card id) made from free text: 'very good' -> 'very_good'."""
    slug = _NOT_IDENTIFIER.sub("_", text.strip()).strip("_")[:200]
    if not slug or not re.match(r"[A-Za-z0-9_]", slug):
        slug = f"{fallback}_{slug}".strip("_") if slug else fallback
    return slug


def unique_keys(labels: list[str], fallback: str = "label") -> dict[str, str]:
    """label -> a distinct identifier for each label ('a b' and 'a-b' do not collide)."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for label in labels:
        key = base = identifier(label, fallback)
        n = 2
        while key in used:
            key, n = f"{base}_{n}", n + 1
        used.add(key)
        out[label] = key
    return out


def study_header(options: ImportOptions, *, default_id: str, title: str, description: str,
                 instructions: str = "") -> dict[str, Any]:
    """The metadata every imported study starts with."""
    return {
        "format_version": 1,
        "id": options.study_id or identifier(options.out.name, default_id),
        "title": options.title or title,
        "version": "1.0.0",
        "description": description,
        "instructions": instructions,
    }
