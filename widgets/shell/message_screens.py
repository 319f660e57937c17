"""Screens that show text and wait: consent (must agree), instructions, a block's introduction,
a break, the end. Space or Enter continues; Up/Down/PageUp/PageDown scroll long texts.

A break and the end screen come straight after an answer, while the hands are still on the
keys: there only the key the button names (Space) continues, and only once the screen has been
up for GUARD_S, so an Enter or a double press meant for the item cannot end a break unseen."""

from __future__ import annotations

import time
from pathlib import Path

from app.session.engine import EndScreen
from widgets.i18n import participant_number, participant_percent
from widgets.qt import QKeyEvent, Qt, QtCore, QtGui, QtWidgets, QWidget, Signal
from widgets.shell.page import MarkdownView, Page
from widgets.shell.trial_header import block_name
from widgets.typography import mute

CONTINUE_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
GUARD_S = 0.8  # s a guarded screen ignores keys for, from when it is first shown


class MessageScreen(Page):
    """Title, Markdown, and one Continue button. Emits `done` once (a double Space press does
    not skip the next screen: the button is disabled after the first)."""

    done = Signal()

    def __init__(self, title: str, text: str, *, button: str | None = None,
                 note: str = "", base: Path | None = None, guarded: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.guarded = guarded
        self.keys_from_ns: int | None = None  # monotonic ns from which keys count (guarded)
        self.text = self.scroller = MarkdownView(text, base=base, parent=self.column)
        self.fonts.add(self.text, 1.15)
        self.body.addWidget(self.text, 100)  # all the room it needs; the stretch gets the rest
        self.note = mute(QtWidgets.QLabel(note))
        self.note.setWordWrap(True)
        self.note.setVisible(bool(note))
        self.fonts.add(self.note, 1.1)
        self.body.addWidget(self.note)
        self.body.addStretch(1)
        label = button if button is not None else self.tr("Continue")
        self.continue_button = self.add_button(self.tr("{button}  (Space)").format(button=label),
                                               primary=True)
        self.continue_button.clicked.connect(self._finish)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        if self.keys_from_ns is None:
            self.keys_from_ns = time.monotonic_ns() + round(GUARD_S * 1e9)

    def keys_count(self) -> bool:
        """False while a guarded screen is fresh (keys are ignored, clicks are not)."""
        return not self.guarded or (self.keys_from_ns is not None
                                    and time.monotonic_ns() >= self.keys_from_ns)

    def _finish(self) -> None:
        if self.continue_button.isEnabled():
            self.continue_button.setEnabled(False)
            self.done.emit()

    def enter_pressed(self) -> bool:
        if not self.guarded:  # a guarded screen's button names Space, and Space it is
            self._finish()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.isAutoRepeat() and event.key() in CONTINUE_KEYS:
            return  # a held key must not skip screens
        if event.key() == Qt.Key.Key_Space:
            if self.keys_count():
                self._finish()
            return
        super().keyPressEvent(event)


class ConsentScreen(Page):
    """The consent text and a box to tick; Continue only once ticked. Emits `agreed` or
    `declined`."""

    agreed = Signal()
    declined = Signal()

    def __init__(self, text: str, *, base: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Consent"), parent)
        self.text = self.scroller = MarkdownView(text, base=base, parent=self.column)
        self.fonts.add(self.text, 1.15)
        self.body.addWidget(self.text, 100)  # all the room it needs; the stretch gets the rest
        self.agree = QtWidgets.QCheckBox(
            self.tr("I have read the above and agree to take part."), self.column)
        self.fonts.add(self.agree, 1.1)
        self.body.addWidget(self.agree)
        self.hint = hint = mute(QtWidgets.QLabel(
            self.tr("Space ticks the box, Enter continues, Esc declines.")))
        hint.setWordWrap(True)
        self.body.addWidget(hint)
        self._decline_asked = False  # Esc once: asked; Esc again: declined
        self.body.addStretch(1)
        self.decline_button = self.add_button(self.tr("I do not agree"))
        self.decline_button.clicked.connect(self.declined.emit)
        self.continue_button = self.add_button(self.tr("Continue  ⏎"), primary=True)
        self.continue_button.clicked.connect(self._agree)
        self.agree.toggled.connect(self.continue_button.setEnabled)
        self.continue_button.setEnabled(False)
        self.agree.setFocus()

    def initial_focus(self) -> QWidget:
        return self.agree

    def _agree(self) -> None:
        if self.agree.isChecked() and self.continue_button.isEnabled():
            self.continue_button.setEnabled(False)
            self.agreed.emit()

    def enter_pressed(self) -> bool:
        self._agree()
        return True

    def escape_pressed(self) -> bool:
        # Declining ends the session before it starts: one stray Esc must not do it.
        if not self._decline_asked:
            self._decline_asked = True
            self.hint.setText(self.tr("Do you want to decline? Press Esc again to decline, or "
                                      "tick the box to take part."))
            self.decline_button.setFocus()
            return True
        self.declined.emit()
        return True


class CodeInUseScreen(MessageScreen):
    """Asked before a session starts on a code that another session, never closed, used
    minutes ago: two stations answering as one code would record the same items twice.
    Continue (`done`) or go back (`back`, also Esc)."""

    back = Signal()

    def __init__(self, code: str, minutes_ago: int, parent: QWidget | None = None) -> None:
        when = (QtCore.QCoreApplication.translate("CodeInUseScreen", "less than a minute ago")
                if minutes_ago < 1 else QtCore.QCoreApplication.translate(
                    "CodeInUseScreen", "%Ln minute(s) ago", None, minutes_ago))
        text = QtCore.QCoreApplication.translate(
            "CodeInUseScreen",
            "**{code}** was last answering {when} in a session that was not closed.\n\n"
            "If {code} is working on another computer or in another window now, go back "
            "and finish there: two places answering as one code record the same items "
            "twice.\n\nIf that computer crashed or was switched off, continue here: "
            "nothing saved is lost.").format(code=code, when=when)
        super().__init__(
            QtCore.QCoreApplication.translate(
                "CodeInUseScreen", "Is {code} answering somewhere else?").format(code=code),
            text, button=QtCore.QCoreApplication.translate("CodeInUseScreen", "Continue here"),
            parent=parent)
        self.back_button = self.add_button(self.tr("Go back  (Esc)"))
        self.back_button.clicked.connect(self.back.emit)
        # The way out on the left, the way on at the right, as on the consent screen.
        self.buttons.insertWidget(self.buttons.indexOf(self.continue_button), self.back_button)

    def escape_pressed(self) -> bool:
        self.back.emit()
        return True


def block_intro_title(title: str, practice: bool) -> str:
    """A practice block's title says so (the study's title is the designer's words, as is)."""
    if not practice or "practice" in title.lower():
        return block_name(title)
    return QtCore.QCoreApplication.translate("MessageScreen", "{title} (practice)").format(
        title=title)


def break_text(done: int, total: int) -> str:
    return QtCore.QCoreApplication.translate(
        "MessageScreen", "You have answered **{done} of %Ln** items.\n\n"
        "Take a short break if you like: stretch, rest your eyes. Time on this screen does "
        "not count. Continue when you are ready.", None, total).format(
            done=participant_number(done))


def end_title(screen: EndScreen) -> str:
    """"Finished", or for a reader study's sitting that is not the last, what it is."""
    if screen.waiting:
        return QtCore.QCoreApplication.translate(
            "MessageScreen", "Your next reading session is not open yet")
    if screen.sittings_left:
        return QtCore.QCoreApplication.translate(
            "MessageScreen", "This reading session is finished")
    return QtCore.QCoreApplication.translate("ParticipantFlow", "Finished")  # as it always was


def participant_date(utc: str) -> str:
    """A UTC ISO time as the participant's language writes the local date and time."""
    moment = QtCore.QDateTime.fromString(utc, QtCore.Qt.DateFormat.ISODate).toLocalTime()
    return QtCore.QLocale().toString(moment, QtCore.QLocale.FormatType.ShortFormat)


def sittings_text(screen: EndScreen) -> list[str]:
    """What a reader of a study with reading conditions is told of the sittings to come."""
    if screen.waiting:
        return [QtCore.QCoreApplication.translate(
            "MessageScreen", "The study asks for a pause between reading sessions, so that "
            "every case is read afresh. Your next session opens on **{when}**: please come "
            "back then, with the same code.").format(
                when=participant_date(screen.next_opens_utc or ""))]
    if not screen.sittings_left:
        return []
    if screen.next_opens_utc:
        return [QtCore.QCoreApplication.translate(
            "MessageScreen", "%n more reading session(s) to come, with the same code. The "
            "next one opens on **{when}**.", None, screen.sittings_left).format(
                when=participant_date(screen.next_opens_utc))]
    return [QtCore.QCoreApplication.translate(
        "MessageScreen", "%n more reading session(s) to come, with the same code: the next "
        "one can start now.", None, screen.sittings_left)]


def end_text(screen: EndScreen) -> str:
    if screen.waiting:
        return "\n".join(sittings_text(screen))
    lines = [QtCore.QCoreApplication.translate(
                 "MessageScreen", "**Thank you!** Your answers are saved."), "",
             QtCore.QCoreApplication.translate(
                 "MessageScreen", "You answered {done} of %Ln items.", None, screen.total).format(
                     done=participant_number(screen.done))]
    if screen.score is not None:
        lines += ["", QtCore.QCoreApplication.translate(
            "MessageScreen", "Your score on the items with a right answer: **{score}**.").format(
                score=participant_percent(screen.score))]
    more = sittings_text(screen)
    if more:
        return "\n".join([*lines, "", *more])
    lines += ["", QtCore.QCoreApplication.translate(
        "MessageScreen", "Please tell the study team that you have finished.")]
    return "\n".join(lines)
