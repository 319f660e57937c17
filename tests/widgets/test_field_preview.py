"""The designer's preview: the code filled in is one the study accepts (a pattern's too), the
header follows "Jump to item", Ctrl+Q says nothing is kept, and the end of the preview leads
back to the study's code screen, not the study list under the preview banner."""

from __future__ import annotations

import json
from pathlib import Path

from app.study.loader import load_study
from tests.widgets.field_support import bundled_copy
from tests.widgets.shell_harness import trim_study
from widgets.autopilot import Autopilot
from widgets.preview.session import preview_code
from widgets.preview.window import PreviewWindow
from widgets.shell.participant_screen import ParticipantScreen
from widgets.shell.quit_question import quit_box
from widgets.shell.start_screen import StartScreen


def _open(qtbot, folder: Path) -> PreviewWindow:
    window = PreviewWindow(folder)
    qtbot.addWidget(window)
    window.resize(1100, 760)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitActive(window):
        window.activateWindow()
    window.start()
    return window


def test_the_code_filled_in_is_one_a_pattern_accepts(tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "lesion-vqa-demo")  # codes: P[0-9]{3}
    study = load_study(folder).study
    code = preview_code(study)
    assert code != "PREVIEW" and study.participants.codes.issues(code)


def test_jump_header_quit_words_and_the_end(qtbot, mini_study_dir: Path) -> None:
    trim_study(mini_study_dir, ["c1", "c2", "s1", "rank1"])
    raw = json.loads((mini_study_dir / "study.json").read_text())
    raw["blocks"] = [{"id": "main", "kind": "main", "title": "Main"},
                     {"id": "more", "kind": "main", "title": "More"}]
    for item in raw["items"]:
        item["block"] = "more" if item["id"] in ("s1", "rank1") else "main"
    (mini_study_dir / "study.json").write_text(json.dumps(raw))
    window = _open(qtbot, mini_study_dir)
    pilot = Autopilot(window, load_study(mini_study_dir))
    for _ in range(10):
        pilot.settle()
        if window.flow.current() is window.flow.trial:
            break
        pilot.step()
    trial, items = window.flow.trial, window.banner.items
    pilot.wait(lambda: trial.phase == "trial" and trial.onset_seen, "the first trial")
    assert "Item 1 of 2 in this part" in trial.header.count.text()
    target = next(i for i in range(items.count()) if "rank1" in items.itemText(i))
    items.setCurrentIndex(target)
    items.activated.emit(target)
    pilot.wait(lambda: trial.view.item_id == "rank1" and trial.phase == "trial", "rank1")
    assert "Item 2 of 2 in this part" in trial.header.count.text()
    assert trial.header.block.text() == "More"
    box = quit_box(window, preview=window.is_preview)
    assert "saved" not in box.text() + box.informativeText()
    assert "nothing answered in it is kept" in box.informativeText()
    box.deleteLater()
    for _ in range(20):  # to the end, and past it
        pilot.settle()
        if isinstance(window.flow.current(), ParticipantScreen | StartScreen):
            break
        pilot.step()
    pilot.settle()
    assert not isinstance(window.flow.current(), StartScreen)
    assert isinstance(window.flow.current(), ParticipantScreen)
    window.close()
