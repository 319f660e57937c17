"""The study format's reading conditions: `validate` locates every mistake in declaring them,
and exits 2 (never a traceback)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.study.loader import load_study
from baseline_studio.main import main

READER_STUDY = Path(__file__).resolve().parents[3] / "studies" / "chest-reader-demo"


def _variant(tmp_path: Path, change: Any) -> Path:
    folder = tmp_path / "study"
    shutil.copytree(READER_STUDY, folder)
    definition = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    change(definition)
    (folder / "study.json").write_text(json.dumps(definition), encoding="utf-8")
    return folder


def test_the_demo_declares_two_conditions_and_validates() -> None:
    study = load_study(READER_STUDY).study
    assert study.condition_ids() == ["unaided", "ai_aided"]
    assert main(["validate", str(READER_STUDY)]) == 0


def _one_condition(d: dict[str, Any]) -> None:
    d["conditions"] = d["conditions"][:1]


def _repeated(d: dict[str, Any]) -> None:
    d["conditions"][1]["id"] = "unaided"


def _washout_alone(d: dict[str, Any]) -> None:
    del d["conditions"]
    for item in d["items"]:
        item["stimulus"].pop("condition_text")
    d["design"]["washout_days"] = 14


def _undeclared_text(d: dict[str, Any]) -> None:
    d["items"][3]["stimulus"]["condition_text"]["with_cad"] = "CAD marks"


def _bad_label(d: dict[str, Any]) -> None:
    d["conditions"][0]["label"] = ""


@pytest.mark.parametrize(("change", "where", "words"), [
    (_one_condition, "conditions", "compares two conditions or more"),
    (_repeated, "conditions", "[1].id: condition id 'unaided' is already used by conditions[0]"),
    (_washout_alone, "design.washout_days", "the wait between the sittings of two reading"),
    (_undeclared_text, "items[3].stimulus.condition_text.with_cad",
     "condition 'with_cad' is not one of the study's conditions (ai_aided, unaided)"),
    (_bad_label, "conditions[0].label", "at least 1 character"),
])
def test_a_bad_declaration_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      change: Any, where: str, words: str) -> None:
    folder = _variant(tmp_path, change)
    assert main(["validate", str(folder)]) == 2
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "Traceback" not in text
    lines = [line for line in text.splitlines() if words in line]
    assert lines, text
    assert f"study.json: {where}" in lines[0], lines[0]
