"""The fast load path (pydantic's JSON parser, the streamed content hash) gives exactly what the
slow one it replaced gave: the same parsed values, the same Study, the same content hash (the
identity every database stores), the same problems for broken files."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pydantic_core
import pytest

from app.study.content_hash import _FAST, _float_free, content_hash
from app.study.errors import StudyError
from app.study.loader import (
    _checked_parse,
    _parse_json_stdlib,
    load_study,
    validate_items_one_by_one,
)
from app.study.model import Study
from benchmarks.studygen import write_lesion_study, write_text_study

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
BUNDLED = sorted(p for p in (REPO / "studies").iterdir() if (p / "study.json").is_file())


def _reference_hash(raw: Any) -> str:
    """The definition the databases were written with (one-shot canonical JSON)."""
    canonical = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _reference_study(path: Path) -> Study:
    """The slow path: json.loads, every item on its own, then the header."""
    raw = json.loads(path.read_text(encoding="utf-8-sig"))
    _, items, problems = validate_items_one_by_one(path, raw["items"])
    assert problems == []
    return Study.model_validate({**raw, "items": items})


def test_the_fixture_database_still_knows_the_mini_study() -> None:
    # db_v1.sqlite3 was written by the first version: its stored hash must still match.
    with sqlite3.connect(FIXTURES / "db_v1.sqlite3") as conn:
        stored = {row[0] for row in conn.execute("SELECT content_hash FROM study")}
    assert load_study(FIXTURES / "mini-study").content_hash in stored


@pytest.mark.parametrize("folder", BUNDLED, ids=lambda p: p.name)
def test_bundled_studies_load_as_the_slow_path_does(folder: Path) -> None:
    path = folder / "study.json"
    loaded = load_study(folder)
    assert loaded.study == _reference_study(path)
    assert loaded.content_hash == _reference_hash(json.loads(path.read_text(encoding="utf-8-sig")))


def test_generated_studies_load_as_the_slow_path_does(tmp_path: Path) -> None:
    for path in (write_lesion_study(tmp_path / "lesion", n_items=300, n_images=120),
                 write_text_study(tmp_path / "text", n_items=200)):
        loaded = load_study(path)
        assert loaded.study == _reference_study(path)
        assert loaded.content_hash == _reference_hash(json.loads(path.read_bytes()))


@pytest.mark.parametrize("raw", [
    {"items": [], "id": "x"},
    {"items": [{"b": 1, "a": [1.5, 1e16, 1e-05, -0.0, None, True]}, {}], "zeta": "é\n\t\"\\\x01",
     "alpha": {"z": 1, "é": 2, "A": 3, "\u2028": "\U0001f600"}},
    {"items": "not a list", "a": 1},
    [1, 2, {"b": 1, "a": 2}],
    "text",
    {},
    {"items": [[], {}, [{}]], "big": 123456789012345678901234567890, "nan": float("nan"),
     "inf": float("inf")},
])
def test_streamed_hash_equals_the_one_shot_hash(raw: Any) -> None:
    assert content_hash(raw) == _reference_hash(raw)
    text = json.dumps(raw, ensure_ascii=False)
    assert content_hash(raw, text) == _reference_hash(raw)  # items through msgspec


EVERY_CHAR = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)


def test_msgspec_items_hash_as_json_for_every_character_and_key_order() -> None:
    rng = random.Random(11)
    keys = [*rng.sample(EVERY_CHAR, 3000), "a", "ab", "aa", "B", "", "é", "\U0001f600"]
    raw = {"id": "x", "items": [{"text": EVERY_CHAR}, {k: i for i, k in enumerate(keys)},
                                {"nested": [{"z": None, "y": [True, False, 0, -1, 2**70]}]}]}
    assert content_hash(raw, "{}") == _reference_hash(raw)


def test_items_with_floats_or_non_finite_numbers_hash_as_json() -> None:
    rng = random.Random(12)
    floats = [4e-05, 1e16, 1e-7, 0.5, 1.0, -0.0, 1e22, 123456789.125, 5e-324, 1.7976931348623157e308]
    floats += [rng.random() * 10.0 ** rng.randint(-30, 30) for _ in range(300)]
    items = [{"id": f"i{n}", "value": f, "in": [f], "at": [1, f]} for n, f in enumerate(floats)]
    items += [{"label": ",1.5 :2e3 [7. a,e"}, {"n": [1, 2, 3, -4]}, {"t": "e:E[.,"}]
    raw = {"id": "x", "items": items}
    assert content_hash(raw, json.dumps(raw)) == _reference_hash(raw)
    odd = {"id": "x", "items": [{"v": float("nan")}, {"v": float("inf")}, {"v": -float("inf")}]}
    assert content_hash(odd, json.dumps(odd)) == _reference_hash(odd)


@pytest.mark.parametrize("text", [
    '{"id": "x", "items": [{"v": 1e999}, {"w": 1}]}',  # parses as inf: no NaN/Infinity written
    '{"id": "x", "items": [{"v": [-1E400, null]}, {"w": "null"}]}',
    '{"id": "x", "items": [{"v": null, "s": "nullable"}, {"w": [1, {"z": null}]}]}',
    '{"id": "x", "items": [{"v": null}, {"deep": [[[{"n": NaN}]]]}, {"i": Infinity}]}',
    '{"id": "x", "note": "NaN", "items": [{"t": "Infinity and NaN"}, {"n": null}]}',
])
def test_non_finite_numbers_hash_as_json_wherever_they_come_from(text: str) -> None:
    """msgspec writes NaN and infinities as null: an item holding one is hashed by json, also
    when the source never wrote NaN or Infinity (a number too large for a float); nulls and
    the word inside strings keep the canonical text."""
    raw = json.loads(text)
    assert content_hash(raw, text) == _reference_hash(raw)
    assert content_hash(raw, "{}") == _reference_hash(raw)  # (whatever the source text says)


def test_every_float_is_seen_by_the_float_guard() -> None:
    # The fast encoder is trusted only where no float stands: the guard must see each one.
    rng = random.Random(13)
    values = [rng.random() * 10.0 ** rng.randint(-320, 307) for _ in range(20000)]
    values += [float(n) for n in range(-50, 50)] + [-0.0, 4e-05, 1e16, 1e21]
    for value in values:
        for wrapped in ({"a": value}, [value], [1, value], {"a": [{"b": -value}]}):
            assert not _float_free(_FAST.encode(wrapped)), wrapped


EDGE_TEXTS = [
    '{"a":1,"b":2,"a":3}', "[NaN, Infinity, -Infinity]", "1E400", "-1e400", "[1e-400]",
    "123456789012345678901234567890", '"\\u00e9\\ud83d\\ude00"', '"\\/\\b\\f\\n\\r\\t"',
    "[-0, -0.0, 0.1, 1e5, 1E+2, 2.2250738585072014e-308, 4.9e-324, 1.0000000000000002]",
    '{"é": "\u2028", "": null, "t": true, "f": false}', " \r\n\t[1] \n",
]


@pytest.mark.parametrize("text", EDGE_TEXTS)
def test_pydantic_parser_gives_the_values_json_loads_gives(text: str) -> None:
    assert repr(pydantic_core.from_json(text)) == repr(json.loads(text))


def test_pydantic_parser_reads_floats_as_json_loads_does() -> None:
    rng = random.Random(3)
    values = [rng.uniform(-1e6, 1e6) for _ in range(2000)]
    values += [rng.random() * 10.0 ** rng.randint(-320, 308) for _ in range(2000)]
    text = json.dumps(values)
    assert repr(pydantic_core.from_json(text)) == repr(json.loads(text))


@pytest.mark.parametrize("text", [
    '{\n  "id": "x",,\n}', '{"id": "\\ud800"}', '{"id": "\\udc00x"}', "[" * 300 + "]" * 300,
    '{"id": "a\x01b"}', "[01]", "[1,]", '{"a": 1} x', "",
])
def test_what_the_fast_parser_refuses_is_judged_by_json_loads(tmp_path: Path, text: str) -> None:
    path = tmp_path / "study.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StudyError) as fast:
        load_study(path)
    with pytest.raises(StudyError) as slow:  # json.loads and the checks after it, as before
        _checked_parse(path, text, _parse_json_stdlib(path, text))
    assert fast.value.problems == slow.value.problems


@pytest.mark.parametrize("broken", [(), (0,), (3,), (4, 5), (8,), (1, 7)])
def test_runs_of_items_give_what_one_by_one_gives(mini_study_dir: Path, broken: tuple[int, ...],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from app.study import loader

    monkeypatch.setattr(loader, "VALIDATION_RUN", 2)
    raw_items = json.loads((mini_study_dir / "study.json").read_text(encoding="utf-8"))["items"]
    for index in broken:
        raw_items[index]["questions"][0]["kind"] = "telepathy"
    source = mini_study_dir / "study.json"
    slow = validate_items_one_by_one(source, raw_items)
    assert loader.validate_items(source, list(raw_items)) == slow
    released = list(raw_items)
    assert loader.validate_items(source, released, release=True) == slow
    # Only runs that validated whole are let go; the rest is still there for the messages.
    kept_from = min(broken) - min(broken) % 2 if broken else len(raw_items)
    assert released[:kept_from] == [None] * kept_from
    assert released[kept_from:] == raw_items[kept_from:]


def test_equal_options_are_one_object_and_the_study_is_unchanged(tmp_path: Path) -> None:
    path = write_lesion_study(tmp_path / "lesion", n_items=2500, n_images=100)  # 3 runs
    loaded = load_study(path)
    options = [o for item in loaded.study.items for q in item.questions
               for o in getattr(q, "options", [])]
    assert len({id(o) for o in options}) == len({(o.key, o.label) for o in options}) < len(options)
    assert loaded.study == _reference_study(path)
