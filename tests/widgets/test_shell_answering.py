"""Answering that never surprises (issue 13), on the real window and a real SQLite file: the
pause (item hidden, clock stopped, logged, the same trial back), the current question marked,
Enter naming the question still open, comment boxes that take text while the rating keys rate,
and focus in reading order."""

from __future__ import annotations

import json
import time
from pathlib import Path

from shell_harness import ShellApp, start_session, trim_study

from widgets.qt import QApplication, QLabel, Qt

RATINGS_AND_COMMENT = {
    "id": "poem-req", "stimulus": {"kind": "poem", "prompt": {"form": "haiku", "theme": "sea"},
                                   "text": "Line one\nLine two"},
    "questions": [
        {"id": "q1", "kind": "rating", "prompt": "Form is followed.", "min": 1, "max": 5},
        {"id": "why", "kind": "text", "prompt": "Why?", "required": True, "multiline": True},
        {"id": "q2", "kind": "rating", "prompt": "Theme is followed.", "min": 1, "max": 5},
        {"id": "q3", "kind": "rating", "prompt": "It is creative.", "min": 1, "max": 5},
    ],
}


def _open(qtbot, folder: Path, tmp_path: Path, items: list[str],
          extra: list[dict] | None = None) -> ShellApp:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'answering.sqlite3'}")
    start_session(app, trim_study(folder, items, extra_items=extra))
    app.wait_trial()
    return app


def _rows(app: ShellApp, item_id: str) -> list:
    return [r for r in app.db.responses("mini") if r.item_id == item_id]


def test_pause_hides_the_item_stops_the_clock_and_resumes_the_same_trial(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"])
    trial = app.trial
    assert trial.pause_button.isVisible() and "P or Esc" in trial.pause_button.text()
    body = trial.body
    qtbot.wait(50)
    app.key(Qt.Key.Key_P, "p")
    assert trial.phase == "paused" and trial.pages.currentWidget() is trial.pause_page
    assert not trial.stimulus.isVisible() and not trial.panel.isVisible()  # the item is hidden
    paused_at = time.monotonic_ns()
    app.key(Qt.Key.Key_1, "1")  # nothing answers a hidden item
    assert trial.panel.entries[0].state.value() is None
    qtbot.wait(300)
    resumed_at = time.monotonic_ns()
    qtbot.mouseClick(trial.pause_page.resume_button, Qt.MouseButton.LeftButton)
    assert trial.phase == "trial" and trial.body is body and trial.stimulus.isVisible()
    app.key(Qt.Key.Key_Escape)  # Esc pauses too, and resumes
    assert trial.phase == "paused"
    app.key(Qt.Key.Key_Escape)
    assert trial.phase == "trial" and trial.view.item_id == "c1"
    app.key(Qt.Key.Key_1, "1")
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(_rows(app, "c1")) == 1)
    row = _rows(app, "c1")[0]
    assert row.excluded_ms >= (resumed_at - paused_at) / 1e6 - 1
    events = [e for e in app.db.events("mini") if e.item_id == "c1"]
    kinds = [e.kind for e in events]
    assert kinds.count("paused") == 2 and kinds.count("resumed") == 2
    assert json.loads(events[kinds.index("paused")].payload_json) == {"reason": "pause"}
    app.close()


def test_p_is_an_answer_where_an_option_uses_it(qtbot, mini_study_dir: Path,
                                                tmp_path: Path) -> None:
    item = {"id": "pq", "stimulus": {"kind": "text", "text": "Pick."},
            "questions": [{"id": "q", "kind": "choice", "prompt": "Which?",
                           "options": [{"key": "P", "label": "Pass"},
                                       {"key": "F", "label": "Fail"}]}]}
    app = _open(qtbot, mini_study_dir, tmp_path, [], [item])
    assert app.trial.pause_button.text().endswith("(Esc)")
    app.key(Qt.Key.Key_P, "p")
    assert app.trial.phase == "trial" and app.trial.panel.entries[0].state.value() == "P"
    app.close()


def test_the_current_question_is_marked_and_enter_names_the_open_one(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, [], [RATINGS_AND_COMMENT])
    panel = app.trial.panel
    marked = [e.box.property("current") is True for e in panel.entries]
    assert marked == [True, False, False, False]
    app.key(Qt.Key.Key_4, "4")
    # On to the next rating, past the comment box (its digits would become text there).
    assert [e.box.property("current") is True for e in panel.entries] == [False, False, True,
                                                                          False]
    app.key(Qt.Key.Key_3, "3")
    app.key(Qt.Key.Key_Return)
    text = app.trial.status.text()
    assert "Question 4" in text and "It is creative" in text and "1 more" in text
    assert panel.focused_entry() is panel.entries[3]
    app.key(Qt.Key.Key_2, "2")
    app.key(Qt.Key.Key_Return)
    text = app.trial.status.text()
    assert "Question 2" in text and "Why?" in text and "more" not in text
    assert panel.focused_entry() is panel.entries[1]  # the comment box, named and entered
    assert panel.entries[1].box.property("current") is True
    app.close()


def test_comments_take_text_rating_keys_rate_and_tab_follows_reading_order(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, [], [RATINGS_AND_COMMENT])
    panel = app.trial.panel
    q1, why, q2, q3 = panel.entries
    for key, text in ((Qt.Key.Key_4, "4"), (Qt.Key.Key_3, "3"), (Qt.Key.Key_5, "5")):
        app.key(key, text)
    assert [q1.state.value(), q2.state.value(), q3.state.value()] == [4.0, 3.0, 5.0]
    assert why.widget.text() == ""  # no rating digit was typed into the comment
    app.key(Qt.Key.Key_T, "t")  # a comment begun outside its box: said, not swallowed
    assert "click its box" in app.trial.status.text()
    q1.widget.setFocus()
    app.key(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is why.widget.box  # reading order: the next question
    qtbot.keyClicks(QApplication.focusWidget(), "Too short 4 me")
    assert why.widget.text() == "Too short 4 me" and q1.state.value() == 4.0
    app.key(Qt.Key.Key_Tab)
    assert panel.focused_entry() is q2  # not another comment box, not back to the top
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(_rows(app, "poem-req")) == 4)
    saved = {r.question_id: json.loads(r.answer_json) for r in _rows(app, "poem-req")}
    assert saved == {"q1": 4.0, "why": "Too short 4 me", "q2": 3.0, "q3": 5.0}
    app.close()


def test_a_timed_choice_submits_at_its_answer_key(qtbot, mini_study_dir: Path,
                                                  tmp_path: Path) -> None:
    """submit: on_answer (the default for one choice in a timed study): no Enter after the
    key, and the response time is the key's."""
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'answering.sqlite3'}")
    start_session(app, trim_study(mini_study_dir, ["c1", "c2"], deadline_ms=60_000))
    app.wait_trial()
    assert app.trial.view.submit_on_answer and "submits at once" in app.trial.hint.text()
    onset = app.trial.trial_clock.onset_ns
    qtbot.wait(150)
    pressing = time.monotonic_ns()
    app.key(Qt.Key.Key_2, "2")
    pressed = time.monotonic_ns()
    qtbot.waitUntil(lambda: len(_rows(app, "c1")) == 1)  # saved without Enter
    row = _rows(app, "c1")[0]
    assert (pressing - onset) / 1e6 - 0.01 <= row.rt_ms <= (pressed - onset) / 1e6 + 0.01
    qtbot.waitUntil(lambda: app.trial.view.item_id == "c2" and app.trial.phase == "trial")
    app.close()


def test_practice_feedback_sits_under_the_options(qtbot, mini_study_dir: Path,
                                                  tmp_path: Path) -> None:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'answering.sqlite3'}")
    folder = trim_study(mini_study_dir, ["c1"])
    raw = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    raw["blocks"][0]["feedback"] = True
    raw["items"][0]["questions"][0]["gold"] = "pos"
    (folder / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    start_session(app, folder)
    app.wait_trial()
    entry = app.trial.panel.entries[0]
    app.key(Qt.Key.Key_1, "1")
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: app.trial.phase == "feedback")
    label = entry.box.findChild(QLabel, "feedback-label")
    assert label is not None and label.isVisible()  # in the question's own box
    assert label.geometry().top() >= entry.widget.geometry().bottom()  # right under the options
    assert not app.trial.notice.isVisible()
    app.close()


def test_a_grouping_needs_its_names_and_a_second_look(qtbot, mini_study_dir: Path,
                                                      tmp_path: Path) -> None:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'answering.sqlite3'}")
    folder = trim_study(mini_study_dir, ["k1", "r1"])
    raw = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    next(i for i in raw["items"] if i["id"] == "k1")["questions"][0]["require_group_names"] = True
    (folder / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    start_session(app, folder)
    app.wait_trial()
    assert app.trial.view.item_id == "r1"  # a list of judgements first: also looked at twice
    for key, text in ((Qt.Key.Key_1, "1"), (Qt.Key.Key_0, "0"), (Qt.Key.Key_0, "0")):
        app.key(key, text)
    app.key(Qt.Key.Key_Return)
    assert "Relevant: 1 document" in app.trial.status.text() and not _rows(app, "r1")
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(_rows(app, "r1")) == 1)
    qtbot.waitUntil(lambda: app.trial.view.item_id == "k1" and app.trial.phase == "trial")
    widget = app.trial.panel.entries[0].widget
    hint = next(w for w in widget.findChildren(QLabel) if w.text().startswith("Keys:"))
    assert hint.y() < widget.pool_scroll.y()  # the key help above the cards, where it is seen
    widget.setFocus()
    app.key(Qt.Key.Key_N, "", Qt.KeyboardModifier.ControlModifier)
    for _ in range(3):
        app.key(Qt.Key.Key_1, "1")
    assert not widget.clustering.ungrouped and not widget.clustering.is_complete()
    assert "name" in widget.status.text()  # "Group 1" is no name where the study asks for one
    app.key(Qt.Key.Key_Return)
    assert not _rows(app, "k1") and app.trial.phase == "trial"
    app.rename_group(widget, 1, "Animals")
    assert widget.clustering.is_complete()
    app.key(Qt.Key.Key_Return)  # the first Enter shows the grouping in words
    assert "Check before you submit" in app.trial.status.text()
    assert "“Animals” (4 cards)" in app.trial.status.text()
    qtbot.wait(100)
    assert not _rows(app, "k1") and app.trial.phase == "trial"
    app.key(Qt.Key.Key_Return)  # the second one submits
    qtbot.waitUntil(lambda: len(_rows(app, "k1")) == 1)
    assert json.loads(_rows(app, "k1")[0].answer_json) == {t: "Animals"
                                                          for t in ("t1", "t2", "t3", "t4")}
    app.close()
