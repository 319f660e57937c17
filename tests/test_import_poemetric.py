"""`import poemetric` on POEMetric's released CSV (read from ../shared/data, never copied)."""

from __future__ import annotations

import csv
from pathlib import Path

from app.importers.base import ImportOptions
from app.importers.poemetric_survey import COMMENT_IDS, RATING_IDS
from app.importers.registry import run_import
from app.study.model import PoemStimulus
from tests.conftest import SHARED_DATA
from tests.take_study import take

SOURCE = SHARED_DATA / "poemetric_human_poems.csv"


def _rows() -> list[dict[str, str]]:
    with SOURCE.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_all_poems_become_survey_items_with_the_author_blinded(tmp_path: Path, db: object) -> None:
    result = run_import("poemetric", ImportOptions(source=SOURCE, out=tmp_path / "poems"))
    rows = _rows()
    study = result.loaded.study
    assert len(study.items) == len(rows) == 163
    for index, (item, row) in enumerate(zip(study.items, rows, strict=True)):
        assert item.id == str(index)  # the CSV has no id column: row numbers
        assert isinstance(item.stimulus, PoemStimulus)
        assert item.stimulus.prompt.form == row["form"].lower()
        assert item.stimulus.prompt.theme == row["theme"].strip()
        assert item.stimulus.title is None  # a famous title could give the author away
        assert row["author"] not in item.stimulus.model_dump_json()
        assert item.categories["author"] == row["author"].strip()
        assert item.categories["author_type"] == "human"
        assert item.categories["title"] == row["title"].strip()
        assert [q.id for q in item.questions if q.kind == "rating"] == RATING_IDS
        assert [q.id for q in item.questions if q.kind == "text"] == COMMENT_IDS
    engine = take(result.loaded, db, max_items=1)  # type: ignore[arg-type]
    assert engine.done == 1


def test_sample_is_deterministic_and_keeps_source_order(tmp_path: Path) -> None:
    one = run_import("poemetric", ImportOptions(source=SOURCE, out=tmp_path / "a", sample=12, seed=7))
    two = run_import("poemetric", ImportOptions(source=SOURCE, out=tmp_path / "b", sample=12, seed=7))
    ids = [i.id for i in one.loaded.study.items]
    assert len(ids) == 12 and ids == [i.id for i in two.loaded.study.items]
    assert [int(i) for i in ids] == sorted(int(i) for i in ids)


def test_author_type_column_and_blank_optional_cells(tmp_path: Path) -> None:
    rows = _rows()[:3]
    rows[1]["author"] = "demo-model-a"
    source = tmp_path / "mixed.csv"
    with source.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=[*rows[0], "author_type"])
        writer.writeheader()
        for n, row in enumerate(rows):
            writer.writerow({**row, "year": "", "author_type": "llm" if n == 1 else "Human"})
    study = run_import("poemetric", ImportOptions(source=source, out=tmp_path / "s")).loaded.study
    assert [i.categories["author_type"] for i in study.items] == ["human", "llm", "human"]
    assert "year" not in study.items[0].categories
