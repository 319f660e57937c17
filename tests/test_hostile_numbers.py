"""Numbers, nesting and escapes that Python's JSON accepts but arithmetic and UTF-8 do not:
every one is a located message and exit 2 from the CLI, never a traceback (issue 14)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from baseline_studio.main import main

FIXTURES = Path(__file__).parent / "fixtures"


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))  # an escaping exception fails the test: that is the traceback
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def study_with_scale(tmp_path: Path, text_patch: str) -> Path:
    """The mini study with its rating question s1 given `text_patch` (raw JSON members)."""
    folder = tmp_path / "study"
    shutil.copytree(FIXTURES / "mini-study", folder)
    raw: dict[str, Any] = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    (item,) = [i for i in raw["items"] if i["id"] == "s1"]
    question = item["questions"][0]
    for key in ("min", "max", "step", "gold", "anchors"):
        question.pop(key, None)
    question["min"] = "SCALE"
    # JSON text, not a dict: Infinity and 1e308 must reach the loader exactly as written.
    text = json.dumps(raw, indent=1).replace('"min": "SCALE"', text_patch)
    (folder / "study.json").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize(("patch", "expected"), [
    ('"min": -1e308, "max": 1e308', "at most 1000 steps"),
    ('"min": -Infinity, "max": 5', "items[3].questions[0].min: Input should be a finite number"),
    ('"min": 0, "max": NaN', "items[3].questions[0].max: Input should be a finite number"),
    ('"min": 0, "max": 5, "step": 5e-324', "below the smallest step"),
    ('"min": 0, "max": 1e308, "step": 1e300', "at most 1000 steps"),
    ('"min": -1.7e308, "max": 1.7e308, "step": 1e306', "at most 1000 steps"),
])
def test_validate_refuses_overflowing_scales(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             patch: str, expected: str) -> None:
    folder = study_with_scale(tmp_path, patch)
    code, err = run_cli(capsys, "validate", str(folder))
    assert code == 2
    assert str(folder / "study.json") in err
    assert "items[3].questions[0]" in err and expected in err


def import_sts(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
               text: str) -> str:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    code, err = run_cli(capsys, "import", "mteb-sts", str(source), "--out", str(out))
    assert code == 2
    assert str(source) in err
    assert not out.exists()
    return err


@pytest.mark.parametrize("name", ["sts.jsonl", "sts.json"])
def test_import_refuses_a_score_of_1e308_at_its_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    rows = [{"sentence1": "a", "sentence2": "b", "score": 2},
            {"sentence1": "c", "sentence2": "d", "score": 1e308}]
    text = "\n".join(json.dumps(r) for r in rows) if name.endswith("l") else json.dumps(rows)
    err = import_sts(tmp_path, capsys, name, text)
    assert "row 1, column score: 1e+308 is too far from the other scores" in err


def test_import_refuses_a_400_digit_score_at_its_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = '{"sentence1": "a", "sentence2": "b", "score": 1' + "0" * 400 + "}"
    err = import_sts(tmp_path, capsys, "sts.jsonl", line + "\n")
    assert "row 0, column score: a number too large" in err


def test_import_refuses_a_5000_digit_number_with_its_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = '[{"sentence1": "a", "sentence2": "b", "score": 1' + "0" * 5000 + "}]"
    err = import_sts(tmp_path, capsys, "sts.json", text)
    assert "line 1, column" in err and "a number too large to read" in err


@pytest.mark.parametrize("name", ["deep.json", "deep.jsonl"])
def test_import_refuses_100000_deep_json_with_its_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    text = '{"sentence1": "a", "sentence2": "b", "score": 1}\n' if name.endswith("l") else ""
    text += "[" * 100_000 + "]" * 100_000 + "\n"
    err = import_sts(tmp_path, capsys, name, text)
    line = 2 if name.endswith("l") else 1
    assert f"line {line}, column 202: JSON nested too deeply" in err


@pytest.mark.parametrize("name", ["sts.json", "sts.jsonl"])
def test_import_refuses_a_lone_surrogate_with_its_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    row = '{"sentence1": "a", "sentence2": "b \\ud800 c", "score": 1}'
    err = import_sts(tmp_path, capsys, name, row if name.endswith("l") else f"[{row}]")
    assert "line 1, column" in err and "lone surrogate escape" in err


def test_import_refuses_a_lone_surrogate_in_a_csv_json_cell(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # reranking: positive/negative are JSON lists written as text in a CSV cell
    text = 'query,positive,negative\nq,"[""\\udc00""]","[""n""]"\n'
    source = tmp_path / "rr.csv"
    source.write_text(text, encoding="utf-8")
    code, err = run_cli(capsys, "import", "mteb-reranking", str(source), "--out",
                        str(tmp_path / "out"))
    assert code == 2
    assert f"{source}: row 0, column positive" in err and "lone surrogate escape" in err


def test_a_scale_of_equal_whole_scores_outside_0_5_still_imports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "sts.jsonl"
    source.write_text('{"sentence1": "a", "sentence2": "b", "score": 7}\n', encoding="utf-8")
    code, _ = run_cli(capsys, "import", "mteb-sts", str(source), "--out", str(tmp_path / "out"))
    assert code == 0
    question = json.loads((tmp_path / "out" / "study.json").read_text())["items"][0]["questions"][0]
    assert (question["min"], question["max"]) == (7, 8)
