"""Screenshots of the participant side in Arabic and Chinese (issue 20): the code screen, a
trial, the pause screen, the quit question, the end screen; in Arabic also a HUME grouping read
back before it is submitted. Run under a display (Xvfb), from the repository root:

    xvfb-run -a -s "-screen 0 1600x1000x24" env -u QT_QPA_PLATFORM PYTHONPATH=$PWD \\
        .venv/bin/python tests/widgets/i18n_screenshots.py docs/screenshots/i18n
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from i18n_walk import short_study, walk

from app.storage import open_database
from widgets.qt import QApplication, QWidget
from widgets.shell.main_window import MainWindow
from widgets.shell.quit_question import quit_box
from widgets.station_window import StationWindow

SHOTS = {("lesion-vqa-demo", "ar"): {"code", "trial", "pause", "end"},
         ("lesion-vqa-demo", "zh-Hans"): {"code", "trial", "pause", "end"},
         ("hume-demo", "ar"): {"review"}}


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    for (study_name, tag), wanted in SHOTS.items():
        tmp = Path(tempfile.mkdtemp())
        study = short_study(tmp / "study", languages=["en", tag], study=study_name)
        window = StationWindow(open_database(f"sqlite:///{tmp / 'db.sqlite'}"))
        window.resize(1200, 800)
        window.show()
        taken: set[str] = set()

        def shoot(what: str, _page: QWidget, window: MainWindow = window, tag: str = tag,
                  wanted: set[str] = wanted, taken: set[str] = taken) -> None:
            if what not in wanted or what in taken:
                return
            taken.add(what)
            for _ in range(5):
                app.processEvents()
            window.grab().save(str(out / f"{tag}-{what}.png"))
            if what == "pause":  # the quit question (Ctrl+Q) over the paused trial
                box = quit_box(window)
                box.show()
                for _ in range(5):
                    app.processEvents()
                box.grab().save(str(out / f"{tag}-quit.png"))
                box.close()
                box.deleteLater()

        walk(window, study, tag, on_screen=shoot)
        window.flow.end_session()
        window.close()
        window.deleteLater()
        app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/i18n"))
