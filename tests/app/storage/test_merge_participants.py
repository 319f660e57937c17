"""A merge and the participants (app/storage/merge.py): a code already in the target keeps
the target's profile, a different one is reported in words naming both, the same one is no
conflict, and the merge event counts each study's new participants."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from app.simulate import SimulationConfig
from app.storage.database import Database
from app.storage.merge import Conflict, merge_databases
from app.study.loader import LoadedStudy, load_study
from tests.test_merge import FIXTURES, laptop


def mini() -> LoadedStudy:
    return load_study(FIXTURES / "mini-study")


def profile(path: str, code: str) -> str:
    with sqlite3.connect(path) as conn:
        [(found,)] = conn.execute("SELECT profile_json FROM participant WHERE code = ?", (code,))
    return str(found)


def test_the_merge_event_counts_each_studys_new_participants(db: Database,
                                                            tmp_path: Path) -> None:
    a = laptop(tmp_path / "a.sqlite3", mini(), SimulationConfig(participants=3, seed=1))
    merge_databases(db, [a])
    [event] = db.events("mini", kind="merge")
    assert json.loads(event.payload_json)["participants_new"] == 3


def test_the_same_participant_again_is_no_profile_conflict(db: Database, tmp_path: Path) -> None:
    a = laptop(tmp_path / "a.sqlite3", mini(), SimulationConfig(participants=2, seed=1))
    merge_databases(db, [a])
    again = merge_databases(db, [a])
    assert again.sources[0].profile_conflicts == []
    assert again.sources[0].participants_new == 0


def test_a_code_with_another_profile_keeps_the_targets_and_says_both(db: Database,
                                                                    tmp_path: Path) -> None:
    a = laptop(tmp_path / "a.sqlite3", mini(), SimulationConfig(participants=1, seed=1, bulk=True))
    b = laptop(tmp_path / "b.sqlite3", mini(), SimulationConfig(participants=1, seed=2, bulk=True))
    kept, other = profile(a, "SIM001"), profile(b, "SIM001")
    assert kept != other
    report = merge_databases(db, [a, b])
    assert report.sources[1].profile_conflicts == [
        f"mini SIM001: profile {other} in {b}, {kept} kept"]
    assert report.sources[1].participants_new == 0



def test_keep_latest_keeps_one_answer_of_three_laptops(db: Database, tmp_path: Path) -> None:
    """One code on three laptops: a question answered three ways ends with one answer, the
    latest given."""
    paths = [laptop(tmp_path / f"{n}.sqlite3", mini(),
                    SimulationConfig(participants=1, seed=n, bulk=True)) for n in (1, 2, 3)]
    merge_databases(db, paths)
    before: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for r in db.responses("mini", participant_code="SIM001"):
        before.setdefault((r.item_id, r.question_id), []).append(
            (r.answer_utc, r.uuid, r.answer_json))
    three_ways = {k: v for k, v in before.items() if len({a for _, _, a in v}) == 3}
    assert three_ways
    report = merge_databases(db, [], resolve="keep-latest")
    settled = len(report.resolved)
    dropped = sum(len(c.answers) for c in report.resolved) - settled
    assert report.summary_lines()[-1] == (
        f"{settled} conflicts settled (keep-latest): {dropped} answers dropped, each recorded "
        "in a conflicts_resolved event")
    after: dict[tuple[str, str], list[str]] = {}
    for r in db.responses("mini", participant_code="SIM001"):
        after.setdefault((r.item_id, r.question_id), []).append(r.uuid)
    for key, rows in three_ways.items():
        assert after[key] == [max(rows)[1]], key


def test_the_counts_of_an_input_past_one_chunk_add_up(db: Database,
                                                            tmp_path: Path) -> None:
    """520 participants, 5,200 responses: more than one chunk of rows read (READ_CHUNK) and
    looked up (ID_CHUNK); the report's counts and the merge event's are the whole input's."""
    big = laptop(tmp_path / "big.sqlite3", mini(),
                 SimulationConfig(participants=520, seed=3, bulk=True))
    with sqlite3.connect(big) as conn:
        [(responses,)] = conn.execute("SELECT COUNT(*) FROM response")
        [(sessions,)] = conn.execute("SELECT COUNT(*) FROM session")
        [(events,)] = conn.execute("SELECT COUNT(*) FROM event WHERE study_id = 'mini'")
    assert responses > 5_000
    [source] = merge_databases(db, [big]).sources
    assert (source.responses_new, source.sessions_new, source.participants_new) == (
        responses, sessions, 520)
    assert source.events_new == events
    [event] = db.events("mini", kind="merge")
    payload = json.loads(event.payload_json)
    assert (payload["responses_new"], payload["participants_new"], payload["events_new"]) == (
        responses, 520, events)
    assert payload["allow_version_mix"] is False
    [again] = merge_databases(db, [big]).sources
    assert (again.responses_present, again.responses_new) == (responses, 0)


def test_a_conflict_reads_as_its_answers_and_where_they_came_from() -> None:
    answers = (("u1", '"cat"', "0123456789ab"), ("u2", '"dog"', "fedcba987654"))
    conflict = Conflict("mini", "SIM001", "p1", "label", "", answers)
    assert str(conflict) == 'mini SIM001 p1/label: "cat" (from 01234567); "dog" (from fedcba98)'
    aided = Conflict("chest", "R01", "case-3", "malignant", "ai_aided", answers)
    assert str(aided).startswith("chest R01 case-3/malignant (ai_aided): \"cat\"")


def test_drop_both_drops_every_answer_of_a_conflict(db: Database, tmp_path: Path) -> None:
    paths = [laptop(tmp_path / f"{n}.sqlite3", mini(),
                    SimulationConfig(participants=1, seed=n, bulk=True)) for n in (1, 2)]
    merge_databases(db, paths)
    report = merge_databases(db, [], resolve="drop-both")
    answers = sum(len(c.answers) for c in report.resolved)
    assert answers >= 2
    assert report.summary_lines()[-1] == (
        f"{len(report.resolved)} conflict{'s' if len(report.resolved) != 1 else ''} settled "
        f"(drop-both): {answers} answers dropped, each recorded in a conflicts_resolved event")
