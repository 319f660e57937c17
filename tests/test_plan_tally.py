"""The engine's running counts (app.session.tally) equal a scan of the whole plan at every
step, answered in plan order and out of it, and after a resume."""

from __future__ import annotations

import random
from pathlib import Path

from app.session.engine import Progress, SessionEngine
from app.session.plan import PlannedTrial
from app.session.tally import PlanTally
from app.storage import open_database
from app.study.loader import load_study


def _scan(plan: list[PlannedTrial], answered: set[str]) -> tuple[PlannedTrial | None, int, int,
                                                                  dict[str, tuple[int, int]]]:
    first = next((p for p in plan if p.item_id not in answered), None)
    done = sum(1 for p in plan if p.item_id in answered)
    main_done = sum(1 for p in plan if not p.practice and p.item_id in answered)
    blocks = {b: (sum(1 for p in plan if p.block_id == b and p.item_id in answered),
                  sum(1 for p in plan if p.block_id == b)) for b in {p.block_id for p in plan}}
    return first, done, main_done, blocks


def test_tally_follows_any_order_of_answers() -> None:
    rng = random.Random(3)
    plan = [PlannedTrial(i, f"i{i}", "practice" if i < 3 else f"b{i % 3}", i < 3)
            for i in range(40)]
    answered = {"i5", "i0"}  # a resumed session
    tally = PlanTally(plan, answered)
    order = list(plan)
    rng.shuffle(order)
    for planned in [p for p in order if p.item_id not in answered]:
        first, done, main_done, blocks = _scan(plan, answered)
        assert tally.next_trial() == first
        assert (tally.done, tally.main_done) == (done, main_done)
        assert {b: (tally.block_done[b], tally.block_total[b]) for b in blocks} == blocks
        answered.add(planned.item_id)
        tally.mark(planned)
    assert tally.next_trial() is None and tally.done == len(plan)


def test_engine_progress_equals_a_scan(mini_study_dir: Path, tmp_path: Path) -> None:
    from tests.test_engine import ANSWERS

    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    engine = SessionEngine(loaded, db, "P-tally")
    from app.session.engine import QuestionAnswer, TrialTiming

    for planned in reversed(engine.plan):  # out of order: the cursor must not skip anything
        first, done, _main, blocks = _scan(engine.plan, engine._answered)
        nxt = engine.next_trial()
        assert nxt == first
        assert engine.done == done
        assert nxt is not None
        block = engine.study.block(nxt.block_id)
        title = block.title or ("Practice" if block.kind == "practice" else "Main")
        assert engine.progress() == Progress(done, len(engine.plan), title, *blocks[nxt.block_id])
        answers = [QuestionAnswer(q, a, answer_ns=2) for q, a in ANSWERS[planned.item_id].items()]
        engine.submit(planned.position, answers, TrialTiming(onset_ns=1))
    assert engine.next_trial() is None and engine.done == len(engine.plan)
    engine.close()
    db.close()


def test_a_registered_study_is_not_serialised_again(mini_study_dir: Path, tmp_path: Path,
                                                    monkeypatch) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert not db.study_registered(loaded.content_hash)
    SessionEngine(loaded, db, "P-one")
    assert db.study_registered(loaded.content_hash)
    (row,) = db.study_versions(loaded.study.id)
    assert row.definition_json == loaded.study.model_dump_json()

    def no_dump(*_args: object, **_kwargs: object) -> str:
        raise AssertionError("the stored definition is serialised again")

    monkeypatch.setattr(type(loaded.study), "model_dump_json", no_dump)
    SessionEngine(loaded, db, "P-two")  # same study: registered already, nothing re-dumped
    assert len(db.study_versions(loaded.study.id)) == 1
    db.close()
