"""Load a study folder (or its study.json) and report every problem at once.

Each item is validated on its own, so one broken item does not hide the problems of the
others, and the cross-field checks (`app.study.checks`: block references, documents, gold
answers, asset paths) still run over every item that parsed.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import msgspec
import pydantic_core
from pydantic import TypeAdapter, ValidationError

from app.gc_pause import gc_paused
from app.regular_files import open_regular_file
from app.study.checks import IMAGE_STIMULI, SELF_CONTAINED, check_items, check_study
from app.study.compact import share_equal_options
from app.study.content_hash import hash_and_key_marks
from app.study.duplicate_keys import duplicate_keys, source_key_marks
from app.study.errors import Problem, StudyError, json_path
from app.study.fast_schema import FastSchema, Untranslatable
from app.study.lazy import LazyItems
from app.study.model import QUESTION_KINDS, Item, Option, Study

STUDY_FILE = "study.json"
MAX_STUDY_BYTES = 256 * 1024 * 1024  # a 20,000-item study is ~20 MB; anything past this is a mistake
MAX_NESTING = 64  # the format nests ~8 deep; deeper is hostile or broken
VALIDATION_RUN = 1_000  # items validated per pydantic call (see validate_items)

# Strict UTF-8 decoding lets no lone surrogate through; only a JSON escape (\ud800) can make one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_ITEM = TypeAdapter(Item)
_ITEMS = TypeAdapter(list[Item])
_STIMULUS_KINDS = {"text", "images", "pair", "query_documents", "cards", "poem"}
_TAGS = _STIMULUS_KINDS | set(QUESTION_KINDS)


def _fast_schema() -> FastSchema | None:
    try:
        return FastSchema(Item)
    except Untranslatable:  # a part of the format msgspec cannot check alike: every load eager
        return None


_FAST = _fast_schema()
_BOM = "\ufeff".encode()


class _ItemSlices(msgspec.Struct):
    items: list[msgspec.Raw]


_ITEM_SLICES = msgspec.json.Decoder(_ItemSlices)


@dataclass(frozen=True)
class LoadedStudy:
    """A validated study and where it came from."""

    study: Study
    folder: Path
    source: Path
    content_hash: str = field(repr=False)

    @cached_property
    def items_by_id(self) -> dict[str, Item]:
        """Every item's model by id (a session's engine asks `app.study.lazy.items_by_id`,
        which builds only those it reads)."""
        return self.study.item_by_id()

    def asset(self, relative: str) -> Path:
        """Absolute path of an asset; validation has already refused unsafe paths."""
        return (self.folder / relative).resolve()


def study_file(path: Path) -> Path:
    """A study folder or its JSON file -> the JSON file."""
    return path / STUDY_FILE if path.is_dir() else path


def load_study(path: Path | str, *, check_assets: bool = True, lazy: bool = True) -> LoadedStudy:
    """Parse, validate and check a study. Raises StudyError listing every problem.

    `lazy`: every item is checked now, but its model is built when first used
    (`app.study.lazy`); False builds them all now (the same models: tested)."""
    source = study_file(Path(path))
    raw_bytes = _read(source)
    with gc_paused():
        raw, text, by_jiter = _parse_json(source, raw_bytes)
        # Hashed first: validation then lets each item's parsed JSON go once its model is
        # made, so the models fill the space it leaves (~50 MB less left behind at 20,000).
        digest, canonical_marks = hash_and_key_marks(raw, text)
        if source_key_marks(text) != canonical_marks:  # a key dropped, or unusual spacing
            repeated = duplicate_keys(source, text)
            if repeated:
                raise StudyError(repeated)
        del text
        # The lazy study keeps each item's JSON as a slice of the file, read again by the
        # parser that read it now (jiter) when the item's model is built.
        item_source = raw_bytes if lazy and by_jiter else None
        del raw_bytes
        study, problems = _validate(source, raw, check_assets=check_assets, item_source=item_source)
        del raw, item_source
        if problems or study is None:
            raise StudyError(problems or [Problem(source, "", "the study could not be read")])
        loaded = LoadedStudy(
            study=study,
            folder=source.parent.resolve(),
            source=source.resolve(),
            content_hash=digest,
        )
    return loaded


def _read(source: Path) -> bytes:
    if not source.exists():
        raise StudyError([Problem(source, "", "no such file or folder")])
    if not source.is_file():
        raise StudyError([Problem(source, "", f"not a file (a study folder holds {STUDY_FILE})")])
    try:
        # Without blocking: a study.json swapped for a FIFO after the check above is refused.
        with open_regular_file(source) as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > MAX_STUDY_BYTES:
                raise StudyError([Problem(source, "", f"file is {size:,} bytes; the limit is "
                                          f"{MAX_STUDY_BYTES:,}")])
            return fh.read()
    except OSError as exc:
        raise StudyError([Problem(source, "", f"cannot read: {exc.strerror or exc}")]) from exc


def _parse_json(source: Path, raw_bytes: bytes) -> tuple[Any, str, bool]:
    """The parsed JSON, the text it was parsed from and whether pydantic's parser read it."""
    try:
        text = raw_bytes.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise StudyError(
            [Problem(source, "", f"not UTF-8 text (byte {exc.start}: {exc.reason})")]
        ) from exc
    try:
        # pydantic's parser (jiter, in Rust): ~30 % sooner than json.loads, and its cache hands
        # out one object per repeated short string (option keys, category labels, paths' words),
        # which the validated study keeps (~20 MB less at 20,000 items). It accepts a subset of
        # what json.loads accepts and gives the same values (tested); whatever it refuses (a
        # syntax error, a lone surrogate, deep nesting) goes to json.loads for the exact message.
        raw = pydantic_core.from_json(text)
    except ValueError:
        return _checked_parse(source, text, _parse_json_stdlib(source, text)), text, False
    return _checked_parse(source, text, raw), text, True


def _parse_json_stdlib(source: Path, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise StudyError(
            [Problem(source, "", f"JSON syntax error: {exc.msg}", line=exc.lineno, column=exc.colno)]
        ) from exc
    except RecursionError as exc:
        raise StudyError([Problem(source, "", "JSON nested too deeply")]) from exc


def _checked_parse(source: Path, text: str, raw: Any) -> Any:
    # Rare (escaped emoji, or a broken or hostile file); the plain search skips the regex's
    # slower walk over a file without any escape.
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):
        where = _lone_surrogate(raw)
        if where is not None:
            raise StudyError([Problem(source, where, "text holds a lone surrogate escape "
                                      "(\\ud800-\\udfff): not valid Unicode")])
    # Walking all 20,000 items for their depth cost as much as parsing them. The schema bounds
    # the depth of whatever validates, except free-form scoring options (checked on the parsed
    # items, `_deep_options`) and items that fail validation (checked one by one, there); what
    # is left to walk here is the header.
    header = {k: v for k, v in raw.items() if k != "items"} if isinstance(raw, dict) else raw
    depth = _depth(header)
    if depth > MAX_NESTING:
        raise StudyError([Problem(source, "", f"JSON nested {depth} levels deep; limit {MAX_NESTING}")])
    return raw


def _lone_surrogate(value: Any) -> str | None:
    """The JSON path of the first key or string that is not valid Unicode, if any."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                return json_path(loc) or "(top level)"
        elif isinstance(node, dict):
            for key, child in node.items():
                try:
                    key.encode("utf-8")
                except UnicodeEncodeError:
                    return json_path(loc) or "(top level)"
                stack.append((child, (*loc, key)))
        elif isinstance(node, list):
            stack.extend((child, (*loc, i)) for i, child in enumerate(node))
    return None


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


def _validate(source: Path, raw: Any, *, check_assets: bool, item_source: bytes | None = None
              ) -> tuple[Study | None, list[Problem]]:
    """Schema errors of every item and of the header, then the cross-field checks over the
    header and every item that parsed (reported at their original index). `item_source`: the
    file's bytes, for a lazy study (else every model is built now)."""
    if not isinstance(raw, dict):
        return None, [Problem(source, "", "a study file holds a JSON object at the top")]
    problems: list[Problem] = []
    raw_items = raw.get("items")
    if item_source is not None and isinstance(raw_items, list) and raw_items:
        done = _validate_lazily(source, raw, raw_items, item_source, check_assets=check_assets)
        if done is not None:
            return done
    indices: list[int] = []
    items: list[Item] = []
    if isinstance(raw_items, list):
        indices, items, problems = validate_items(source, raw_items, release=True)
        header = {**raw, "items": items}
    else:
        header = raw
    item_problems = bool(problems)  # some items left out
    problems += _deep_options(source, indices, items)
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


def _validate_lazily(source: Path, raw: dict[str, Any], raw_items: list[Any], item_source: bytes,
                     *, check_assets: bool) -> tuple[Study | None, list[Problem]] | None:
    """The lazy study (`app.study.lazy`), or None when some item may be invalid: then the
    eager path below finds and reports its problems. Every item is checked here against the
    schema (`app.study.fast_schema`: a yes means pydantic's yes) and by the same cross-field
    checks as there, on the checked structs; each item's JSON is kept to build its model on
    first use."""
    if _FAST is None:
        return None
    text = item_source.removeprefix(_BOM)
    try:
        # Each item's text in the file (no copy: slices of its bytes, which they keep).
        item_json = _ITEM_SLICES.decode(text).items
    except msgspec.DecodeError:  # NaN or Infinity, which msgspec does not read: the eager path
        return None
    if len(item_json) != len(raw_items):
        return None
    # The parsed items are let go before the structs are made, from the text, so that the
    # structs fill the memory they leave (the study held ~25 MB less after its start); the
    # same structs as `convert` of the parsed items (tests/app/study/test_fast_schema.py).
    parsed = len(raw_items)
    raw_items.clear()
    structs = _FAST.decode_items(text)
    if structs is None or len(structs) != parsed:
        # Some item may be invalid: the eager path reads the parsed items, parsed again (the
        # same parser, the same values as the first time).
        raw_items[:] = pydantic_core.from_json(text)["items"]
        return None
    indices = list(range(len(structs)))
    # Struct and model read alike where the checks read them, except where a kind's own
    # item checks run (documents, cards): those items get their model.
    checked = [s if _self_contained(s) else _ITEM.validate_json(bytes(j))
               for s, j in zip(structs, item_json, strict=True)]
    problems = _deep_options(source, indices, structs)
    problems += check_items(list(zip(indices, checked, strict=True)), source, source.parent,
                            check_assets=check_assets)
    try:
        study = Study.model_validate({**raw, "items": [_ITEM.validate_json(bytes(item_json[0]))]})
    except ValidationError as exc:
        return None, problems + _problems(source, exc)
    problems += check_study(study, source, source.parent, check_assets=check_assets,
                            items=structs)
    if problems:
        return None, problems
    # Frozen for its users, not for its maker.
    study.__dict__["items"] = LazyItems(item_json, checked=checked, schema=_FAST)
    return study, []


def _self_contained(item: Any) -> bool:
    return item.stimulus.kind in IMAGE_STIMULI and all(
        q.kind in SELF_CONTAINED for q in item.questions)


def validate_items(source: Path, raw_items: list[Any], *, release: bool = False
                   ) -> tuple[list[int], list[Item], list[Problem]]:
    """The items that parse (with their indices in the file) and the problems of the others.

    Fast path: whole runs of items in one call each, which is all a valid study needs. Only
    when a run fails are it and the items after it validated one by one, so that each broken
    item is reported on its own and the others still reach the cross-field checks
    (`validate_items_one_by_one`; the same result as one by one from the start, tested).
    `release`: each run's parsed JSON is dropped from `raw_items` (set to None) once its
    models are made, so they reuse its memory instead of leaving it as holes; and equal
    options are made one object (`share_equal_options`)."""
    items: list[Item] = []
    options: dict[tuple[object, ...], Option] = {}
    for start in range(0, len(raw_items), VALIDATION_RUN):
        end = start + VALIDATION_RUN
        try:
            run = _ITEMS.validate_python(raw_items[start:end])
        except ValidationError:
            indices, rest, problems = validate_items_one_by_one(source, raw_items[start:],
                                                                first_index=start)
            return list(range(start)) + indices, items + rest, problems
        if release:
            raw_items[start:end] = [None] * len(run)
            share_equal_options(run, options)  # ~40 MB less at 20,000 items (app.study.compact)
        items += run
    return list(range(len(items))), items, []


def validate_items_one_by_one(source: Path, raw_items: list[Any], *, first_index: int = 0
                              ) -> tuple[list[int], list[Item], list[Problem]]:
    """`first_index`: the file index of raw_items[0]."""
    indices: list[int] = []
    items: list[Item] = []
    problems: list[Problem] = []
    for index, raw_item in enumerate(raw_items, start=first_index):
        try:
            items.append(_ITEM.validate_python(raw_item))
            indices.append(index)
        except ValidationError as exc:
            depth = _depth(raw_item) + 2  # + the study object and its items list
            if depth > MAX_NESTING:
                problems.append(Problem(source, json_path(("items", index)),
                                        f"JSON nested {depth} levels deep; limit {MAX_NESTING}"))
            else:
                problems += _problems(source, exc, prefix=("items", index))
    return indices, items, problems


def _deep_options(source: Path, indices: list[int], items: list[Item]) -> list[Problem]:
    """Free-form scoring options are the one place where a valid item can nest without bound."""
    out = []
    for index, item in zip(indices, items, strict=True):
        for q_index, question in enumerate(item.questions):
            if question.scoring.options:
                # study > items > item > questions > question > scoring > options
                depth = 6 + _depth(question.scoring.options)
                if depth > MAX_NESTING:
                    where = json_path(("items", index, "questions", q_index, "scoring", "options"))
                    out.append(Problem(source, where,
                                       f"JSON nested {depth} levels deep; limit {MAX_NESTING}"))
    return out


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
