"""Nothing a participant sees depends on the gold answers or the item categories: every
stimulus and response widget of the mini study shows exactly the same texts when the gold
answers and categories are changed, and never a category value."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from app.session.plan import build_plan
from app.session.presentation import state_for, trial_view
from app.study.loader import load_study
from tests.widgets.response_kit import visible_texts
from widgets.kinds import make_response_widget
from widgets.stimuli.registry import make_stimulus_widget

SECRET = "SECRET-7f3a"


def _screen_texts(qtbot: QtBot, folder: Path) -> dict[str, list[str]]:
    loaded = load_study(folder)
    plan = build_plan(loaded.study, "P-gold")
    out: dict[str, list[str]] = {}
    for planned in plan:
        item = loaded.items_by_id[planned.item_id]
        view = trial_view(loaded.study, loaded.folder, item, planned, len(plan))
        widgets = [make_stimulus_widget(view, None)]
        for question in view.questions:
            widgets.append(make_response_widget(question, state_for(question, view)))
        texts: list[str] = []
        for widget in widgets:
            qtbot.addWidget(widget)
            texts += visible_texts(widget)
        out[item.id] = texts
    return out


def _change_gold(study_file: Path) -> None:
    raw = json.loads(study_file.read_text(encoding="utf-8"))
    for item in raw["items"]:
        item["categories"] = {k: f"{SECRET}-{k}" for k in item.get("categories", {})}
        for question in item["questions"]:
            gold = question.get("gold")
            if gold is None:
                continue
            if question["kind"] == "choice":
                question["gold"] = next(o["key"] for o in question["options"] if o["key"] != gold)
            elif question["kind"] == "rating":
                question["gold"] = question["min"]
            elif question["kind"] == "relevance":
                question["gold"] = {d: 1 - g for d, g in gold.items()}
            elif question["kind"] == "ranking":
                question["gold"] = list(reversed(gold))
            elif question["kind"] == "clustering":
                question["gold"] = {c: f"{SECRET}-{g}" for c, g in gold.items()}
    study_file.write_text(json.dumps(raw), encoding="utf-8")


def test_screens_do_not_depend_on_gold(qtbot: QtBot, mini_study_dir: Path) -> None:
    before = _screen_texts(qtbot, mini_study_dir)
    assert set(before) == {i["id"] for i in json.loads(
        (mini_study_dir / "study.json").read_text(encoding="utf-8"))["items"]}
    _change_gold(mini_study_dir / "study.json")
    after = _screen_texts(qtbot, mini_study_dir)
    assert after == before
    everything: list[Any] = [t for texts in after.values() for t in texts]
    assert not [t for t in everything if SECRET in t]
    for word in ("gold", "correct answer", "city", "fruit", "human"):
        assert not [t for t in everything if word in t.lower()], word
