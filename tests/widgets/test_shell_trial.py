"""The trial screen on a real database: response times against delays we actually waited,
time away excluded and logged, deadline, ready screen / fixation / inter-trial interval,
saving errors shown and retried, long question lists that scroll."""

from __future__ import annotations

import json
import time
from pathlib import Path

from shell_harness import ShellApp, start_session, trim_study

from widgets.qt import QApplication, QEvent, Qt

EPS_MS = 0.01  # float rounding of ns -> ms


def _between(value_ms: float, onset: int, before: int, after: int) -> bool:
    """The app's time stamp lies between our clock readings around the input event (the
    delay we actually waited, whatever the load on the machine made of the dispatch)."""
    return (before - onset) / 1e6 - EPS_MS <= value_ms <= (after - onset) / 1e6 + EPS_MS


def _rows(app: ShellApp, item_id: str):
    return [r for r in app.db.responses("mini") if r.item_id == item_id]


def _open(qtbot, folder: Path, tmp_path: Path, items: list[str], *, wait: bool = True,
          extra_items: list[dict] | None = None, **design: object) -> ShellApp:
    """The app on a real SQLite file, at the first trial of the cut-down mini study."""
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'trial.sqlite3'}")
    start_session(app, trim_study(folder, items, extra_items=extra_items, **design))
    if wait:
        app.wait_trial()
    return app


def test_rt_by_key_matches_the_delay_we_waited(qtbot, mini_study_dir: Path,
                                               tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"])
    onset = app.trial.trial_clock.onset_ns
    probe = app.trial.trial_clock.probe
    assert probe.armed_ns <= probe.paint_ns <= onset
    qtbot.wait(300)
    pressing = time.monotonic_ns()
    app.key(Qt.Key.Key_2)
    pressed = time.monotonic_ns()
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(_rows(app, "c1")) == 1)
    row = _rows(app, "c1")[0]
    assert (pressing - onset) / 1e6 > 250  # qtbot.wait may return a little early
    assert _between(row.rt_ms, onset, pressing, pressed)
    assert row.first_interaction_ms == row.rt_ms and row.n_changes == 0
    onset_event = next(e for e in app.db.events("mini", kind="onset"))
    payload = json.loads(onset_event.payload_json)
    assert payload["mono_ns"] == onset and payload["show_to_onset_ms"] >= 0
    app.close()


def test_rt_by_mouse_and_a_changed_answer(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1"])
    onset = app.trial.trial_clock.onset_ns
    buttons = app.trial.panel.entries[0].widget.buttons
    qtbot.wait(150)
    first = time.monotonic_ns()
    qtbot.mouseClick(buttons["pos"], Qt.MouseButton.LeftButton)
    first_done = time.monotonic_ns()
    qtbot.wait(200)
    second = time.monotonic_ns()
    qtbot.mouseClick(buttons["neg"], Qt.MouseButton.LeftButton)
    second_done = time.monotonic_ns()
    qtbot.mouseClick(app.trial.submit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(_rows(app, "c1")) == 1)
    row = _rows(app, "c1")[0]
    assert json.loads(row.answer_json) == "neg" and row.n_changes == 1
    assert _between(row.first_interaction_ms, onset, first, first_done)
    assert _between(row.rt_ms, onset, second, second_done)
    assert row.rt_ms - row.first_interaction_ms >= (second - first_done) / 1e6 - EPS_MS
    app.close()


def test_time_unfocused_is_excluded_and_logged(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1"])
    onset = app.trial.trial_clock.onset_ns
    qtbot.wait(100)
    # The away interval starts somewhere inside the first sendEvent and ends inside the second.
    leaving = time.monotonic_ns()
    QApplication.sendEvent(app.window, QEvent(QEvent.Type.WindowDeactivate))
    left = time.monotonic_ns()
    qtbot.wait(250)
    coming_back = time.monotonic_ns()
    QApplication.sendEvent(app.window, QEvent(QEvent.Type.WindowActivate))
    back = time.monotonic_ns()
    qtbot.wait(100)
    pressing = time.monotonic_ns()
    app.key(Qt.Key.Key_1)
    pressed = time.monotonic_ns()
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(_rows(app, "c1")) == 1)
    row = _rows(app, "c1")[0]
    assert (coming_back - left) / 1e6 - EPS_MS <= row.excluded_ms <= (back - leaving) / 1e6 + EPS_MS
    assert _between(row.rt_ms + row.excluded_ms, onset, pressing, pressed)
    kinds = [e.kind for e in app.db.events("mini") if e.item_id == "c1"]
    assert "focus_lost" in kinds and "focus_regained" in kinds
    app.close()


def test_deadline_submits_a_timed_out_row(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"], deadline_ms=300)
    qtbot.waitUntil(lambda: len(_rows(app, "c1")) == 1, timeout=5000)
    row = _rows(app, "c1")[0]
    assert row.timed_out and json.loads(row.answer_json) is None and row.rt_ms is None
    assert any(json.loads(e.payload_json).get("deadline_ms") == 300
               for e in app.db.events("mini", kind="timed_out"))
    qtbot.waitUntil(lambda: app.trial.view.item_id == "c2" and app.trial.phase == "trial")
    app.close()


def test_ready_screen_fixation_and_interval(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"], wait=False, ready_screen=True,
                fixation_ms=200, iti_ms=250)
    qtbot.waitUntil(lambda: app.trial.phase == "ready")
    qtbot.wait(100)
    assert app.trial.phase == "ready"  # waits for the participant
    app.key(Qt.Key.Key_1)
    assert app.trial.phase == "ready"  # only Space starts
    space = time.monotonic_ns()
    app.key(Qt.Key.Key_Space)
    assert app.trial.phase == "fixation"
    assert app.trial.pages.currentWidget() is app.trial.fixation_page
    app.wait_trial()
    assert (app.trial.trial_clock.onset_ns - space) / 1e6 >= 200
    shown: dict[str, int] = {}  # page -> when it became current (the interval's true ends)
    app.trial.pages.currentChanged.connect(
        lambda _i: shown.setdefault(app.trial.pages.currentWidget().objectName() or "page",
                                    time.monotonic_ns()))
    app.trial.blank_page.setObjectName("blank")
    app.trial.ready_page.setObjectName("ready")
    app.key(Qt.Key.Key_1)
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: app.trial.phase == "iti")
    assert app.trial.pages.currentWidget() is app.trial.blank_page
    qtbot.waitUntil(lambda: app.trial.phase == "ready" and app.trial.view.item_id == "c2")
    assert (shown["ready"] - shown["blank"]) / 1e6 >= 250 - 2
    app.close()


def test_a_failed_save_is_shown_and_can_be_retried(qtbot, mini_study_dir: Path,
                                                   tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"])
    with app.db.engine.begin() as conn:
        conn.exec_driver_sql("CREATE TRIGGER refuse BEFORE INSERT ON response "
                             "BEGIN SELECT RAISE(ABORT, 'disk is full'); END")
    app.key(Qt.Key.Key_2)
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Could not save" in app.trial.notice.text())
    assert "disk is full" in app.trial.notice.text() and app.trial.notice.isVisible()
    assert app.trial.phase == "trial" and app.trial.view.item_id == "c1"
    assert app.trial.panel.entries[0].state.value() == app.trial.view.questions[0].options[1].key
    assert app.trial.submit_button.isEnabled() and _rows(app, "c1") == []
    with app.db.engine.begin() as conn:
        conn.exec_driver_sql("DROP TRIGGER refuse")
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(_rows(app, "c1")) == 1)
    qtbot.waitUntil(lambda: app.trial.view.item_id == "c2")
    app.close()


POEM_ITEM = {
    "id": "poem-long", "stimulus": {"kind": "poem", "prompt": {"form": "sonnet", "theme": "sea"},
                                    "text": "Line one\nLine two\nLine three"},
    "questions": [
        *({"id": f"q{n}", "kind": "rating", "prompt": f"Statement number {n}.", "min": 1,
           "max": 5, "allow_na": n in (7, 8)} for n in range(1, 11)),
        *({"id": f"c{n}", "kind": "text", "prompt": f"Comment {n}"} for n in range(1, 4)),
    ],
}


def test_thirteen_questions_scroll_and_keys_move_on(qtbot, mini_study_dir: Path,
                                                    tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, [], extra_items=[POEM_ITEM])
    panel = app.trial.panel
    assert len(panel.entries) == 13
    bar = panel.verticalScrollBar()
    assert bar.maximum() > 0  # more than fits: the panel scrolls
    positions = []
    for n in range(10):
        assert panel.first_incomplete() is panel.entries[n]
        assert not app.trial.submit_button.isEnabled()
        app.key(Qt.Key.Key_4)
        assert panel.entries[n].state.value() == 4.0
        positions.append(bar.value())
    assert positions[-1] > positions[0]  # the next question was scrolled into view
    assert app.trial.submit_button.isEnabled()  # comments are optional
    comment = panel.entries[10].widget
    qtbot.mouseClick(comment, Qt.MouseButton.LeftButton)
    comment.setFocus()
    app.key(Qt.Key.Key_5)  # typed into the comment, not a rating
    assert panel.entries[9].state.value() == 4.0
    app.key(Qt.Key.Key_Return, modifiers=Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(_rows(app, "poem-long")) == 13)
    saved = {r.question_id: json.loads(r.answer_json) for r in _rows(app, "poem-long")}
    assert saved["q1"] == 4.0 and saved["c1"] == "5" and saved["c2"] == ""
    app.close()


def test_images_decoded_during_the_ready_screen_wait_for_space(qtbot, mini_study_dir: Path,
                                                                tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["v1"], ready_screen=True, wait=False)
    qtbot.waitUntil(lambda: app.trial.stimulus is not None and app.trial.stimulus.is_ready()
                    and app.trial.panel.is_ready())
    qtbot.wait(50)
    assert app.trial.phase == "ready" and not app.trial.onset_seen
    app.key(Qt.Key.Key_Space)
    app.wait_trial()
    assert app.trial.pages.currentWidget() is app.trial.content_page
    app.close()


def test_a_tall_question_opens_at_its_top(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    cards = [{"id": f"t{n}", "text": f"Card number {n} with a few words on it."}
             for n in range(30)]
    item = {"id": "many-cards", "stimulus": {"kind": "cards", "cards": cards},
            "questions": [{"id": "groups", "kind": "clustering",
                           "prompt": "Sort the cards into groups."}]}
    app = _open(qtbot, mini_study_dir, tmp_path, [], extra_items=[item])
    app.settle()
    bar = app.trial.panel.verticalScrollBar()
    assert bar.value() == 0  # the prompt is in view, not the middle
    # The 30 cards scroll in the pool's own frame: the groups beside it stay in view.
    widget = app.trial.panel.entries[0].widget
    assert widget.pool_scroll.verticalScrollBar().maximum() > 0
    assert widget.height() <= app.trial.panel.viewport().height()
    app.close()


def test_the_next_items_images_decode_ahead(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    # The trial screen hands the window's one image cache to the stimulus views, which
    # prefetch the next item's images (TrialView.upcoming_images): end to end here.
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "v1"])
    assert app.trial.view.item_id == "c1"
    cache = app.window.image_cache
    images = [mini_study_dir / "images" / name for name in ("a.png", "b.png")]
    qtbot.waitUntil(lambda: all(cache.get(p) is not None for p in images), timeout=5000)
    assert app.trial.view.item_id == "c1"  # decoded while c1 is still on screen
    app.close()


def test_a_broken_image_is_flagged_and_the_session_goes_on(qtbot, mini_study_dir: Path,
                                                           tmp_path: Path) -> None:
    (mini_study_dir / "images" / "a.png").write_bytes(b"not a png at all")
    # The broken image shows its message in its place; the trial still starts.
    app = _open(qtbot, mini_study_dir, tmp_path, ["v1"])
    assert app.trial.view.item_id == "v1"
    qtbot.waitUntil(lambda: bool(app.db.events("mini", kind="stimulus_problem")))
    app.settle()
    flagged = app.db.events("mini", kind="stimulus_problem")
    assert len(flagged) == 1 and flagged[0].item_id == "v1"
    payload = json.loads(flagged[0].payload_json)
    assert payload["path"] == "images/a.png" and "a.png" in payload["problem"]
    app.key(Qt.Key.Key_1)
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(_rows(app, "v1")) == 1)
    app.close()


def test_a_clustering_caption_is_a_header_and_the_question_gets_the_width(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    cards = [{"id": f"t{n}", "text": f"Card number {n}."} for n in range(12)]
    item = {"id": "sort-cards", "stimulus": {"kind": "cards", "text": "Group these by topic.",
                                             "cards": cards},
            "questions": [{"id": "groups", "kind": "clustering", "prompt": "Sort them."}]}
    app = _open(qtbot, mini_study_dir, tmp_path, [], extra_items=[item])
    app.window.resize(1280, 800)
    app.settle()
    trial = app.trial
    assert trial.stimulus.header_only() and trial.stimulus.isVisible()
    assert trial.splitter.count() == 1  # only the questions: no empty stimulus column
    assert trial.stimulus.parentWidget() is trial.body  # above the splitter, not in it
    assert trial.stimulus.height() < 120  # a caption line, not a third of the window
    assert trial.panel.width() > trial.content_page.width() * 0.9
    app.close()
