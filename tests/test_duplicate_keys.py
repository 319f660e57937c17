"""A key written twice in one object of study.json is an error at its JSON path and line,
never silently the last value (issue 14)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.study.duplicate_keys import duplicate_keys
from app.study.errors import StudyError
from app.study.loader import load_study
from baseline_studio.main import main

FIXTURES = Path(__file__).parent / "fixtures"


def mini_text(tmp_path: Path) -> tuple[Path, str]:
    folder = tmp_path / "study"
    shutil.copytree(FIXTURES / "mini-study", folder)
    text = json.dumps(json.loads((folder / "study.json").read_text(encoding="utf-8")), indent=2)
    return folder, text


def test_gold_twice_is_reported_with_path_and_line(tmp_path: Path) -> None:
    folder, text = mini_text(tmp_path)
    # c1's question: "gold": "a" becomes "gold": "a", "gold": "b" (both valid options)
    raw = json.loads(text)
    (index,) = [i for i, item in enumerate(raw["items"]) if item["id"] == "c1"]
    gold = raw["items"][index]["questions"][0]["gold"]
    other = next(o["key"] for o in raw["items"][index]["questions"][0]["options"] if o["key"] != gold)
    needle = f'"gold": "{gold}"'
    start = text.index('"id": "c1"')
    at = text.index(needle, start)
    text = text[:at] + f'"gold": "{other}",\n        ' + text[at:]
    (folder / "study.json").write_text(text, encoding="utf-8")
    with pytest.raises(StudyError) as caught:
        load_study(folder)
    (problem,) = caught.value.problems
    assert problem.where == f"items[{index}].questions[0].gold"
    assert "'gold' appears twice" in problem.message
    second = text.index('"gold"', at + 1)
    assert problem.line == text.count("\n", 0, second) + 1
    assert problem.column == second - text.rfind("\n", 0, second)


def test_the_cli_exits_2_naming_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, text = mini_text(tmp_path)
    text = text.replace('"title": ', '"title": "first",\n  "title": ', 1)
    (folder / "study.json").write_text(text, encoding="utf-8")
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert f"{folder / 'study.json'}:5:3: title: the key 'title' appears twice" in err
    assert "Traceback" not in err


def test_a_repeat_spelled_with_an_escape_is_found(tmp_path: Path) -> None:
    folder, text = mini_text(tmp_path)
    text = text.replace('"title": ', '"titl\\u0065": "first",\n  "title": ', 1)
    (folder / "study.json").write_text(text, encoding="utf-8")
    with pytest.raises(StudyError, match="'title' appears twice"):
        load_study(folder)


def test_unusual_spacing_and_colons_in_strings_are_fine(tmp_path: Path) -> None:
    folder, text = mini_text(tmp_path)
    # "key" : value everywhere, and text holding the mark itself: the counts differ, the slow
    # check runs and finds nothing
    text = text.replace('": ', '" : ').replace('"title" : "', '"title" : "\\":x\\": ', 1)
    (folder / "study.json").write_text(text, encoding="utf-8")
    assert load_study(folder).study.title.startswith('":x":')


def test_nested_and_top_level_repeats_are_all_listed(tmp_path: Path) -> None:
    text = '{"a": 1, "b": {"c": [1, {"d": 1, "d": 2}], "e": {"c": 3,\n "c": 4}}, "a": 2}'
    found = {(p.where, p.line, p.column) for p in duplicate_keys(tmp_path / "x.json", text)}
    assert found == {("a", 2, 12), ("b.e.c", 2, 2), ("b.c[1].d", 1, text.index('"d": 2') + 1)}
    text = '{"k\\"": 1, "k\\"" : 2}'
    (problem,) = duplicate_keys(tmp_path / "x.json", text)
    assert (problem.where, problem.column) == ('k"', 12)
