"""Drives the participant app the way a person would, for the self-test and the screenshot
tour: fills the profile, ticks consent, presses Space on message screens, and answers trials
with key presses through the real response widgets (the same path as a participant's keys:
the window's key filter and each widget's handle_key)."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.study.loader import LoadedStudy
from widgets.kinds import widget_kind
from widgets.qt import QApplication, QKeyEvent, Qt, QtCore, QWidget
from widgets.shell.main_window import MainWindow
from widgets.shell.message_screens import ConsentScreen, MessageScreen
from widgets.shell.participant_screen import ParticipantScreen

STEP_TIMEOUT_S = 30.0


class AutopilotError(RuntimeError):
    pass


class Autopilot:
    def __init__(self, window: MainWindow, loaded: LoadedStudy | None,
                 log: Callable[[str], None] | None = None) -> None:
        self.window = window
        self.loaded = loaded
        self.log = log or (lambda _text: None)

    # ------------------------------------------------------------------ primitives

    def wait(self, condition: Callable[[], bool], what: str,
             timeout_s: float = STEP_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout_s
        while not condition():
            if time.monotonic() > deadline:
                raise AutopilotError(f"timed out waiting for {what}")
            QApplication.processEvents(QtCore.QEventLoop.ProcessEventsFlag.AllEvents, 20)
            time.sleep(0.002)

    def settle(self) -> None:
        """Until the writer is idle and every posted event (layout, paint) is handled."""
        self.wait(lambda: not self.window.writer.busy, "the database writer")
        for _ in range(3):
            QApplication.processEvents()

    def press(self, key: Qt.Key, text: str = "",
              modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        target: QWidget = self.window.focusWidget() or self.window
        for kind in (QtCore.QEvent.Type.KeyPress, QtCore.QEvent.Type.KeyRelease):
            QApplication.sendEvent(target, QKeyEvent(kind, key, modifiers, text))

    @property
    def page(self) -> QWidget:
        return self.window.flow.current()

    def wait_for_new_page(self, old: QWidget) -> None:
        self.wait(lambda: self.page is not old, "the next screen")

    # ------------------------------------------------------------------ screens

    def fill_profile(self, page: ParticipantScreen) -> None:
        for field in page.loaded.study.profile_fields:
            widget = page.form.inputs[field.id]
            if field.kind == "choice":
                widget.setCurrentIndex(1)  # type: ignore[union-attr]
            elif field.kind == "number" and field.required:
                widget.setText(f"{field.min:g}" if field.min is not None else "1")  # type: ignore[union-attr]
            elif field.required:
                widget.setText("self-test")  # type: ignore[union-attr]

    def answer_trial(self) -> list[str]:
        """Answer every question on the trial screen by keys (each kind's own:
        WidgetKind.autopilot_keys); the kinds answered."""
        trial = self.window.flow.trial
        if trial.phase == "ready":
            self.press(Qt.Key.Key_Space, " ")
        self.wait(lambda: trial.phase == "trial" and trial.onset_seen, "the stimulus on screen")
        assert trial.panel is not None
        kinds = []
        for entry in trial.panel.entries:
            kinds.append(entry.question.kind)
            entry.widget.setFocus()
            for press in widget_kind(entry.question.kind).autopilot_keys(entry.state):
                self.press(*press)
            if not entry.state.is_complete():
                raise AutopilotError(f"could not answer a {entry.question.kind} question "
                                     "from the keyboard")
        return kinds

    def submit_trial(self) -> None:
        trial = self.window.flow.trial
        view = trial.view
        # Ctrl+Enter submits wherever the focus is; plain Enter makes a new line in a comment.
        self.press(Qt.Key.Key_Return, "", Qt.KeyboardModifier.ControlModifier)
        if trial.awaiting_confirmation:  # a grouping or judgements, shown in words: confirm
            self.press(Qt.Key.Key_Return, "", Qt.KeyboardModifier.ControlModifier)
        # Saved once the trial moved past "saving" (the next one may already be up).
        self.wait(lambda: trial.phase in ("feedback", "iti", "done") or trial.view is not view
                  or self.page is not trial, "the answer to be saved")

    def step(self) -> str:
        """Act on the current screen once and wait for what follows; says what it did."""
        self.settle()
        page = self.page
        trial = self.window.flow.trial
        if isinstance(page, ParticipantScreen):
            self.fill_profile(page)
            page.submit()
            done = f"participant {page.code.text()}"
        elif isinstance(page, ConsentScreen):
            page.agree.setChecked(True)
            page.continue_button.click()
            done = "consent"
        elif isinstance(page, MessageScreen):
            done = page.title.text()
            self.wait(page.keys_count, "the screen to take keys")  # a break's guard
            self.press(Qt.Key.Key_Space, " ")
        elif page is trial:
            assert trial.view is not None
            item = trial.view.item_id
            kinds = self.answer_trial()
            self.submit_trial()
            if trial.phase == "feedback":
                self.press(Qt.Key.Key_Space, " ")
            done = f"item {item} ({', '.join(kinds)})"
            self.wait(lambda: self.page is not trial or trial.view is None
                      or trial.view.item_id != item, "the next screen")
            self.log(f"  {done}")
            return done
        else:
            raise AutopilotError(f"no autopilot for {type(page).__name__}")
        self.wait_for_new_page(page)
        self.log(f"  {done}")
        return done
