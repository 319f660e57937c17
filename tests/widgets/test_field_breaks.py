"""A break and the end screen do what they say: only Space (the key the button names) goes on,
and only once the screen has been up a moment; an Enter or a double press meant for the item
just answered does not end the break unseen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.widgets.shell_harness import ShellApp, start_session, trim_study
from widgets.qt import Qt
from widgets.shell import message_screens
from widgets.shell.message_screens import MessageScreen


def _answer(app: ShellApp) -> None:
    app.wait_trial()
    app.key(Qt.Key.Key_1, "1")
    app.key(Qt.Key.Key_Return)


def _held_off_then_space(app: ShellApp, title: str) -> MessageScreen:
    page = app.wait_page(MessageScreen)
    assert isinstance(page, MessageScreen) and page.title.text() == title
    for _ in range(3):  # the double Enter that ended the item, and one more
        app.raw_key(Qt.Key.Key_Return)
        app.raw_key(Qt.Key.Key_Enter)
    assert app.page is page and page.continue_button.isEnabled()
    app.raw_key(Qt.Key.Key_Space)  # still within the guard
    assert app.page is page and page.continue_button.isEnabled()
    page.keys_from_ns = 0  # the guard has passed
    for _ in range(3):  # Enter still does nothing: the button names Space
        app.raw_key(Qt.Key.Key_Return)
    assert app.page is page and page.continue_button.isEnabled()
    app.raw_key(Qt.Key.Key_Space)
    return page


def test_enter_neither_skips_a_break_nor_dismisses_the_end(qtbot, mini_study_dir: Path,
                                                          tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(message_screens, "GUARD_S", 3600.0, raising=False)
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'breaks.sqlite3'}")
    raw = json.loads((mini_study_dir / "study.json").read_text(encoding="utf-8"))
    c2 = next(i for i in raw["items"] if i["id"] == "c2")
    # Three items: a break needs items after it.
    start_session(app, trim_study(mini_study_dir, ["c1", "c2"], break_every=1,
                                  extra_items=[{**c2, "id": "c3"}]))
    _answer(app)
    page = _held_off_then_space(app, "Break")
    app.wait_trial()
    assert app.trial.view.item_id == "c2"
    events = [e.kind for e in app.db.events("mini")]
    assert events.count("break_start") == events.count("break_end") == 1
    assert "c3" not in {e.item_id for e in app.db.events("mini")}  # not reached by keys
    _answer(app)
    _answer(app)
    end = _held_off_then_space(app, "Finished")
    qtbot.waitUntil(lambda: app.page is not end)
    assert page is not end
    app.close()
