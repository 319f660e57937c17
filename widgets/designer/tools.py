"""The designer's tools in the Study menu: Results, Export, Plan, Import study, Merge databases,
Hand over data, Preview study, Check timing.

Each tool lives in its own module (widgets.results, widgets.import_dialog, widgets.merge_dialog)
and is imported only when chosen, so designer mode opens quickly; a tool whose module is not
installed is simply not offered. Windows and dialogs open without blocking (a session may be
running in the main window) and are kept by the designer window while they are open.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from app.home import installed_studies_dir
from widgets.designer.host import DesignerHost
from widgets.qt import QAction, QtWidgets, QWidget
from widgets.tasks import describe_error


def module_available(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def _keep(window: DesignerHost, key: str, widget: QWidget) -> QWidget:
    """Show `widget` without blocking and keep it alive until it closes."""
    old = window.tools_open.get(key)
    if old is not None:
        old.close()
    window.tools_open[key] = widget
    widget.show()
    widget.raise_()
    widget.activateWindow()
    return widget


def _needs_study(window: DesignerHost) -> bool:
    if window.loaded is None:
        QtWidgets.QMessageBox.information(window, "Designer mode", "Choose a study first.")
        return False
    return True


def open_results(window: DesignerHost) -> None:
    if not _needs_study(window):
        return
    from widgets.results.window import ResultsWindow
    from widgets.settings import app_settings

    assert window.loaded is not None
    settings = window.settings if window.settings is not None else app_settings(window.home)
    _keep(window, "results", ResultsWindow(window.loaded, window.db, settings=settings,
                                               tasks=window.tasks))


def open_export(window: DesignerHost) -> None:
    if not _needs_study(window):
        return
    from widgets.results.export_dialog import ExportDialog

    assert window.loaded is not None
    _keep(window, "export", ExportDialog(window.loaded, window.db, tasks=window.tasks,
                                            parent=window))


def open_plan(window: DesignerHost) -> None:
    if not _needs_study(window):
        return
    from widgets.results.plan_window import PlanWindow

    assert window.loaded is not None
    _keep(window, "plan", PlanWindow(window.loaded, window.db, tasks=window.tasks))


def open_preview(window: DesignerHost) -> None:
    """The chosen study as a participant gets it, on a throwaway database (nothing is saved)."""
    if not _needs_study(window):
        return
    from widgets.preview.window import PreviewWindow

    assert window.loaded is not None
    preview = PreviewWindow(window.loaded.source)
    _keep(window, "preview", preview)
    preview.start()


def open_import(window: DesignerHost) -> None:
    from widgets.import_dialog import ImportDialog

    dialog = ImportDialog(window, studies_dir=installed_studies_dir(window.home),
                          tasks=window.tasks)
    dialog.imported.connect(lambda _result: window.reload_studies())
    _keep(window, "import", dialog)


def open_merge(window: DesignerHost) -> None:
    from widgets.merge_dialog import MergeDialog

    dialog = MergeDialog(window.db, window.tasks, parent=window)
    dialog.merged.connect(lambda _report: window.refresh())
    _keep(window, "merge", dialog)


def open_handover(window: DesignerHost) -> None:
    from widgets.handover_dialog import HandoverDialog

    _keep(window, "handover", HandoverDialog(window.db, window.tasks, parent=window))


TIMING_REMINDED = "designer/timing_check_reminded/"  # + machine id: reminded once per station


def remind_timing_check(window: DesignerHost) -> None:
    """Once per station, when it has no timing profile in this database: a line in the
    designer window saying where the check is (the setting remembers it was said)."""
    from app.machine import machine_id
    from app.storage.timing_profiles import timing_profiles

    station = machine_id()
    key = TIMING_REMINDED + station
    settings = window.settings
    if settings is not None and settings.value(key, False, type=bool):
        return

    def show(profiles: list[Any]) -> None:
        if any(p.machine_id == station for p in profiles):
            return
        window.timing_reminder.setText(
            "This station's timing has not been checked yet: Study > Check timing… measures it "
            "(ten seconds) and the export's methods cite it. Shown once per station.")
        window.timing_reminder.show()
        if settings is not None:
            settings.setValue(key, True)

    db = window.db
    window.tasks.run_write(lambda: timing_profiles(db), on_done=show,
                           label="reading timing profiles")


TIMING_TRIALS = 30  # as `baseline-studio timing-check`: about ten seconds


def open_timing_check(window: DesignerHost) -> None:
    """This station's timing certificate (baseline-studio timing-check), stored through the
    designer's writer thread; the result is shown in a message box."""
    from app.storage.timing_profiles import save_timing_profile
    from app.timing_check import describe
    from widgets.timing_check import run_check

    def say(icon: QtWidgets.QMessageBox.Icon, text: str) -> None:
        box = QtWidgets.QMessageBox(icon, "Timing check", text,
                                    QtWidgets.QMessageBox.StandardButton.Ok, window)
        window.tools_open["timing"] = box
        box.open()  # not exec(): a session may be running in the main window

    def stored(row: Any) -> None:
        say(QtWidgets.QMessageBox.Icon.Information, describe(row) + " Stored in the database.")

    def measured(row: Any) -> None:
        check.close()
        window.tasks.run_write(lambda: save_timing_profile(window.db, row), on_done=stored,
                               on_error=lambda error: failed(describe_error(error)),
                               label="storing the timing profile")

    def failed(message: str) -> None:
        check.close()
        say(QtWidgets.QMessageBox.Icon.Warning, message)

    check = run_check(TIMING_TRIALS, on_done=measured, on_failed=failed)
    window.tools_open["timing"] = check


# (menu text, shortcut, module that must be installed, what to do)
TOOLS: list[tuple[str, str, str, Callable[[Any], None]]] = [
    ("Results…", "Ctrl+R", "widgets.results.window", open_results),
    ("Export results…", "Ctrl+E", "widgets.results.export_dialog", open_export),
    ("Plan raters per item…", "Ctrl+L", "widgets.results.plan_window", open_plan),
    ("Import study…", "Ctrl+I", "widgets.import_dialog", open_import),
    ("Merge databases…", "Ctrl+M", "widgets.merge_dialog", open_merge),
    ("Hand over data…", "Ctrl+H", "widgets.handover_dialog", open_handover),
    ("Preview study…", "Ctrl+P", "widgets.preview.window", open_preview),
    ("Check timing…", "", "widgets.timing_check", open_timing_check),
]


def add_tool_actions(menu: QtWidgets.QMenu, window: DesignerHost) -> list[QAction]:
    actions = []
    for text, shortcut, module, handler in TOOLS:
        if not module_available(module):
            continue
        action = menu.addAction(text)
        action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False, h=handler: h(window))
        actions.append(action)
    return actions
