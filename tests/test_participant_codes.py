"""`participants.codes`: the codes a study issues (a pattern, a list, ranges). A real
participant's code outside them is refused by the engine itself; simulated participants are
exempt; a study without the setting keeps today's rule (any pseudonym)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.session.codes import ParticipantCodeError, study_code_problem
from app.session.engine import SessionEngine
from app.storage import open_database
from app.study.errors import StudyError
from app.study.loader import load_study


def _with_codes(folder: Path, codes: Any) -> Path:
    path = folder / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["participants"] = {"codes": codes}
    path.write_text(json.dumps(raw), encoding="utf-8")
    return folder


def test_pattern_list_and_range_each_admit_their_codes(mini_study_dir: Path) -> None:
    study = load_study(_with_codes(mini_study_dir, {
        "pattern": "SITE[AB]-[0-9]{2}", "list": ["PILOT1"],
        "ranges": [{"first": "P001", "last": "P060"}, {"first": "D-1", "last": "D-9"}],
    })).study
    for code in ("SITEA-07", "PILOT1", "P001", "P042", "P060", "D-5", " P002 "):
        assert study_code_problem(study, code) is None, code
    for code in ("p 1x!", "P000", "P061", "P1", "P0001", "p001", "SITEC-07", "SITEA-070",
                 "PILOT", "D-10", "XP001"):
        assert study_code_problem(study, code) is not None, code


def test_without_the_setting_any_pseudonym_will_do(mini_study_dir: Path) -> None:
    study = load_study(mini_study_dir).study
    assert study.participants.codes is None
    assert study_code_problem(study, "p 1x!") is None


def test_the_engine_refuses_a_code_the_study_does_not_issue(mini_study_dir: Path,
                                                           tmp_path: Path) -> None:
    loaded = load_study(_with_codes(mini_study_dir,
                                    {"ranges": [{"first": "P001", "last": "P060"}]}))
    db = open_database(f"sqlite:///{tmp_path / 'codes.sqlite3'}")
    with pytest.raises(ParticipantCodeError, match=r"participants\.codes"):
        SessionEngine(loaded, db, "p 1x!")
    assert db.participants(loaded.study.id) == []  # nothing stored for the refused code
    SessionEngine(loaded, db, "P060").close()
    SessionEngine(loaded, db, "SIM001", simulated=True).close()  # simulations are not issued
    assert [p.code for p in db.participants(loaded.study.id)] == ["P060", "SIM001"]
    db.close()


@pytest.mark.parametrize(("codes", "where", "says"), [
    ({}, "participants.codes", "give a pattern, a list or ranges"),
    ({"pattern": "P(0"}, "participants.codes.pattern", "not a valid regular expression"),
    ({"ranges": [{"first": "P001", "last": "Q060"}]}, "participants.codes.ranges[0]",
     "same prefix and as many digits"),
    ({"ranges": [{"first": "P001", "last": "P0060"}]}, "participants.codes.ranges[0]",
     "same prefix and as many digits"),
    ({"ranges": [{"first": "P060", "last": "P001"}]}, "participants.codes.ranges[0]",
     "comes after"),
    ({"ranges": [{"first": "PX", "last": "PY"}]}, "participants.codes.ranges[0]",
     "end in digits"),
    ({"lists": ["P001"]}, "participants.codes.lists", "unknown field"),
])
def test_a_bad_codes_setting_names_its_place(mini_study_dir: Path, codes: Any, where: str,
                                             says: str) -> None:
    with pytest.raises(StudyError) as caught:
        load_study(_with_codes(mini_study_dir, codes))
    problems = [(p.where, p.message) for p in caught.value.problems]
    assert any(w.startswith(where) and says in m for w, m in problems), problems


def test_issued_codes_are_counted_where_they_are_known() -> None:
    from app.study.model_participants import ParticipantCodes

    ranged = ParticipantCodes.model_validate(
        {"list": ["PILOT1", "PILOT2"], "ranges": [{"first": "P001", "last": "P060"}]})
    assert ranged.count() == 62
    assert ParticipantCodes.model_validate({"pattern": "P[0-9]{3}"}).count() is None
