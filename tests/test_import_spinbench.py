"""`import spinbench`: SpinBench-shaped JSONL with real image files -> a timed study that
validates and runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.importers.spinbench_tasks import option_texts, parse_task_type
from app.study.model import TextStimulus
from baseline_studio.main import main
from tests.take_study import take

TASKS = [
    ("object_identity_imagefirst", "Y", 2),
    ("car_rotation_classification_textfirst", "C", 2),
    ("face_canonical_view_selection_interleaved", "B", 5),
    ("infinigen_spatial_relation_grounding_own_perspective_partial_occlusion", "N", 1),
    ("infinigen_spatial_relation_transformation_viewer_perspective_w_premise", "A", 1),
    ("object_rotation_imagination_textfirst", "D", 2),
]


def make_spinbench(folder: Path, n_rows: int = 12, with_ids: bool = False) -> Path:
    """test.jsonl and its images, shaped like SpinBench's release."""
    (folder / "images").mkdir(parents=True)
    lines = []
    for row in range(n_rows):
        task, answer, n_images = TASKS[row % len(TASKS)]
        images = []
        for k in range(n_images):
            name = f"images/{task.split('_')[0]}_{row:03d}_{k}.png"
            Image.new("RGB", (64, 48), (40 * k % 255, 20 * row % 255, 90)).save(folder / name)
            images.append(name)
        placeholders = " ".join(["<image>"] * n_images)
        options = "Y/N" if answer in "YN" else "A. first B. second C. third D. fourth"
        record = {"problem": f"{placeholders}\nQuestion {row}? {options}", "images": images,
                  "answer": answer, "metadata": {"task_type": task, "split": "test"}}
        if with_ids:
            record = {"id": f"sb-{row:04d}", **record}
        lines.append(json.dumps(record))
    (folder / "test.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "test.jsonl"


def test_parse_task_type_like_spinbench() -> None:
    assert parse_task_type("car_rotation_classification_textfirst") == {
        "task_type": "car_rotation_classification_textfirst", "source": "car",
        "task": "rotation_classification", "prompt_style": "textfirst"}
    grounding = parse_task_type("infinigen_spatial_relation_grounding_own_perspective_partial_occlusion")
    assert (grounding["source"], grounding["task"], grounding["prompt_style"], grounding["variant"]) \
        == ("infinigen", "spatial_relation_grounding", "own_perspective", "partial_occlusion")
    assert parse_task_type("face_canonical_view_selection")["task"] == "view_selection"
    assert parse_task_type("object_identity")["prompt_style"] == "default"
    assert parse_task_type("cubes_identity_imagefirst")["source"] == "cubes"
    assert parse_task_type("x_wo_premise_left")["variant"] == "left+wo_premise"


def test_option_lines_label_the_buttons(tmp_path: Path) -> None:
    problem = ("Turned by how much?\n<image> <image>\nA. 45 degrees\nB) 90 degrees\n"
               "  C. 135 degrees  \nD. <image>\nA. a repeat is ignored\nNot an option: E.g. this")
    assert option_texts(problem) == {"A": "45 degrees", "B": "90 degrees", "C": "135 degrees"}
    assert option_texts("Same object? Answer Y or N.") == {}
    folder = tmp_path / "sb"
    (folder / "images").mkdir(parents=True)
    Image.new("RGB", (32, 32), (1, 2, 3)).save(folder / "images" / "a.png")
    record = {"problem": "Which?\n<image>\nA. left\nB. right\nC. <image>\nD) neither",
              "images": ["images/a.png", "images/a.png"], "answer": "B",
              "metadata": {"task_type": "object_rotation_classification_textfirst"}}
    (folder / "test.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    study = run_import("spinbench", ImportOptions(source=folder, out=tmp_path / "study")).loaded.study
    item = study.items[0]
    assert [(o.key, o.label) for o in item.questions[0].options] == [
        ("A", "left"), ("B", "right"), ("C", "C"), ("D", "neither")]
    assert isinstance(item.stimulus, TextStimulus)
    assert item.stimulus.text == record["problem"]  # what the models were shown, unchanged


def test_import_spinbench_validates_and_runs(tmp_path: Path, db: object) -> None:
    source = make_spinbench(tmp_path / "spinbench")
    seen: list[tuple[int, int, str]] = []
    result = run_import("spinbench", ImportOptions(
        source=source, out=tmp_path / "study", progress=lambda d, t, m: seen.append((d, t, m))))
    study = result.loaded.study
    assert [i.id for i in study.items] == [str(n) for n in range(12)]
    assert study.design.ready_screen
    first = study.items[0]
    assert isinstance(first.stimulus, TextStimulus)
    assert first.stimulus.text.startswith("<image> <image>")
    assert [ref.path for ref in first.stimulus.images] == ["images/object_000_0.png",
                                                          "images/object_000_1.png"]
    assert (tmp_path / "study" / "images" / "object_000_0.png").is_file()
    assert first.categories["task"] == "identity" and first.categories["source"] == "object"
    assert [o.key for o in first.questions[0].options] == ["Y", "N"]
    assert first.questions[0].gold == "Y"
    assert [o.key for o in study.items[1].questions[0].options] == ["A", "B", "C", "D"]
    assert study.items[3].categories["variant"] == "partial_occlusion"
    assert seen and seen[-1][0] == seen[-1][1]  # progress reached its end
    engine = take(result.loaded, db, max_items=1)  # type: ignore[arg-type]
    assert engine.done == 1


def test_own_ids_folder_source_and_deterministic_sample(tmp_path: Path) -> None:
    make_spinbench(tmp_path / "sb", with_ids=True)
    first = run_import("spinbench", ImportOptions(source=tmp_path / "sb", out=tmp_path / "a",
                                                  sample=5, seed=3))
    again = run_import("spinbench", ImportOptions(source=tmp_path / "sb", out=tmp_path / "b",
                                                  sample=5, seed=3))
    other = run_import("spinbench", ImportOptions(source=tmp_path / "sb", out=tmp_path / "c",
                                                  sample=5, seed=4))
    ids = [i.id for i in first.loaded.study.items]
    assert len(ids) == 5 and all(i.startswith("sb-") for i in ids)
    assert ids == [i.id for i in again.loaded.study.items]
    assert ids != [i.id for i in other.loaded.study.items]
    copied = {p.name for p in (tmp_path / "a" / "images").iterdir()}
    needed = {Path(r.path).name for i in first.loaded.study.items for r in i.stimulus.images}
    assert copied == needed  # only the sampled items' images are copied


def test_cli_import_spinbench(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = make_spinbench(tmp_path / "sb", n_rows=6)
    code = main(["import", "spinbench", str(source), "--out", str(tmp_path / "study"),
                 "--title", "My SpinBench"])
    assert code == 0
    assert "imported 6 items" in capsys.readouterr().out
    assert main(["validate", str(tmp_path / "study")]) == 0
