"""The fast paths of study loading (benchmarks/bench_validate.py) give the same verdicts as the
careful ones: the whole-list validation as item-by-item, the asset listing as resolve_asset."""

from __future__ import annotations

import gc
import json
import os
from pathlib import Path
from typing import Any

import pytest

from app.study import checks
from app.study.checks import _check_each, _check_images, check_items
from app.study.errors import StudyError
from app.study.loader import MAX_NESTING, load_study, validate_items, validate_items_one_by_one
from app.study.model import Item
from app.study.paths import AssetIndex


def _mini(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "study.json").read_text(encoding="utf-8"))


def _write(folder: Path, data: Any) -> Path:
    path = folder / "study.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_whole_list_validation_equals_item_by_item_on_a_valid_study(mini_study_dir: Path) -> None:
    raw_items = _mini(mini_study_dir)["items"]
    source = mini_study_dir / "study.json"
    fast = validate_items(source, raw_items)
    slow = validate_items_one_by_one(source, raw_items)
    assert fast == slow
    assert fast[2] == [] and len(fast[1]) == len(raw_items)


def test_a_broken_item_is_reported_on_its_own_and_the_others_still_parse(
        mini_study_dir: Path) -> None:
    raw_items = _mini(mini_study_dir)["items"]
    raw_items[2]["questions"][0]["kind"] = "telepathy"
    raw_items[4]["stimulus"] = {"kind": "pair", "text_a": 3}
    indices, items, problems = validate_items(mini_study_dir / "study.json", raw_items)
    assert 2 not in indices and 4 not in indices
    assert len(items) == len(raw_items) - 2
    wheres = {p.where for p in problems}
    assert "items[2].questions[0]" in wheres
    assert {"items[4].stimulus.text_a", "items[4].stimulus.text_b"} <= wheres
    assert (indices, items, problems) == validate_items_one_by_one(
        mini_study_dir / "study.json", raw_items)


def _deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"x": value}
    return value


def test_deep_scoring_options_are_refused_where_they_are(mini_study_dir: Path) -> None:
    data = _mini(mini_study_dir)
    data["items"][1]["questions"][0]["scoring"] = {"options": _deep(MAX_NESTING)}
    with pytest.raises(StudyError) as info:
        load_study(_write(mini_study_dir, data))
    (problem,) = info.value.problems
    assert problem.where == "items[1].questions[0].scoring.options"
    assert "nested" in problem.message


def test_deep_junk_in_an_item_is_reported_as_nesting(mini_study_dir: Path) -> None:
    data = _mini(mini_study_dir)
    data["items"][3]["stimulus"] = _deep(MAX_NESTING + 3)
    with pytest.raises(StudyError) as info:
        load_study(_write(mini_study_dir, data))
    assert [p.where for p in info.value.problems] == ["items[3]"]
    assert "nested" in info.value.problems[0].message


def test_deep_header_is_refused(mini_study_dir: Path) -> None:
    data = _mini(mini_study_dir)
    data["description"] = [_deep(MAX_NESTING + 2)]
    with pytest.raises(StudyError, match="nested"):
        load_study(_write(mini_study_dir, data))


def test_the_cyclic_collector_runs_again_after_loading(mini_study_dir: Path) -> None:
    assert gc.isenabled()
    load_study(mini_study_dir)
    assert gc.isenabled()
    (mini_study_dir / "study.json").write_text("{", encoding="utf-8")
    with pytest.raises(StudyError):
        load_study(mini_study_dir)
    assert gc.isenabled()


TRICKY_PATHS = [
    "images/a.jpg", "./images/a.jpg", "images//a.jpg", "images/./a.jpg", "images/missing.jpg",
    "images", "images/", "images/sub/b.jpg", "../outside.jpg", "images/../images/a.jpg",
    "/etc/passwd", "C:stuff.jpg", "C:/stuff.jpg", "\\\\server\\share.jpg", "images\\a.jpg",
    "link_out.jpg", "link_in.jpg", "linkdir/b.jpg", "linkdir_in/a.jpg", "Images/A.JPG",
    "images/dangling.jpg", "colon:name.jpg", "",
]


@pytest.fixture
def tricky_folder(tmp_path: Path) -> Path:
    study = tmp_path / "study"
    (study / "images" / "sub").mkdir(parents=True)
    (study / "images" / "a.jpg").write_bytes(b"x")
    (study / "images" / "sub" / "b.jpg").write_bytes(b"x")
    (study / "colon:name.jpg").write_bytes(b"x")
    outside = tmp_path / "outside"
    (outside / "sub").mkdir(parents=True)
    (outside / "sub" / "b.jpg").write_bytes(b"x")
    (tmp_path / "outside.jpg").write_bytes(b"x")
    os.symlink(tmp_path / "outside.jpg", study / "link_out.jpg")
    os.symlink(study / "images" / "a.jpg", study / "link_in.jpg")
    os.symlink(outside / "sub", study / "linkdir")
    os.symlink(study / "images", study / "linkdir_in")
    os.symlink(study / "nothing.jpg", study / "images" / "dangling.jpg")
    return study


@pytest.mark.parametrize("relative", TRICKY_PATHS)
def test_asset_listing_agrees_with_resolve_asset(tricky_folder: Path, relative: str) -> None:
    item = Item.model_validate({
        "id": "i1", "stimulus": {"kind": "images", "images": [{"path": relative}]},
        "questions": [{"id": "q", "kind": "choice", "options": [
            {"key": "a", "label": "A"}, {"key": "b", "label": "B"}]}],
    })
    careful = _check_images(item, tricky_folder)
    fast = _check_images(item, tricky_folder, AssetIndex(tricky_folder))
    assert fast == careful
    if AssetIndex(tricky_folder).is_plain_file(relative):
        assert careful == []  # the listing only ever says yes where the careful path does


def test_asset_listing_says_yes_to_plain_files(tricky_folder: Path) -> None:
    index = AssetIndex(tricky_folder)
    assert index.is_plain_file("images/a.jpg")
    assert index.is_plain_file("images/sub/b.jpg")
    assert not index.is_plain_file("link_in.jpg")  # links are left to resolve_asset
    assert not index.is_plain_file("linkdir/b.jpg")
    assert not index.is_plain_file("images/missing.jpg")


@pytest.mark.parametrize("first", ["images/a.jpg", "images/sub/b.jpg", "colon:name.jpg", ""])
def test_asset_listing_of_many_paths_agrees_with_one_by_one(tricky_folder: Path,
                                                             first: str) -> None:
    """all_plain_files, after a first path has listed its directory (its other names are then
    yes without asking), says what is_plain_file of a fresh index says of every path."""
    for relative in TRICKY_PATHS:
        index = AssetIndex(tricky_folder)
        index.all_plain_files([first])
        want = AssetIndex(tricky_folder).is_plain_file(relative)
        assert index.all_plain_files([relative]) is want, relative
        assert index.all_plain_files([first, relative, first]) is (
            want and AssetIndex(tricky_folder).is_plain_file(first))
    assert AssetIndex(tricky_folder).all_plain_files([])


def _image_item(n: int, paths: list[str], *, kind: str = "images", text: str = "",
                question: dict[str, Any] | None = None, item_id: str | None = None) -> Item:
    stimulus: dict[str, Any] = {"kind": kind, "images": [{"path": p} for p in paths]}
    if kind == "text":
        stimulus["text"] = text
    return Item.model_validate({
        "id": item_id or f"i{n}", "stimulus": stimulus,
        "questions": [question or {"id": "q", "kind": "choice", "prompt": "Which? <image>"
                                   if kind == "text" else "Which?", "options": [
                                       {"key": "a", "label": "A"}, {"key": "b", "label": "B"}]}],
    })


def _variants() -> list[tuple[str, list[Item]]]:
    clean = [_image_item(n, ["images/a.jpg", "images/sub/b.jpg"][: 1 + n % 2]) for n in range(6)]
    text = _image_item(9, ["images/a.jpg"], kind="text", text="See <image>.")
    ranking = {"id": "r", "kind": "ranking", "gold": ["d1"]}  # (no documents to rank)
    out = [("clean", clean), ("clean with text", [*clean, text]), ("none", [])]
    out += [(f"image {p!r}", [*clean[:3], _image_item(7, [p]), *clean[3:]]) for p in TRICKY_PATHS]
    out += [
        ("duplicate id", [*clean, _image_item(8, ["images/a.jpg"], item_id="i2")]),
        ("placeholders", [*clean, _image_item(9, ["images/a.jpg"], kind="text",
                                              text="<image> <image>")]),
        ("text without images", [_image_item(9, [], kind="text", text="plain")]),
        ("ranking question", [*clean, _image_item(10, ["images/a.jpg"], question=ranking)]),
        ("all wrong", [_image_item(1, ["../x.jpg"]), _image_item(1, ["missing.jpg"]),
                       _image_item(2, ["images/a.jpg"], kind="text", text="<image><image>")]),
    ]
    return out


@pytest.mark.parametrize("check_assets", [True, False])
def test_item_checks_from_whole_lists_equal_item_by_item(tricky_folder: Path,
                                                         check_assets: bool) -> None:
    source = tricky_folder / "study.json"
    cleared = 0
    for name, items in _variants():
        numbered = list(enumerate(items, start=3))
        careful = _check_each(numbered, source, tricky_folder,
                              AssetIndex(tricky_folder) if check_assets else None)
        assert check_items(numbered, source, tricky_folder, check_assets=check_assets) == careful, name
        if name in ("duplicate id", "ranking question", "all wrong") or (
                check_assets and name in ("placeholders", "image '../outside.jpg'")):
            assert careful, name  # (each kind of problem is met)
        index = AssetIndex(tricky_folder) if check_assets else None
        if checks._all_clear(numbered, index):
            assert careful == [], name  # the whole-list yes only where item by item finds nothing
            cleared += 1
    assert cleared >= 3  # the clean studies (and the safe paths) take the whole-list yes


def test_loading_leaves_freezing_to_the_caller(mini_study_dir: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """gc.freeze() is process-wide: only a caller that keeps the study decides it
    (app.catalog.kept_study; tests/app/test_catalog.py)."""
    from app import catalog

    gc.unfreeze()
    monkeypatch.setattr(catalog, "FREEZE_MIN_ITEMS", 1)
    load_study(mini_study_dir)
    assert gc.get_freeze_count() == 0
