"""Hostile study files: whatever study.json holds, loading it ends in a LoadedStudy or a
StudyError naming the file, never another exception and never a hang. A study that loads is
also runnable: every participant's plan and every screen can be built from it."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from app.session.plan import build_plan
from app.session.presentation import trial_view
from app.study.errors import StudyError
from app.study.loader import MAX_NESTING, MAX_STUDY_BYTES, load_study
from tests.conftest import FIXTURES
from tests.fuzzing import DEFAULT, HOSTILE_TEXT, LONG, json_values, time_limit

MINI = json.loads((FIXTURES / "mini-study" / "study.json").read_text(encoding="utf-8"))


def load_or_study_error(folder: Path, data: bytes) -> None:
    """The property: LoadedStudy (then runnable) or StudyError naming the file."""
    source = folder / "study.json"
    source.write_bytes(data)
    images = folder / "images"
    if not images.is_dir():  # the mini study's images, so that a valid mutation loads
        images.mkdir()
        for image in (FIXTURES / "mini-study" / "images").iterdir():
            (images / image.name).write_bytes(image.read_bytes())
    with time_limit():
        try:
            loaded = load_study(folder)
        except StudyError as exc:
            assert exc.problems, "a StudyError lists its problems"
            assert all(p.file == source for p in exc.problems)
            assert str(source) in str(exc) and exc.report()
            return
        for code in ("P001", "x"):
            for planned in build_plan(loaded.study, code):
                trial_view(loaded.study, loaded.folder, loaded.items_by_id[planned.item_id],
                           planned, len(loaded.study.items))


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every location in a JSON tree."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += paths(value, (*prefix, index))
    return out


def nest(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


MUTATIONS = ["delete", "replace", "huge", "deep", "unicode", "duplicate", "retype"]


@st.composite
def mutated_mini(draw: st.DrawFn) -> bytes:
    study = copy.deepcopy(MINI)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.sampled_from(paths(study)[1:]))
        parent = study
        for part in where[:-1]:
            parent = parent[part]
        key = where[-1]
        action = draw(st.sampled_from(MUTATIONS))
        if action == "delete":
            del parent[key]
        elif action == "replace":
            parent[key] = draw(json_values)
        elif action == "huge":
            parent[key] = draw(st.sampled_from(["x", "é", "\u0627", "<image>"])) * draw(
                st.integers(10_000, 2_000_000))
        elif action == "deep":
            parent[key] = nest(parent[key], draw(st.integers(1, 3 * MAX_NESTING)))
        elif action == "unicode":
            parent[key] = draw(st.text(min_size=1, max_size=30) | st.sampled_from(HOSTILE_TEXT))
        elif action == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif action == "retype":
            value = parent[key]
            parent[key] = (str(value) if not isinstance(value, str)
                           else draw(st.sampled_from([0, 1.5, True, None, [], {}, [value]])))
    raw = json.dumps(study, ensure_ascii=draw(st.booleans()), allow_nan=True)
    return raw.encode("utf-8", errors="surrogatepass")


@st.composite
def damaged_bytes(draw: st.DrawFn) -> bytes:
    """The valid file, cut short, with bytes flipped or a foreign encoding."""
    raw = json.dumps(MINI, ensure_ascii=False).encode("utf-8")
    choice = draw(st.sampled_from(["truncate", "flip", "utf16", "bom", "random"]))
    if choice == "truncate":
        return raw[:draw(st.integers(0, len(raw) - 1))]
    if choice == "flip":
        at = draw(st.integers(0, len(raw) - 1))
        return raw[:at] + bytes([draw(st.integers(0, 255))]) + raw[at + 1:]
    if choice == "utf16":
        return raw.decode("utf-8").encode("utf-16")
    if choice == "bom":
        return b"\xef\xbb\xbf" + raw
    return draw(st.binary(max_size=2000))


any_json = json_values.map(lambda v: json.dumps(v).encode("utf-8"))


@DEFAULT
@given(data=st.one_of(any_json, mutated_mini(), damaged_bytes()))
@example(data=b"")
@example(data=b"[" * 100_000 + b"]" * 100_000)
@example(data=json.dumps({"id": "\ud800", "title": "t", "items": []}).encode())
@example(data=b'{"id": "x", "title": "t", "items": [], "items": 1}')
@example(data=json.dumps({**MINI, "description": "\ud800"}).encode())
@example(data=json.dumps(MINI).replace("images/a.png", "x" * 3000).encode())
def test_any_study_json_loads_or_gives_a_study_error(tmp_path: Path, data: bytes) -> None:
    load_or_study_error(tmp_path, data)


@pytest.mark.slow
@LONG
@given(data=st.one_of(any_json, mutated_mini(), damaged_bytes()))
def test_any_study_json_long_variant(tmp_path: Path, data: bytes) -> None:
    load_or_study_error(tmp_path, data)


def test_the_unmutated_mini_study_loads(tmp_path: Path) -> None:
    """The fuzzer's seed is valid, so mutations start from a study that works."""
    (tmp_path / "images").mkdir()
    for name in ("a.png", "b.png"):
        (tmp_path / "images" / name).write_bytes((FIXTURES / "mini-study/images" / name).read_bytes())
    (tmp_path / "study.json").write_text(json.dumps(MINI), encoding="utf-8")
    assert load_study(tmp_path).study.id == "mini"


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    source = tmp_path / "study.json"
    with source.open("wb") as fh:  # sparse: no disk space, no reading
        fh.truncate(MAX_STUDY_BYTES + 1)
    with pytest.raises(StudyError, match="the limit is") as caught:
        load_study(tmp_path)
    assert str(source) in str(caught.value)


def test_nesting_up_to_the_limit_is_parsed_and_beyond_is_refused(tmp_path: Path) -> None:
    def study_with_depth(depth: int) -> bytes:
        # {"id":..., "x": [[...]]}: the object is level 1, so depth-1 list levels.
        return json.dumps({"id": "deep", "title": "t", "items": [], "x": nest(0, depth - 2)}).encode()

    (tmp_path / "study.json").write_bytes(study_with_depth(MAX_NESTING))
    with pytest.raises(StudyError) as within:
        load_study(tmp_path)
    assert "nested" not in str(within.value)  # parsed; refused by the schema instead
    (tmp_path / "study.json").write_bytes(study_with_depth(MAX_NESTING + 1))
    with pytest.raises(StudyError, match=f"levels deep; limit {MAX_NESTING}"):
        load_study(tmp_path)


def test_pathological_nesting_is_refused_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "study.json").write_bytes(b'{"a":' * 200_000 + b"1" + b"}" * 200_000)
    with pytest.raises(StudyError, match="nested"):
        load_study(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_a_study_error(tmp_path: Path) -> None:
    source = tmp_path / "study.json"
    source.write_text("{}", encoding="utf-8")
    source.chmod(0)
    with pytest.raises(StudyError, match="cannot read"):
        load_study(tmp_path)
