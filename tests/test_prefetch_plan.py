"""What the engine tells the screen to decode ahead: the image files of the next unanswered
items of the plan, and nothing else about them."""

from __future__ import annotations

import json
from pathlib import Path

from app.session.engine import (
    PREFETCH_ITEMS,
    QuestionAnswer,
    SessionEngine,
    TrialScreenSpec,
    TrialTiming,
)
from app.session.presentation import image_files
from app.storage import open_database
from app.study.loader import load_study


def _image_study(folder: Path, n: int) -> Path:
    """The mini study's header with `n` image items, each showing its own file."""
    raw = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    (folder / "images").mkdir(exist_ok=True)
    source = (folder / "images" / "a.png").read_bytes()
    items = []
    for i in range(n):
        (folder / "images" / f"case{i}.png").write_bytes(source)
        items.append({"id": f"m{i}", "stimulus": {"kind": "images", "images": [
            {"path": f"images/case{i}.png"}]}, "questions": [{"id": "q", "kind": "choice",
            "options": [{"key": "a", "label": "A"}, {"key": "b", "label": "B"}], "gold": "a"}]})
    raw.update(items=items, blocks=[{"id": "main", "kind": "main"}], consent="",
               instructions="", profile_fields=[], design={"shuffle_items": True, "seed": 3})
    (folder / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    return folder


def test_each_trial_names_the_images_of_the_next_unanswered_items(mini_study_dir: Path,
                                                                  tmp_path: Path) -> None:
    loaded = load_study(_image_study(mini_study_dir, 6))
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    engine = SessionEngine(loaded, db, "P-prefetch")
    items = loaded.items_by_id
    # Answer the third planned item first: it must not be prefetched again later.
    third = engine.plan[2]
    engine.submit(third.position, [QuestionAnswer("q", "a", answer_ns=2)], TrialTiming(1))
    seen = []
    while isinstance(screen := engine.next_screen(), TrialScreenSpec):
        view = screen.view
        position = view.position
        later = [p for p in engine.plan[position + 1:] if p.item_id != third.item_id]
        expected = [path for p in later[:PREFETCH_ITEMS]
                    for path in image_files(loaded.folder, items[p.item_id])]
        assert list(view.upcoming_images) == expected
        assert all(path.is_file() and path.is_relative_to(loaded.folder) for path in expected)
        seen.append(view.item_id)
        engine.submit(position, [QuestionAnswer("q", "b", answer_ns=2)], TrialTiming(1))
    assert len(seen) == 5
    engine.close()
    db.close()


def test_mixed_study_prefetches_only_image_files(mini_study_dir: Path, tmp_path: Path) -> None:
    from tests.test_engine import answer, run_until_trial

    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    engine = SessionEngine(loaded, db, "P-mixed")
    items = loaded.items_by_id
    shown = []
    while isinstance(screen := run_until_trial(engine), TrialScreenSpec):
        position = screen.view.position
        expected = [path for p in engine.plan[position + 1:position + 1 + PREFETCH_ITEMS]
                    for path in image_files(loaded.folder, items[p.item_id])]
        assert list(screen.view.upcoming_images) == expected
        shown.append(bool(expected))
        answer(engine, screen)
    assert True in shown and False in shown  # text items ahead: nothing to decode
    db.close()
