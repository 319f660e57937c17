"""`python -m widgets.screenshots docs/screenshots` (`make screenshots`): a tour of every screen.

Runs the real app in a real window (under Xvfb when there is no display), in a temporary data
folder, and saves a PNG of: the start screen, a broken study's problem list, then for every
bundled study (or the mini test study) the participant, consent and instruction screens, one
trial of every kind of item (stimulus kind x question kinds) before and after answering,
practice feedback, a break and the end; the passphrase dialog and the designer window; a
trial at a larger font and in the dark colour scheme; and the code screen, a lesion case, a
POEMetric item and a grouping item again at laptop sizes (widgets/screenshot_sizes.py).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from app.catalog import list_studies
from app.session.engine import EndScreen, SessionEngine
from app.session.plan import build_plan
from app.storage import open_database
from app.study.loader import LoadedStudy, load_study
from app.study.model import Item
from widgets.autopilot import Autopilot
from widgets.qt import QApplication, QColor, QPalette, Qt, QWidget
from widgets.results_tour import take_results_shots
from widgets.screenshot_sizes import take_laptop_shots
from widgets.shell.message_screens import (
    CodeInUseScreen,
    ConsentScreen,
    MessageScreen,
    end_title,
)
from widgets.shell.participant_screen import ParticipantScreen
from widgets.station_window import StationWindow

MINI_STUDY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "mini-study"
WINDOW_SIZE = (1280, 820)
LONG_STUDY = 40  # past this many items, stop once every kind of item has been seen


class Tour:
    def __init__(self, out: Path, home: Path) -> None:
        self.out = out
        self.home = home
        self.db = open_database(None, home=home)
        self.window = StationWindow(self.db, home=home)
        self.window.resize(*WINDOW_SIZE)
        self.window.show()
        self.count = 0
        self.saved: list[Path] = []
        self.done: set[str] = set()

    def settle(self) -> None:
        Autopilot(self.window, None).settle()

    def shot(self, name: str, widget: QWidget | None = None) -> None:
        self.settle()
        self.count += 1
        path = self.out / f"{self.count:02d}-{name}.png"
        (widget or self.window).grab().save(str(path))
        self.saved.append(path)
        if widget is None:  # the screens a clinic laptop must show whole (screenshot_sizes)
            self.saved += take_laptop_shots(self.window, self.out, name)

    def pilot(self, loaded: LoadedStudy) -> Autopilot:
        return Autopilot(self.window, loaded)

    # ------------------------------------------------------------------ the tour

    def start_and_problems(self) -> None:
        flow = self.window.flow
        flow.show_start()
        self.settle()
        self.shot("start")
        broken = self.home / "broken-study"
        shutil.copytree(MINI_STUDY, broken)
        raw = json.loads((broken / "study.json").read_text(encoding="utf-8"))
        raw["items"][1]["questions"][0]["gold"] = "maybe"
        raw["items"][4]["stimulus"]["documents"][1]["id"] = "d1"
        raw["design"]["break_every"] = -1
        (broken / "study.json").write_text(json.dumps(raw), encoding="utf-8")
        flow.open_study(broken)
        self.settle()
        self.shot("start-broken-study-problems")

    def study(self, path: Path, code: str) -> None:
        loaded = load_study(path)
        sid = loaded.study.id
        pilot = self.pilot(loaded)
        flow = self.window.flow
        flow.open_study(path, code=code)
        pilot.settle()
        kinds = {self._signature(item) for item in loaded.study.items}
        n_items = len(build_plan(loaded.study, code))
        seen: set[tuple[str, ...]] = set()
        titles: set[str] = set()
        for _ in range(n_items * 3 + 20):
            pilot.settle()
            page = pilot.page
            if isinstance(page, ParticipantScreen):
                pilot.fill_profile(page)
                self.shot(f"{sid}-participant")
            elif isinstance(page, ConsentScreen):
                self.shot(f"{sid}-consent")
            elif isinstance(page, MessageScreen):
                title = page.title.text()
                if title not in titles:
                    titles.add(title)
                    self.shot(f"{sid}-{_slug(title)}")
                if title == "Finished":
                    pilot.step()
                    return
                if title == end_title(EndScreen(0, 0, None, sittings_left=1)):
                    # a reader study's sitting is over: the same code reads the next one
                    pilot.step()
                    pilot.settle()
                    flow.open_study(path, code=code)
                    continue
            elif page is flow.trial:
                self._trial(loaded, pilot, seen)
                if n_items > LONG_STUDY and seen >= kinds:
                    flow.show_start()
                    return
                continue
            pilot.step()

    def _trial(self, loaded: LoadedStudy, pilot: Autopilot, seen: set[tuple[str, ...]]) -> None:
        """Answer the trial on screen; photograph it first if its kind is new."""
        trial = self.window.flow.trial
        sid = loaded.study.id
        assert trial.view is not None
        item = loaded.items_by_id[trial.view.item_id]
        signature = self._signature(item)
        name = f"{sid}-trial-{'-'.join(signature)}"
        new = signature not in seen
        if new:
            seen.add(signature)
            if trial.phase == "ready":
                self.shot(f"{sid}-ready-screen")
                pilot.press(Qt.Key.Key_Space, " ")
            pilot.wait(lambda: trial.phase == "trial" and trial.onset_seen, "the stimulus")
            self.shot(name)
            if f"{sid}-pause" not in self.done:  # the pause screen and the F1 key list, once
                self.done.add(f"{sid}-pause")
                trial.pause()
                self.shot(f"{sid}-pause")
                trial.resume()
                self.window.toggle_key_help()
                self.shot(f"{sid}-keys-f1")
                self.window.toggle_key_help()
        pilot.answer_trial()
        if new:
            self.shot(f"{name}-answered")
        pilot.submit_trial()
        if trial.phase == "feedback":
            if f"{sid}-feedback" not in self.done:
                self.done.add(f"{sid}-feedback")
                self.shot(f"{sid}-practice-feedback")
            pilot.press(Qt.Key.Key_Space, " ")
        pilot.wait(lambda: pilot.page is not trial or trial.view is None
                   or trial.view.item_id != item.id, "the next screen")

    @staticmethod
    def _signature(item: Item) -> tuple[str, ...]:
        return (item.stimulus.kind, *sorted({q.kind for q in item.questions}))

    def designer(self) -> None:
        from app.security import set_designer_passphrase
        from widgets.designer.gate import PassphraseDialog
        from widgets.designer.window import DesignerWindow

        dialog = PassphraseDialog(setting=True, home=self.home, parent=self.window)
        dialog.show()
        self.shot("designer-passphrase", dialog)
        dialog.close()
        set_designer_passphrase("screenshot tour", self.home)
        designer = DesignerWindow(self.db, self.window.tasks, home=self.home)
        designer.resize(*WINDOW_SIZE)
        designer.show()
        self.settle()
        self.shot("designer-participants", designer)
        designer.tabs.setCurrentIndex(1)
        self.shot("designer-coverage", designer)
        designer.tabs.setCurrentWidget(designer.design)
        self.shot("designer-design-warnings", designer)
        designer.close()

    def comfort(self, path: Path) -> None:
        """The first trial of a study at a larger font, then in the dark scheme."""
        zoom = self.window.zoom
        loaded = load_study(path)
        pilot = self.pilot(loaded)
        self.window.flow.open_study(path, code="P900")
        for _ in range(20):
            pilot.settle()
            if pilot.page is self.window.flow.trial:
                break
            pilot.step()
        trial = self.window.flow.trial
        if trial.phase == "ready":
            pilot.press(Qt.Key.Key_Space, " ")
        pilot.wait(lambda: trial.phase == "trial" and trial.onset_seen, "the stimulus")
        for _ in range(3):
            zoom.zoom_in()
        self.shot(f"{loaded.study.id}-trial-larger-text")
        zoom.reset()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        light = app.palette()
        app.setPalette(dark_palette())  # what a system dark scheme hands the app
        self.shot(f"{loaded.study.id}-trial-dark")
        app.setPalette(light)
        self.window.flow.show_start()

    def code_in_use(self, path: Path) -> None:
        """The question asked when a code is still answering in another, unclosed session."""
        loaded = load_study(path)
        SessionEngine(loaded, self.db, "P950")  # another station's session, never closed
        self.window.flow.open_study(path, code="P950")
        pilot = self.pilot(loaded)
        pilot.wait(lambda: isinstance(pilot.page, CodeInUseScreen), "the code-in-use question")
        self.shot("code-in-use")
        self.window.flow.show_start()

    def preview(self) -> None:
        """The study preview: a trial under its banner with the gold shown, then the
        banner naming what a broken edit of study.json got wrong (on a copy of the mini study)."""
        from widgets.preview.window import PreviewWindow

        folder = Path(tempfile.mkdtemp(prefix="baseline-studio-preview-tour-")) / "mini-study"
        shutil.copytree(MINI_STUDY, folder)
        window = PreviewWindow(folder)
        window.resize(*WINDOW_SIZE)
        window.show()
        try:
            window.start()
            pilot = Autopilot(window, load_study(folder))
            for _ in range(10):
                pilot.settle()
                if window.flow.current() is window.flow.trial:
                    break
                pilot.step()
            pilot.wait(lambda: window.flow.trial.phase == "trial", "the preview's first item")
            window.banner.show_gold.setChecked(True)
            pilot.settle()
            self.shot("preview-show-gold", window)
            source = folder / "study.json"
            raw = json.loads(source.read_text(encoding="utf-8"))
            raw["items"][0]["questions"][0]["kind"] = "chioce"
            source.write_text(json.dumps(raw), encoding="utf-8")
            pilot.wait(window.banner.problems.isVisible, "the preview to find the problem")
            pilot.settle()
            self.shot("preview-problem", window)
        finally:
            window.close()
            shutil.rmtree(folder.parent, ignore_errors=True)

    def close(self) -> None:
        self.window.close()
        self.db.close()


def dark_palette() -> QPalette:
    """A dark system palette, as a desktop in dark mode gives it (Xvfb has no desktop to ask):
    the screens must read well in it without a colour of their own."""
    roles = QPalette.ColorRole
    colours = {
        roles.Window: "#2b2d30", roles.WindowText: "#e4e4e4", roles.Base: "#1f2023",
        roles.AlternateBase: "#34363a", roles.Text: "#e4e4e4", roles.Button: "#3a3c40",
        roles.ButtonText: "#e4e4e4", roles.Highlight: "#3d7fd1", roles.HighlightedText: "#ffffff",
        roles.PlaceholderText: "#9a9da3", roles.Mid: "#55585e", roles.Dark: "#1a1b1d",
        roles.Light: "#4a4d52", roles.Midlight: "#404348", roles.Shadow: "#000000",
        roles.ToolTipBase: "#34363a", roles.ToolTipText: "#e4e4e4", roles.Link: "#7fb2f0",
    }
    palette = QPalette()
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    return palette


def covering_code(loaded: LoadedStudy, n: int, tries: int = 20) -> str:
    """A code for the n-th study of the tour whose plan meets every kind of item the study has
    (a code's assignment depends on the code itself, so P003 might never see a grouping item),
    else the one that meets the most. Each study gets codes of its own range."""
    study = loaded.study
    kinds = {Tour._signature(item) for item in study.items}
    by_id = {item.id: item for item in study.items}
    best, best_seen = "", -1
    for k in range(1, tries + 1):
        code = f"P{n * tries + k:03d}"
        seen = {Tour._signature(by_id[t.item_id]) for t in build_plan(study, code)
                if t.item_id in by_id}
        if len(seen & kinds) > best_seen:
            best, best_seen = code, len(seen & kinds)
        if seen >= kinds:
            break
    return best


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    home = Path(tempfile.mkdtemp(prefix="baseline-studio-screens-"))
    studies = [e.path for e in list_studies(home) if e.origin == "bundled"] or [MINI_STUDY]
    tour = Tour(out, home)
    try:
        tour.start_and_problems()
        for n, path in enumerate([MINI_STUDY, *studies] if MINI_STUDY not in studies
                                 else studies):
            tour.study(path, covering_code(load_study(path), n))
        tour.designer()
        tour.comfort(studies[0])
        tour.code_in_use(MINI_STUDY)
        tour.preview()
        if any(e.origin == "bundled" for e in list_studies(home)):
            tour.saved += take_results_shots(out, home)
    finally:
        tour.close()
        shutil.rmtree(home, ignore_errors=True)
    del app
    for path in tour.saved:
        sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
