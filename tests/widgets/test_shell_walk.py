"""A whole participant session through the real window on the mini study, keyboard first:
start, profile, consent, instructions, practice with feedback, main items, breaks, end; then
what landed in the database. And resuming: closed mid-study, reopened, on the first
unanswered item."""

from __future__ import annotations

import json
from pathlib import Path

from shell_harness import ShellApp

from app.session.plan import build_plan
from app.study.loader import load_study
from widgets.qt import QLabel, Qt
from widgets.shell.message_screens import ConsentScreen, MessageScreen
from widgets.shell.participant_screen import ParticipantScreen


def _enter(app: ShellApp, study: Path, code: str) -> None:
    app.flow.open_study(study)
    page = app.wait_page(ParticipantScreen)
    page.code.setFocus()
    app.qtbot.keyClicks(page.code, code)
    page.form.inputs["tier"].setCurrentIndex(1)  # Primary physician
    app.key(Qt.Key.Key_Return)


def test_full_session_lands_in_the_database(qtbot, mini_study_dir: Path, db_url: str) -> None:
    app = ShellApp(qtbot, db_url)
    loaded = load_study(mini_study_dir)
    _enter(app, mini_study_dir, "P001")
    consent = app.wait_page(ConsentScreen)
    assert "agree to take part" in consent.text.toPlainText()
    app.key(Qt.Key.Key_Space)  # ticks the box (it has the focus)
    app.key(Qt.Key.Key_Return)
    instructions = app.wait_page(MessageScreen)
    assert instructions.title.text() == "Instructions"
    assert app.window.demo_label.isVisible()  # the mini study is illustrative
    app.key(Qt.Key.Key_Space)
    app.qtbot.waitUntil(lambda: app.page is not instructions)
    intro = app.wait_page(MessageScreen)
    assert "Practice" in intro.title.text()
    app.key(Qt.Key.Key_Space)

    # The practice item: answer with the keyboard; feedback follows the save.
    app.wait_trial()
    assert app.trial.view.practice and app.trial.view.item_id == "p1"
    assert not app.trial.submit_button.isEnabled()  # nothing answered yet
    app.key(Qt.Key.Key_Return)
    assert app.trial.phase == "trial"  # Enter does nothing until every answer is given
    assert "still needs an answer" in app.trial.status.text()
    app.key(Qt.Key.Key_1)
    assert app.trial.submit_button.isEnabled()
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: app.trial.phase == "feedback")
    shown = app.trial.panel.findChild(QLabel, "feedback-label")  # under the options
    assert shown is not None and shown.isVisible()
    assert "Correct" in shown.text() or "expected answer" in shown.text()
    app.key(Qt.Key.Key_Space)

    seen_titles = []
    answered = 1
    for _ in range(40):
        app.settle()
        page = app.page
        if isinstance(page, MessageScreen):
            seen_titles.append(page.title.text())
            if page.title.text() == "Finished":
                break
            app.key(Qt.Key.Key_Space)
            qtbot.waitUntil(lambda p=page: app.page is not p)
        else:
            assert page is app.trial
            app.wait_trial()
            assert not app.trial.view.practice
            assert app.trial.header.count.text()  # "Item n of N" is on screen
            app.pilot.answer_trial()
            # Ctrl+Enter: plain Enter makes a new line when a comment box has the focus.
            app.key(Qt.Key.Key_Return, modifiers=Qt.KeyboardModifier.ControlModifier)
            if app.trial.awaiting_confirmation:  # a grouping or judgements: a second look
                app.key(Qt.Key.Key_Return, modifiers=Qt.KeyboardModifier.ControlModifier)
            item = app.trial.view.item_id
            qtbot.waitUntil(lambda i=item: app.page is not app.trial or app.trial.view is None
                            or app.trial.view.item_id != i)
            answered += 1
    assert answered == 9
    assert seen_titles[0].startswith("Main")  # "practice is over" before the main block
    assert seen_titles.count("Break") == 2  # after 3 and 6 of the 8 main items
    assert seen_titles[-1] == "Finished"
    end = app.page
    assert "9 of 9" in end.text.toPlainText()
    assert "score" not in end.text.toPlainText()  # show_score_at_end is off

    rows = app.db.responses(loaded.study.id, participant_code="P001")
    plan = build_plan(loaded.study, "P001")
    assert len(rows) == 10  # nine items; the poem has a rating and a comment
    assert {r.item_id for r in rows} == {p.item_id for p in plan}
    assert [r.practice for r in rows if r.item_id == "p1"] == [True]
    assert not any(r.practice for r in rows if r.item_id != "p1")
    by_item = {p.item_id: p for p in plan}
    for row in rows:
        assert row.position == by_item[row.item_id].position
        assert row.onset_utc and row.onset_ns
        if row.question_id != "why":  # the optional comment was left alone: no answer time
            assert row.rt_ms is not None and row.rt_ms >= 0
        if row.question_id in by_item[row.item_id].orders:
            assert json.loads(row.option_order_json) == by_item[row.item_id].orders[row.question_id]
    comment = next(r for r in rows if r.question_id == "why")
    assert json.loads(comment.answer_json) == ""  # optional comment left empty
    assert comment.rt_ms is None
    kinds = [e.kind for e in app.db.events(loaded.study.id, participant_code="P001")]
    assert kinds.count("consent_given") == 1
    assert kinds.count("block_intro_seen") == 2
    assert kinds.count("break_start") == kinds.count("break_end") == 2
    assert "session_closed" in kinds
    assert app.db.participant(loaded.study.id, "P001").profile == {"tier": "primary"}
    sessions = app.db.sessions(loaded.study.id)
    assert sessions[0].ended_utc is not None
    assert sessions[0].refresh_hz == app.window.screen().refreshRate()  # bounds the onset error
    app.key(Qt.Key.Key_Space)  # "Done": back to the start for the next participant
    qtbot.waitUntil(lambda: app.page is app.flow.start)
    app.close()


def test_resume_lands_on_the_first_unanswered_item(qtbot, mini_study_dir: Path,
                                                  db_url: str) -> None:
    loaded = load_study(mini_study_dir)
    app = ShellApp(qtbot, db_url)
    _enter(app, mini_study_dir, "P002")
    app.wait_page(ConsentScreen).agree.setChecked(True)
    app.key(Qt.Key.Key_Return)
    for _ in range(3):  # instructions, practice intro, practice item
        app.pilot.step()
    app.pilot.step()  # "practice is over"
    app.pilot.step()  # the first main item, answered
    app.wait_trial()  # the second is on screen when the window closes
    interrupted = app.trial.view.item_id
    app.close()  # mid-study, with an item on screen

    again = ShellApp(qtbot, db_url)
    assert {r.item_id for r in again.db.responses(loaded.study.id, participant_code="P002")} \
        == {"p1", next(p.item_id for p in build_plan(loaded.study, "P002") if not p.practice)}
    again.flow.open_study(mini_study_dir, code="P002")  # as `run --participant P002`
    welcome = again.wait_page(MessageScreen)
    assert "2 of 9" in welcome.note.text()  # no consent again: it was given
    again.key(Qt.Key.Key_Space)
    again.wait_trial()
    plan = build_plan(loaded.study, "P002")
    first_unanswered = next(p.item_id for p in plan if p.item_id not in
                        {r.item_id for r in again.db.responses(loaded.study.id,
                                                              participant_code="P002")})
    assert again.trial.view.item_id == first_unanswered == interrupted
    kinds = [e.kind for e in again.db.events(loaded.study.id, participant_code="P002")]
    assert kinds.count("consent_given") == 1 and "session_resumed" in kinds
    again.close()
