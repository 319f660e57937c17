"""The designer's tools in the Study menu: Results, Export, Import study, Merge databases,
Hand over data.

Each tool lives in its own module (widgets.results, widgets.import_dialog, widgets.merge_dialog)
and is imported only when chosen, so designer mode opens quickly; a tool whose module is not
installed is simply not offered. Windows and dialogs open without blocking (a session may be
running in the main window) and are kept by the designer window while they are open.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.home import installed_studies_dir
from widgets.qt import QAction, QtWidgets, QWidget

if TYPE_CHECKING:
    from widgets.designer.window import DesignerWindow


def module_available(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def _keep(window: DesignerWindow, key: str, widget: QWidget) -> QWidget:
    """Show `widget` without blocking and keep it alive until it closes."""
    old = window.tools_open.get(key)
    if old is not None:
        old.close()
    window.tools_open[key] = widget
    widget.show()
    widget.raise_()
    widget.activateWindow()
    return widget


def _needs_study(window: DesignerWindow) -> bool:
    if window.loaded is None:
        QtWidgets.QMessageBox.information(window, "Designer mode", "Choose a study first.")
        return False
    return True


def open_results(window: DesignerWindow) -> None:
    if not _needs_study(window):
        return
    from widgets.results.window import ResultsWindow

    assert window.loaded is not None
    _keep(window, "results", ResultsWindow(window.loaded, window.db))


def open_export(window: DesignerWindow) -> None:
    if not _needs_study(window):
        return
    from widgets.results.export_dialog import ExportDialog

    assert window.loaded is not None
    _keep(window, "export", ExportDialog(window.loaded, window.db, parent=window))


def open_preview(window: DesignerWindow) -> None:
    """The chosen study as a participant gets it, on a throwaway database (nothing is saved)."""
    if not _needs_study(window):
        return
    from widgets.preview.window import PreviewWindow

    assert window.loaded is not None
    preview = PreviewWindow(window.loaded.source)
    _keep(window, "preview", preview)
    preview.start()


def open_import(window: DesignerWindow) -> None:
    from widgets.import_dialog import ImportDialog

    dialog = ImportDialog(window, studies_dir=installed_studies_dir(window.home))
    dialog.imported.connect(lambda _result: window.reload_studies())
    _keep(window, "import", dialog)


def open_merge(window: DesignerWindow) -> None:
    from widgets.merge_dialog import MergeDialog

    dialog = MergeDialog(window.db, window.writer, parent=window)
    dialog.merged.connect(lambda _report: window.refresh())
    _keep(window, "merge", dialog)


def open_handover(window: DesignerWindow) -> None:
    from widgets.handover_dialog import HandoverDialog

    _keep(window, "handover", HandoverDialog(window.db, window.writer, parent=window))


# (menu text, shortcut, module that must be installed, what to do)
TOOLS: list[tuple[str, str, str, Callable[[Any], None]]] = [
    ("Results…", "Ctrl+R", "widgets.results.window", open_results),
    ("Export results…", "Ctrl+E", "widgets.results.export_dialog", open_export),
    ("Import study…", "Ctrl+I", "widgets.import_dialog", open_import),
    ("Merge databases…", "Ctrl+M", "widgets.merge_dialog", open_merge),
    ("Hand over data…", "Ctrl+H", "widgets.handover_dialog", open_handover),
    ("Preview study…", "Ctrl+P", "widgets.preview.window", open_preview),
]


def add_tool_actions(menu: QtWidgets.QMenu, window: DesignerWindow) -> list[QAction]:
    actions = []
    for text, shortcut, module, handler in TOOLS:
        if not module_available(module):
            continue
        action = menu.addAction(text)
        action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False, h=handler: h(window))
        actions.append(action)
    return actions
