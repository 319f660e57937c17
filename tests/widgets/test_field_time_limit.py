"""A time limit a participant can see coming and recognise afterwards: the seconds left count
down where the study shows them (design.show_time_left), and an item the time ran out on says
so in its practice feedback, not "Not quite" as if the answer had been wrong."""

from __future__ import annotations

import re
from pathlib import Path

from tests.widgets.field_support import bundled_copy, open_trial
from widgets.qt import QLabel

QUICK = {"ready_screen": False, "fixation_ms": 0, "iti_ms": 0}


def test_the_time_left_counts_down_where_the_study_shows_it(qtbot, tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "spinbench-timing-demo", ["identity-1"],
                          design={**QUICK, "deadline_ms": 60_000, "show_time_left": True})
    app = open_trial(qtbot, tmp_path, folder)
    label = app.trial.time_left
    qtbot.waitUntil(lambda: bool(label.text()))
    assert label.isVisible() and re.fullmatch(r"Time left: (60|59) s", label.text())
    app.close()


def test_no_countdown_unless_the_study_asks(qtbot, tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "spinbench-timing-demo", ["identity-1"],
                          design={**QUICK, "deadline_ms": 60_000, "show_time_left": False})
    app = open_trial(qtbot, tmp_path, folder)
    assert not app.trial.time_left.isVisible()
    app.close()


def test_a_time_out_says_the_time_ran_out(qtbot, tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "spinbench-timing-demo", ["practice-1", "identity-1"],
                          design={**QUICK, "deadline_ms": 300, "show_time_left": True})
    app = open_trial(qtbot, tmp_path, folder)
    assert app.trial.view.practice
    qtbot.waitUntil(lambda: app.trial.phase == "feedback", timeout=10_000)
    shown = next(w for w in app.trial.panel.findChildren(QLabel)
                 if w.objectName().startswith("feedback-"))
    assert "Time ran out" in shown.text()
    assert not app.trial.time_left.isVisible()  # no countdown left standing on the feedback
    assert "Not quite" not in shown.text() and "expected answer" in shown.text()
    app.close()
