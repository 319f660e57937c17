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
    sample_by: str | None = None  # a field of the rows: the sample is stratified by its values
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
    sampling: dict[str, Any] | None = None  # how the items were drawn (study.json `sampling`)


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


def stratified_indices(strata: list[str], sample: int, seed: int) -> list[int]:
    """`sample` of the rows, stratified by `strata` (a label per row) with proportional
    allocation: each stratum gets its share of `sample` rounded by largest remainder (ties to
    the larger stratum, then the label's order), drawn at random with `seed`; in source order."""
    by_label: dict[str, list[int]] = {}
    for index, label in enumerate(strata):
        by_label.setdefault(label, []).append(index)
    labels = sorted(by_label)
    n = len(strata)
    quotas = {label: sample * len(by_label[label]) / n for label in labels}
    counts = {label: int(quotas[label]) for label in labels}
    left = sample - sum(counts.values())
    order = sorted(labels, key=lambda lab: (-(quotas[lab] - counts[lab]), -len(by_label[lab]),
                                            lab))
    for label in order[:left]:
        counts[label] += 1
    rng = random.Random(f"stratified:{seed}")
    chosen: list[int] = []
    for label in labels:
        chosen += rng.sample(by_label[label], counts[label])
    return sorted(chosen)


def draw_sample(n: int, options: ImportOptions, strata: list[str] | None, *, source: Path,
                unit: str) -> tuple[list[int], dict[str, Any]]:
    """The rows (or cases) to keep and the record of how they were drawn, which the study keeps
    as `sampling` (checklist items 0.8 and 1.2.1 read it). `strata`: a label per row, when
    --sample-by names a field."""
    sample = options.sample
    record: dict[str, Any] = {"source": source.name, "unit": unit, "population": n}
    if sample is None or sample >= n:
        keep = list(range(n))
        record.update(method="all", size=n)
    elif strata is not None:
        keep = stratified_indices(strata, sample, options.seed)
        record.update(method="stratified", size=len(keep), seed=options.seed,
                      by=options.sample_by)
    else:
        keep = sample_indices(n, sample, options.seed)
        record.update(method="simple_random", size=len(keep), seed=options.seed)
    if strata is not None:
        drawn = dict.fromkeys(strata, 0)
        for index in keep:
            drawn[strata[index]] = drawn.get(strata[index], 0) + 1
        record.update(by=options.sample_by, strata=dict(sorted(drawn.items())))
    return keep, record


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
