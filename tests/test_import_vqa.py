"""`import vqa`: image questions from CSV (stepwise cases) and JSONL, images copied in."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from PIL import Image

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.study.model import ImagesStimulus
from tests.take_study import take


def make_images(folder: Path, names: list[str]) -> None:
    for n, name in enumerate(names):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (80, 60), (200, 120 + n * 10, 100)).save(path)


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)
    return path


HEADER = ["case", "image", "question", "options", "answer", "lesion_type", "body_region", "text"]
ROWS = [
    ["c1", "photos/c1.jpg;photos/c1-zoom.jpg", "What is the lesion?",
     '["Macule", "Papule", "Plaque", "Vesicle"]', "B", "papule", "face", "Itchy for 2 weeks."],
    ["c1", "", "Where is it?", "Face|Back|Hand|Shin", "Face", "papule", "face", ""],
    ["c1", "", "Which diagnosis?", '{"A": "Acne", "B": "Rosacea", "C": "Psoriasis", "D": "Tinea"}',
     "A", "papule", "face", ""],
    ["c2", "photos/c2.jpg", "What is the lesion?", '["Macule", "Papule", "Plaque", "Vesicle"]',
     "Plaque", "plaque", "elbow", ""],
]


def test_csv_cases_become_stepwise_items(tmp_path: Path, db: object) -> None:
    make_images(tmp_path / "data", ["photos/c1.jpg", "photos/c1-zoom.jpg", "photos/c2.jpg"])
    source = write_csv(tmp_path / "data" / "vqa.csv", HEADER, ROWS)
    result = run_import("vqa", ImportOptions(source=source, out=tmp_path / "study"))
    study = result.loaded.study
    assert [i.id for i in study.items] == ["c1", "c2"]
    c1 = study.items[0]
    assert isinstance(c1.stimulus, ImagesStimulus)
    assert [r.path for r in c1.stimulus.images] == ["images/photos/c1.jpg", "images/photos/c1-zoom.jpg"]
    assert c1.stimulus.text == "Itchy for 2 weeks."
    assert [q.id for q in c1.questions] == ["q1", "q2", "q3"]
    assert [q.gold for q in c1.questions] == ["B", "A", "A"]
    assert [o.label for o in c1.questions[1].options] == ["Face", "Back", "Hand", "Shin"]
    assert c1.categories == {"lesion_type": "papule", "body_region": "face"}
    assert study.items[1].questions[0].gold == "C"  # answered by the option's text
    assert (tmp_path / "study" / "images" / "photos" / "c1-zoom.jpg").is_file()
    engine = take(result.loaded, db, max_items=1)  # type: ignore[arg-type]
    assert len(db.responses(study.id)) == len(study.item_by_id()[engine.plan[0].item_id].questions)  # type: ignore[attr-defined]


def test_jsonl_rows_with_images_folder_and_question_ids(tmp_path: Path) -> None:
    make_images(tmp_path / "pics", ["a.png", "b.png"])
    rows = [{"id": "q-a", "images": ["a.png", "b.png"], "question": "Same lesion?",
             "options": ["Yes", "No"], "answer": "Yes", "question_id": "same", "disease": "x"},
            {"id": "q-b", "image": "b.png", "question": "Colour?", "options": {"r": "Red", "g": "Green"},
             "answer": "g", "disease": "y", "language": "ara-Arab"}]
    source = tmp_path / "vqa.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    study = run_import("vqa", ImportOptions(source=source, out=tmp_path / "s",
                                            images=tmp_path / "pics")).loaded.study
    first, second = study.items
    assert (first.id, first.questions[0].id, first.questions[0].gold) == ("q-a", "same", "A")
    assert [r.path for r in first.stimulus.images] == ["images/a.png", "images/b.png"]
    assert (second.questions[0].id, second.questions[0].gold) == ("q1", "g")
    assert (second.language, second.direction) == ("ara-Arab", "rtl")
    assert second.categories == {"disease": "y"}


def test_sample_draws_whole_cases(tmp_path: Path) -> None:
    make_images(tmp_path / "data", ["photos/c1.jpg", "photos/c1-zoom.jpg", "photos/c2.jpg"])
    source = write_csv(tmp_path / "data" / "vqa.csv", HEADER, ROWS)
    study = run_import("vqa", ImportOptions(source=source, out=tmp_path / "s", sample=1,
                                            seed=0)).loaded.study
    (item,) = study.items
    assert len(item.questions) == (3 if item.id == "c1" else 1)
