"""Every window opens inside the screen's available geometry (the test platform's screen is
smaller than the windows' preferred sizes, as a 1920x1080 screen at 150 % is): the participant
window, the designer window, the results window and the plan window; a saved geometry from a
larger screen is brought back inside too."""

from __future__ import annotations

from pathlib import Path

from app.home import bundled_studies_dir
from app.storage import open_database
from app.study.loader import load_study
from widgets.designer.window import DesignerWindow
from widgets.qt import QRect, QSettings, QWidget
from widgets.results.plan_window import PlanWindow
from widgets.results.window import ResultsWindow
from widgets.settings import save_geometry
from widgets.station_window import StationWindow
from widgets.tasks import TaskManager


def _inside(window: QWidget) -> tuple[QRect, QRect]:
    area = window.screen().availableGeometry()
    return window.frameGeometry(), area


def _check(qtbot, window: QWidget) -> None:
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    frame, area = _inside(window)
    assert area.width() < 1200 or area.height() < 800, "the screen is large: nothing tested"
    assert area.contains(window.geometry()), (window.geometry(), area)
    assert frame.height() <= area.height() and frame.width() <= area.width(), (frame, area)


def test_the_windows_open_inside_the_screen(qtbot, tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'fit.sqlite3'}")
    tasks = TaskManager()
    loaded = load_study(bundled_studies_dir() / "poem-ratings-demo")
    station = StationWindow(db)
    _check(qtbot, station)
    designer = DesignerWindow(db, tasks, current=loaded)
    _check(qtbot, designer)
    results = ResultsWindow(loaded, db, poll_ms=60_000, tasks=tasks)
    _check(qtbot, results)
    plan = PlanWindow(loaded, db, tasks=tasks)
    _check(qtbot, plan)
    for window in (plan, results, designer, station):
        window.close()
    tasks.close()
    db.close()


def test_a_geometry_saved_on_a_larger_screen_is_brought_inside(qtbot, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    big = QWidget()
    big.setGeometry(0, 0, 1800, 1200)
    save_geometry(settings, "designer_window", big)
    db = open_database(f"sqlite:///{tmp_path / 'fit.sqlite3'}")
    tasks = TaskManager()
    designer = DesignerWindow(db, tasks, settings=settings)
    _check(qtbot, designer)
    designer.close()
    tasks.close()
    db.close()
