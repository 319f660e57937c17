"""The session engine: plans, resume, breaks, practice feedback and what it records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.session.engine import (
    BlockIntroScreen,
    BreakScreen,
    EndScreen,
    QuestionAnswer,
    SessionEngine,
    SubmitError,
    TrialScreenSpec,
    TrialTiming,
)
from app.session.plan import build_plan
from app.storage import Database
from app.study.loader import load_study
from app.study.model import Item

# A valid answer for each item of the mini study (tests/fixtures/mini-study).
ANSWERS: dict[str, dict[str, Any]] = {
    "p1": {"label": "neg"},
    "c1": {"label": "neg"},
    "c2": {"label": "pos"},
    "s1": {"similarity": 4.5},
    "r1": {"relevance": {"d1": 1, "d2": 0, "d3": 0}},
    "k1": {"groups": {"t1": "a", "t2": "a", "t3": "b", "t4": "b"}},
    "v1": {"q": "B"},
    "poem1": {"creative": "NA", "why": "It scans."},
    "rank1": {"order": ["z", "x", "y"]},
}


def answer(engine: SessionEngine, screen: TrialScreenSpec, onset: int = 1_000_000_000) -> list[Any]:
    view = screen.view
    given = [QuestionAnswer(q, a, answer_ns=onset + 750_000_000, first_interaction_ns=onset + 10**8,
                            n_changes=1) for q, a in ANSWERS[view.item_id].items()]
    return engine.submit(view.position, given, TrialTiming(onset_ns=onset, excluded_ms=50.0))


def run_until_trial(engine: SessionEngine) -> TrialScreenSpec | EndScreen:
    while True:
        screen = engine.next_screen()
        if isinstance(screen, BlockIntroScreen):
            engine.acknowledge_intro(screen.block_id)
        elif isinstance(screen, BreakScreen):
            engine.start_break()
            engine.end_break()
        else:
            assert isinstance(screen, TrialScreenSpec | EndScreen)
            return screen


def test_plans_are_reproducible_and_differ_between_participants(mini_study_dir: Path) -> None:
    study = load_study(mini_study_dir).study
    first = build_plan(study, "P001")
    assert first == build_plan(study, "P001")
    others = [build_plan(study, f"P{n:03}") for n in range(2, 12)]
    assert any([p.item_id for p in plan] != [p.item_id for p in first] for plan in others)
    assert any(plan[1].orders != first[1].orders for plan in others)
    # practice comes first; every item exactly once
    assert first[0].item_id == "p1" and first[0].practice
    assert sorted(p.item_id for p in first) == sorted(i.id for i in study.items)


def test_whole_session_records_every_answer(mini_study_dir: Path, db: Database) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P001", profile={"tier": "senior"})
    seen: list[str] = []
    breaks = 0
    while True:
        screen = engine.next_screen()
        if isinstance(screen, BlockIntroScreen):
            engine.acknowledge_intro(screen.block_id)
            continue
        if isinstance(screen, BreakScreen):
            breaks += 1
            engine.start_break()
            engine.end_break()
            continue
        if isinstance(screen, EndScreen):
            break
        assert isinstance(screen, TrialScreenSpec)
        assert screen.view.item_id not in seen
        seen.append(screen.view.item_id)
        answer(engine, screen)
    engine.close()
    assert len(seen) == len(loaded.study.items) == engine.done
    assert breaks == 2  # 8 main items, a break after every 3
    rows = db.responses("mini")
    assert len(rows) == sum(len(i.questions) for i in loaded.study.items)
    by_key = {(r.item_id, r.question_id): r for r in rows}
    assert json.loads(by_key[("r1", "relevance")].answer_json) == {"d1": 1, "d2": 0, "d3": 0}
    assert json.loads(by_key[("poem1", "creative")].answer_json) == "NA"
    row = by_key[("c1", "label")]
    assert row.rt_ms == pytest.approx(700.0)  # 750 ms after onset, 50 ms unfocused
    assert row.first_interaction_ms == pytest.approx(100.0)
    assert json.loads(row.option_order_json or "[]") in (["pos", "neg"], ["neg", "pos"])
    assert by_key[("p1", "label")].practice and not row.practice
    kinds = [e.kind for e in db.events("mini", participant_code="P001")]
    assert kinds[0] == "session_started" and kinds[-1] == "session_closed"
    assert kinds.count("break_end") == 2


def test_resume_after_a_crash_lands_on_the_first_unanswered_item(mini_study_dir: Path, db: Database) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P002")
    answered = []
    for _ in range(4):
        screen = run_until_trial(engine)
        assert isinstance(screen, TrialScreenSpec)
        answer(engine, screen)
        answered.append(screen.view.item_id)
    del engine  # the process dies: no close(), no session end

    resumed = SessionEngine(loaded, db, "P002")
    expected = next(p for p in resumed.plan if p.item_id not in answered)
    screen = run_until_trial(resumed)
    assert isinstance(screen, TrialScreenSpec)
    assert screen.view.item_id == expected.item_id
    assert resumed.done == 4
    # the intro already acknowledged is not shown again
    assert not isinstance(resumed.next_screen(), BlockIntroScreen)
    assert [e.kind for e in db.events("mini", participant_code="P002")].count("session_resumed") == 1
    with pytest.raises(SubmitError, match="already answered"):
        first = resumed.plan[0]
        resumed.submit(first.position, [QuestionAnswer("label", "pos")], TrialTiming(onset_ns=0))


def test_practice_feedback_gives_the_gold_answer_and_main_gives_nothing(mini_study_dir: Path, db: Database) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P003")
    screen = run_until_trial(engine)
    assert isinstance(screen, TrialScreenSpec) and screen.view.practice
    (feedback,) = answer(engine, screen)
    assert feedback.correct_answer == "pos" and feedback.given == "neg" and feedback.correct is False
    screen = run_until_trial(engine)
    assert isinstance(screen, TrialScreenSpec) and not screen.view.practice
    assert answer(engine, screen) == []


def test_trial_views_carry_no_gold_or_categories(mini_study_dir: Path, db: Database) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P004")
    while not isinstance(screen := run_until_trial(engine), EndScreen):
        view = screen.view
        assert all(getattr(q, "gold", None) is None for q in view.questions)
        assert not hasattr(view, "categories")
        original: Item = loaded.items_by_id[view.item_id]
        assert original.categories, "the fixture has categories on every item"
        dumped = json.dumps([q.model_dump() for q in view.questions])
        assert '"gold": null' in dumped or '"gold"' not in dumped
        answer(engine, screen)


def test_submit_refuses_incomplete_or_invalid_answers(mini_study_dir: Path, db: Database) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P005")
    screen = run_until_trial(engine)
    assert isinstance(screen, TrialScreenSpec)
    pos = screen.view.position
    with pytest.raises(SubmitError, match="needs an answer"):
        engine.submit(pos, [], TrialTiming(onset_ns=0))
    with pytest.raises(SubmitError, match="not one of the options"):
        engine.submit(pos, [QuestionAnswer("label", "maybe")], TrialTiming(onset_ns=0))
    with pytest.raises(SubmitError, match="unknown questions"):
        engine.submit(pos, [QuestionAnswer("nope", "pos")], TrialTiming(onset_ns=0))
    assert db.responses("mini") == []
    # a time-out may leave required questions empty
    engine.submit(pos, [], TrialTiming(onset_ns=0, timed_out=True))
    (row,) = db.responses("mini")
    assert row.timed_out and row.answer_json == "null"


def test_show_score_at_end(mini_study_dir: Path, db: Database) -> None:
    data = json.loads((mini_study_dir / "study.json").read_text())
    data["design"]["show_score_at_end"] = True
    (mini_study_dir / "study.json").write_text(json.dumps(data))
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P006")
    while not isinstance(screen := run_until_trial(engine), EndScreen):
        answer(engine, screen)
    # main items with gold: c1 right, c2 right, s1 wrong, r1 wrong, v1 right, rank1 wrong
    assert screen.score == pytest.approx(3 / 6)


def test_practice_feedback_on_a_confidence_rating_names_the_scales_end(db: Database) -> None:
    """chest-reader-demo's practice case 1 has a nodule: a confidence of 4 is right, and the
    expected answer is "Definitely" (5), not the truth's 1 (the anchor "Definitely not")."""
    from app.home import bundled_studies_dir

    loaded = load_study(bundled_studies_dir() / "chest-reader-demo")
    engine = SessionEngine(loaded, db, "P001")
    screen = run_until_trial(engine)
    assert isinstance(screen, TrialScreenSpec) and screen.view.practice
    item = loaded.items_by_id[screen.view.item_id]
    positive = item.questions[0].gold == 1
    view = screen.view
    feedback = engine.submit(view.position, [
        QuestionAnswer("nodule", 4.0 if positive else 2.0, answer_ns=2 * 10**9,
                       first_interaction_ns=10**9, n_changes=1),
        QuestionAnswer("side", "none", answer_ns=2 * 10**9, first_interaction_ns=10**9,
                       n_changes=1)], TrialTiming(onset_ns=10**9))
    nodule = next(f for f in feedback if f.question_id == "nodule")
    assert nodule.correct is True and nodule.correct_answer == (5.0 if positive else 1.0)
