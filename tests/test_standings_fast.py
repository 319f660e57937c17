"""Participants' standings from one DISTINCT query and the plan's ids equal the count over
every response against the full plan."""

from __future__ import annotations

from pathlib import Path

from app.session.plan import build_plan, plan_item_ids
from app.session.standing import CONSENT_EVENT, participant_standings, standing_of
from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.study.loader import load_study


def test_standings_equal_a_full_count(mini_study_dir: Path, db_url: str) -> None:
    loaded = load_study(mini_study_dir)
    study = loaded.study
    db = open_database(db_url)
    simulate(loaded, db, SimulationConfig(participants=3, seed=4))
    with db.engine.begin() as conn:  # one participant stopped half-way
        conn.exec_driver_sql("DELETE FROM response WHERE participant_code = 'SIM002' "
                             "AND position >= 3")
    standings = participant_standings(study, db)
    assert [s.code for s in standings] == ["SIM001", "SIM002", "SIM003"]
    for s in standings:
        plan = {p.item_id for p in build_plan(study, s.code)}
        done = {r.item_id for r in db.responses(study.id, participant_code=s.code)}
        assert (s.answered, s.total) == (len(plan & done), len(plan))
        assert standing_of(study, db, s.code) == s
    assert not standings[1].finished and standings[0].finished
    db.close()


def test_plan_ids_equal_the_plan_with_an_assignment(mini_study_dir: Path) -> None:
    loaded = load_study(mini_study_dir)
    study = loaded.study.model_copy(update={"assignment": loaded.study.assignment.model_copy(
        update={"items_per_participant": 3, "raters_per_item": 2})})
    sizes = set()
    for code in ("P001", "P002", "P003", "someone"):
        ids = plan_item_ids(study, code)
        assert ids == {p.item_id for p in build_plan(study, code)}
        sizes.add(len(ids))
    assert max(sizes) < len(study.items)  # the assignment really left items out


def test_a_participants_consent_is_their_own(mini_study_dir: Path, db_url: str) -> None:
    """One participant's agreement never stands for another's: a second participant whose
    consent is not recorded is asked again (their standing says so, read either way)."""
    loaded = load_study(mini_study_dir)
    study = loaded.study
    db = open_database(db_url)
    simulate(loaded, db, SimulationConfig(participants=3, seed=4))
    for code in ("SIM001", "SIM003"):  # SIM002 never agreed
        db.log_event(study.id, CONSENT_EVENT, participant_code=code)
    given = {s.code: s.consent_given for s in participant_standings(study, db)}
    assert given == {"SIM001": True, "SIM002": False, "SIM003": True}
    for code, expected in given.items():
        standing = standing_of(study, db, code)
        assert standing is not None and standing.consent_given is expected
    db.close()
