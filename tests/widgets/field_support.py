"""Helpers for the field-session tests: a bundled study copied into the test's folder and cut
down to a few items, opened in the real window at a laptop's size; and what the window shows
on screen (its backing store, not a fresh render), so a test sees stale paint as a person does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from app.home import bundled_studies_dir
from tests.widgets.shell_harness import ShellApp, start_session
from widgets.qt import QColor, QPoint, QWidget


def bundled_copy(tmp_path: Path, study: str, item_ids: list[str] | None = None,
                 design: dict[str, Any] | None = None, **changes: Any) -> Path:
    """A copy of a bundled study (its images too); with `item_ids` only those items, in that
    order, unshuffled, in their blocks (without the blocks' introductions), no consent,
    instructions, profile, breaks or assignment. `design` changes the design, `changes` the
    study's other fields."""
    folder = tmp_path / study
    shutil.copytree(bundled_studies_dir() / study, folder)
    path = folder / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    if item_ids is not None:
        by_id = {i["id"]: i for i in raw["items"]}
        raw["items"] = [by_id[i] for i in item_ids]
        used = {i.get("block") for i in raw["items"]}
        blocks = [{k: v for k, v in b.items() if k != "intro"}
                  for b in raw.get("blocks", []) if b["id"] in used]
        raw["blocks"] = blocks or [{"id": "main", "kind": "main", "title": "Main"}]
        if not blocks:
            for item in raw["items"]:
                item.pop("block", None)
        raw["consent"] = ""
        raw["instructions"] = ""
        raw["profile_fields"] = []
        raw.pop("assignment", None)
        raw.pop("models", None)
        raw["design"] = {**raw.get("design", {}), "shuffle_items": False}
        raw["design"].pop("break_every", None)
    raw["design"] = {**raw.get("design", {}), **(design or {})}
    raw.update(changes)
    path.write_text(json.dumps(raw), encoding="utf-8")
    return folder


def open_trial(qtbot: Any, tmp_path: Path, folder: Path, size: tuple[int, int] = (1280, 720),
               code: str = "P001") -> ShellApp:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'field.sqlite3'}")
    app.window.resize(*size)
    start_session(app, folder, code=code)
    app.wait_trial()
    return app


def on_screen(window: QWidget) -> Any:
    """The window's pixels as last painted (what the screen shows), as a QImage."""
    app_window = window.window()
    return app_window.screen().grabWindow(app_window.winId()).toImage()


def pixel(window: QWidget, widget: QWidget, x: int, y: int) -> QColor:
    """The colour on screen at (x, y) of `widget`."""
    image = on_screen(window)
    point = widget.mapTo(window.window(), QPoint(x, y)) * window.window().devicePixelRatioF()
    return image.pixelColor(round(point.x()), round(point.y()))
