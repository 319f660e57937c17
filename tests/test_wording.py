"""Counts read as English: "1 block", "1 participant", never "1 blocks" or "1 participants"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.wording import counted
from baseline_studio.main import main


def test_counted_is_singular_for_one_only() -> None:
    assert counted(1, "participant") == "1 participant"
    assert counted(0, "participant") == "0 participants"
    assert counted(2, "block") == "2 blocks"
    assert counted(1_200, "response") == "1,200 responses"
    assert counted(3, "new participant") == "3 new participants"


def test_validate_says_1_block_and_1_item(mini_study_dir: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = mini_study_dir / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["blocks"] = [{"id": "main", "kind": "main"}]
    raw["items"] = [dict(raw["items"][0], block="main")]
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert main(["validate", str(mini_study_dir)]) == 0
    out = capsys.readouterr().out
    assert "1 item, 1 question," in out and "1 block;" in out
    assert "1 blocks" not in out and "1 items" not in out
