"""The preview's session engine (app.session.preview), without a screen: jump to any item,
answer an item again without adding rows, and carry on with a study changed on disk."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_engine import answer, run_until_trial

from app.session.engine import TrialScreenSpec
from app.session.preview import PreviewEngine
from app.storage import Database, open_database
from app.study.errors import UserInputError
from app.study.loader import load_study


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    """A preview always runs on a throwaway SQLite file (widgets.preview.session)."""
    database = open_database(f"sqlite:///{tmp_path / 'preview.sqlite3'}")
    yield database
    database.close()


def test_jump_shows_any_item_then_the_first_unanswered(mini_study_dir: Path, db: Database) -> None:
    engine = PreviewEngine(load_study(mini_study_dir), db, "PREVIEW")
    last = len(engine.plan) - 1
    engine.jump_to(last)
    screen = engine.next_screen()  # no intro, no break: the item itself
    assert isinstance(screen, TrialScreenSpec) and screen.view.position == last
    answer(engine, screen)
    first = run_until_trial(engine)
    assert isinstance(first, TrialScreenSpec) and first.view.position == 0
    # Seen again and answered again: accepted, nothing added.
    engine.jump_to(last)
    again = engine.next_screen()
    assert isinstance(again, TrialScreenSpec) and answer(engine, again) == []
    assert {r.item_id for r in db.responses("mini")} == {engine.plan[last].item_id}
    with pytest.raises(ValueError, match="no item at position"):
        engine.jump_to(last + 1)


def test_reload_keeps_the_item_on_screen_and_the_answers(mini_study_dir: Path,
                                                         db: Database) -> None:
    engine = PreviewEngine(load_study(mini_study_dir), db, "PREVIEW")
    screen = run_until_trial(engine)
    assert isinstance(screen, TrialScreenSpec)
    answer(engine, screen)
    current = run_until_trial(engine)
    assert isinstance(current, TrialScreenSpec)
    source = mini_study_dir / "study.json"
    raw = json.loads(source.read_text(encoding="utf-8"))
    item = next(i for i in raw["items"] if i["id"] == current.view.item_id)
    item["questions"][0]["prompt"] = "Changed on disk"
    source.write_text(json.dumps(raw), encoding="utf-8")
    engine.reload(load_study(mini_study_dir), keep_item=current.view.item_id)
    again = engine.next_screen()
    assert isinstance(again, TrialScreenSpec) and again.view.item_id == current.view.item_id
    assert again.view.questions[0].prompt == "Changed on disk"
    assert engine.done == 1  # the answer given before the change still counts
    answer(engine, again)  # saved against the new version
    assert engine.done == 2

    raw["id"] = "another"
    source.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(UserInputError, match="id changed"):
        engine.reload(load_study(mini_study_dir))
