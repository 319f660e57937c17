"""`participants.codes` cannot hang the app: ranges are counted arithmetically (a range of
10^10 codes is validated at once), a range end longer than any code is a problem at its JSON
path, and a pattern that could backtrack exponentially (`(x+x+)+y`) is refused at its JSON
path; the patterns code schemes use stay accepted."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.study.model_participants import ParticipantCodes
from app.study.safe_pattern import unsafe_pattern_reason
from baseline_studio.main import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = Path(__file__).resolve().parents[1]
HANG_S = 120  # a hang fails the test instead of blocking the run


def study_with(tmp_path: Path, codes: dict[str, object]) -> Path:
    raw = json.loads((FIXTURES / "mini-study" / "study.json").read_text())
    raw["participants"] = {"codes": codes}
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "study.json").write_text(json.dumps(raw))
    shutil.copytree(FIXTURES / "mini-study" / "images", folder / "images")
    return folder


def validate(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "baseline_studio", "validate", str(folder)],
                          capture_output=True, text=True, timeout=HANG_S, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_a_range_of_ten_billion_codes_is_validated_at_once(tmp_path: Path) -> None:
    done = validate(study_with(tmp_path, {"ranges": [{"first": "P0000000000",
                                                      "last": "P9999999999"}]}))
    assert done.returncode == 0, done.stderr
    assert ParticipantCodes.model_validate(
        {"ranges": [{"first": "P0000000000", "last": "P9999999999"}]}).count() == 10**10


def test_a_range_end_longer_than_a_code_is_a_located_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    digits = "1" * 5000
    folder = study_with(tmp_path, {"ranges": [{"first": f"P{digits}", "last": f"P{digits}"}]})
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "participants.codes.ranges[0].first: String should have at most 64 characters" in err
    assert "Exceeds the limit" not in err
    assert "Traceback" not in err


@pytest.mark.parametrize("pattern", ["(x+x+)+y", "(a|aa)+b", "(a*)*b", r"(\w+)\1", "(?=P)P1",
                                     "a*a*a*a*b"])
def test_a_pattern_that_could_backtrack_is_refused_at_its_json_path(
        pattern: str, tmp_path: Path) -> None:
    done = validate(study_with(tmp_path, {"pattern": pattern}))
    assert done.returncode == 2, done.stdout
    assert "participants.codes.pattern" in done.stderr and "refused" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("pattern", ["P[0-9]{3}", "(SITE|LAB)[0-9]+", r"[A-Z]{2}-\d{2,4}",
                                     "P0[0-9]{2}|PILOT[12]", "x+y"])
def test_the_patterns_code_schemes_use_are_accepted(pattern: str) -> None:
    assert unsafe_pattern_reason(pattern) is None
    codes = ParticipantCodes.model_validate({"pattern": pattern})
    assert not codes.issues("x" * 34)  # a 34-character code: answered at once
