"""`import poemetric` on a small CSV written for the tests (tests/fixtures/poemetric: the real
file's columns and quirks) and, where it sits beside the repo, on POEMetric's released CSV
(../shared/data, third-party data read in place and never copied; skipped with a reason elsewhere)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from app.importers.base import ImportOptions
from app.importers.poemetric_survey import COMMENT_IDS, RATING_IDS
from app.importers.registry import run_import
from app.study.model import PoemStimulus
from tests.conftest import FIXTURES, SHARED_DATA, needs_shared
from tests.take_study import take

REAL = SHARED_DATA / "poemetric_human_poems.csv"
SMALL = FIXTURES / "poemetric" / "poems_small.csv"
SOURCES = [pytest.param(SMALL, id="small"), pytest.param(REAL, id="real", marks=needs_shared(REAL))]
# How many poems each source holds (the released CSV has 163).
POEMS = {SMALL: 6, REAL: 163}


def _rows(source: Path) -> list[dict[str, str]]:
    with source.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.mark.parametrize("source", SOURCES)
def test_all_poems_become_survey_items_with_the_author_blinded(
        source: Path, tmp_path: Path, db: object) -> None:
    result = run_import("poemetric", ImportOptions(source=source, out=tmp_path / "poems"))
    rows = _rows(source)
    study = result.loaded.study
    assert len(study.items) == len(rows) == POEMS[source]
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


@pytest.mark.parametrize("source", SOURCES)
def test_sample_is_deterministic_and_keeps_source_order(source: Path, tmp_path: Path) -> None:
    size = POEMS[source] // 2
    one = run_import("poemetric", ImportOptions(source=source, out=tmp_path / "a", sample=size, seed=7))
    two = run_import("poemetric", ImportOptions(source=source, out=tmp_path / "b", sample=size, seed=7))
    ids = [i.id for i in one.loaded.study.items]
    assert len(ids) == size and ids == [i.id for i in two.loaded.study.items]
    assert [int(i) for i in ids] == sorted(int(i) for i in ids)


@pytest.mark.parametrize("source", SOURCES)
def test_author_type_column_and_blank_optional_cells(source: Path, tmp_path: Path) -> None:
    rows = _rows(source)[:3]
    rows[1]["author"] = "demo-model-a"
    mixed = tmp_path / "mixed.csv"
    with mixed.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=[*rows[0], "author_type"])
        writer.writeheader()
        for n, row in enumerate(rows):
            writer.writerow({**row, "year": "", "author_type": "llm" if n == 1 else "Human"})
    study = run_import("poemetric", ImportOptions(source=mixed, out=tmp_path / "s")).loaded.study
    assert [i.categories["author_type"] for i in study.items] == ["human", "llm", "human"]
    assert "year" not in study.items[0].categories
