"""`baseline-studio run`: start Qt, open the database, show the start screen (or go straight to
the study and participant given). Heavy modules (the window, the screens, pandas through the
exporters) are imported only once Qt is up, so `--help` and errors stay quick.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from widgets.application import application, say

if TYPE_CHECKING:
    from app.storage import Database
    from widgets.qt import QApplication
    from widgets.shell.main_window import MainWindow

EXIT_INPUT = 2
# For benchmarks/bench_cold_start.py: with this set to 1, `run --study S --participant P`
# prints "first-item-painted <time.monotonic_ns()>" once the first item's stimulus has been
# painted (the trial clock's onset), then quits with status 0.
EXIT_AFTER_FIRST_PAINT = "BASELINE_STUDIO_EXIT_AFTER_FIRST_PAINT"


def _fail(message: str) -> int:
    """A clear message (stderr, and a box when there is a screen to show it on) for a
    database or study that cannot be used."""
    say(f"baseline-studio: error: {message}", error=True)
    from widgets.qt import QGuiApplication, QtWidgets

    if QGuiApplication.platformName() not in ("offscreen", "minimal"):
        QtWidgets.QMessageBox.critical(None, "Baseline Studio", message)
    return EXIT_INPUT


def _offer_restore(url: str | None, home: Path | None, problem: str) -> Database | None:
    """A damaged database at start offers its latest good backup (on a screen only:
    a headless run cannot answer, and keeps exiting with the message)."""
    from app.home import default_db_url
    from widgets.qt import QGuiApplication

    if QGuiApplication.platformName() in ("offscreen", "minimal"):
        return None
    from widgets.restore_offer import offer_restore

    return offer_restore(url or default_db_url(home), problem)


def launch(args: argparse.Namespace) -> int:
    """Run the app; the exit status is 0, or 2 for a database or study that cannot be used."""
    from app.memory import fix_mmap_threshold

    fix_mmap_threshold()  # image buffers come and go all session: keep them off the heap
    self_test = bool(getattr(args, "self_test", False))
    app = application(offscreen=self_test)
    home: Path | None = getattr(args, "home", None)
    if self_test and not getattr(args, "db", None):
        # A throwaway data folder: the self-test's participant never lands in real data.
        import tempfile

        home = Path(tempfile.mkdtemp(prefix="baseline-studio-selftest-home-"))
    from app.storage import CorruptDatabaseError, open_database
    from app.study.errors import StudyError, UserInputError

    study = getattr(args, "study", None)
    if getattr(args, "preview", False) and study and not self_test:
        # Before any database is opened: a preview never opens the real one.
        from widgets.preview.launch import launch_preview

        try:
            return launch_preview(app, study, home)
        except StudyError as exc:
            return _fail(exc.report())
        except UserInputError as exc:
            return _fail(str(exc))
    path: Path | None = None
    try:
        if study and not self_test:
            from app.catalog import find_study

            path = find_study(study, home)
        db = open_database(getattr(args, "db", None), home=home)
    except StudyError as exc:
        return _fail(exc.report())
    except CorruptDatabaseError as exc:
        restored = _offer_restore(getattr(args, "db", None), home, str(exc))
        if restored is None:
            return _fail(str(exc))
        db = restored
    except UserInputError as exc:
        return _fail(str(exc))
    try:
        if self_test:
            from widgets.self_test import run_self_test

            return run_self_test(db, home=home, study=study)
        from widgets.station_window import StationWindow

        window = StationWindow(db, home=home)
        window.show()
        if path is not None:
            window.flow.open_study(path, code=getattr(args, "participant", None))
        else:
            window.flow.show_start()
        if os.environ.get(EXIT_AFTER_FIRST_PAINT) == "1":
            _exit_after_first_paint(app, window)
        return int(app.exec())
    finally:
        db.close()


def _exit_after_first_paint(app: QApplication, window: MainWindow) -> None:
    """Print the first trial's onset and quit (the cold-start benchmark's finish line)."""
    from widgets.qt import QTimer

    timer = QTimer(window)
    timer.setInterval(1)

    def check() -> None:
        trial = window.flow.trial
        clock = trial.trial_clock
        if window.flow.current() is trial and clock is not None and clock.onset_ns is not None:
            timer.stop()
            say(f"first-item-painted {clock.onset_ns}")
            app.quit()

    timer.timeout.connect(check)
    timer.start()
