"""The command line contract: exit 0 on success, 2 with a clear message on a user error."""

from __future__ import annotations

import csv
import gc
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from app.storage import open_database
from baseline_studio import main
from baseline_studio.main import build_parser

REPO = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "baseline_studio", *args], capture_output=True, text=True,
                          cwd=REPO, timeout=120)


def test_validate_ok_as_a_real_process(mini_study_dir: Path) -> None:
    done = run_cli("validate", str(mini_study_dir))
    assert done.returncode == 0, done.stderr
    assert "ok" in done.stdout and "9 items" in done.stdout


def test_validate_broken_lists_all_problems_and_exits_2(mini_study_dir: Path) -> None:
    data = json.loads((mini_study_dir / "study.json").read_text())
    data["items"][0]["questions"][0]["options"] = []
    data["items"][6]["stimulus"]["images"][0]["path"] = "../escape.png"
    data["title"] = ""
    (mini_study_dir / "study.json").write_text(json.dumps(data))
    done = run_cli("validate", str(mini_study_dir / "study.json"))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert any("items[0].questions[0].options" in line for line in lines)
    assert any("items[6].stimulus.images[0].path" in line and ".." in line for line in lines)
    assert any(line.endswith("title: String should have at least 1 character") for line in lines)
    assert lines[-1] == "baseline-studio: 3 problems found"
    assert all(str(mini_study_dir) in line for line in lines[:-1])


def test_a_command_keeps_its_big_study_frozen(mini_study_dir: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The command works on the study until it exits: the entry point freezes a big one out of
    the cyclic GC's full collections (app.catalog.kept_study), the loader does not."""
    from app import catalog

    gc.unfreeze()
    monkeypatch.setattr(catalog, "FREEZE_MIN_ITEMS", 1)
    try:
        assert main(["validate", str(mini_study_dir)]) == 0
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_unknown_study_is_a_user_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "no-such-study"]) == 2
    err = capsys.readouterr().err
    assert "no such study file, folder or study id" in err and "Traceback" not in err


def test_every_command_has_help() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name in sub.choices:  # type: ignore[union-attr]
        with pytest.raises(SystemExit) as info:
            main([name, "--help"])
        assert info.value.code == 0


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith("baseline-studio ")


def test_studies_lists_installed_ones(data_home: Path, mini_study_dir: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    shutil.copytree(mini_study_dir, data_home / "studies" / "mini")
    assert main(["studies"]) == 0
    out = capsys.readouterr().out
    assert "mini" in out and "installed" in out and "[demo, illustrative]" in out


def _write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


def test_import_responses_then_export(mini_study_dir: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    db_url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    source = _write_csv(tmp_path / "paper.csv", [
        ["participant", "item_id", "question_id", "answer", "rt_ms", "tier"],
        ["P001", "c1", "label", "neg", "1834", "primary"],
        ["P001", "s1", "", "3.5", "", ""],
        ["P001", "r1", "relevance", '{"d1": 1, "d2": 0, "d3": 1}', "5120", ""],
        ["P002", "k1", "groups", '[["t1", "t2"], ["t3", "t4"]]', "9000", "senior"],
        ["P002", "poem1", "creative", "NA", "", "senior"],
        ["P002", "rank1", "order", '["z", "y", "x"]', "", "senior"],
    ])
    assert main(["import-responses", "--study", str(mini_study_dir), "--db", db_url, str(source)]) == 0
    assert "imported 6 responses from 2 participants (2 new)" in capsys.readouterr().out
    db = open_database(db_url)
    assert db.participant("mini", "P001").profile == {"tier": "primary"}  # type: ignore[union-attr]
    rows = {(r.participant_code, r.item_id): r for r in db.responses("mini")}
    assert rows[("P001", "s1")].question_id == "similarity" and rows[("P001", "s1")].rt_ms is None
    assert json.loads(rows[("P002", "k1")].answer_json) == {"t1": "group 1", "t2": "group 1",
                                                           "t3": "group 2", "t4": "group 2"}
    db.close()

    out = tmp_path / "export"
    assert main(["export", "--study", str(mini_study_dir), "--db", db_url, "--out", str(out)]) == 0
    frame = pd.read_csv(out / "responses_long.csv")
    assert len(frame) == 6
    assert set(frame["participant"]) == {"P001", "P002"}
    assert frame.loc[frame["item_id"] == "c1", "rt_ms"].item() == 1834


def test_import_responses_reports_every_bad_row_and_writes_nothing(
        mini_study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db_url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    source = _write_csv(tmp_path / "bad.csv", [
        ["participant", "item_id", "question_id", "answer", "rt_ms"],
        ["P001", "c1", "label", "neg", "100"],      # fine
        ["P001", "zz", "label", "neg", ""],         # unknown item
        ["P001", "c1", "label", "pos", ""],         # duplicate
        ["P001", "s1", "similarity", "7", ""],      # off the scale
        ["P001", "r1", "relevance", "{bad json", ""],
        ["P001", "c2", "label", "neg", "-4"],       # negative rt
        ["", "c2", "label", "neg", ""],             # no participant
        ["P001", "poem1", "", "3", ""],             # two questions, none named
    ])
    assert main(["import-responses", "--study", str(mini_study_dir), "--db", db_url, str(source)]) == 2
    err = capsys.readouterr().err
    for needle in ["row 3, column item_id: unknown item 'zz'",
                   "row 4, column question_id: duplicate of row 2",
                   "row 5, column answer: 7.0 is outside 0..5",
                   "row 6, column answer: not valid JSON",
                   "row 7, column rt_ms",
                   "row 8, column participant: empty participant code",
                   "row 9, column question_id: item 'poem1' has 2 questions"]:
        assert needle in err, needle
    assert "7 problems found" in err
    db = open_database(db_url)
    assert db.count_responses() == 0
    db.close()


def test_import_responses_missing_columns(mini_study_dir: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    source = _write_csv(tmp_path / "cols.csv", [["who", "item_id", "answer"], ["P1", "c1", "neg"]])
    assert main(["import-responses", "--study", str(mini_study_dir), "--db",
                 f"sqlite:///{tmp_path / 'r.sqlite3'}", str(source)]) == 2
    assert "header: missing column(s) participant, question_id, rt_ms" in capsys.readouterr().err


def test_corrupt_database_is_a_user_error(mini_study_dir: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"garbage" * 100)
    assert main(["export", "--study", str(mini_study_dir), "--db", f"sqlite:///{bad}",
                 "--out", str(tmp_path / "o")]) == 2
    assert f"{bad}: not a SQLite database" in capsys.readouterr().err
    assert bad.read_bytes() == b"garbage" * 100
