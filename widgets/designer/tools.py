"""The designer's tools in the Study menu. Export is built in (it only needs a folder); the
other tools live in their own modules and are added only when those modules are installed, so
the menu never offers something that is not there."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from widgets.qt import QAction, QtWidgets
from widgets.writer import describe_error

if TYPE_CHECKING:
    from widgets.designer.window import DesignerWindow


def module_available(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def export_results(window: DesignerWindow) -> None:
    """Every export of the chosen study into a folder the designer picks (on the writer)."""
    loaded = window.loaded
    if loaded is None:
        return
    folder = QtWidgets.QFileDialog.getExistingDirectory(window, "Export results into…",
                                                        str(Path.home()))
    if not folder:
        return
    out = Path(folder)
    window.status.setText(f"Exporting into {out}…")

    def export() -> list[Path]:
        from exporters.export_all import export_all

        return export_all(loaded, window.db, out)

    def done(paths: list[Path]) -> None:
        names = "\n".join(f"  {p.name}" for p in paths)
        window.status.setText(f"Exported {len(paths)} file{'s' if len(paths) != 1 else ''} "
                              f"into {out}")
        QtWidgets.QMessageBox.information(window, "Export", f"Written into {out}:\n{names}")

    window.writer.run(export, on_done=done,
                      on_error=lambda exc: QtWidgets.QMessageBox.warning(
                          window, "Export", f"The export failed: {describe_error(exc)}"),
                      label="exporting")


# (menu text, shortcut, module that must exist, what to do)
Tool = tuple[str, str, str, Callable[["DesignerWindow"], None]]

TOOLS: list[Tool] = [
    ("Export results…", "Ctrl+E", "exporters.export_all", export_results),
]


def add_tool_actions(menu: QtWidgets.QMenu, window: DesignerWindow) -> list[QAction]:
    actions = []
    for text, shortcut, module, handler in TOOLS:
        if not module_available(module):
            continue
        action = menu.addAction(text)
        if shortcut:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False, h=handler: h(window))
        actions.append(action)
    return actions
