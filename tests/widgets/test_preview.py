"""Issue 15, "Preview without recording": `run --study S --preview` and Designer > Preview study
show every participant screen under a "Preview: nothing is saved" banner, keep answers in a
throwaway database deleted at the end (the real one is never opened), show gold and jump to an
item on request, and follow study.json as it is edited on disk."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import pytest
from conftest import FIXTURES
from shell_harness import ShellApp, start_session, trim_study

from app.session.engine import SessionEngine
from app.storage import open_database
from app.study.loader import load_study
from baseline_studio.main import main
from widgets.autopilot import Autopilot
from widgets.launch import launch
from widgets.preview.banner import PreviewBanner
from widgets.preview.window import PreviewWindow
from widgets.qt import QApplication, QPoint, QTimer, QtWidgets
from widgets.shell.message_screens import ConsentScreen, MessageScreen
from widgets.shell.participant_screen import ParticipantScreen

BANNER_TEXT = "Preview: nothing is saved"


def _open(qtbot, folder: Path) -> PreviewWindow:
    window = PreviewWindow(folder)
    qtbot.addWidget(window)
    window.resize(1100, 760)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitActive(window):
        window.activateWindow()
    window.start()
    return window


def _banner_on_top(window: PreviewWindow) -> bool:
    banner = window.banner
    return (banner.isVisible() and BANNER_TEXT in banner.title.text()
            and banner.mapTo(window, QPoint(0, 0)).y()
            < window.stack.mapTo(window, QPoint(0, 0)).y())


def _to_first_trial(qtbot, window: PreviewWindow, pilot: Autopilot) -> None:
    for _ in range(10):
        pilot.settle()
        if window.flow.current() is window.flow.trial:
            break
        pilot.step()
    pilot.wait(lambda: window.flow.trial.phase == "trial" and window.flow.trial.onset_seen,
               "the first trial")


def _gold_labels(widget: QtWidgets.QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QtWidgets.QLabel, "preview-gold")
            if label.isVisible()]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_preview_from_the_command_leaves_the_real_database_byte_identical(
        qapp, data_home: Path, mini_study_dir: Path) -> None:
    # A real database with a real session in it, closed as the app leaves it.
    real = data_home / "baseline-studio.sqlite3"
    db = open_database(None, home=data_home)
    loaded = load_study(mini_study_dir)
    SessionEngine(loaded, db, "P001").close()
    db.close()
    before = _sha256(real)
    files_before = sorted(p.name for p in data_home.iterdir())
    assert not Path(f"{real}-wal").exists()
    seen: dict[str, object] = {}

    def drive() -> None:
        try:
            # The one on screen: an earlier test's closed preview may still be a top-level
            # widget, and the order of topLevelWidgets() is not fixed.
            window = next(w for w in QApplication.topLevelWidgets()
                          if isinstance(w, PreviewWindow) and w.isVisible())
            seen["folder"] = window.session.folder
            pilot = Autopilot(window, loaded)
            answered = 0
            for _ in range(20):
                pilot.settle()
                if window.flow.current() is window.flow.trial:
                    answered += 1
                    if answered > 3:
                        break
                pilot.step()
            seen["rows"] = len(window.session.db.responses("mini"))
            seen["temp db"] = window.session.db.label
        except Exception as exc:  # reported by the test, not lost in the event loop
            seen["error"] = exc
        finally:
            # exit(), not quit(): Qt 6's quit() posts a request to close every window, which
            # would reach the windows of the tests after this one.
            QApplication.exit(0)

    QTimer.singleShot(0, drive)
    args = argparse.Namespace(self_test=False, db=None, home=data_home,
                              study=str(mini_study_dir), participant=None, preview=True)
    assert launch(args) == 0
    assert "error" not in seen, seen.get("error")
    assert seen["rows"] >= 3  # answers were given and saved, in the throwaway database
    assert str(data_home) not in str(seen["temp db"])
    assert _sha256(real) == before
    assert not Path(f"{real}-wal").exists() and not Path(f"{real}-shm").exists()
    assert sorted(p.name for p in data_home.iterdir()) == files_before  # no backup, nothing new
    assert not Path(str(seen["folder"])).exists()  # the throwaway folder is gone


def test_the_banner_is_on_every_screen_kind_and_the_folder_goes_on_close(
        qtbot, mini_study_dir: Path) -> None:
    window = _open(qtbot, mini_study_dir)
    folder = window.session.folder
    assert (folder / "preview.sqlite3").exists()
    pilot = Autopilot(window, load_study(mini_study_dir))
    kinds: set[str] = set()
    for _ in range(40):
        pilot.settle()
        page = window.flow.current()
        assert _banner_on_top(window), type(page).__name__
        if isinstance(page, ParticipantScreen):
            kinds.add("participant")
            assert page.code.text() == "PREVIEW"  # filled in; any pseudonym would do
        elif isinstance(page, ConsentScreen):
            kinds.add("consent")
        elif isinstance(page, MessageScreen):
            kinds.add(page.title.text().split(":")[0])
            if page.title.text() == "Finished":
                break
        elif page is window.flow.trial:
            kinds.add("trial")
            pilot.wait(lambda: window.flow.trial.phase == "trial", "the stimulus")
            assert _banner_on_top(window)
        pilot.step()
        if window.flow.trial.phase == "feedback":
            kinds.add("feedback")
            assert _banner_on_top(window)
    assert {"participant", "consent", "Instructions", "Break", "Finished",
            "trial"} <= kinds, kinds
    assert any(k.startswith("Practice") for k in kinds), kinds
    window.close()
    assert not folder.exists()


def test_show_gold_shows_the_gold_only_in_a_preview(qtbot, mini_study_dir: Path,
                                                    tmp_path: Path) -> None:
    trim_study(mini_study_dir, ["c1", "r1", "k1"])
    window = _open(qtbot, mini_study_dir)
    pilot = Autopilot(window, load_study(mini_study_dir))
    _to_first_trial(qtbot, window, pilot)
    trial = window.flow.trial
    assert trial.view.item_id == "c1"
    assert _gold_labels(window) == []  # off until asked for
    window.banner.show_gold.setChecked(True)
    assert _gold_labels(trial.panel) == ["Gold: Negative"]  # under the question, in words
    window.banner.show_gold.setChecked(False)
    assert _gold_labels(window) == []
    window.banner.show_gold.setChecked(True)
    pilot.step()  # answered: the next item shows its own gold
    pilot.wait(lambda: trial.view.item_id == "r1" and trial.phase == "trial", "the next item")
    pilot.settle()
    gold = _gold_labels(trial.panel)
    assert len(gold) == 1 and "Put the egg in boiling water" in gold[0]
    window.close()

    # A real session of the same study: no banner, no gold, nowhere.
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'real.sqlite3'}")
    start_session(app, mini_study_dir)
    app.wait_trial()
    assert app.window.findChildren(PreviewBanner) == []
    assert _gold_labels(app.window) == []
    texts = " ".join(w.text() for w in app.window.findChildren(QtWidgets.QLabel))
    assert "Gold" not in texts
    app.close()


def test_jump_to_item_shows_the_chosen_item(qtbot, mini_study_dir: Path) -> None:
    trim_study(mini_study_dir, ["c1", "c2", "s1", "rank1"])
    window = _open(qtbot, mini_study_dir)
    pilot = Autopilot(window, load_study(mini_study_dir))
    _to_first_trial(qtbot, window, pilot)
    trial, items = window.flow.trial, window.banner.items
    assert items.isEnabled() and items.count() == 4
    target = next(i for i in range(items.count()) if "rank1" in items.itemText(i))
    items.setCurrentIndex(target)
    items.activated.emit(target)
    pilot.wait(lambda: trial.view.item_id == "rank1" and trial.phase == "trial", "rank1")
    assert _banner_on_top(window)
    pilot.step()  # answered; then the first unanswered item again
    pilot.wait(lambda: trial.view.item_id == "c1" and trial.phase == "trial", "c1")
    # An item already answered can be shown and answered again (nothing is added).
    items.activated.emit(target)
    pilot.wait(lambda: trial.view.item_id == "rank1" and trial.phase == "trial", "rank1 again")
    pilot.step()
    pilot.wait(lambda: trial.view.item_id == "c1" and trial.phase == "trial", "c1 again")
    assert [r.item_id for r in window.session.db.responses("mini")] == ["rank1"]
    window.close()


def test_editing_study_json_shows_the_problem_then_reloads_the_item(
        qtbot, mini_study_dir: Path) -> None:
    trim_study(mini_study_dir, ["c1", "c2", "v1"])
    window = _open(qtbot, mini_study_dir)
    pilot = Autopilot(window, load_study(mini_study_dir))
    _to_first_trial(qtbot, window, pilot)
    trial, banner = window.flow.trial, window.banner
    assert trial.view.item_id == "c1"
    assert str(mini_study_dir / "images" / "a.png") in window.watcher.watched()
    source = mini_study_dir / "study.json"
    raw = json.loads(source.read_text(encoding="utf-8"))

    raw["items"][0]["questions"][0]["kind"] = "chioce"  # a typo, saved
    source.write_text(json.dumps(raw), encoding="utf-8")
    qtbot.waitUntil(lambda: banner.problems.isVisible(), timeout=10_000)
    assert "study.json" in banner.problems.text()
    assert "items[0].questions[0]" in banner.problems.text()
    assert trial.view.item_id == "c1" and trial.phase == "trial"  # the last good version stays

    raw["items"][0]["questions"][0]["kind"] = "choice"
    raw["items"][0]["questions"][0]["prompt"] = "How does the writer feel?"
    source.write_text(json.dumps(raw), encoding="utf-8")
    qtbot.waitUntil(lambda: not banner.problems.isVisible()
                    and trial.view.questions[0].prompt == "How does the writer feel?",
                    timeout=10_000)
    pilot.wait(lambda: trial.phase == "trial" and trial.view.item_id == "c1", "c1 reloaded")
    assert "Reloaded" in banner.status.text()
    window.close()


def test_a_changed_image_reloads_the_item_with_the_new_picture(qtbot, mini_study_dir: Path) -> None:
    trim_study(mini_study_dir, ["c1", "v1"])
    window = _open(qtbot, mini_study_dir)
    pilot = Autopilot(window, load_study(mini_study_dir))
    _to_first_trial(qtbot, window, pilot)
    trial = window.flow.trial
    window.banner.jump_requested.emit(1)  # the item with images
    pilot.wait(lambda: trial.view.item_id == "v1" and trial.phase == "trial", "v1")
    first_body = trial.body
    image = mini_study_dir / "images" / "a.png"
    image.write_bytes((mini_study_dir / "images" / "b.png").read_bytes())  # another picture
    qtbot.waitUntil(lambda: "Reloaded" in window.banner.status.text(), timeout=10_000)
    pilot.wait(lambda: trial.body is not first_body and trial.phase == "trial"
               and trial.view.item_id == "v1", "v1 shown again")
    assert not window.banner.problems.isVisible()
    window.close()


def test_run_preview_without_a_study_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--preview"]) == 2
    err = capsys.readouterr().err
    assert "--preview needs the study" in err and "Traceback" not in err


def test_run_preview_of_a_broken_study_exits_2_naming_the_place(
        qapp, capsys: pytest.CaptureFixture[str], data_home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    raw = json.loads((FIXTURES / "mini-study" / "study.json").read_text(encoding="utf-8"))
    raw["items"][1]["questions"][0]["gold"] = "maybe"
    (broken / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    args = argparse.Namespace(self_test=False, db=None, home=data_home, study=str(broken),
                              participant=None, preview=True)
    assert launch(args) == 2
    err = capsys.readouterr().err
    assert "study.json" in err and "items[1]" in err
    assert not (data_home / "baseline-studio.sqlite3").exists()  # no database was opened
