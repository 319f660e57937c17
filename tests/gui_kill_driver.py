"""The real participant app (StationWindow offscreen, its database writer thread, the real
response widgets answered with key presses by widgets.autopilot) walking a whole study, for
the GUI variant of the kill test. Same line protocol as tests/kill_driver.py:

    session <uuid>                   the engine's session (when the first trial is on screen)
    resume <position> <item_id>      the first trial screen after start
    submit <position> <item_id>      Enter is about to be pressed on a complete trial
    committed <position> <item_id>   the trial screen left its saving phase: the answer is in
    done                             the Finished screen, window closed (session ended)

    QT_QPA_PLATFORM=offscreen python tests/gui_kill_driver.py --db URL --study DIR --participant P
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from app.storage import open_database
from widgets.autopilot import Autopilot
from widgets.qt import QApplication, Qt
from widgets.shell.message_screens import MessageScreen
from widgets.shell.participant_screen import ParticipantScreen
from widgets.station_window import StationWindow


def emit(line: str) -> None:
    os.write(1, (line + "\n").encode("utf-8"))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--study", type=Path, required=True)
    parser.add_argument("--participant", required=True)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    db = open_database(args.db)
    window = StationWindow(db)
    window.resize(1100, 760)
    window.show()
    pilot = Autopilot(window, None)
    trial = window.flow.trial
    window.flow.open_study(args.study, code=args.participant)
    resumed = False
    for _ in range(500):
        pilot.settle()
        page = pilot.page
        if isinstance(page, MessageScreen) and page.title.text() == "Finished":
            window.close()  # ends the session: session_closed and the rolling backup
            pilot.settle()
            db.close()
            emit("done")
            del app
            return 0
        standing = page.standing() if isinstance(page, ParticipantScreen) else None
        if isinstance(page, ParticipantScreen) and standing is not None and standing.finished:
            # Killed after the last commit but before the Finished screen: the app offers no
            # way back in for a finished code (by design), and nothing is left to answer.
            window.close()
            pilot.settle()
            db.close()
            emit("done")
            del app
            return 0
        if page is not trial:
            pilot.step()
            continue
        pilot.wait(lambda: trial.view is not None, "the trial")
        assert trial.view is not None
        where = f"{trial.view.position} {trial.view.item_id}"
        if not resumed:
            controller = window.flow.controller
            assert controller is not None and controller.engine is not None
            emit(f"session {controller.engine.session_uuid}")
            emit(f"resume {where}")
            resumed = True
        item = trial.view.item_id
        pilot.answer_trial()
        emit(f"submit {where}")
        pilot.submit_trial()
        emit(f"committed {where}")
        if trial.phase == "feedback":
            pilot.press(Qt.Key.Key_Space, " ")
        pilot.wait(lambda i=item: pilot.page is not trial or trial.view is None
                   or trial.view.item_id != i, "the next screen")
    emit("error: no Finished screen after 500 steps")
    return 1


if __name__ == "__main__":
    sys.exit(main())
