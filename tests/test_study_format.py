"""The study format: valid studies load; each kind of mistake is reported with file and path."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from app.home import bundled_studies_dir
from app.kinds import QUESTION_KINDS
from app.study.errors import StudyError
from app.study.loader import MAX_NESTING, load_study
from app.study.model import Study
from app.study.schema import schema_text

REPO = Path(__file__).resolve().parents[1]


def _write(folder: Path, data: Any) -> Path:
    path = folder / "study.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _problems(path: Path) -> list[str]:
    with pytest.raises(StudyError) as info:
        load_study(path)
    return [f"{p.where}: {p.message}" for p in info.value.problems]


def _mini(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "study.json").read_text(encoding="utf-8"))


def test_mini_study_loads_with_every_kind(mini_study_dir: Path) -> None:
    loaded = load_study(mini_study_dir)
    kinds = {q.kind for item in loaded.study.items for q in item.questions}
    # the fixture shows every registered kind but the two preference kinds, which the bundled
    # preference-demo shows (more items here would change what many tests count)
    preferences = load_study(bundled_studies_dir() / "preference-demo").study
    assert kinds | {q.kind for i in preferences.items for q in i.questions} == set(QUESTION_KINDS)
    stimuli = {item.stimulus.kind for item in loaded.study.items}
    assert {"text", "pair", "query_documents", "cards", "poem"} <= stimuli
    assert len(loaded.content_hash) == 64


def test_content_hash_ignores_formatting(mini_study_dir: Path, tmp_path: Path) -> None:
    data = _mini(mini_study_dir)
    first = load_study(mini_study_dir).content_hash
    (mini_study_dir / "study.json").write_text(json.dumps(data, indent=4), encoding="utf-8")
    assert load_study(mini_study_dir).content_hash == first
    data["title"] = "Another title"
    _write(mini_study_dir, data)
    assert load_study(mini_study_dir).content_hash != first


def test_json_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "study.json"
    path.write_text('{\n  "id": "x",\n  "title": "t",,\n}', encoding="utf-8")
    with pytest.raises(StudyError) as info:
        load_study(path)
    (problem,) = info.value.problems
    assert problem.file == path and problem.line == 3 and problem.column is not None
    assert "JSON syntax error" in problem.message
    assert str(problem).startswith(f"{path}:3:")


def test_every_problem_is_reported_at_once_with_json_paths(mini_study_dir: Path) -> None:
    data = _mini(mini_study_dir)
    data["items"][1]["questions"][0]["options"] = [{"key": "only", "label": "One"}]
    data["items"][3]["questions"][0]["max"] = -1
    data["items"][4]["stimulus"]["documents"][0]["txt"] = "typo"
    data["items"][6]["stimulus"]["images"][1]["path"] = "images/missing.png"
    data["items"][5]["block"] = "nowhere"
    problems = _problems(_write(mini_study_dir, data))
    joined = "\n".join(problems)
    assert "items[1].questions[0].options" in joined
    assert "items[3].questions[0]" in joined and "greater than min" in joined
    assert "items[4].stimulus.documents[0].txt: unknown field" in joined
    assert "items[6].stimulus.images[1].path: image not found: images/missing.png" in joined
    assert "items[5].block: unknown block 'nowhere'" in joined
    assert len(problems) == 5


def test_missing_images_are_all_listed(mini_study_dir: Path) -> None:
    for image in (mini_study_dir / "images").iterdir():
        image.unlink()
    problems = _problems(mini_study_dir)
    assert sum("image not found" in p for p in problems) == 2


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("../outside.png", "contains '..'"),
        ("/etc/passwd", "is absolute"),
        ("C:\\images\\a.png", "is absolute"),
        ("images/../../x.png", "contains '..'"),
    ],
)
def test_asset_paths_must_stay_inside(mini_study_dir: Path, path: str, expected: str) -> None:
    data = _mini(mini_study_dir)
    data["items"][6]["stimulus"]["images"][0]["path"] = path
    problems = _problems(_write(mini_study_dir, data))
    assert any(p.startswith("items[6].stimulus.images[0].path") and expected in p for p in problems)


def test_symlink_leaving_the_folder_is_refused(mini_study_dir: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.png"
    secret.write_bytes((mini_study_dir / "images" / "a.png").read_bytes())
    os.symlink(secret, mini_study_dir / "images" / "link.png")
    data = _mini(mini_study_dir)
    data["items"][6]["stimulus"]["images"][0]["path"] = "images/link.png"
    problems = _problems(_write(mini_study_dir, data))
    assert any("resolves outside the study folder" in p for p in problems)


def test_symlink_inside_the_folder_is_fine(mini_study_dir: Path) -> None:
    os.symlink(mini_study_dir / "images" / "a.png", mini_study_dir / "images" / "alias.png")
    data = _mini(mini_study_dir)
    data["items"][6]["stimulus"]["images"][0]["path"] = "images/alias.png"
    load_study(_write(mini_study_dir, data))


def test_cross_field_checks(mini_study_dir: Path) -> None:
    data = _mini(mini_study_dir)
    data["items"][7]["id"] = data["items"][2]["id"]  # duplicate id
    data["items"][4]["questions"][0]["gold"] = {"d1": 1, "d9": 0}  # unknown, missing docs
    data["items"][5]["questions"][0]["n_groups"] = 9  # more groups than cards
    data["items"][8]["questions"][0]["gold"] = ["z", "y"]  # not a permutation
    data["items"][0]["stimulus"]["text"] = "see <image>"  # placeholder without image
    data["items"][1]["questions"][0]["gold"] = "maybe"  # gold not an option
    data["items"][3]["questions"][0]["scoring"] = {"breakdown": ["no_such_category"]}
    problems = "\n".join(_problems(_write(mini_study_dir, data)))
    assert "items[7].id: item id 'c2' is already used by items[2]" in problems
    assert "items[4].questions[0].gold" in problems and "unknown documents ['d9']" in problems
    assert "items[5].questions[0].n_groups: more groups than cards" in problems
    assert "items[8].questions[0].gold" in problems
    assert "items[0].stimulus.text" in problems and "placeholders" in problems
    assert "items[1].questions[0]" in problems and "'maybe' is not one of the option keys" in problems
    assert "category 'no_such_category' is not set on any item" in problems


def test_wrong_kinds_and_types(mini_study_dir: Path) -> None:
    data = _mini(mini_study_dir)
    data["items"][0]["questions"][0]["kind"] = "telepathy"
    data["items"][1]["stimulus"] = {"kind": "pair", "text_a": 3}
    data["design"]["break_every"] = -2
    problems = "\n".join(_problems(_write(mini_study_dir, data)))
    assert "items[0].questions[0]" in problems and "telepathy" in problems
    assert "items[1].stimulus.text_a" in problems
    assert "items[1].stimulus.text_b" in problems
    assert "design.break_every" in problems


def test_relevance_needs_documents(mini_study_dir: Path) -> None:
    data = _mini(mini_study_dir)
    data["items"][1]["questions"].append({"id": "rel", "kind": "relevance"})
    problems = _problems(_write(mini_study_dir, data))
    assert any("needs a query_documents stimulus" in p for p in problems)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[1, 2]", "JSON object at the top"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"", "JSON syntax error"),
        (("[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5)).encode(), "nested"),
    ],
)
def test_unusable_files(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "study.json"
    path.write_bytes(content)
    with pytest.raises(StudyError) as info:
        load_study(path)
    assert message in str(info.value)


def test_missing_study_file(tmp_path: Path) -> None:
    with pytest.raises(StudyError, match="no such file"):
        load_study(tmp_path / "nothing")


def test_schema_file_is_in_sync_with_the_models() -> None:
    committed = (REPO / "studies" / "study.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(), "run `make schema` and commit studies/study.schema.json"
    schema = json.loads(committed)
    assert set(Study.model_fields) == set(schema["properties"])
