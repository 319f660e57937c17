"""The preview window: the participant app as a participant gets it, screen for screen, on a
throwaway database (widgets.preview.session), with the preview banner above every screen.

What it adds to the ordinary window: the banner's "show gold" (the gold answer under each
question, read from the study here, never from a screen's TrialView, which has none) and "jump
to item", a participant code filled in on the code screen, and a live reload: when study.json or
an asset changes on disk the study is validated again; problems go to the banner (file and JSON
path), a valid change reloads the screen on show.
"""

from __future__ import annotations

import atexit
import shutil
import time
from pathlib import Path
from typing import Any

from app.session.engine import TrialScreenSpec
from app.session.plan import build_plan
from app.session.preview import PreviewEngine
from app.study.assets import asset_paths
from app.study.errors import StudyError
from app.study.loader import LoadedStudy, load_study, study_file
from widgets.preview.banner import PreviewBanner
from widgets.preview.session import PreviewSession, preview_code
from widgets.preview.watch import StudyWatcher
from widgets.qt import QtGui, QtWidgets, QWidget, Signal
from widgets.shell.feedback import describe_answer
from widgets.shell.main_window import MainWindow
from widgets.shell.page import Page
from widgets.shell.participant_screen import ParticipantScreen
from widgets.tasks import describe_error

GOLD_STYLE = "color: #7a5a00; background: #fff4c2; padding: 4px 8px;"
Signature = tuple[str, tuple[tuple[str, int, int], ...]]


def signature(loaded: LoadedStudy) -> Signature:
    """What a reload must notice: the study's content and its asset files' sizes and times."""
    files = []
    for relative in asset_paths(loaded):
        path = loaded.folder / relative
        try:
            stat = path.stat()
            files.append((relative, stat.st_size, stat.st_mtime_ns))
        except OSError:
            files.append((relative, -1, -1))
    return loaded.content_hash, tuple(files)


class PreviewWindow(MainWindow):
    preview_closed = Signal()

    def __init__(self, study_path: Path, *, parent: QWidget | None = None) -> None:
        self.session = PreviewSession()
        # Even if the process ends without closing the window, the folder goes.
        atexit.register(shutil.rmtree, self.session.folder, ignore_errors=True)
        super().__init__(self.session.db, home=self.session.folder, parent=parent)
        self.study_path = Path(study_path)
        self.flow.engine_class = PreviewEngine
        self.banner = PreviewBanner(self)
        central = self.centralWidget().layout()
        assert isinstance(central, QtWidgets.QBoxLayout)
        central.insertWidget(0, self.banner)
        self.banner.show_gold_toggled.connect(lambda _on: self._refresh_gold())
        self.banner.jump_requested.connect(self.jump_to)
        # Keys belong to the participant screen: after a click in the banner, back to it.
        self.banner.show_gold_toggled.connect(lambda _on: self._focus_page())
        self.banner.jump_requested.connect(lambda _position: self._focus_page())
        self.watcher = StudyWatcher(self)
        self.watcher.changed.connect(self.revalidate)
        self.flow.screen_shown.connect(self._screen_shown)
        self.stack.currentChanged.connect(self._page_changed)
        self._signature: Signature | None = None
        self._plan_key: tuple[str, str] | None = None
        self._gold_labels: list[QtWidgets.QLabel] = []
        self._watched_study: Path | None = None

    def start(self) -> None:
        """Open the study at its first screen (the participant code screen)."""
        self.flow.open_study(self.study_path)

    # ------------------------------------------------------------------ what the window adds

    def _study_changed(self, loaded: LoadedStudy | None) -> None:
        super()._study_changed(loaded)
        if loaded is None:
            return
        self.setWindowTitle(f"Preview · {loaded.study.title} · Baseline Studio")
        if self._signature is None:
            self._signature = signature(loaded)
        self._watch(loaded)

    def _watch(self, loaded: LoadedStudy) -> None:
        self.watcher.watch([study_file(self.study_path).resolve(),
                            *(loaded.folder / p for p in asset_paths(loaded))])

    def _page_changed(self, _index: int) -> None:
        page = self.flow.current()
        if isinstance(page, ParticipantScreen) and not page.code.text():
            page.code.setText(preview_code(page.loaded.study))
        self._refresh_gold()

    def _screen_shown(self, screen: object) -> None:
        controller = self.flow.controller
        loaded = self.flow.loaded
        if controller is not None and loaded is not None:
            key = (controller.code, loaded.content_hash)
            if key != self._plan_key:
                self._plan_key = key
                study = loaded.study
                self.banner.set_plan(build_plan(study, controller.code),
                                     {b.id: b.title or b.id for b in study.blocks})
        if isinstance(screen, TrialScreenSpec):
            self.banner.select_position(screen.view.position)
        self._refresh_gold()

    def _focus_page(self) -> None:
        page = self.flow.current()
        (page.initial_focus() if isinstance(page, Page) else page).setFocus()

    def open_designer(self) -> None:
        QtWidgets.QMessageBox.information(
            self, "Preview", "Designer mode is not part of a preview; use the designer window "
            "the preview was opened from.")

    # ------------------------------------------------------------------ show gold

    def _refresh_gold(self) -> None:
        for label in self._gold_labels:
            try:
                label.hide()
                label.deleteLater()
            except RuntimeError:  # gone with the trial body it was in
                pass
        self._gold_labels = []
        trial, loaded = self.flow.trial, self.flow.loaded
        view, panel = trial.view, trial.panel
        if (not self.banner.show_gold.isChecked() or loaded is None or view is None
                or panel is None or self.flow.current() is not trial):
            return
        item = loaded.items_by_id.get(view.item_id)
        golds: dict[str, Any] = ({q.id: getattr(q, "gold", None) for q in item.questions}
                                 if item is not None else {})
        for entry in panel.entries:
            gold = golds.get(entry.question.id)
            text = (f"Gold: {describe_answer(view, entry.question.id, gold)}"
                    if gold is not None else "No gold answer for this question")
            label = QtWidgets.QLabel(text, entry.box)
            label.setObjectName("preview-gold")
            label.setWordWrap(True)
            label.setStyleSheet(GOLD_STYLE)
            box = entry.box.layout()
            if box is not None:
                box.addWidget(label)
            label.show()
            self._gold_labels.append(label)

    # ------------------------------------------------------------------ jump to item

    def jump_to(self, position: int) -> None:
        controller = self.flow.controller
        engine = controller.engine if controller is not None else None
        if controller is None or not isinstance(engine, PreviewEngine):
            return
        controller.run_then_advance("going to the chosen item", lambda: engine.jump_to(position))

    # ------------------------------------------------------------------ live reload

    def revalidate(self) -> None:
        """Validate the study on disk again (on the writer, like every load)."""
        path = self.study_path
        if self.session.closed:
            return

        def check() -> tuple[LoadedStudy, Signature]:
            loaded = load_study(path)
            return loaded, signature(loaded)

        self.tasks.run_write(check, on_done=lambda r: self._revalidated(*r),
                             on_error=self._invalid, label="checking the study again")

    def _invalid(self, exc: BaseException) -> None:
        self.banner.show_problems(exc.problems if isinstance(exc, StudyError)
                                  else [f"{self.study_path}: {describe_error(exc)}"])

    def _revalidated(self, loaded: LoadedStudy, sig: Signature) -> None:
        now = time.strftime("%H:%M:%S")
        if sig == self._signature:
            self.banner.clear_problems(f"Checked at {now}: no change")
            return
        old = self.flow.loaded
        if old is not None and old.study.id != loaded.study.id:
            self.banner.show_problems([f"{study_file(self.study_path)}: id: the study's id "
                                       f"changed from {old.study.id!r} to {loaded.study.id!r}; "
                                       "close the preview and open it again"])
            return
        if self._signature is None or sig[1] != self._signature[1]:
            self.image_cache.clear()  # an image changed: decode it again
        self._signature = sig
        self._watch(loaded)
        self.flow.loaded = loaded
        controller = self.flow.controller
        engine = controller.engine if controller is not None else None
        if controller is not None and isinstance(engine, PreviewEngine) and not controller.closed:
            controller.loaded = loaded
            trial = self.flow.trial
            keep = (trial.view.item_id if self.flow.current() is trial and trial.view is not None
                    else None)
            controller.run_then_advance("reloading the study",
                                        lambda: engine.reload(loaded, keep_item=keep))
        else:
            self.flow.open_study(self.study_path)  # not in a session yet: the code screen again
        self.banner.clear_problems(f"Reloaded at {now}")

    # ------------------------------------------------------------------ closing

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        self.watcher.watch([])  # no reload once the writer is gone
        super().closeEvent(event)  # ends the session and finishes the writer's jobs
        self.session.close()  # then the throwaway database and its folder go
        self.preview_closed.emit()
