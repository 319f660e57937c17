"""Merging databases from several laptops: idempotent, keyed by UUID, refusing mixed study
versions, keeping both sides of a conflict, recording provenance, never touching the inputs."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from app.simulate import SimulationConfig, simulate
from app.storage import CorruptDatabaseError, open_database
from app.storage.database import Database
from app.storage.merge import VersionMixError, merge_databases
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
TABLES = ("study", "participant", "session", "response", "event")


def snapshot(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, sorted: two equal snapshots are equal databases."""
    with db.engine.connect() as conn:
        return {t: sorted(tuple(map(repr, r)) for r in conn.execute(text(f"SELECT * FROM {t}")))
                for t in TABLES}


def file_state(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def laptop(path: Path, loaded: LoadedStudy, config: SimulationConfig) -> str:
    db = open_database(f"sqlite:///{path}")
    simulate(loaded, db, config)
    db.close()
    return str(path)


@pytest.fixture
def mini() -> LoadedStudy:
    return load_study(FIXTURES / "mini-study")


@pytest.fixture
def laptops(tmp_path: Path, mini: LoadedStudy) -> tuple[str, str]:
    """Laptop A: SIM001-SIM003 through the engine; laptop B: SIM004-SIM006 in bulk."""
    folder = tmp_path / "usb"
    folder.mkdir()
    a = laptop(folder / "a.sqlite3", mini, SimulationConfig(participants=3, seed=1))
    b = laptop(folder / "b.sqlite3", mini, SimulationConfig(participants=3, first=4, seed=1, bulk=True))
    return a, b


def test_merge_takes_everything_in_once_and_keeps_provenance(db: Database, laptops: tuple[str, str]) -> None:
    a, b = laptops
    usb = Path(a).parent
    origins = {}
    for path in (a, b):
        laptop_db = open_database(f"sqlite:///{path}")
        origins[path] = laptop_db.origin
        laptop_db.close()
    before = file_state(usb)

    report = merge_databases(db, [a, b])
    assert [s.responses_new for s in report.sources] == [30, 30]
    assert report.total("participants_new") == 6 and report.conflicts == []
    assert db.count_responses("mini") == 60
    # Each row keeps the origin of the laptop it was written on.
    by_code = {r.participant_code: r.origin for r in db.responses("mini")}
    assert {by_code[f"SIM00{i}"] for i in (1, 2, 3)} == {origins[a]}
    assert {by_code[f"SIM00{i}"] for i in (4, 5, 6)} == {origins[b]}
    merges = db.events("mini", kind="merge")
    payloads = [json.loads(e.payload_json) for e in merges]
    assert [(p["source"], p["source_origin"], p["responses_new"]) for p in payloads] == [
        (a, origins[a], 30), (b, origins[b], 30)]
    assert all(e.origin == db.origin for e in merges)
    # The inputs are untouched, and nothing was created beside them.
    assert file_state(usb) == before

    # Merging again changes nothing at all, not even the audit log.
    state = snapshot(db)
    again = merge_databases(db, [b, a])
    assert again.total("responses_new") == 0 and again.total("responses_present") == 60
    assert not any(s.changed for s in again.sources)
    assert snapshot(db) == state


def test_different_versions_of_a_study_are_refused_unless_allowed(
        db: Database, tmp_path: Path, mini: LoadedStudy, capsys: pytest.CaptureFixture[str]) -> None:
    changed_dir = tmp_path / "mini-v2"
    shutil.copytree(mini.folder, changed_dir)
    raw = json.loads((changed_dir / "study.json").read_text(encoding="utf-8"))
    raw["version"] = "1.1.0"
    raw["items"][1]["stimulus"]["text"] = "The service was slow."
    (changed_dir / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    v2 = load_study(changed_dir)
    a = laptop(tmp_path / "a.sqlite3", mini, SimulationConfig(participants=2, seed=1, bulk=True))
    b = laptop(tmp_path / "b.sqlite3", v2, SimulationConfig(participants=2, first=3, seed=1, bulk=True))

    state = snapshot(db)
    with pytest.raises(VersionMixError, match=r"study 'mini': version 1\.0\.0 .* version 1\.1\.0"):
        merge_databases(db, [a, b])
    assert snapshot(db) == state  # refused before anything was written
    merge_databases(db, [a])
    with pytest.raises(VersionMixError, match="--allow-version-mix"):
        merge_databases(db, [b])

    report = merge_databases(db, [b], allow_version_mix=True)
    assert report.mixed_versions == ["mini"]
    assert {v.version for v in db.study_versions("mini")} == {"1.0.0", "1.1.0"}
    hashes = {r.participant_code: r.content_hash for r in db.responses("mini")}
    assert hashes["SIM001"] == mini.content_hash and hashes["SIM003"] == v2.content_hash

    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    assert main(["merge", url, a, b]) == 2
    assert "different versions of a study would be mixed" in capsys.readouterr().err


def test_conflicts_keep_both_answers_and_are_reported(db: Database, tmp_path: Path,
                                                      mini: LoadedStudy) -> None:
    # The code SIM001 used on two laptops: different seeds give different answers.
    a = laptop(tmp_path / "a.sqlite3", mini, SimulationConfig(participants=1, seed=1, bulk=True))
    b = laptop(tmp_path / "b.sqlite3", mini, SimulationConfig(participants=1, seed=2, bulk=True))
    report = merge_databases(db, [a, b])
    rows = db.responses("mini", participant_code="SIM001")
    assert len(rows) == 20  # nothing dropped
    answers: dict[tuple[str, str], set[str]] = {}
    for r in rows:
        answers.setdefault((r.item_id, r.question_id), set()).add(r.answer_json)
    differing = {k for k, v in answers.items() if len(v) > 1}
    assert differing, "the two seeds should disagree somewhere"
    assert {(c.item_id, c.question_id) for c in report.conflicts} == differing
    assert report.sources[1].repeated == 10 - len(differing)
    conflict = report.conflicts[0]
    assert len(conflict.answers) == 2 and {o for _, _, o in conflict.answers} == {
        r.origin for r in rows}
    assert report.sources[1].profile_conflicts  # tiers/years drawn differently too
    [event] = [e for e in db.events("mini", kind="merge") if b in e.payload_json]
    assert json.loads(event.payload_json)["conflicts"] == len(differing)


def test_bad_inputs_are_refused_with_their_name(db: Database, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 50)
    state = snapshot(db)
    with pytest.raises(CorruptDatabaseError, match=r"junk\.sqlite3: not a SQLite database"):
        merge_databases(db, [str(junk)])
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE t (x)")
    with pytest.raises(CorruptDatabaseError, match=r"foreign\.sqlite3: not a Baseline Studio database"):
        merge_databases(db, [str(foreign)])
    assert snapshot(db) == state
    out = tmp_path / "out.sqlite3"
    assert main(["merge", str(out), str(tmp_path / "missing.sqlite3")]) == 2
    assert "missing.sqlite3: no such database file" in capsys.readouterr().err
    assert main(["merge", str(out), str(out)]) == 2
    assert "is the output database itself" in capsys.readouterr().err


def test_an_old_schema_input_is_read_through_an_upgraded_copy(db: Database, tmp_path: Path) -> None:
    usb = tmp_path / "usb"
    usb.mkdir()
    old = usb / "v1.sqlite3"
    shutil.copy(FIXTURES / "db_v1.sqlite3", old)
    before = file_state(usb)
    report = merge_databases(db, [str(old)])
    assert report.sources[0].responses_new == 2
    assert file_state(usb) == before  # upgraded a temporary copy, not the file
    assert {r.origin for r in db.responses("mini")} == {"11111111-1111-4111-8111-111111111111"}


def test_a_live_input_with_a_wal_is_read_whole(tmp_path: Path, mini: LoadedStudy) -> None:
    """A database still open on a station: its last answers are in the -wal, not the main file."""
    live_path = tmp_path / "live.sqlite3"
    live = open_database(f"sqlite:///{live_path}")
    simulate(mini, live, SimulationConfig(participants=2, seed=1))
    assert Path(f"{live_path}-wal").exists()
    target = open_database(f"sqlite:///{tmp_path / 'out.sqlite3'}")
    report = merge_databases(target, [str(live_path)])
    assert report.sources[0].responses_new == live.count_responses() == 20
    live.close()
    target.close()


def test_a_session_copied_before_it_ended_learns_its_end(tmp_path: Path, mini: LoadedStudy) -> None:
    station = open_database(f"sqlite:///{tmp_path / 'station.sqlite3'}")
    session = station.start_session("mini", mini.content_hash, "P001", app_version="t")
    early = tmp_path / "early.sqlite3"
    shutil.copy(tmp_path / "station.sqlite3", early)
    if Path(f"{tmp_path / 'station.sqlite3'}-wal").exists():
        shutil.copy(f"{tmp_path / 'station.sqlite3'}-wal", f"{early}-wal")
    station.end_session(session)
    station.close()
    target = open_database(f"sqlite:///{tmp_path / 'out.sqlite3'}")
    merge_databases(target, [str(early)])
    assert target.sessions("mini")[0].ended_utc is None
    report = merge_databases(target, [str(tmp_path / "station.sqlite3")])
    assert report.sources[0].sessions_completed == 1
    assert target.sessions("mini")[0].ended_utc is not None
    target.close()


def test_cli_prints_the_counts(tmp_path: Path, laptops: tuple[str, str],
                               capsys: pytest.CaptureFixture[str]) -> None:
    a, b = laptops
    out = tmp_path / "merged.sqlite3"
    assert main(["merge", str(out), a, b]) == 0
    text_out = capsys.readouterr().out
    assert f"{a}: 30 new responses, 0 already present, 0 conflicts, 3 new participants" in text_out
    assert (f"merged into {out}: 60 new responses, 0 already present, 0 conflicts, "
            "6 new participants") in text_out
    assert main(["merge", f"sqlite:///{out}", a, b]) == 0
    assert "0 new responses, 60 already present" in capsys.readouterr().out


@pytest.mark.postgres
def test_a_server_database_merges_into_a_laptop_file(pg_url: str, tmp_path: Path,
                                                     mini: LoadedStudy) -> None:
    server = open_database(pg_url)
    simulate(mini, server, SimulationConfig(participants=2, seed=1, bulk=True))
    state = snapshot(server)
    target = open_database(f"sqlite:///{tmp_path / 'out.sqlite3'}")
    report = merge_databases(target, [pg_url])
    assert report.sources[0].responses_new == 20
    assert snapshot(server) == state
    assert sorted(r.uuid for r in target.responses("mini")) == sorted(
        r.uuid for r in server.responses("mini"))
    server.close()
    target.close()
