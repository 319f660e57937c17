"""A laptop's screen at 150% text in every shipped language: a bundled study walked from the
code screen to the end at 1280x720 with the text half again as large, and on every screen met
(code screen, messages, trials before and after answering, pause, feedback, the end) nothing
is clipped, no button is out of reach and the window is no larger than the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from i18n_walk import short_study, walk
from shell_harness import ShellApp
from test_laptop_layout import screen_problems

from widgets.qt import QApplication, QWidget
from widgets.screenshot_sizes import ZOOM_FACTOR, zoom_steps

SIZE = (1280, 720)
# Each shipped language once; the images study (a case and its questions, the longest words
# on a trial screen) for most, the grouping and relevance study in Arabic and Russian.
WALKS = [("lesion-vqa-demo", "zh-Hans"), ("lesion-vqa-demo", "da"), ("hume-demo", "ar"),
         ("hume-demo", "ru"), ("spinbench-timing-demo", "nb")]


@pytest.mark.parametrize(("name", "tag"), WALKS)
def test_every_screen_is_whole_at_150_percent_text(qtbot, tmp_path: Path, name: str,
                                                    tag: str) -> None:
    study = short_study(tmp_path / "study", languages=["en", tag], study=name)
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'db.sqlite'}")
    app.window.resize(*SIZE)
    app.window.zoom.set_steps(zoom_steps(app.window, ZOOM_FACTOR))
    problems: list[str] = []
    seen: list[str] = []

    def check(what: str, page: QWidget) -> None:
        if what == "keys":  # the F1 list is a dialog of its own, sized to the window
            return
        seen.append(what)
        for _ in range(4):
            QApplication.processEvents()
        found = screen_problems(page if what != "pause" else page.window(), SIZE)
        if what != "trial":  # a judged list has scrolled on to its last document, rightly
            found = [p for p in found if not p.endswith("when the item starts")]
        problems.extend(f"{what}: {p}" for p in found)

    try:
        walk(app.window, study, tag, on_screen=check)
    finally:
        app.window.zoom.set_steps(0)
        app.window.zoom.restore_base()
    assert {"code", "trial", "pause", "answered", "end"} <= set(seen)
    assert problems == [], "\n".join(problems)
    app.close()
