"""The engine's read-only look at the next trial (SessionEngine.peek_trial_after): what the
trial screen builds off-screen while the current item is answered. It must be exactly the
view `next_screen` later gives (so the pre-built screen can stand in for it), change nothing,
and carry no gold answers."""

from __future__ import annotations

from pathlib import Path

from app.session.engine import EndScreen, SessionEngine, TrialScreenSpec
from app.storage import Database
from app.study.loader import load_study
from tests.test_engine import answer, run_until_trial


def test_peek_is_the_view_next_screen_gives_after_the_answer(mini_study_dir: Path,
                                                            db: Database) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P-peek")
    screen = run_until_trial(engine)
    checked = 0
    while isinstance(screen, TrialScreenSpec):
        position = screen.view.position
        events = len(db.events("mini"))
        progress = engine.progress()
        peeked = engine.peek_trial_after(position)
        # Read-only: the same screen, progress and audit trail as before the peek.
        assert engine.next_screen() == screen and engine.progress() == progress
        assert len(db.events("mini")) == events
        if peeked is not None:
            assert all(getattr(q, "gold", None) is None for q in peeked.questions)
        answer(engine, screen)
        screen = run_until_trial(engine)  # through any block introduction or break
        if isinstance(screen, TrialScreenSpec):
            assert peeked == screen.view  # item, option order, upcoming images: all equal
            checked += 1
        else:
            assert isinstance(screen, EndScreen) and peeked is None  # the last item
    assert checked == len(engine.plan) - 1
    assert engine.peek_trial_after(-1) is None and engine.peek_trial_after(len(engine.plan)) is None
    db.close()


def test_peek_skips_items_already_answered(mini_study_dir: Path, db: Database) -> None:
    loaded = load_study(mini_study_dir)
    engine = SessionEngine(loaded, db, "P-peek2")
    first = run_until_trial(engine)
    assert isinstance(first, TrialScreenSpec)
    second = engine.peek_trial_after(first.view.position)
    assert second is not None and second.position > first.view.position
    # Answer the item after it out of order (a resumed plan can look like this).
    third = engine.peek_trial_after(second.position)
    assert third is not None
    answer(engine, TrialScreenSpec(third))
    after_second = engine.peek_trial_after(second.position)
    assert after_second is None or after_second.item_id != third.item_id
    db.close()
