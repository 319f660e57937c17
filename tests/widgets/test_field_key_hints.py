"""Key hints agree with the screen: the "Keys: ..." line lists the keys in the order of the
buttons that show them, each key picks the button that names it, the digits pick the buttons in
order, and an item whose answer key submits lists no Enter in F1 (a SpinBench item)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.widgets.field_support import bundled_copy, open_trial
from widgets.kinds.choice import ChoiceWidget
from widgets.qt import Qt

QUICK = {"ready_screen": False, "fixation_ms": 0, "iti_ms": 0, "deadline_ms": 60_000}


def test_the_keys_line_and_f1_say_what_the_keys_do(qtbot, tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "spinbench-timing-demo", ["identity-1"], design=QUICK)
    app = open_trial(qtbot, tmp_path, folder)
    trial = app.trial
    widget = trial.panel.entries[0].widget
    assert isinstance(widget, ChoiceWidget)
    shown = [re.match(r"\[(\w)\]", b.text()) for b in widget.buttons.values()]
    letters = [m.group(1) for m in shown if m]
    assert len(letters) == len(widget.buttons) == 2
    hint = widget.key_hint()
    assert hint.startswith(", ".join(letters)), hint  # in the buttons' order
    assert "1–2 in order" in hint
    # Each key picks the button that shows it; 1 picks the first button.
    first_key = next(iter(widget.buttons))
    for key, button in widget.buttons.items():
        typed = re.match(r"\[(\w)\]", button.text()).group(1)
        assert widget.key_map[typed] == key
    assert widget.key_map["1"] == first_key
    assert trial.view.submit_on_answer
    listed = dict(trial.key_help())
    assert "Enter" not in listed
    assert "submits at once" in listed.get("Your answer key", "")
    app.key(Qt.Key.Key_1, "1")
    qtbot.waitUntil(lambda: trial.phase != "trial")
    assert widget.choice.selected == first_key
    app.close()
