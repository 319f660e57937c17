"""Profile fields as typed on the start screen, and where participants stand (resume)."""

from __future__ import annotations

from pathlib import Path

from app.session.engine import QuestionAnswer, SessionEngine, TrialScreenSpec, TrialTiming
from app.session.profile import check_profile
from app.session.standing import (
    CONSENT_EVENT,
    consent_payload,
    participant_standings,
    standing_of,
)
from app.storage import open_database
from app.study.loader import load_study
from app.study.model import ProfileField, ProfileOption

FIELDS = [
    ProfileField(id="tier", label="Tier", kind="choice",
                 options=[ProfileOption(key="a", label="A"), ProfileOption(key="b", label="B")]),
    ProfileField(id="years", label="Years", kind="number", required=False, min=0, max=60),
    ProfileField(id="note", label="Note", kind="text", required=False),
]


def test_a_valid_profile_is_typed() -> None:
    profile, problems = check_profile(FIELDS, {"tier": "b", "years": " 12,5 ", "note": " hi "})
    assert problems == {}
    assert profile == {"tier": "b", "years": 12.5, "note": "hi"}


def test_every_bad_field_is_named() -> None:
    profile, problems = check_profile(FIELDS, {"tier": "", "years": "70"})
    assert set(problems) == {"tier", "years"}
    assert "Tier" in problems["tier"] and "at most 60" in problems["years"]
    _, problems = check_profile(FIELDS, {"tier": "zz", "years": "many"})
    assert "choose one" in problems["tier"] and "not a number" in problems["years"]
    _, problems = check_profile(FIELDS, {"tier": "a", "years": "nan"})
    assert "not a number" in problems["years"]
    _, problems = check_profile(FIELDS, {"tier": "a", "years": "-1"})
    assert "at least 0" in problems["years"]
    profile, problems = check_profile(FIELDS, {"tier": "a"})
    assert problems == {} and profile == {"tier": "a"}  # empty optional fields are left out


def test_standings_count_answered_items_of_each_plan(mini_study_dir: Path, db_url: str) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(db_url)
    try:
        assert participant_standings(loaded.study, db) == []
        assert standing_of(loaded.study, db, "P001") is None
        engine = SessionEngine(loaded, db, "P001", profile={"tier": "primary"})
        engine.log(CONSENT_EVENT, consent_payload(loaded.study.consent))
        engine.acknowledge_intro("practice")
        screen = engine.next_screen()
        assert isinstance(screen, TrialScreenSpec)
        question = screen.view.questions[0]
        engine.submit(screen.view.position,
                      [QuestionAnswer(question.id, question.options[0].key)],  # type: ignore[union-attr]
                      TrialTiming(onset_ns=1))
        SessionEngine(loaded, db, "P002")
        standings = {s.code: s for s in participant_standings(loaded.study, db)}
        assert standings["P001"].answered == 1 and standings["P001"].total == engine.total
        assert standings["P001"].consent_given and standings["P001"].started
        assert not standings["P001"].finished
        assert standings["P001"].profile == {"tier": "primary"}
        assert standings["P002"].answered == 0 and not standings["P002"].consent_given
        one = standing_of(loaded.study, db, "P001")
        assert one == standings["P001"]
    finally:
        db.close()


def test_consent_payload_fingerprints_the_text() -> None:
    a, b = consent_payload("I agree."), consent_payload("I agree!")
    assert a["consent_sha256"] != b["consent_sha256"] and a["chars"] == 8


def test_promised_coverage_counts_each_participants_assignment(mini_study_dir: Path) -> None:
    import json

    from app.session.assignment import assigned_item_ids, scored_item_ids
    from app.session.standing import promised_coverage

    path = mini_study_dir / "study.json"
    raw = json.loads(path.read_text())
    raw["assignment"] = {"items_per_participant": 3, "raters_per_item": 2}
    path.write_text(json.dumps(raw))
    study = load_study(mini_study_dir).study
    codes = ["P002", "someone", "P007"]
    counts = promised_coverage(study, codes)
    assert set(counts) == set(scored_item_ids(study))
    assert sum(counts.values()) == 3 * len(codes)  # three scored items each
    for item_id, n in counts.items():
        assert n == sum(item_id in assigned_item_ids(study, c) for c in codes)
