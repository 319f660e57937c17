"""The participant app, opened on a real SQLite file for a test: a StationWindow, an autopilot
that answers with key presses, and helpers to wait for screens. Imported by the shell tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.storage import open_database
from widgets.autopilot import Autopilot
from widgets.qt import Qt, QWidget
from widgets.shell.message_screens import MessageScreen
from widgets.station_window import StationWindow


def edit_study(folder: Path, **design: Any) -> Path:
    """Change the mini study's design in place (ready screen, fixation, deadline...)."""
    path = folder / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["design"].update(design)
    path.write_text(json.dumps(raw), encoding="utf-8")
    return folder


class ShellApp:
    def __init__(self, qtbot: Any, db_url: str, home: Path | None = None) -> None:
        self.qtbot = qtbot
        self.db = open_database(db_url)
        self.window = StationWindow(self.db, home=home)
        qtbot.addWidget(self.window)
        self.window.resize(1100, 760)
        self.window.show()
        qtbot.waitExposed(self.window)
        with qtbot.waitActive(self.window):
            self.window.activateWindow()
        self.flow = self.window.flow
        self.trial = self.flow.trial
        self.pilot = Autopilot(self.window, None)

    @property
    def page(self) -> QWidget:
        return self.flow.current()

    def settle(self) -> None:
        self.pilot.settle()

    def wait_page(self, kind: type, timeout: int = 10_000) -> QWidget:
        self.qtbot.waitUntil(lambda: isinstance(self.page, kind) and not self.window.writer.busy,
                             timeout=timeout)
        return self.page

    def wait_trial(self, timeout: int = 10_000) -> None:
        self.qtbot.waitUntil(lambda: self.page is self.trial and self.trial.phase == "trial"
                             and self.trial.onset_seen, timeout=timeout)

    def key(self, key: Qt.Key, text: str = "",
            modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        """A key press where the participant's focus is, as a keyboard would deliver it; on
        a break or the end screen once it takes keys, as a person who reads it first."""
        page = self.page
        if isinstance(page, MessageScreen):
            self.qtbot.waitUntil(page.keys_count)
        self.raw_key(key, modifiers)

    def raw_key(self, key: Qt.Key,
                modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        """A key press at once, whatever the screen."""
        target = self.window.focusWidget() or self.window
        self.qtbot.keyClick(target, key, modifiers)

    def rename_group(self, widget: Any, column: int, name: str) -> None:
        """Rename a grouping's group as a participant does: F2's editor, type, Enter."""
        widget.rename(column)
        editor = widget.columns[column].name_edit
        self.qtbot.waitUntil(lambda: self.window.focusWidget() is editor)
        editor.selectAll()
        self.qtbot.keyClicks(editor, name)
        self.key(Qt.Key.Key_Return)

    def close(self) -> None:
        self.window.close()
        self.db.close()


def trim_study(folder: Path, item_ids: list[str], *, extra_items: list[dict] | None = None,
               **design: Any) -> Path:
    """The mini study cut down to a main block of `item_ids` (no consent, instructions,
    practice or breaks unless given), so a test reaches its trial at once."""
    path = folder / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["consent"] = ""
    raw["instructions"] = ""
    raw["profile_fields"] = []
    raw["blocks"] = [{"id": "main", "kind": "main", "title": "Main"}]
    raw["items"] = [i for i in raw["items"] if i["id"] in item_ids] + list(extra_items or [])
    raw["design"] = {"shuffle_items": False, **design}
    path.write_text(json.dumps(raw), encoding="utf-8")
    return folder


def start_session(app: ShellApp, folder: Path, code: str = "P001") -> None:
    """Open the study as `run --study F --participant CODE` does, up to the first trial."""
    app.flow.open_study(folder, code=code)
    app.qtbot.waitUntil(lambda: app.page is app.trial, timeout=10_000)
