"""Issue 13's rules of the core: practice feedback on a rating has a tolerance, a break never
comes with only an item or so left, and `submit: on_answer` is the default for one timed
choice (the SpinBench demo)."""

from __future__ import annotations

import json
from pathlib import Path

from test_engine import ANSWERS, answer, run_until_trial

from app.session.engine import BreakScreen, EndScreen, SessionEngine, TrialScreenSpec
from app.session.plan import build_plan, min_items_after_break
from app.session.presentation import trial_view
from app.storage import Database
from app.study.answers import feedback_correct, is_correct
from app.study.loader import load_study
from app.study.model import RatingQuestion

REPO = Path(__file__).resolve().parents[1]


def test_rating_feedback_tolerance() -> None:
    strict = RatingQuestion(id="q", min=1, max=5, step=0.5, gold=5)
    lenient = strict.model_copy(update={"feedback_tolerance": 0.5})
    assert feedback_correct(strict, 4.5) is False
    assert feedback_correct(lenient, 4.5) is True and feedback_correct(lenient, 5.0) is True
    assert feedback_correct(lenient, 4.0) is False and feedback_correct(lenient, "NA") is False
    assert is_correct(lenient, 4.5) is False  # the scores never use the tolerance


def _edit(folder: Path, change) -> Path:
    path = folder / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")
    return folder


def test_practice_feedback_uses_the_tolerance(mini_study_dir: Path, db: Database) -> None:
    def rating_practice(raw: dict) -> None:
        s1 = next(i for i in raw["items"] if i["id"] == "s1")
        s1["block"] = "practice"
        s1["questions"][0].update(gold=5, feedback_tolerance=0.5)
        raw["items"] = [s1, next(i for i in raw["items"] if i["id"] == "c1")]
    engine = SessionEngine(load_study(_edit(mini_study_dir, rating_practice)), db, "P001")
    screen = run_until_trial(engine)
    assert isinstance(screen, TrialScreenSpec) and screen.view.item_id == "s1"
    assert ANSWERS["s1"] == {"similarity": 4.5}
    feedback = answer(engine, screen)
    assert [f.correct for f in feedback] == [True]  # 4.5 against 5: within 0.5


def test_no_break_with_one_item_left(mini_study_dir: Path, db: Database) -> None:
    # 8 main items, a break every 7: the old rule put a break before the last item.
    _edit(mini_study_dir, lambda raw: raw["design"].update(break_every=7))
    assert min_items_after_break(7) == 2 and min_items_after_break(12) == 3
    engine = SessionEngine(load_study(mini_study_dir), db, "P001")
    breaks = 0
    while not isinstance(screen := engine.next_screen(), EndScreen):
        if isinstance(screen, BreakScreen):
            breaks += 1
            engine.end_break()
        elif isinstance(screen, TrialScreenSpec):
            answer(engine, screen)
        else:
            engine.acknowledge_intro(screen.block_id)
    assert breaks == 0


def test_spinbench_items_submit_on_their_answer_key() -> None:
    loaded = load_study(REPO / "studies" / "spinbench-timing-demo")
    study = loaded.study
    plan = build_plan(study, "P001")
    items = loaded.items_by_id
    views = [trial_view(study, loaded.folder, items[p.item_id], p, len(plan)) for p in plan]
    assert views and all(v.submit_on_answer for v in views)
    # An untimed study keeps Enter; an item can say otherwise either way.
    poem = load_study(REPO / "studies" / "poem-ratings-demo")
    first = poem.study.items[0]
    planned = build_plan(poem.study, "P001")[0]
    view = trial_view(poem.study, poem.folder, poem.items_by_id[planned.item_id], planned, 1)
    assert not view.submit_on_answer and first.submit is None
