"""`merge` checks what it takes in: each row against its study as import-responses checks a
CSV; a copy of a live database made without its -wal is named with a warning; a hand-edited
database gives a clean message (exit 2), and a failed upgrade leaves no copy behind."""

from __future__ import annotations

import re
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest

from app.merge_check import merge_row_problems
from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage.merge import InvalidRowsError, merge_databases
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main
from tests.test_handover import live_station

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def mini() -> LoadedStudy:
    return load_study(FIXTURES / "mini-study")


@pytest.fixture
def laptop(tmp_path: Path, mini: LoadedStudy) -> Path:
    """A closed laptop database: SIM001-SIM003 answered every item of the mini study."""
    usb = tmp_path / "usb"
    usb.mkdir()
    path = usb / "laptop.sqlite3"
    db = open_database(f"sqlite:///{path}")
    simulate(mini, db, SimulationConfig(participants=3, seed=1, bulk=True))
    db.close()
    return path


def edit(path: Path, *statements: str) -> None:
    """Change a database by hand, as someone with the sqlite3 shell would."""
    conn = sqlite3.connect(path)
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


def one(path: Path, sql: str) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute(sql).fetchone()[0])
    finally:
        conn.close()


def merged_responses(out: Path) -> int:
    if not out.exists():
        return 0
    return int(one(out, "SELECT COUNT(*) FROM response"))


def test_rows_the_study_does_not_allow_are_listed_and_nothing_is_merged(
        tmp_path: Path, laptop: Path, capsys: pytest.CaptureFixture[str]) -> None:
    off_scale = one(laptop, "SELECT uuid FROM response WHERE item_id = 'poem1' "
                            "AND question_id = 'creative' AND participant_code = 'SIM001'")
    unknown_item = one(laptop, "SELECT uuid FROM response WHERE item_id = 'c1' "
                               "AND participant_code = 'SIM002'")
    edit(laptop,
         f"UPDATE response SET answer_json = '99' WHERE uuid = '{off_scale}'",
         f"UPDATE response SET item_id = 'no-such-item' WHERE uuid = '{unknown_item}'",
         "UPDATE participant SET code = 'maria@example.org' WHERE code = 'SIM003'",
         "UPDATE response SET participant_code = 'maria@example.org' WHERE participant_code = 'SIM003'",
         "UPDATE session SET participant_code = 'maria@example.org' WHERE participant_code = 'SIM003'")
    out = tmp_path / "all.sqlite3"
    assert main(["merge", str(out), str(laptop)]) == 2
    err = capsys.readouterr().err
    assert f"{laptop}: response, row {off_scale}: answer 99 is outside 1..5" in err
    assert f"{laptop}: response, row {unknown_item}: item_id: unknown item 'no-such-item'" in err
    assert f"{laptop}: participant, row mini/maria@example.org: participant: this looks like an e-mail" in err
    assert "nothing was merged" in err and "Traceback" not in err
    assert merged_responses(out) == 0

    assert main(["merge", "--skip-invalid", str(out), str(laptop)]) == 0
    printed = capsys.readouterr().out
    assert f"left out: {laptop}: response, row {off_scale}" in printed
    n_questions = 10
    # SIM001 and SIM002 keep every other answer; SIM003 (the e-mail) is left out whole
    assert merged_responses(out) == 2 * n_questions - 2
    assert one(out, "SELECT COUNT(*) FROM participant WHERE code LIKE '%@%'") == "0"
    assert one(out, "SELECT COUNT(*) FROM session WHERE participant_code LIKE '%@%'") == "0"


def test_a_clean_input_passes_the_check(tmp_path: Path, laptop: Path, mini: LoadedStudy) -> None:
    # a real session's stored shapes (null for an optional comment left empty) pass too
    db = open_database(f"sqlite:///{laptop}")
    simulate(mini, db, SimulationConfig(participants=2, first=4, seed=2))
    db.close()
    from app.storage.merge_source import open_source

    source = open_source(str(laptop))
    try:
        assert merge_row_problems(source) == []
    finally:
        source.close()
    target = open_database(f"sqlite:///{tmp_path / 'all.sqlite3'}")
    report = merge_databases(target, [str(laptop)], check=merge_row_problems)
    assert report.sources[0].responses_new == 50 and not report.sources[0].invalid
    target.close()


@pytest.mark.parametrize("answer, problem", [
    ("NULL", "answer is missing (NULL)"),
    ("'not json{'", "is not JSON"),
])
def test_a_null_or_non_json_answer_is_a_listed_problem(
        tmp_path: Path, laptop: Path, answer: str, problem: str) -> None:
    # NOT NULL has to go first: copy the table without it (its key kept), as a hand-edit might
    create = one(laptop, "SELECT sql FROM sqlite_master WHERE name = 'response'")
    edit(laptop, "ALTER TABLE response RENAME TO r_old", create.replace(" NOT NULL", ""),
         "INSERT INTO response SELECT * FROM r_old", "DROP TABLE r_old",
         f"UPDATE response SET answer_json = {answer} WHERE rowid = 1")
    target = open_database(f"sqlite:///{tmp_path / 'all.sqlite3'}")
    with pytest.raises(InvalidRowsError, match=re.escape(problem)):
        merge_databases(target, [str(laptop)], check=merge_row_problems)
    assert target.count_responses() == 0
    target.close()


HAND_EDITS = {
    "schema version 'abc'": ["UPDATE schema_info SET value = 'abc' WHERE key = 'schema_version'"],
    "a dropped column": ["ALTER TABLE response DROP COLUMN rt_ms"],
    "a dropped table": ["DROP TABLE session"],
    "a trigger added": ["CREATE TRIGGER sneaky AFTER INSERT ON response BEGIN SELECT 1; END"],
    "a view added": ["CREATE VIEW answers AS SELECT answer_json FROM response"],
}
EXPECTED = {
    "schema version 'abc'": "schema version 'abc', not a number",
    "a dropped column": "table response lacks column(s) rt_ms",
    "a dropped table": "table session is missing",
    "a trigger added": "trigger sneaky was added",
    "a view added": "view answers was added",
}


@pytest.mark.parametrize("case", list(HAND_EDITS))
def test_a_hand_edited_database_gives_a_clean_message(
        case: str, tmp_path: Path, laptop: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(laptop, *HAND_EDITS[case])
    out = tmp_path / "all.sqlite3"
    assert main(["merge", str(out), str(laptop)]) == 2
    err = capsys.readouterr().err
    assert EXPECTED[case] in err and str(laptop) in err, err
    assert "Traceback" not in err
    assert merged_responses(out) == 0


def test_a_failed_upgrade_leaves_no_copy_in_the_temporary_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    old = tmp_path / "v1.sqlite3"
    shutil.copy(FIXTURES / "db_v1.sqlite3", old)
    # an index with the name upgrade step 2 creates: the upgrade of the copy fails half-way
    edit(old, "CREATE INDEX ix_response_participant_item ON response (uuid)")
    assert main(["merge", str(tmp_path / "all.sqlite3"), str(old)]) == 2
    err = capsys.readouterr().err
    assert "cannot be upgraded" in err or "cannot open" in err, err
    assert "Traceback" not in err
    assert list(scratch.iterdir()) == []


def live_copy_without_wal(tmp_path: Path, mini: LoadedStudy) -> tuple[Path, Path, sqlite3.Connection]:
    """A station with answers still in its -wal (a connection holds it open, no checkpoint),
    and a copy of its main file alone, as a file manager makes while the app is open."""
    live = tmp_path / "station.sqlite3"
    holder = live_station(live, mini, participants=2)
    usb = tmp_path / "usb"
    usb.mkdir()
    copy = usb / "station.sqlite3"
    shutil.copyfile(live, copy)
    return live, copy, holder


def test_a_live_copy_without_its_wal_is_named_with_a_warning(
        tmp_path: Path, mini: LoadedStudy, capsys: pytest.CaptureFixture[str]) -> None:
    live, copy, holder = live_copy_without_wal(tmp_path, mini)
    try:
        assert Path(f"{live}-wal").stat().st_size > 0
        out = tmp_path / "all.sqlite3"
        assert main(["merge", str(out), str(copy)]) == 0
        captured = capsys.readouterr()
        assert f"warning: {copy}: a database file of a running app (WAL mode) without the -wal" in captured.err
        assert "answers given shortly before the copy may be missing" in captured.err
        assert "baseline-studio snapshot" in captured.err
        # the live file itself, read with its -wal, gives everything and no warning
        assert main(["merge", str(out), str(live)]) == 0
        captured = capsys.readouterr()
        assert "warning" not in captured.err
        assert merged_responses(out) == 20
    finally:
        holder.close()


def test_a_snapshot_merges_without_a_warning(tmp_path: Path, mini: LoadedStudy,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    live, _copy, holder = live_copy_without_wal(tmp_path, mini)
    try:
        handover = tmp_path / "usb" / "handover.sqlite3"
        assert main(["snapshot", "--db", f"sqlite:///{live}", str(handover)]) == 0
        capsys.readouterr()
        out = tmp_path / "all.sqlite3"
        assert main(["merge", str(out), str(handover)]) == 0
        assert "warning" not in capsys.readouterr().err
        assert merged_responses(out) == 20
    finally:
        holder.close()


def test_a_database_closed_by_the_app_merges_without_a_warning(
        tmp_path: Path, laptop: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Closed with nothing else holding it, the file is left out of WAL mode: complete on its
    own, so a copy of it is not mistaken for a copy of a running app."""
    assert laptop.read_bytes()[18:20] == b"\x01\x01"  # rollback journal, not WAL
    assert not Path(f"{laptop}-wal").exists()
    assert main(["merge", str(tmp_path / "all.sqlite3"), str(laptop)]) == 0
    assert "warning" not in capsys.readouterr().err
    assert merged_responses(tmp_path / "all.sqlite3") == 30


def test_a_required_question_left_empty_is_refused_unless_time_ran_out(
        tmp_path: Path, laptop: Path) -> None:
    """An empty answer to a question that needs one is not taken in; the same answer on a
    trial whose time ran out is (nothing could be answered)."""
    row = one(laptop, "SELECT uuid FROM response WHERE item_id = 'c1' AND question_id = 'label' "
                      "AND participant_code = 'SIM001'")
    edit(laptop, f"UPDATE response SET answer_json = 'null' WHERE uuid = '{row}'")
    target = open_database(f"sqlite:///{tmp_path / 'all.sqlite3'}")
    with pytest.raises(InvalidRowsError, match=re.escape(
            f"response, row {row}: answer empty, but the question needs an answer")):
        merge_databases(target, [str(laptop)], check=merge_row_problems)
    assert target.count_responses() == 0
    edit(laptop, f"UPDATE response SET timed_out = 1 WHERE uuid = '{row}'")
    report = merge_databases(target, [str(laptop)], check=merge_row_problems)
    assert not report.sources[0].invalid and target.count_responses() > 0
    target.close()


def test_a_bad_code_on_response_rows_alone_is_caught(tmp_path: Path, laptop: Path) -> None:
    """The participant rows untouched, the answers' own code an e-mail address: each such
    response row is listed (codes are checked on every table that carries one)."""
    rows = int(one(laptop, "SELECT COUNT(*) FROM response WHERE participant_code = 'SIM002'"))
    edit(laptop, "UPDATE response SET participant_code = 'maria@example.org' "
                 "WHERE participant_code = 'SIM002'")
    target = open_database(f"sqlite:///{tmp_path / 'all.sqlite3'}")
    with pytest.raises(InvalidRowsError) as refused:
        merge_databases(target, [str(laptop)], check=merge_row_problems)
    text = str(refused.value)
    assert "response, row" in text and "e-mail" in text and "participant, row" not in text
    assert rows > 0
    assert target.count_responses() == 0
    target.close()
