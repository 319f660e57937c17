"""The participant's path through the app, screen by screen:

start (choose a study) -> participant code and profile -> consent -> instructions ->
[block intro | trial | break]* -> end -> start again for the next participant.

The flow owns the screens it puts into the window's page stack; the window owns the writer,
the database and the menus. Loading a study and reading who is in the database run on the
writer too, so even a 20 MB study never freezes the window.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.catalog import kept_study, list_studies
from app.security import has_designer_passphrase
from app.session.engine import (
    BlockIntroScreen,
    BreakScreen,
    EndScreen,
    Progress,
    QuestionFeedback,
    Screen,
    SessionEngine,
    TrialScreenSpec,
)
from app.session.standing import ParticipantStanding, open_elsewhere, participant_standings
from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import LoadedStudy, load_study
from app.study.ui_language import DEFAULT_UI_LANGUAGE, language_choices
from app.study_places import remember_folder
from widgets.i18n import current_ui_language, participant_number, set_ui_language
from widgets.qt import QObject, Qt, QtWidgets, QWidget, Signal
from widgets.shell.core_words import core_text
from widgets.shell.language_picker import add_language_picker
from widgets.shell.message_screens import (
    CodeInUseScreen,
    ConsentScreen,
    MessageScreen,
    block_intro_title,
    break_text,
    end_text,
    end_title,
)
from widgets.shell.page import Page
from widgets.shell.participant_screen import ParticipantScreen
from widgets.shell.session_controller import SessionController
from widgets.shell.start_screen import StartScreen
from widgets.shell.trial_record import TrialSubmission
from widgets.shell.trial_screen import TrialScreen
from widgets.tasks import DatabaseWriter, describe_error


class ParticipantFlow(QObject):
    study_changed = Signal(object)  # LoadedStudy | None: the window shows the demo label
    error = Signal(str)  # something failed that the participant cannot fix: the window says so
    trial_shown = Signal(bool)  # the trial page became current (True) or stopped being so
    screen_shown = Signal(object)  # the engine's Screen, once on screen (a preview's banner)

    def __init__(self, stack: QtWidgets.QStackedWidget, writer: DatabaseWriter, db: Database, *,
                 home: Path | None, image_cache: Any, screen_info: Callable[[], tuple[float | None, str]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stack = stack
        self.writer = writer
        self.db = db
        self.home = home
        self.screen_info = screen_info
        self.loaded: LoadedStudy | None = None
        self.controller: SessionController | None = None
        self.start = StartScreen()
        self.start.study_chosen.connect(self.open_study)
        self.stack.addWidget(self.start)
        self.image_cache = image_cache
        set_ui_language(DEFAULT_UI_LANGUAGE)  # English's plural forms ("1 item", "2 items")
        self.trial = self._make_trial()
        self._pending_code: str | None = None
        # The one study this station runs (`run --study`): "the start" is its code screen,
        # never the list of studies or the designer passphrase.
        self.pinned_study: Path | None = None
        self._standings: dict[str, ParticipantStanding] = {}
        self._language: str | None = None  # the participant's pick on the code screen
        self.engine_class: type[SessionEngine] = SessionEngine  # a preview sets its own

    def _make_trial(self) -> TrialScreen:
        """The trial page, built in the current language (rebuilt when it changes)."""
        trial = TrialScreen(self.image_cache)
        trial.submit_requested.connect(self._submit)
        trial.finished.connect(self._advance)
        trial.log_requested.connect(self._log)
        trial.stimulus_problem.connect(
            lambda item, message, path: self.controller is not None
            and self.controller.flag_stimulus_problem(item, message, path))
        self.stack.addWidget(trial)
        return trial

    def _apply_language(self, tag: str) -> None:
        """The app's words in `tag` from now on; the trial page is rebuilt in it."""
        native = bool(self.loaded is not None and self.loaded.study.ui_native_digits)
        if tag == current_ui_language():
            return
        set_ui_language(tag, native_digits=native)
        old, self.trial = self.trial, self._make_trial()
        if old is not None:
            old.stop()
            self.stack.removeWidget(old)
            old.deleteLater()

    # ------------------------------------------------------------------ pages

    def _show(self, page: QWidget) -> None:
        """Make `page` current; a transient page replaced by another is deleted."""
        old = self.stack.currentWidget()
        if page.parent() is not self.stack:
            self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        if isinstance(page, Page):
            # After the switch: the stack moves the focus itself while it switches pages.
            page.initial_focus().setFocus(Qt.FocusReason.OtherFocusReason)
        if (old is self.trial) != (page is self.trial):
            self.trial_shown.emit(page is self.trial)
        if old is not None and old is not page and old not in (self.start, self.trial):
            self.stack.removeWidget(old)
            old.deleteLater()

    def current(self) -> QWidget:
        return self.stack.currentWidget()

    # ------------------------------------------------------------------ start

    def show_start(self) -> None:
        if self.pinned_study is not None:
            self.end_session()
            self.open_study(self.pinned_study)
            return
        self.end_session()
        self.loaded = None
        self._language = None
        self._apply_language(DEFAULT_UI_LANGUAGE)  # the staff's screen, in English
        self.study_changed.emit(None)
        self._show(self.start)
        home = self.home
        self.writer.run(lambda: list_studies(home), on_done=self.start.set_studies,
                        on_error=lambda exc: self.start.show_message(describe_error(exc)),
                        label="listing studies")
        db = self.db
        # Choosing designer mode's passphrase is offered until a participant session has run.
        self.writer.run(lambda: not has_designer_passphrase(home)
                        and not db.real_sessions_started(),
                        on_done=self.start.offer_passphrase, label="checking designer mode")

    def open_study(self, path: Path, code: str | None = None) -> None:
        """Load and check the study on the writer; problems go to the start screen."""
        self._pending_code = code

        def load() -> tuple[LoadedStudy, list[ParticipantStanding]]:
            # Lazy: a session's start reads every item (its plan, the definition a new
            # database stores, the files' paths) from the structs the loader checked them as
            # (app.study.lazy); only the items shown get their models.
            loaded = kept_study(lambda: load_study(path))  # see kept_study
            remember_folder(loaded, self.home)  # designer mode lists it wherever it lives
            return loaded, participant_standings(loaded.study, self.db)

        self.writer.run(load, on_done=lambda r: self._study_loaded(*r),
                        on_error=self._study_failed, label="opening the study")

    def _study_failed(self, exc: BaseException) -> None:
        self._show(self.start)
        if isinstance(exc, StudyError):
            self.start.show_problems(exc.problems)
        else:
            self.start.show_message(f"This study cannot be opened: {describe_error(exc)}")

    def _study_loaded(self, loaded: LoadedStudy, standings: list[ParticipantStanding]) -> None:
        self.loaded = loaded
        self.study_changed.emit(loaded)
        code = self._pending_code or ""
        self._standings = {s.code: s for s in standings}
        page = self._code_page(code)
        standing = page.standing()
        # --participant: confirmed as if typed and Enter pressed (someone unfinished resumes
        # straight away; a finished or unknown code is told so), unless a profile is needed.
        if code and (standing is not None
                     or not any(f.required for f in loaded.study.profile_fields)):
            page.submit()

    def _code_page(self, code: str) -> ParticipantScreen:
        """The code screen in the language chosen (or the study's), with its language picker."""
        assert self.loaded is not None
        study = self.loaded.study
        choices = language_choices(study.ui_language, study.ui_languages)
        if self._language not in choices:
            self._language = study.ui_language or choices[0]
        self._apply_language(self._language)
        # The code screen is handed a lookup of one code at a time, never the list.
        page = ParticipantScreen(self.loaded, self._standings.get, code=code)
        add_language_picker(page, page.form.form_layout, choices, self._language,
                            lambda tag: self._language_chosen(tag, page))
        page.back.connect(self.show_start)
        page.back_button.setVisible(self.pinned_study is None)  # nowhere to go back to
        page.proceed.connect(self._participant_ready)
        self._show(page)
        return page

    def _offered_language(self) -> str | None:
        """The language to record with the session: only for studies that offer one."""
        study = self.loaded.study if self.loaded is not None else None
        return self._language if study is not None and (study.ui_language
                                                        or study.ui_languages) else None

    def _language_chosen(self, tag: str, page: ParticipantScreen) -> None:
        """The same screen again, in the language picked, keeping what was typed."""
        self._language = tag
        new = self._code_page(page.code.text())
        new.form.fill(page.form.raw())

    # ------------------------------------------------------------------ consent, session

    def _participant_ready(self, code: str, profile: dict[str, Any],
                           standing: ParticipantStanding | None) -> None:
        """Asked now, not from the standings read when the study opened: another station
        may have started on this code since."""
        assert self.loaded is not None
        study_id, db = self.loaded.study.id, self.db
        self.writer.run(lambda: open_elsewhere(db, study_id, code),
                        on_done=lambda last: self._checked_in_use(code, profile, standing, last),
                        on_error=lambda exc: self.error.emit(
                            self.tr("Something went wrong while checking {code}: {error}").format(
                                code=code, error=describe_error(exc))),
                        label="checking the participant code")

    def _checked_in_use(self, code: str, profile: dict[str, Any],
                        standing: ParticipantStanding | None, last: datetime | None) -> None:
        if last is None:
            self._consent_then_session(code, profile, standing)
            return
        minutes = int((datetime.now(UTC) - last).total_seconds() // 60)
        page = CodeInUseScreen(code, minutes)
        page.done.connect(lambda: self._consent_then_session(code, profile, standing))
        page.back.connect(self.show_start)
        self._show(page)

    def _consent_then_session(self, code: str, profile: dict[str, Any],
                              standing: ParticipantStanding | None) -> None:
        assert self.loaded is not None
        study = self.loaded.study
        if study.consent.strip() and not (standing is not None and standing.consent_given):
            consent = ConsentScreen(study.consent, base=self.loaded.folder)
            consent.agreed.connect(lambda: self._open_session(code, profile, study.consent))
            consent.declined.connect(self._consent_declined)
            self._show(consent)
        else:
            self._open_session(code, profile, None)

    def _consent_declined(self) -> None:
        """Said plainly, then back to the start: nothing was stored for this code."""
        page = MessageScreen(
            self.tr("You did not agree to take part"),
            self.tr("No session was started and none of your answers were recorded. Thank you "
                    "for your time.\n\nIf you declined by mistake, or have a question about "
                    "the study, please tell the study staff."),
            button=self.tr("Back to the start"))
        page.done.connect(self.show_start)
        self._show(page)

    def _open_session(self, code: str, profile: dict[str, Any], consent: str | None) -> None:
        assert self.loaded is not None
        refresh_hz, screen = self.screen_info()
        self.controller = SessionController(self.writer, self.db, self.loaded, code, profile,
                                            refresh_hz=refresh_hz, screen=screen,
                                            engine_class=self.engine_class,
                                            ui_language=self._offered_language(), parent=self)
        controller = self.controller
        # Results of a session that has since ended (window closed, back to start) are dropped.
        controller.opened.connect(
            lambda n, total: controller is self.controller and self._session_opened(n, total))
        controller.screen_ready.connect(
            lambda screen, progress: controller is self.controller
            and self._show_screen(screen, progress))
        controller.failed.connect(self._controller_failed)
        controller.open(consent_text=consent)

    def _session_opened(self, answered: int, total: int) -> None:
        assert self.loaded is not None
        instructions = self.loaded.study.instructions.strip()
        note = (self.tr("Welcome back: {answered} of %Ln items answered. You continue where "
                        "you stopped.", None, total).format(
                            answered=participant_number(answered)) if answered else "")
        if instructions or note:
            page = MessageScreen(self.tr("Instructions") if instructions
                                 else self.tr("Welcome back"),
                                 instructions, button=self.tr("Begin"), note=note,
                                 base=self.loaded.folder)
            page.done.connect(self._advance)
            self._show(page)
        else:
            self._advance()

    def _controller_failed(self, what: str, exc: BaseException) -> None:
        self.error.emit(self.tr("Something went wrong while {what}: {error}").format(
            what=what, error=describe_error(exc)))

    # ------------------------------------------------------------------ the engine's screens

    def _advance(self) -> None:
        if self.controller is not None and not self.controller.closed:
            self.controller.advance()

    def _show_screen(self, screen: Screen, progress: Progress) -> None:
        assert self.loaded is not None and self.controller is not None
        controller = self.controller
        base = self.loaded.folder
        if isinstance(screen, TrialScreenSpec):
            self._show(self.trial)
            self.trial.show_trial(screen.view, progress)
            self.trial.prepare_next(controller.ahead)
            clock = self.trial.trial_clock
            if clock is not None and clock.onset_ns is None:
                # The engine's start is finished once this trial is painted: off its path.
                clock.onset.connect(lambda _ns: controller.finish_start())
            else:
                controller.finish_start()
            self.screen_shown.emit(screen)
            return
        controller.finish_start()
        self.trial.discard_next()  # whatever was built ahead is not what comes next
        if isinstance(screen, BlockIntroScreen):
            page = MessageScreen(block_intro_title(screen.title, screen.practice),
                                 core_text(screen.text), button=self.tr("Start"), base=base)
            page.done.connect(lambda: controller.acknowledge_intro(screen.block_id))
            self._show(page)
        elif isinstance(screen, BreakScreen):
            controller.start_break()
            page = MessageScreen(self.tr("Break"), break_text(screen.done, screen.total),
                                 base=base, guarded=True)
            page.done.connect(controller.end_break)
            self._show(page)
        elif isinstance(screen, EndScreen):
            controller.close()
            page = MessageScreen(end_title(screen), end_text(screen), button=self.tr("Done"),
                                 base=base, guarded=True)
            page.done.connect(self.show_start)
            self._show(page)
        self.screen_shown.emit(screen)

    def _submit(self, submission: TrialSubmission) -> None:
        if self.controller is None:
            self.trial.commit_failed(self.tr("the session is not open"))
            return
        self.controller.submit(submission, on_done=self._committed,
                               on_error=lambda exc: self.trial.commit_failed(describe_error(exc)))

    def _committed(self, feedback: list[QuestionFeedback]) -> None:
        self.trial.committed(feedback)

    def _log(self, kind: str, payload: object, item_id: object, mono_ns: object) -> None:
        if self.controller is not None:
            self.controller.log(kind, payload if isinstance(payload, dict) else {},
                                item_id=item_id if isinstance(item_id, str) else None,
                                mono_ns=mono_ns if isinstance(mono_ns, int) else None)

    # ------------------------------------------------------------------ ending

    def end_session(self) -> None:
        """Stop any trial and close the session (logged); safe to call more than once."""
        self.trial.stop()
        if self.controller is not None:
            self.controller.close()
            self.controller = None

    @property
    def in_session(self) -> bool:
        return self.controller is not None and not self.controller.closed
