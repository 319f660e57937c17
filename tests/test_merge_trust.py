"""What a merge takes in is checked against the definition its content hash names, not the
one the input carries; response times are bounded like every other column; codes outside
`participants.codes` are refused as on the code screen."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main
from tests.test_merge_checks import edit, merged_responses, one

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def mini() -> LoadedStudy:
    return load_study(FIXTURES / "mini-study")


def simulated(path: Path, mini: LoadedStudy, participants: int = 3, seed: int = 1) -> Path:
    db = open_database(f"sqlite:///{path}")
    simulate(mini, db, SimulationConfig(participants=participants, seed=seed, bulk=True))
    db.close()
    return path


def tamper_definition(laptop: Path) -> None:
    """Add an option Z to c1's question in the stored definition, hash unchanged, and give
    eight answers Z with rt_ms -50."""
    definition = json.loads(one(laptop, "SELECT definition_json FROM study"))
    for item in definition["items"]:
        if item["id"] == "c1":
            item["questions"][0]["options"].append({"key": "Z", "label": "Z"})
    conn = sqlite3.connect(laptop)
    try:
        conn.execute("UPDATE study SET definition_json = ?", (json.dumps(definition),))
        uuids = [r[0] for r in conn.execute("SELECT uuid FROM response LIMIT 8")]
        marks = ",".join("?" * 8)
        conn.execute(f"UPDATE response SET rt_ms = -50 WHERE uuid IN ({marks})", uuids)
        conn.execute("UPDATE response SET answer_json = '\"Z\"' WHERE item_id = 'c1'")
        conn.commit()
    finally:
        conn.close()


@pytest.mark.parametrize("trusted_from", ["target", "study folder"])
def test_an_edited_stored_definition_is_refused_and_rows_are_checked_against_the_true_one(
        trusted_from: str, tmp_path: Path, mini: LoadedStudy,
        capsys: pytest.CaptureFixture[str]) -> None:
    laptop = simulated(tmp_path / "laptop.sqlite3", mini)
    tamper_definition(laptop)
    out = tmp_path / "all.sqlite3"
    argv = ["merge", str(out), str(laptop)]
    if trusted_from == "target":
        simulated(out, mini, participants=1, seed=9)
    else:
        argv[1:1] = ["--study", str(FIXTURES / "mini-study")]
    before = merged_responses(out)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "is not the one its content hash" in err and "Traceback" not in err
    assert "answer 'Z' is not one of" in err or "answer Z" in err or "'Z'" in err
    assert "rt_ms: not a finite, non-negative number" in err
    assert merged_responses(out) == before


def test_response_times_are_bounded_in_a_merge(tmp_path: Path, mini: LoadedStudy,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    laptop = simulated(tmp_path / "laptop.sqlite3", mini)
    edit(laptop, "UPDATE response SET rt_ms = 1e300 WHERE rowid = 1")
    assert main(["merge", str(tmp_path / "all.sqlite3"), str(laptop)]) == 2
    err = capsys.readouterr().err
    assert "rt_ms: 1e+300 ms is more than 24 hours" in err


def test_codes_outside_the_studys_codes_are_refused_by_merge(
        tmp_path: Path, mini: LoadedStudy, capsys: pytest.CaptureFixture[str]) -> None:
    study_dir = tmp_path / "coded"
    raw = json.loads((FIXTURES / "mini-study" / "study.json").read_text())
    raw["participants"] = {"codes": {"ranges": [{"first": "P001", "last": "P060"}]}}
    study_dir.mkdir()
    (study_dir / "study.json").write_text(json.dumps(raw))
    shutil.copytree(FIXTURES / "mini-study" / "images", study_dir / "images")
    coded = load_study(study_dir)
    laptop = simulated(tmp_path / "laptop.sqlite3", coded, participants=1)
    # a real participant whose code the study never issued
    edit(laptop, "UPDATE participant SET simulated = 0, code = 'X999'",
         "UPDATE response SET participant_code = 'X999'",
         "UPDATE session SET participant_code = 'X999'")
    assert main(["merge", str(tmp_path / "all.sqlite3"), str(laptop)]) == 2
    err = capsys.readouterr().err
    assert "participant, row mini/X999: participant: not one of the codes study 'mini' issues" in err


def test_import_responses_refuses_codes_the_study_does_not_issue_and_absurd_times(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    study_dir = tmp_path / "coded"
    raw = json.loads((FIXTURES / "mini-study" / "study.json").read_text())
    raw["participants"] = {"codes": {"ranges": [{"first": "P001", "last": "P060"}]}}
    study_dir.mkdir()
    (study_dir / "study.json").write_text(json.dumps(raw))
    shutil.copytree(FIXTURES / "mini-study" / "images", study_dir / "images")
    answers = tmp_path / "answers.csv"
    answers.write_text("participant,item_id,question_id,answer,rt_ms\n"
                       "P001,c1,label,pos,1200\n"
                       "X999,c1,label,pos,1200\n"
                       "P002,c1,label,neg,1e300\n")
    db = tmp_path / "db.sqlite3"
    assert main(["import-responses", "--db", f"sqlite:///{db}", "--study", str(study_dir),
                 str(answers)]) == 2
    err = capsys.readouterr().err
    assert "row 3, column participant: 'X999': not one of the codes study 'mini' issues" in err
    assert "row 4, column rt_ms: '1e300': 1e+300 ms is more than 24 hours" in err
    assert "Traceback" not in err
    assert merged_responses(db) == 0


def test_a_scatter_of_one_huge_value_draws_instead_of_dividing_by_zero() -> None:
    from exporters.svg_charts import scatter_chart
    svg = scatter_chart([(1e300, 0.5, "a"), (1e300, 0.7, "b")], title="t", x_label="x", y_label="y")
    assert svg.startswith("<svg") and "nan" not in svg.lower()


def test_an_input_whose_response_table_lost_its_key_is_refused(
        tmp_path: Path, mini: LoadedStudy, capsys: pytest.CaptureFixture[str]) -> None:
    laptop = simulated(tmp_path / "laptop.sqlite3", mini)
    conn = sqlite3.connect(laptop)
    try:
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'response'").fetchone()[0]
        keyless = sql.replace("CREATE TABLE response", "CREATE TABLE response_keyless")
        keyless = keyless.replace("uuid VARCHAR PRIMARY KEY", "uuid VARCHAR NOT NULL")
        assert "PRIMARY KEY" not in keyless
        conn.execute(keyless)
        for _ in range(1000):
            conn.execute("INSERT INTO response_keyless SELECT * FROM response LIMIT 1")
        conn.execute("DROP TABLE response")
        conn.execute("ALTER TABLE response_keyless RENAME TO response")
        conn.commit()
    finally:
        conn.close()
    out = tmp_path / "all.sqlite3"
    assert main(["merge", str(out), str(laptop)]) == 2
    err = capsys.readouterr().err
    assert "table response has lost its primary key (uuid)" in err and "Traceback" not in err
    assert merged_responses(out) == 0


def test_the_counts_are_what_was_written(tmp_path: Path, mini: LoadedStudy,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    laptop = simulated(tmp_path / "laptop.sqlite3", mini)
    out = tmp_path / "all.sqlite3"
    assert main(["merge", str(out), str(laptop)]) == 0
    written = merged_responses(out)
    assert f"{written} new responses, 0 already present" in capsys.readouterr().out
    payload = json.loads(one(out, "SELECT payload_json FROM event WHERE kind = 'merge'"))
    assert payload["responses_new"] == written


def two_laptops_with_one_code(tmp_path: Path, mini: LoadedStudy) -> tuple[Path, Path]:
    """The real code P001 used on two laptops, answered differently."""
    paths = []
    for seed in (1, 2):
        path = simulated(tmp_path / f"laptop{seed}.sqlite3", mini, participants=1, seed=seed)
        edit(path, "UPDATE participant SET simulated = 0, code = 'P001'",
             "UPDATE response SET simulated = 0, participant_code = 'P001'",
             "UPDATE session SET participant_code = 'P001'")
        paths.append(path)
    return paths[0], paths[1]


def test_export_refuses_conflicts_until_merge_resolve_settles_them(
        tmp_path: Path, mini: LoadedStudy, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = two_laptops_with_one_code(tmp_path, mini)
    out = tmp_path / "all.sqlite3"
    assert main(["merge", str(out), str(a), str(b)]) == 0
    captured = capsys.readouterr()
    assert "conflict(s)" in captured.out and "merge --resolve" in captured.err
    n = int(one(out, "SELECT COUNT(*) FROM response"))
    export = ["export", "--db", f"sqlite:///{out}", "--study", str(FIXTURES / "mini-study"),
              "--bootstrap", "0", "--out", str(tmp_path / "export")]
    assert main(export) == 2
    err = capsys.readouterr().err
    assert "conflict(s)" in err and "P001 " in err
    assert "merge --resolve" in err and "Traceback" not in err
    assert not (tmp_path / "export").exists()

    latest = json.loads(one(out, "SELECT answer_json FROM response WHERE participant_code = 'P001' "
                                 "ORDER BY answer_utc DESC, uuid DESC LIMIT 1"))
    assert latest is not None
    assert main(["merge", "--resolve", "keep-first", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "settled (keep-first)" in printed
    left = int(one(out, "SELECT COUNT(*) FROM response"))
    assert left < n
    # one answer per (participant, item, question) now, the dropped ones on record
    assert one(out, "SELECT COUNT(*) FROM (SELECT 1 FROM response GROUP BY participant_code, "
                    "item_id, question_id HAVING COUNT(DISTINCT answer_json) > 1)") == "0"
    record = json.loads(one(out, "SELECT payload_json FROM event WHERE kind = 'conflicts_resolved'"))
    assert record["rule"] == "keep-first" and record["dropped"]
    assert main(export) == 0, capsys.readouterr().err


@pytest.mark.parametrize("rule", ["keep-latest", "drop-both"])
def test_the_other_resolve_rules(rule: str, tmp_path: Path, mini: LoadedStudy,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    a, b = two_laptops_with_one_code(tmp_path, mini)
    out = tmp_path / "all.sqlite3"
    assert main(["merge", "--resolve", rule, str(out), str(a), str(b)]) == 0
    groups = one(out, "SELECT COUNT(*) FROM (SELECT 1 FROM response GROUP BY participant_code, "
                      "item_id, question_id HAVING COUNT(DISTINCT answer_json) > 1)")
    assert groups == "0"
    record = json.loads(one(out, "SELECT payload_json FROM event WHERE kind = 'conflicts_resolved'"))
    dropped = {row[3] for row in record["dropped"]}
    left = {r[0] for r in sqlite3.connect(out).execute("SELECT uuid FROM response")}
    assert not dropped & left
