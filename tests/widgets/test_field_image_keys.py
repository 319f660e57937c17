"""Brightness and contrast from the keyboard (Alt+B, Alt+Shift+B, Alt+C, Alt+Shift+C, held with
Alt like the other image keys), listed in F1, and the lesion demo's instructions naming the
keys that exist."""

from __future__ import annotations

import json
from pathlib import Path

from app.home import bundled_studies_dir
from tests.widgets.field_support import bundled_copy, open_trial
from widgets.images.panel import AdjustmentBar
from widgets.qt import Qt

ALT = Qt.KeyboardModifier.AltModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_brightness_and_contrast_have_keys(qtbot, tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "lesion-vqa-demo", ["case-01"])
    app = open_trial(qtbot, tmp_path, folder)
    (bar,) = app.trial.stimulus.findChildren(AdjustmentBar)
    app.key(Qt.Key.Key_B, modifiers=ALT)
    assert bar.brightness.value() > 0
    assert all(v.adjustment().brightness > 0 for v in bar.viewers)
    app.key(Qt.Key.Key_B, modifiers=ALT | SHIFT)
    app.key(Qt.Key.Key_B, modifiers=ALT | SHIFT)
    assert bar.brightness.value() < 0
    app.key(Qt.Key.Key_C, modifiers=ALT)
    assert bar.contrast.value() > 0
    app.key(Qt.Key.Key_C, modifiers=ALT | SHIFT)
    assert bar.contrast.value() == 0
    assert app.trial.panel.entries[0].state.value() is None  # no answer was given by them
    listed = dict(app.trial.key_help())
    assert listed.get("Alt+B / Alt+Shift+B") == "brighter / darker"
    assert listed.get("Alt+C / Alt+Shift+C") == "more / less contrast"
    app.close()


def test_the_lesion_instructions_name_keys_that_exist() -> None:
    raw = json.loads((bundled_studies_dir() / "lesion-vqa-demo" / "study.json").read_text())
    text = raw["instructions"]
    assert "`+`/`-`" not in text  # plain + and - do nothing: the image keys are held with Alt
    assert "`Alt`+`B`" in text and "`Alt`+`C`" in text
