"""The screens around the trials, each built on its own: start (with a broken study's
problems), participant and profile, consent, message screens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.catalog import StudyEntry
from app.session.engine import EndScreen
from app.session.standing import ParticipantStanding
from app.study.errors import StudyError
from app.study.loader import load_study
from widgets.qt import Qt
from widgets.shell.message_screens import ConsentScreen, MessageScreen, end_text
from widgets.shell.participant_screen import ParticipantScreen
from widgets.shell.start_screen import StartScreen


def test_start_screen_lists_studies_and_opens_with_enter(qtbot, mini_study_dir: Path) -> None:
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.set_studies([StudyEntry("mini", "Mini", mini_study_dir, "bundled", True),
                        StudyEntry("other", "Other", mini_study_dir.parent, "installed", False)])
    screen.show()
    assert screen.list.count() == 2
    assert "illustrative" in screen.list.item(0).text()
    screen.list.setCurrentRow(1)
    with qtbot.waitSignal(screen.study_chosen) as chosen:
        qtbot.keyClick(screen.list, Qt.Key.Key_Return)
    assert chosen.args == [mini_study_dir.parent]


def test_start_screen_without_studies_says_how_to_open_one(qtbot) -> None:
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.set_studies([])
    assert "Open one from disk" in screen.status.text()
    assert not screen.start_button.isEnabled()


def test_a_broken_study_shows_every_problem_with_file_and_place(qtbot, mini_study_dir: Path) -> None:
    path = mini_study_dir / "study.json"
    raw = json.loads(path.read_text())
    raw["items"][1]["questions"][0]["gold"] = "maybe"
    raw["items"][3]["stimulus"]["text_b"] = 5
    raw["design"]["break_every"] = -1
    path.write_text(json.dumps(raw))
    with pytest.raises(StudyError) as caught:
        load_study(mini_study_dir)
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.show_problems(caught.value.problems)
    rows = screen.problems.rows()
    assert len(rows) == len(caught.value.problems) >= 3
    assert all(file == "study.json" for file, _, _ in rows)
    places = [where for _, where, _ in rows]
    assert any(p.startswith("items[1].questions[0]") for p in places)
    assert any(p.startswith("items[3].stimulus.text_b") for p in places)
    assert any(p == "design.break_every" for p in places)
    assert "problems found" in screen.status.text()
    assert screen.problems.isVisibleTo(screen)


def test_a_syntax_error_shows_line_and_column(qtbot, mini_study_dir: Path) -> None:
    (mini_study_dir / "study.json").write_text('{"id": "x",\n  "title": }')
    with pytest.raises(StudyError) as caught:
        load_study(mini_study_dir)
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.show_problems(caught.value.problems)
    assert screen.problems.rows()[0][1].startswith("line 2, column")


def _participant_screen(qtbot, mini_study_dir: Path, standings=(), code: str = ""):
    screen = ParticipantScreen(load_study(mini_study_dir), {s.code: s for s in standings}.get,
                               code=code)
    qtbot.addWidget(screen)
    screen.show()
    return screen


def test_new_participant_needs_a_code_and_the_required_profile(qtbot, mini_study_dir: Path) -> None:
    screen = _participant_screen(qtbot, mini_study_dir)
    proceeded: list[tuple] = []
    screen.proceed.connect(lambda *args: proceeded.append(args))
    screen.submit()
    assert "required" in screen.code_note.text() and not proceeded
    screen.code.setText("someone@example.org")
    screen.submit()
    assert "e-mail" in screen.code_note.text() and not proceeded
    screen.code.setText("P001")
    screen.submit()
    assert not proceeded
    assert screen.form.errors["tier"].isVisibleTo(screen)
    screen.form.inputs["tier"].setCurrentIndex(2)  # "Senior specialist"
    screen.form.inputs["years"].setText("99")
    qtbot.keyClick(screen.code, Qt.Key.Key_Return)
    assert not proceeded and screen.form.errors["years"].text() == "At most 60."
    screen.form.inputs["years"].setText("7")
    qtbot.keyClick(screen.code, Qt.Key.Key_Return)
    assert proceeded == [("P001", {"tier": "senior", "years": 7.0}, None)]


def test_a_known_code_resumes_with_its_profile(qtbot, mini_study_dir: Path) -> None:
    mid = ParticipantStanding("P007", {"tier": "primary"}, 3, 9, True, False, "2026-01-01")
    done = ParticipantStanding("P008", {"tier": "senior"}, 9, 9, True, False, "2026-01-01")
    screen = _participant_screen(qtbot, mini_study_dir, [mid, done])
    proceeded: list[tuple] = []
    screen.proceed.connect(lambda *args: proceeded.append(args))
    screen.code.setText("P007")  # typed, not confirmed: nothing of P007 shows
    assert screen.code_note.text() == "" and screen.form.raw()["tier"] == ""
    screen.code.setText("P008")
    assert screen.code_note.text() == ""
    screen.submit()
    assert "already answered every item" in screen.code_note.text()
    assert proceeded == [] and screen.form.raw()["tier"] == ""
    screen.code.setText("P007")
    screen.submit()
    assert proceeded == [("P007", {"tier": "primary"}, mid)]


def test_a_name_like_code_gets_a_warning_but_may_go_on(qtbot, mini_study_dir: Path) -> None:
    screen = _participant_screen(qtbot, mini_study_dir)
    screen.code.setText("Maria Lopez")
    assert "person's name" in screen.code_note.text()


def test_consent_must_be_ticked(qtbot) -> None:
    screen = ConsentScreen("I agree to **take part**.")
    qtbot.addWidget(screen)
    screen.show()
    agreed: list[bool] = []
    screen.agreed.connect(lambda: agreed.append(True))
    assert "take part" in screen.text.toPlainText()
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert not agreed and not screen.continue_button.isEnabled()
    screen.agree.setFocus()
    qtbot.keyClick(screen.agree, Qt.Key.Key_Space)
    assert screen.agree.isChecked() and screen.continue_button.isEnabled()
    qtbot.keyClick(screen.agree, Qt.Key.Key_Return)
    assert agreed == [True]
    declined: list[bool] = []
    screen.declined.connect(lambda: declined.append(True))
    qtbot.keyClick(screen, Qt.Key.Key_Escape)  # one Esc asks
    assert not declined and "Esc again" in screen.hint.text()
    with qtbot.waitSignal(screen.declined):
        qtbot.keyClick(screen, Qt.Key.Key_Escape)


def test_message_screen_continues_once_with_space(qtbot) -> None:
    screen = MessageScreen("Break", "Rest a little.\n\n" + "line\n\n" * 200)
    qtbot.addWidget(screen)
    screen.resize(600, 400)
    screen.show()
    done: list[bool] = []
    screen.done.connect(lambda: done.append(True))
    bar = screen.text.verticalScrollBar()
    qtbot.keyClick(screen, Qt.Key.Key_PageDown)
    assert bar.value() > 0  # long texts scroll from the keyboard
    qtbot.keyClick(screen, Qt.Key.Key_Space)
    qtbot.keyClick(screen, Qt.Key.Key_Space)
    assert done == [True]


def test_end_text_shows_a_score_only_when_given() -> None:
    assert "score" not in end_text(EndScreen(9, 9, None))
    assert "67%" in end_text(EndScreen(9, 9, 2 / 3))
