"""The next trial built while the current one is answered (widgets/shell/trial_body.py): the
body built ahead is the one shown when the engine's next screen is exactly its view (right
item, right option order), only after the answer is durable, with the onset still stamped at
its first paint on screen; it is discarded when a break, a block introduction or a new
session comes instead, and a body built for another view is never shown."""

from __future__ import annotations

import json
import time
from pathlib import Path

from shell_harness import ShellApp, start_session, trim_study

from app.session.engine import SessionEngine, TrialScreenSpec
from app.session.plan import build_plan
from app.storage import open_database
from app.study.loader import load_study
from widgets.qt import Qt, QWidget
from widgets.shell.message_screens import MessageScreen
from widgets.shell.trial_body import TrialBodies


def _open(qtbot, folder: Path, tmp_path: Path, items: list[str], **design: object) -> ShellApp:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'ahead.sqlite3'}")
    start_session(app, trim_study(folder, items, **design))
    app.wait_trial()
    return app


def _built_ahead(app: ShellApp, item_id: str):
    """Wait until the next trial's body is built, shown underneath and rendered."""
    bodies = app.trial.bodies
    app.qtbot.waitUntil(lambda: bodies.ahead is not None and bodies.ahead.view.item_id == item_id
                        and bodies.ahead.panel is not None and not bodies._steps)
    return bodies.ahead


def _gone(widget) -> list[bool]:
    flag: list[bool] = []
    widget.destroyed.connect(lambda *_: flag.append(True))
    return flag


def test_the_body_built_ahead_is_shown_after_the_durable_answer(qtbot, mini_study_dir: Path,
                                                                tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2", "s1"], shuffle_options=True)
    trial = app.trial
    assert trial.view.item_id == "c1"
    ahead = _built_ahead(app, "c2")
    assert not ahead.isEnabled() and ahead.isVisible()  # underneath, out of the focus chain
    assert trial.bodies.currentWidget() is trial.body  # c1 stays on top
    raised: dict[str, object] = {}

    def on_raise(_index: int) -> None:  # the moment the next item is put on top
        if trial.bodies.currentWidget() is ahead:
            raised["ns"] = time.monotonic_ns()
            raised["c1_rows"] = len([r for r in app.db.responses("mini") if r.item_id == "c1"])

    trial.bodies.currentChanged.connect(on_raise)
    app.key(Qt.Key.Key_1)
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: trial.view.item_id == "c2" and trial.onset_seen)
    assert trial.body is ahead and ahead.isEnabled()  # the body built ahead, not a new one
    assert raised["c1_rows"] == 1  # the answer was committed before the next item came up
    # The onset is the first paint on screen, after the swap: the off-screen render of the
    # body while c1 was answered did not count.
    probe = trial.trial_clock.probe
    assert probe.armed_ns <= raised["ns"] <= probe.paint_ns <= trial.trial_clock.onset_ns
    # The right item with the participant's option order (not the file's order).
    plan = {p.item_id: p for p in build_plan(load_study(mini_study_dir).study, "P001")}
    shown = list(trial.panel.entries[0].widget.buttons)
    assert shown == plan["c2"].orders["label"] == [o.key for o in trial.view.questions[0].options]
    assert ahead.stimulus.body.plain_text() == "كان الفيلم رائعا جدا"
    app.key(Qt.Key.Key_2)
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: trial.view.item_id == "s1" and trial.onset_seen)
    rows = [r for r in app.db.responses("mini") if r.item_id == "c2"]
    assert json.loads(rows[0].option_order_json) == shown
    assert json.loads(rows[0].answer_json) == shown[1]  # key 2: the second option shown
    app.close()


def test_a_break_discards_the_body_built_ahead(qtbot, mini_study_dir: Path,
                                               tmp_path: Path) -> None:
    # Three items: a break never comes with a single item left (issue 13).
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2", "s1"], break_every=1)
    ahead = _built_ahead(app, "c2")
    gone = _gone(ahead)
    app.key(Qt.Key.Key_1)
    app.key(Qt.Key.Key_Return)
    page = app.wait_page(MessageScreen)
    assert page.title.text() == "Break"
    assert app.trial.bodies.ahead is None
    qtbot.waitUntil(lambda: bool(gone))  # deleted, not kept for later
    app.key(Qt.Key.Key_Space)
    app.wait_trial()
    assert app.trial.view.item_id == "c2" and app.trial.body.view.item_id == "c2"
    app.close()


def test_a_block_introduction_discards_the_body_built_ahead(qtbot, mini_study_dir: Path,
                                                            tmp_path: Path) -> None:
    folder = trim_study(mini_study_dir, ["c1", "c2"])
    raw = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    raw["blocks"] = [{"id": "main", "kind": "main"},
                     {"id": "two", "kind": "main", "intro": "Part two begins."}]
    next(i for i in raw["items"] if i["id"] == "c2")["block"] = "two"
    (folder / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'ahead.sqlite3'}")
    start_session(app, folder)
    app.wait_trial()
    gone = _gone(_built_ahead(app, "c2"))  # the engine's guess: the next item of the plan
    app.key(Qt.Key.Key_1)
    app.key(Qt.Key.Key_Return)
    page = app.wait_page(MessageScreen)
    assert "Part two" in page.text.toPlainText()
    assert app.trial.bodies.ahead is None
    qtbot.waitUntil(lambda: bool(gone))
    app.key(Qt.Key.Key_Space)
    app.wait_trial()
    assert app.trial.view.item_id == "c2" and app.trial.body.view.block_id == "two"
    app.close()


def test_a_new_session_discards_the_body_built_ahead(qtbot, mini_study_dir: Path,
                                                     tmp_path: Path) -> None:
    folder = trim_study(mini_study_dir, ["c1", "c2", "s1"])
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2", "s1"])
    app.key(Qt.Key.Key_1)
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: app.trial.view.item_id == "c2" and app.trial.onset_seen)
    gone = _gone(_built_ahead(app, "s1"))
    app.flow.show_start()  # the session ends (back to the start screen)
    assert app.trial.bodies.ahead is None and app.trial.body is None
    qtbot.waitUntil(lambda: bool(gone))
    app.flow.open_study(folder, code="P001")  # the same participant resumes: a new session
    welcome = app.wait_page(MessageScreen)
    assert welcome.title.text() == "Welcome back"
    app.key(Qt.Key.Key_Space)
    app.wait_trial()
    assert app.trial.view.item_id == "c2"  # not answered yet: shown again, built anew
    assert app.trial.body.view == app.trial.view
    app.close()


def test_a_body_built_for_another_view_is_never_shown(qtbot, mini_study_dir: Path,
                                                      tmp_path: Path) -> None:
    loaded = load_study(trim_study(mini_study_dir, ["c1", "c2", "s1"]))
    db = open_database(f"sqlite:///{tmp_path / 'views.sqlite3'}")
    engine = SessionEngine(loaded, db, "P-views")
    first = engine.next_screen()
    assert isinstance(first, TrialScreenSpec)
    guess = engine.peek_trial_after(first.view.position)
    after_guess = engine.peek_trial_after(guess.position)
    bodies = TrialBodies(None)
    qtbot.addWidget(bodies)
    bodies.resize(800, 500)
    bodies.show()
    bodies.build_ahead(guess)
    qtbot.waitUntil(lambda: not bodies._steps)
    built = bodies.ahead
    gone = _gone(built)
    # What actually comes is another item (as if the plan moved on elsewhere): a new body.
    body = bodies.body_for(after_guess)
    assert body is not built and body.view == after_guess and bodies.ahead is None
    qtbot.waitUntil(lambda: bool(gone))
    # The same item with another option order is another view too.
    bodies.build_ahead(guess)
    qtbot.waitUntil(lambda: not bodies._steps)
    question = guess.questions[0]
    reordered = question.model_copy(update={"options": list(reversed(question.options))})
    other_order = type(guess)(**{**guess.__dict__, "questions": [reordered]})
    assert bodies.body_for(other_order) is not bodies.ahead
    assert bodies.current.view == other_order
    db.close()


def test_keys_follow_the_focus_without_an_application_filter(qtbot, mini_study_dir: Path,
                                                             tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"])
    router = app.window.keys
    assert router.active and router.target is app.window.focusWidget()
    app.trial.setFocus()  # away from the answer buttons
    assert router.target is app.trial  # moved with the focus
    app.key(Qt.Key.Key_2)  # still an answer, wherever the focus is
    assert app.trial.panel.entries[0].state.value() == app.trial.view.questions[0].options[1].key
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: app.trial.view.item_id == "c2" and app.trial.onset_seen)
    assert router.target is app.window.focusWidget()
    app.flow.show_start()
    qtbot.waitUntil(lambda: app.page is app.flow.start)
    assert not router.active and router.target is None  # off outside trials
    app.close()


def test_keys_reach_an_inactive_window_whose_focus_moved(qtbot, mini_study_dir: Path,
                                                         tmp_path: Path) -> None:
    # X without a window manager delivers keys to a window Qt does not call active, and its
    # focus moves without any signal: the application-wide filter is back for that time.
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"])
    router = app.window.keys
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    with qtbot.waitActive(other):
        other.activateWindow()
    assert router.app_wide and router.target is None
    app.trial.setFocus()  # the participant's window, inactive: no focus signal
    qtbot.keyClick(app.window.focusWidget(), Qt.Key.Key_2)
    assert app.trial.panel.entries[0].state.value() == app.trial.view.questions[0].options[1].key
    with qtbot.waitActive(app.window):
        app.window.activateWindow()
    assert not router.app_wide and router.target is app.window.focusWidget()
    app.close()
