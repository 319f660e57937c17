"""Load a study folder (or its study.json) and report every problem at once.

Each item is validated on its own, so one broken item does not hide the problems of the
others, and the cross-field checks (`app.study.checks`: block references, documents, gold
answers, asset paths) still run over every item that parsed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from app.study.checks import check_items, check_study
from app.study.errors import Problem, StudyError, json_path
from app.study.model import QUESTION_KINDS, Item, Study

STUDY_FILE = "study.json"
MAX_STUDY_BYTES = 256 * 1024 * 1024  # a 20,000-item study is ~20 MB; anything past this is a mistake
MAX_NESTING = 64  # the format nests ~8 deep; deeper is hostile or broken

_ITEM = TypeAdapter(Item)
_STIMULUS_KINDS = {"text", "images", "pair", "query_documents", "cards", "poem"}
_TAGS = _STIMULUS_KINDS | set(QUESTION_KINDS)


@dataclass(frozen=True)
class LoadedStudy:
    """A validated study and where it came from."""

    study: Study
    folder: Path
    source: Path
    content_hash: str = field(repr=False)

    @cached_property
    def items_by_id(self) -> dict[str, Item]:
        return self.study.item_by_id()

    def asset(self, relative: str) -> Path:
        """Absolute path of an asset; validation has already refused unsafe paths."""
        return (self.folder / relative).resolve()


def study_file(path: Path) -> Path:
    """A study folder or its JSON file -> the JSON file."""
    return path / STUDY_FILE if path.is_dir() else path


def load_study(path: Path | str, *, check_assets: bool = True) -> LoadedStudy:
    """Parse, validate and check a study. Raises StudyError listing every problem."""
    source = study_file(Path(path))
    raw_bytes = _read(source)
    raw = _parse_json(source, raw_bytes)
    study, problems = _validate(source, raw, check_assets=check_assets)
    if problems or study is None:
        raise StudyError(problems or [Problem(source, "", "the study could not be read")])
    return LoadedStudy(
        study=study,
        folder=source.parent.resolve(),
        source=source.resolve(),
        content_hash=content_hash(raw),
    )


def content_hash(raw: Any) -> str:
    """sha256 of the canonical JSON: the same study written with other spacing hashes alike."""
    canonical = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _read(source: Path) -> bytes:
    if not source.exists():
        raise StudyError([Problem(source, "", "no such file or folder")])
    if not source.is_file():
        raise StudyError([Problem(source, "", f"not a file (a study folder holds {STUDY_FILE})")])
    size = source.stat().st_size
    if size > MAX_STUDY_BYTES:
        raise StudyError(
            [Problem(source, "", f"file is {size:,} bytes; the limit is {MAX_STUDY_BYTES:,}")]
        )
    try:
        return source.read_bytes()
    except OSError as exc:
        raise StudyError([Problem(source, "", f"cannot read: {exc.strerror or exc}")]) from exc


def _parse_json(source: Path, raw_bytes: bytes) -> Any:
    try:
        text = raw_bytes.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise StudyError(
            [Problem(source, "", f"not UTF-8 text (byte {exc.start}: {exc.reason})")]
        ) from exc
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StudyError(
            [Problem(source, "", f"JSON syntax error: {exc.msg}", line=exc.lineno, column=exc.colno)]
        ) from exc
    except RecursionError as exc:
        raise StudyError([Problem(source, "", "JSON nested too deeply")]) from exc
    depth = _depth(raw)
    if depth > MAX_NESTING:
        raise StudyError([Problem(source, "", f"JSON nested {depth} levels deep; limit {MAX_NESTING}")])
    return raw


def _depth(value: Any) -> int:
    # Iterative, so a hostile file cannot blow the stack here either.
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_NESTING:
            return level
        if isinstance(node, dict):
            stack.extend((v, level + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, level + 1) for v in node)
    return deepest


def _validate(source: Path, raw: Any, *, check_assets: bool) -> tuple[Study | None, list[Problem]]:
    """Schema errors of every item and of the header, then the cross-field checks over the
    header and every item that parsed (reported at their original index)."""
    if not isinstance(raw, dict):
        return None, [Problem(source, "", "a study file holds a JSON object at the top")]
    problems: list[Problem] = []
    raw_items = raw.get("items")
    indices: list[int] = []
    items: list[Item] = []
    if isinstance(raw_items, list):
        for index, raw_item in enumerate(raw_items):
            try:
                items.append(_ITEM.validate_python(raw_item))
                indices.append(index)
            except ValidationError as exc:
                problems += _problems(source, exc, prefix=("items", index))
        header = {**raw, "items": items}
    else:
        header = raw
    item_problems = bool(problems)
    problems += check_items(list(zip(indices, items, strict=True)), source, source.parent,
                            check_assets=check_assets)
    try:
        study: Study | None = Study.model_validate(header)
    except ValidationError as exc:
        header_problems = _problems(source, exc)
        if item_problems:  # items already reported; "at least 1 item" would only repeat them
            header_problems = [p for p in header_problems if p.where != "items"]
        return None, problems + header_problems
    assert study is not None
    problems += check_study(study, source, source.parent, check_assets=check_assets,
                            item_indices=indices, partial=item_problems)
    return (None if problems else study), problems


def _problems(source: Path, exc: ValidationError, prefix: tuple[str | int, ...] = ()) -> list[Problem]:
    out = []
    for error in exc.errors(include_url=False):
        loc = list(prefix) + _strip_tags(error["loc"])
        message = error["msg"]
        if message.startswith("Value error, "):
            message = message[len("Value error, ") :]
        if error["type"] == "extra_forbidden":
            message = "unknown field (a typo?)"
        out.append(Problem(source, json_path(loc), message))
    return out


def _strip_tags(loc: tuple[str | int, ...]) -> list[str | int]:
    # Pydantic puts the discriminator value in the location of a tagged union
    # (questions.0.choice.options); the designer's file has no such level.
    out: list[str | int] = []
    for i, part in enumerate(loc):
        previous = loc[i - 1] if i else None
        if part in _TAGS and (isinstance(previous, int) or previous == "stimulus"):
            continue
        out.append(part)
    return out
