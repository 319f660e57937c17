"""Bad import sources: every problem named by row and column, the CLI exits 2, nothing is
written (no half study, no temporary folder left behind)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PIL import Image

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.study.errors import StudyError
from baseline_studio.main import main


def problems_of(kind: str, source: Path, out: Path, **options: object) -> list[str]:
    with pytest.raises(StudyError) as caught:
        run_import(kind, ImportOptions(source=source, out=out, **options))  # type: ignore[arg-type]
    assert not out.exists() or not any(out.iterdir())
    leftovers = [p.name for p in out.parent.iterdir() if p.name.endswith(".importing")]
    assert leftovers == []
    assert all(p.file for p in caught.value.problems)
    return [f"{p.where}: {p.message}" for p in caught.value.problems]


def test_missing_columns_are_named(tmp_path: Path) -> None:
    source = tmp_path / "sts.csv"
    source.write_text("sentence1,sentence2,similarity\na,b,3\n", encoding="utf-8")
    (problem,) = problems_of("mteb-sts", source, tmp_path / "out")
    assert problem.startswith("header: missing column(s) score")
    assert "sentence1, sentence2, similarity" in problem


def test_wrong_types_are_listed_row_by_row(tmp_path: Path) -> None:
    source = tmp_path / "sts.jsonl"
    rows = [{"sentence1": "a", "sentence2": "b", "score": 3},
            {"sentence1": "a", "sentence2": "b", "score": "high"},
            {"sentence1": "", "sentence2": "b", "score": 1},
            {"sentence1": ["a"], "sentence2": "b", "score": True}]
    source.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    found = problems_of("mteb-sts", source, tmp_path / "out")
    assert found == ["row 1, column score: expected a number, found 'high'",
                     "row 2, column sentence1: empty; a value is required",
                     "row 3, column sentence1: expected text, found list",
                     "row 3, column score: expected a number, found True"]


def test_clustering_lists_must_match(tmp_path: Path) -> None:
    source = tmp_path / "c.jsonl"
    source.write_text(json.dumps({"sentences": ["a", "b", "c"], "labels": ["x", "y"]}) + "\n"
                      + json.dumps({"sentences": ["a", "b"], "labels": 7}) + "\n", encoding="utf-8")
    found = problems_of("mteb-clustering", source, tmp_path / "out")
    assert found == ["row 0, column labels: 2 labels for 3 sentences",
                     "row 1, column labels: expected a list, found int"]


def test_duplicate_ids(tmp_path: Path) -> None:
    source = tmp_path / "c.csv"
    source.write_text("id,text,label\na1,x,pos\na2,y,neg\na1,z,pos\nbad id,w,neg\n", encoding="utf-8")
    found = problems_of("mteb-classification", source, tmp_path / "out")
    assert found[0] == "row 2, column id: duplicate id 'a1' (first used in row 0)"
    assert found[1].startswith("row 3, column id: 'bad id' cannot be an item id")


def _spinbench(folder: Path, records: list[dict[str, object]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (10, 10)).save(folder / "ok.png")
    (folder / "notes.txt").write_text("not an image", encoding="utf-8")
    path = folder / "test.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    return path


def test_unknown_escaping_and_non_images_are_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.png"
    Image.new("RGB", (10, 10)).save(outside)
    meta = {"task_type": "object_identity_imagefirst"}
    source = _spinbench(tmp_path / "sb", [
        {"problem": "<image>", "images": ["ok.png"], "answer": "Y", "metadata": meta},
        {"problem": "<image>", "images": ["missing.png"], "answer": "Y", "metadata": meta},
        {"problem": "<image>", "images": ["../outside.png"], "answer": "N", "metadata": meta},
        {"problem": "<image>", "images": [str(outside)], "answer": "N", "metadata": meta},
        {"problem": "<image>", "images": ["notes.txt"], "answer": "N", "metadata": meta},
        {"problem": "<image> <image>", "images": ["ok.png"], "answer": "maybe", "metadata": {}},
    ])
    found = problems_of("spinbench", source, tmp_path / "out")
    assert found[0].startswith("row 1, column images[0]: unknown image 'missing.png'")
    assert found[1].startswith("row 2, column images[0]: image '../outside.png' refused")
    assert "'..'" in found[1]
    assert found[2].startswith("row 3, column images[0]: image") and "absolute" in found[2]
    assert found[3].startswith("row 4, column images[0]: 'notes.txt' is not an image file")
    assert found[4].startswith("row 5, column answer: expected a capital letter")
    assert found[5].startswith("row 5, column metadata.task_type: missing")
    assert len(found) == 6


def test_unreadable_sources(tmp_path: Path) -> None:
    bad_utf8 = tmp_path / "latin1.csv"
    bad_utf8.write_bytes("text,label\ncaf\xe9,x\n".encode("latin-1"))
    assert "not UTF-8" in problems_of("mteb-classification", bad_utf8, tmp_path / "o1")[0]
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"text": "a", "label": "x"}\n\n{"text": "b", "label": }\n', encoding="utf-8")
    (problem,) = problems_of("mteb-classification", broken, tmp_path / "o2")
    assert problem.startswith("line 3, column 24: JSON syntax error")
    odd = tmp_path / "data.xlsx"
    odd.write_bytes(b"PK")
    assert "unknown table type .xlsx" in problems_of("mteb-sts", odd, tmp_path / "o3")[0]
    not_parquet = tmp_path / "fake.parquet"
    not_parquet.write_bytes(b"not parquet at all")
    assert "not a readable Parquet file" in problems_of("mteb-sts", not_parquet, tmp_path / "o4")[0]
    assert "no such file" in problems_of("mteb-sts", tmp_path / "none.csv", tmp_path / "o5")[0]


def test_parquet_without_pyarrow_says_what_to_do(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import pandas as pd

    source = tmp_path / "sts.parquet"
    pd.DataFrame({"sentence1": ["a"], "sentence2": ["b"], "score": [3.0]}).to_parquet(source)
    # The installable app ships without pyarrow: its import is what fails there.
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    (problem,) = problems_of("mteb-sts", source, tmp_path / "out")
    assert "reading Parquet needs pyarrow" in problem and "save the table as .jsonl or .csv" in problem


def test_existing_study_folder_is_never_overwritten(tmp_path: Path) -> None:
    source = tmp_path / "sts.csv"
    source.write_text("sentence1,sentence2,score\na,b,3\n", encoding="utf-8")
    out = tmp_path / "taken"
    out.mkdir()
    (out / "study.json").write_text("{}", encoding="utf-8")
    with pytest.raises(StudyError, match="already exists"):
        run_import("mteb-sts", ImportOptions(source=source, out=out))
    assert (out / "study.json").read_text(encoding="utf-8") == "{}"
    (tmp_path / "empty").mkdir()
    run_import("mteb-sts", ImportOptions(source=source, out=tmp_path / "empty"))  # empty is fine
    assert (tmp_path / "empty" / "study.json").is_file()


def test_cli_exits_2_naming_row_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "r.jsonl"
    source.write_text(json.dumps({"query": "q", "positive": [], "negative": ["n"]}) + "\n",
                      encoding="utf-8")
    code = main(["import", "mteb-reranking", str(source), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{source}: row 0, column positive: empty list" in err
    assert "1 problem found" in err and "Traceback" not in err
    assert main(["import", "mteb-sts", str(source), "--out", str(tmp_path / "o"),
                 "--sample", "0"]) == 2


def test_unwritable_destination_is_a_clear_error(tmp_path: Path) -> None:
    source = tmp_path / "sts.csv"
    source.write_text("sentence1,sentence2,score\na,b,3\n", encoding="utf-8")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(StudyError, match="cannot read or write"):
        run_import("mteb-sts", ImportOptions(source=source, out=blocker / "study"))
