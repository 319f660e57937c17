"""Paths in study files and import sources never leave their folder: '..', absolute paths,
drive letters, UNC paths and symlinks pointing outside are refused with a clear message
(real symlinks on disk, not mocks)."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.study.errors import StudyError
from app.study.loader import load_study
from app.study.paths import UnsafePathError, resolve_asset

HOSTILE = [
    ("../secret.png", "'..'"),
    ("images/../../secret.png", "'..'"),
    ("images/./../../secret.png", "'..'"),
    ("images\\..\\..\\secret.png", "'..'"),
    ("/etc/passwd", "absolute"),
    ("C:\\Windows\\win.ini", "absolute"),
    ("C:secret.png", "absolute"),
    ("\\\\server\\share\\secret.png", "absolute"),
    ("\\secret.png", "absolute"),
    ("images/a\x00.png", "NUL"),
    ("", "empty"),
    ("x" * 300 + ".png", "longer than"),
]


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the study folder that a hostile study would like to read."""
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"\x89PNG not really, but private")
    return secret


def set_image(study_dir: Path, path: str) -> None:
    """Point the mini study's first image (item v1) at `path`."""
    source = study_dir / "study.json"
    study = json.loads(source.read_text(encoding="utf-8"))
    v1 = next(i for i in study["items"] if i["id"] == "v1")
    v1["stimulus"]["images"][0]["path"] = path
    source.write_text(json.dumps(study), encoding="utf-8")


def v1_where(study_dir: Path) -> str:
    study = json.loads((study_dir / "study.json").read_text(encoding="utf-8"))
    index = next(n for n, i in enumerate(study["items"]) if i["id"] == "v1")
    return f"items[{index}].stimulus.images[0].path"


@pytest.mark.parametrize(("path", "words"), HOSTILE, ids=[repr(p)[:30] for p, _ in HOSTILE])
def test_hostile_paths_are_refused(mini_study_dir: Path, outside: Path, path: str,
                                   words: str) -> None:
    with pytest.raises(UnsafePathError, match=words):
        resolve_asset(mini_study_dir, path)
    set_image(mini_study_dir, path)
    with pytest.raises(StudyError) as caught:
        load_study(mini_study_dir)
    report = caught.value.report()
    assert v1_where(mini_study_dir) in report and str(mini_study_dir / "study.json") in report


def test_a_link_to_a_file_outside_is_refused(mini_study_dir: Path, outside: Path) -> None:
    (mini_study_dir / "images" / "evil.png").symlink_to(outside)
    set_image(mini_study_dir, "images/evil.png")
    with pytest.raises(StudyError, match="outside the study folder"):
        load_study(mini_study_dir)


def test_a_linked_folder_leading_outside_is_refused(mini_study_dir: Path, outside: Path) -> None:
    (mini_study_dir / "shared").symlink_to(outside.parent, target_is_directory=True)
    set_image(mini_study_dir, f"shared/{outside.name}")
    with pytest.raises(StudyError, match="outside the study folder"):
        load_study(mini_study_dir)


def test_a_link_loop_is_refused_clearly(mini_study_dir: Path) -> None:
    images = mini_study_dir / "images"
    (images / "loop1.png").symlink_to(images / "loop2.png")
    (images / "loop2.png").symlink_to(images / "loop1.png")
    set_image(mini_study_dir, "images/loop1.png")
    with pytest.raises(StudyError) as caught:
        load_study(mini_study_dir)
    assert v1_where(mini_study_dir) in caught.value.report()


def test_a_link_that_stays_inside_is_fine(mini_study_dir: Path) -> None:
    (mini_study_dir / "images" / "alias.png").symlink_to(mini_study_dir / "images" / "b.png")
    set_image(mini_study_dir, "images/alias.png")
    loaded = load_study(mini_study_dir)
    assert loaded.asset("images/alias.png") == (mini_study_dir / "images" / "b.png").resolve()


def test_a_predictions_file_outside_is_refused(mini_study_dir: Path, outside: Path) -> None:
    source = mini_study_dir / "study.json"
    study = json.loads(source.read_text(encoding="utf-8"))
    study["models"] = {"predictions": [{"file": "../secret.png"}]}
    source.write_text(json.dumps(study), encoding="utf-8")
    with pytest.raises(StudyError, match=r"models\.predictions\[0\]\.file.*'\.\.'"):
        load_study(mini_study_dir)


def write_vqa_source(folder: Path, image: str) -> Path:
    source = folder / "cases.csv"
    with source.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["image", "question", "options", "answer"])
        writer.writerow(["ok.png", "Which lesion?", "macule|papule", "A"])
        writer.writerow([image, "Which lesion?", "macule|papule", "B"])
    return source


@pytest.mark.parametrize("kind", ["dotdot", "absolute", "link"])
def test_importer_image_references_stay_in_the_image_folder(tmp_path: Path, outside: Path,
                                                            kind: str) -> None:
    folder = tmp_path / "source"
    folder.mkdir()
    (folder / "ok.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    if kind == "link":
        (folder / "linked.png").symlink_to(outside)
    image = {"dotdot": f"../{outside.name}", "absolute": str(outside), "link": "linked.png"}[kind]
    source = write_vqa_source(folder, image)
    out = tmp_path / "study"
    with pytest.raises(StudyError) as caught:
        run_import("vqa", ImportOptions(source=source, out=out))
    report = caught.value.report()
    assert str(source) in report and "row 1, column image" in report and "refused" in report
    assert not out.exists()  # nothing written


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_study_json_itself_may_be_a_link_but_assets_resolve_from_its_folder(
        tmp_path: Path, mini_study_dir: Path) -> None:
    """A study folder whose study.json links elsewhere still takes its images from the
    folder it is opened in, and cannot reach the linked file's folder."""
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "study.json").write_text((mini_study_dir / "study.json").read_text("utf-8"), "utf-8")
    linked = tmp_path / "linked-study"
    linked.mkdir()
    (linked / "study.json").symlink_to(other / "study.json")
    with pytest.raises(StudyError, match="image not found"):
        load_study(linked)  # the images are not beside the link, and nothing reaches for them
