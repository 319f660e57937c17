"""A reader study's sittings: every case read under each condition, one condition per sitting,
the order counterbalanced across codes, the washout between two sittings, and only the
sitting's own condition's text on the screen."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.session.coverage import coverage
from app.session.engine import (
    BlockIntroScreen,
    BreakScreen,
    EndScreen,
    QuestionAnswer,
    SessionEngine,
    TrialScreenSpec,
    TrialTiming,
)
from app.session.plan import build_plan
from app.session.sittings import condition_order, current_sitting, next_opens_utc
from app.session.standing import standing_of
from app.storage import Database, open_database
from app.study.loader import LoadedStudy, load_study

READER_STUDY = Path(__file__).resolve().parents[3] / "studies" / "chest-reader-demo"


def _with_washout(loaded: LoadedStudy, days: float) -> LoadedStudy:
    study = loaded.study
    changed = study.model_copy(update={"design": study.design.model_copy(
        update={"washout_days": days})})
    return LoadedStudy(**{**vars(loaded), "study": changed})


def _read_sitting(engine: SessionEngine, ends: list[EndScreen] | None = None
                  ) -> tuple[list[str], list[str | None]]:
    """Answer every trial of the engine's sitting; the intro titles met and the texts shown
    above the images (the end screen appended to `ends`)."""
    intros: list[str] = []
    texts: list[str | None] = []
    while True:
        screen = engine.next_screen()
        if isinstance(screen, BlockIntroScreen):
            intros.append(screen.title)
            engine.acknowledge_intro(screen.block_id)
        elif isinstance(screen, BreakScreen):
            engine.start_break()
            engine.end_break()
        elif isinstance(screen, TrialScreenSpec):
            view = screen.view
            texts.append(view.stimulus.text)
            onset = 10**9
            engine.submit(view.position, [QuestionAnswer("nodule", 4, answer_ns=onset + 10**8),
                                          QuestionAnswer("side", "left", answer_ns=onset + 10**8)],
                          TrialTiming(onset_ns=onset))
        else:
            assert isinstance(screen, EndScreen)
            if ends is not None:
                ends.append(screen)
            engine.close()
            return intros, texts


def test_the_condition_order_is_counterbalanced_across_codes() -> None:
    study = load_study(READER_STUDY).study
    orders = [condition_order(study, f"P{n:03}") for n in range(1, 5)]
    assert orders == [["unaided", "ai_aided"], ["ai_aided", "unaided"]] * 2
    assert condition_order(study, "anna") == condition_order(study, "anna")
    assert sorted(condition_order(study, "anna")) == ["ai_aided", "unaided"]


def test_a_reader_reads_every_case_under_each_condition_in_two_sittings() -> None:
    loaded = load_study(READER_STUDY)
    db: Database = open_database()
    first = SessionEngine(loaded, db, "P002")  # P002 reads with the AI aid first
    assert first.condition == "ai_aided" and first.sitting.first
    assert len(first.plan) == 26  # practice and the 24 cases
    intros, texts = _read_sitting(first)
    assert intros[0] == "Reading with the AI aid"
    assert all(t is not None and "AI aid" in t for t in texts)
    end = first.next_screen()
    assert isinstance(end, EndScreen) and end.sittings_left == 1 and end.next_opens_utc is None
    rows = db.responses(loaded.study.id, participant_code="P002")
    assert {r.condition for r in rows} == {"ai_aided"} and len(rows) == 52

    standing = standing_of(loaded.study, db, "P002")
    assert standing is not None and (standing.answered, standing.total) == (26, 50)
    assert not standing.finished

    second = SessionEngine(loaded, db, "P002")
    assert second.condition == "unaided" and second.sitting.last
    assert len(second.plan) == 24 and not any(t.practice for t in second.plan)
    assert [t.item_id for t in second.plan] != [t.item_id for t in first.plan[2:]]
    intros, texts = _read_sitting(second)
    assert intros[0] == "Reading on your own"
    assert all(t is None or "AI" not in t for t in texts)  # no AI output unaided
    end = second.next_screen()
    assert isinstance(end, EndScreen) and end.sittings_left == 0
    rows = db.responses(loaded.study.id, participant_code="P002")
    assert len(rows) == 100
    assert sum(r.condition == "unaided" for r in rows) == 48
    standing = standing_of(loaded.study, db, "P002")
    assert standing is not None and standing.finished
    db.close()


def test_the_next_sitting_opens_once_the_washout_is_over() -> None:
    loaded = _with_washout(load_study(READER_STUDY), 28)
    db: Database = open_database()
    ends: list[EndScreen] = []
    _read_sitting(SessionEngine(loaded, db, "P001"), ends)
    waiting = SessionEngine(loaded, db, "P001")
    assert waiting.sitting.waiting and waiting.plan == []
    screen = waiting.next_screen()
    assert isinstance(screen, EndScreen) and screen.waiting and screen.sittings_left == 1
    # The date the sitting's end told the reader is the date the sitting opens.
    assert ends[0].next_opens_utc == screen.next_opens_utc
    last = max(r.answer_utc for r in db.responses(loaded.study.id, participant_code="P001"))
    opens = datetime.fromisoformat(screen.next_opens_utc or "")
    assert abs(opens - (datetime.fromisoformat(last) + timedelta(days=28))) < timedelta(seconds=1)
    waiting.close()
    assert db.count_responses(loaded.study.id) == 52  # nothing answered while waiting

    study = loaded.study
    by_condition = db.answered_by_condition(study.id, "P001")
    answered = {c: items for c, (items, _) in by_condition.items()}
    latest = {c: t for c, (_, t) in by_condition.items()}
    planned = {t.item_id for t in build_plan(study, "P001")}
    later = datetime.now(UTC) + timedelta(days=29)
    sitting = current_sitting(study, "P001", planned, answered, latest, now=later)
    assert sitting.condition == "ai_aided" and not sitting.waiting
    db.close()


def test_simulated_readers_read_every_sitting_without_waiting() -> None:
    from app.simulate import SimulationConfig, simulate

    loaded = _with_washout(load_study(READER_STUDY), 28)
    db: Database = open_database()
    simulate(loaded, db, SimulationConfig(participants=2, seed=3))
    rows = db.responses(loaded.study.id)
    assert len(rows) == 2 * 50 * 2
    assert {r.condition for r in rows} == {"unaided", "ai_aided"}
    db.close()


def _text_reader_study(folder: Path) -> LoadedStudy:
    """Six written cases (an ECG report each) read unaided and with an AI's summary added."""
    folder.mkdir()
    items = [{"id": f"ecg{k}", "stimulus": {
        "kind": "text", "format": "markdown", "text": f"ECG report {k}: sinus rhythm.",
        "condition_text": {"ai_aided": f"**AI summary:** atrial fibrillation risk 0.{k}"}},
        "questions": [{"id": "af", "kind": "rating", "min": 1, "max": 5,
                       "prompt": "Atrial fibrillation?", "scoring": {"metric": "auc"},
                       "gold": k % 2}]} for k in range(1, 7)]
    (folder / "study.json").write_text(json.dumps({
        "format_version": 1, "id": "ecg-readers", "title": "ECG readers", "version": "1",
        "blocks": [{"id": "main", "kind": "main", "title": "Main"}], "items": items,
        "conditions": [{"id": "unaided", "label": "On your own"},
                       {"id": "ai_aided", "label": "With the AI summary"}]}))
    return load_study(folder)


def test_a_text_case_shows_the_ai_output_only_in_its_own_sitting(tmp_path: Path) -> None:
    loaded = _text_reader_study(tmp_path / "ecg")
    db: Database = open_database()
    shown: dict[str, list[str]] = {}
    for _ in range(2):
        engine = SessionEngine(loaded, db, "P002")
        condition = str(engine.condition)
        while not isinstance(screen := engine.next_screen(), EndScreen):
            if isinstance(screen, BlockIntroScreen):
                engine.acknowledge_intro(screen.block_id)
                continue
            assert isinstance(screen, TrialScreenSpec)
            shown.setdefault(condition, []).append(screen.view.stimulus.text)
            engine.submit(screen.view.position, [QuestionAnswer("af", 3, answer_ns=2 * 10**9)],
                          TrialTiming(onset_ns=10**9))
        engine.close()
    assert sorted(shown) == ["ai_aided", "unaided"]
    assert all("ECG report" in t and "**AI summary:**" in t for t in shown["ai_aided"])
    assert all("ECG report" in t and "AI" not in t for t in shown["unaided"])
    assert len(shown["unaided"]) == len(shown["ai_aided"]) == 6
    db.close()


def test_coverage_counts_a_reader_once_every_condition_is_read() -> None:
    loaded = load_study(READER_STUDY)
    db: Database = open_database()
    _read_sitting(SessionEngine(loaded, db, "P001"))
    halfway = coverage(loaded, db)
    assert halfway.participants == 1
    assert {i.raters for i in halfway.items} == {0}  # one sitting: no case read both ways
    _read_sitting(SessionEngine(loaded, db, "P001"))
    done = coverage(loaded, db)
    assert {i.raters for i in done.items} == {1}
    db.close()


def test_the_washout_counts_from_the_sittings_last_answer() -> None:
    study = _with_washout(load_study(READER_STUDY), 28).study
    assert next_opens_utc(study, "2026-11-03T09:30:00+00:00") == "2026-12-01T09:30:00+00:00"
    assert next_opens_utc(load_study(READER_STUDY).study, "2026-11-03T09:30:00+00:00") is None
