"""The fast schema (app/study/fast_schema.py) never says yes where pydantic says no: a lazy
study's items are built on first use, mid-session, so an item it let through must build."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pydantic_core
import pytest
from pydantic import ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from app.study.fast_schema import FastSchema, Undumpable, Untranslatable
from app.study.model import Item
from app.study_types.base import StrictModel

ROOT = Path(__file__).resolve().parents[3]
STUDIES = sorted([*ROOT.glob("studies/*/study.json"), *ROOT.glob("tests/fixtures/*/study.json")])
_ITEM = TypeAdapter(Item)
FAST = FastSchema(Item)
# Values put in every place of an item: the near misses of each type, lax coercions pydantic
# may make (and msgspec must not be laxer than), out-of-range numbers, the Rust/Python regex
# difference (a last newline), unknown shapes.
HOSTILE: list[Any] = [None, "", "x", "a\n", "A", "bad id", "ü", 0, 1, -1, 1.0, 0.5, -0.0, 2**70,
                      1e308, float("inf"), float("-inf"), True, False, "1", "true", [], {},
                      ["x"], {"x": 1}, "x" * 201]


def _sample_items() -> list[dict[str, Any]]:
    """A few items of every stimulus and question kind the bundled studies and fixtures hold."""
    seen: dict[tuple[str, ...], int] = {}
    out = []
    for path in STUDIES:
        for item in json.loads(path.read_text(encoding="utf-8")).get("items", []):
            key = (item["stimulus"]["kind"], *(q["kind"] for q in item["questions"]))
            if seen.get(key, 0) < 2:
                seen[key] = seen.get(key, 0) + 1
                out.append(item)
    return out


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _places(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _places(child, (*path, index))


def _mutants(item: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for path in _places(item):
        if not path:
            continue
        for value in [*HOSTILE, "<delete>"]:
            mutant = copy.deepcopy(item)
            parent = mutant
            for part in path[:-1]:
                parent = parent[part]
            if value == "<delete>":
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
            yield mutant
        mutant = copy.deepcopy(item)
        parent = mutant
        for part in path:
            parent = parent[part]
        if isinstance(parent, dict):
            parent["unknown_field"] = 1
            yield mutant
        elif isinstance(parent, list) and parent:
            parent.append(copy.deepcopy(parent[0]))  # a repeated option, question, grade...
            yield mutant
            parent.clear()
            yield mutant


def _pydantic_accepts(raw: dict[str, Any]) -> bool:
    try:
        _ITEM.validate_python(raw)
    except ValidationError:
        return False
    return True


def test_the_bundled_studies_take_the_fast_path() -> None:
    for path in STUDIES:
        items = json.loads(path.read_text(encoding="utf-8")).get("items", [])
        if all(_pydantic_accepts(i) for i in items):
            assert FAST.convert(items) is not None, path


def test_every_item_the_fast_schema_accepts_pydantic_accepts() -> None:
    samples = _sample_items()
    assert len({(i["stimulus"]["kind"], i["questions"][0]["kind"]) for i in samples}) >= 5
    checked = refused = 0
    for item in samples:
        for mutant in _mutants(item):
            checked += 1
            if FAST.convert([mutant]) is not None:
                assert _pydantic_accepts(mutant), json.dumps(mutant, default=str)[:400]
            else:
                refused += 1
    assert checked > 5_000 and refused > checked // 3  # the mutations do reach the checks


@pytest.mark.parametrize("identifier", ["a\n", "a\nb", "", "x" * 201, " a", "a b", "é"])
def test_identifiers_are_checked_as_pydantic_checks_them(identifier: str) -> None:
    item = _sample_items()[0]
    item = {**item, "id": identifier}
    assert FAST.convert([item]) is None
    assert not _pydantic_accepts(item)


def test_the_models_validators_run_on_the_structs() -> None:
    item = next(i for i in _sample_items() if i["questions"][0]["kind"] == "choice")
    broken = copy.deepcopy(item)
    broken["questions"][0]["gold"] = "not_an_option"
    assert FAST.convert([broken]) is None
    twice = copy.deepcopy(item)
    twice["questions"].append(copy.deepcopy(twice["questions"][0]))  # a question id repeated
    assert FAST.convert([twice]) is None
    assert FAST.convert([item]) is not None


class _Stripped(StrictModel):
    model_config = ConfigDict(str_strip_whitespace=True)
    name: str = Field(min_length=1)


class _Before(StrictModel):
    name: str

    @field_validator("name", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.lower() if isinstance(value, str) else value


class _Aliased(StrictModel):
    name: str = Field(alias="Name")


class _Untagged(StrictModel):
    value: int | str


@pytest.mark.parametrize("model", [_Stripped, _Before, _Aliased, _Untagged])
def test_what_the_structs_cannot_check_alike_gives_no_fast_schema(model: type) -> None:
    with pytest.raises(Untranslatable):
        FastSchema(model)


def test_every_item_the_structs_accept_is_dumped_as_pydantic_dumps_it() -> None:
    """FastSchema.dump_form (the stored definition of a lazy study, app.study.lazy) writes
    each accepted item as pydantic's model_dump_json, or says it cannot."""
    written = undumpable = 0
    for item in _sample_items():
        for mutant in [item, *_mutants(item)]:
            structs = FAST.convert([mutant])
            if structs is None:
                continue
            try:
                form = FAST.dump_form(structs[0])
            except Undumpable:
                undumpable += 1
                continue
            written += 1
            assert msgspec.json.encode(form).decode() == \
                _ITEM.validate_python(mutant).model_dump_json(), json.dumps(mutant)[:400]
    assert written > 3_000 and undumpable > 0


def _decoded(items: list[Any]) -> tuple[list[Any] | None, list[Any] | None]:
    """The structs `decode_items` reads from a study file's text and those `convert` makes of
    the same text parsed as the loader parses it (pydantic's parser)."""
    text = json.dumps({"title": "skipped unread", "items": items}).encode()
    return FAST.decode_items(text), FAST.convert(pydantic_core.from_json(text)["items"])


def test_items_decoded_from_the_text_are_the_converted_ones() -> None:
    """The loader makes a lazy study's structs from the file's text after it has let the
    parsed items go (app/study/loader.py, _validate_lazily): the same structs."""
    for path in STUDIES:
        text = path.read_bytes().removeprefix("\ufeff".encode())
        items = pydantic_core.from_json(text).get("items", [])
        decoded, converted = FAST.decode_items(text), FAST.convert(items)
        assert decoded == converted, path
        if decoded is not None:
            assert [type(s) for s in decoded] == [type(s) for s in converted or []]


def test_decoding_never_says_yes_where_converting_says_no() -> None:
    checked = accepted = 0
    for item in _sample_items():
        for mutant in _mutants(item):
            decoded, converted = _decoded([mutant])
            checked += 1
            if decoded is not None:
                accepted += 1
                assert decoded == converted, json.dumps(mutant, default=str)[:400]
    assert checked > 5_000 and 0 < accepted < checked
