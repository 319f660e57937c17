"""The participant app's window: the page stack the participant flow fills, the demo label, the
View menu (text size), the Help menu (F1: the keys of the current screen) and the Designer
menu (designer mode itself is the station's window's: widgets/station_window.py). Quitting
mid-session (Ctrl+Q, the window's close button) asks first; a trial on screen is paused
meanwhile.

It owns the task manager (widgets.tasks: the database writer and the read pool) and routes
keys to the trial screen while a trial is on screen (widgets/shell/key_router.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QEvent, QKeyEvent, QKeySequence, QtGui, QTimer, QtWidgets, QWidget
from widgets.settings import (
    FontZoom,
    app_settings,
    refresh_style_sheets,
    restore_geometry,
    save_geometry,
)
from widgets.shell.key_help import KeyHelp, keys_for
from widgets.shell.key_router import KeyRouter
from widgets.shell.participant_flow import ParticipantFlow
from widgets.shell.quit_question import ask_to_quit
from widgets.tasks import TaskManager, describe_error

GEOMETRY_KEY = "main_window"


class MainWindow(QtWidgets.QMainWindow):
    def __init__(self, db: Database, *, home: Path | None = None,
                 image_cache: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Baseline Studio")
        self.db = db
        self.home = home
        self.settings = app_settings(home)
        self.zoom = FontZoom(self.settings, self)
        self.tasks = TaskManager(self)
        self.writer = self.tasks.writer  # the participant screens' jobs run here, in order
        self.tasks.failed.connect(self._job_failed)
        self._owns_cache = image_cache is None  # then its decoding threads end with the window
        if image_cache is None:
            from widgets.images.cache import ImageCache

            image_cache = ImageCache(parent=self)
        self.image_cache = image_cache
        central = QWidget(self)
        column = QtWidgets.QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.demo_label = QtWidgets.QLabel(
            self.tr("<b>Demo study:</b> illustrative content, not real benchmark data"), central)
        self.demo_label.setObjectName("demo-label")
        self.demo_label.setContentsMargins(24, 6, 24, 6)
        self.demo_label.setAutoFillBackground(True)
        self.demo_label.setBackgroundRole(self.palette().ColorRole.AlternateBase)
        self.demo_label.hide()
        column.addWidget(self.demo_label)
        self.stack = QtWidgets.QStackedWidget(central)
        column.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.key_help = KeyHelp(central)
        self.key_help.closed.connect(self._help_closed)
        self._help_paused = False
        self._quit_approved = False
        self.flow = ParticipantFlow(self.stack, self.writer, db, home=home,
                                    image_cache=self.image_cache, screen_info=self.screen_info,
                                    parent=self)
        self.flow.study_changed.connect(self._study_changed)
        self.flow.error.connect(self.show_error)
        self.flow.start.passphrase_requested.connect(self.open_designer)
        self._build_menus()
        if not restore_geometry(self.settings, GEOMETRY_KEY, self):
            self.resize(1200, 800)
        self.keys = KeyRouter(self, self._trial_key, self._key_failed,
                              on_focus=self._focus_moved)
        self.flow.trial_shown.connect(self.keys.set_active)

    # ------------------------------------------------------------------ menus

    def _build_menus(self) -> None:
        view = self.menuBar().addMenu(self.tr("&View"))
        self._menus = [view]
        self._zoom_actions = self.zoom.actions(self)
        for action in self._zoom_actions:
            view.addAction(action)
            self.addAction(action)  # shortcuts work with the menu bar hidden too
        full = self._full_action = view.addAction(self.tr("Full screen"))
        full.setShortcut(QKeySequence("F11"))
        full.setCheckable(True)
        full.toggled.connect(lambda on: self.showFullScreen() if on else self.showNormal())
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self._menus.append(help_menu)
        self.help_action = help_menu.addAction(self.tr("Keys on this screen"))
        self.help_action.setShortcut(QKeySequence("F1"))
        self.help_action.triggered.connect(self.toggle_key_help)
        self.addAction(self.help_action)
        designer = self.menuBar().addMenu(self.tr("&Designer"))
        self._menus.append(designer)
        enter = self._designer_action = designer.addAction(self.tr("Designer mode…"))
        enter.setShortcut(QKeySequence("Ctrl+Shift+D"))
        enter.triggered.connect(self.open_designer)
        self.addAction(enter)
        quit_action = self._quit_action = designer.addAction(self.tr("Quit"))
        # Ctrl+Q everywhere: the platform's own Quit key may be none (Windows, some themes).
        quit_keys = [QKeySequence("Ctrl+Q"), QKeySequence(QKeySequence.StandardKey.Quit)]
        quit_action.setShortcuts([k for i, k in enumerate(quit_keys)
                                  if not k.isEmpty() and k not in quit_keys[:i]])
        quit_action.triggered.connect(self.request_quit)
        self.addAction(quit_action)

    def open_designer(self) -> None:
        """Ctrl+Shift+D and the start screen's passphrase link. The station's window opens
        designer mode behind its passphrase (widgets/station_window.py); a preview refuses it
        (widgets/preview/window.py). Kept out of this window, which the preview builds on:
        the designer's tools open previews."""

    def _retranslate(self) -> None:
        """The menus and the demo label follow the participant's language (widgets/i18n.py)."""
        if hasattr(self, "_quit_action"):
            words = (self.tr("&View"), self.tr("&Help"), self.tr("&Designer"))
            for menu, text in zip(self._menus, words, strict=True):
                menu.setTitle(text)
            fresh = self.zoom.actions(self)  # the same three, named in the language now
            for action, named in zip(self._zoom_actions, fresh, strict=True):
                action.setText(named.text())
                named.deleteLater()
            self._full_action.setText(self.tr("Full screen"))
            self.help_action.setText(self.tr("Keys on this screen"))
            self._designer_action.setText(self.tr("Designer mode…"))
            self._quit_action.setText(self.tr("Quit"))
            self.demo_label.setText(
                self.tr("<b>Demo study:</b> illustrative content, not real benchmark data"))

    # ------------------------------------------------------------------ state

    def _study_changed(self, loaded: LoadedStudy | None) -> None:
        demo = loaded is not None and loaded.study.illustrative
        self.demo_label.setVisible(demo)
        self.setWindowTitle(f"{loaded.study.title} · Baseline Studio" if loaded else
                            "Baseline Studio")

    def screen_info(self) -> tuple[float | None, str]:
        """Refresh rate and a description of the screen the window is on (stored per session:
        the true onset lies within one refresh interval after the recorded one)."""
        screen = self.screen()
        if screen is None:
            return None, ""
        size = screen.size()
        rate = float(screen.refreshRate()) or None
        return rate, (f"{screen.name()} {size.width()}x{size.height()} "
                      f"@{screen.devicePixelRatio():g}x {rate or 0:g} Hz")

    def show_error(self, message: str) -> None:
        QtWidgets.QMessageBox.warning(self, "Baseline Studio", message)

    def _job_failed(self, label: str, exc: BaseException) -> None:
        self.show_error(self.tr("Something went wrong while {label}: {error}").format(
            label=label, error=describe_error(exc)))

    # ------------------------------------------------------------------ keys

    def _trial_key(self, event: QKeyEvent) -> bool:
        if self.key_help.isVisible():
            return self.key_help.handle_key(event)
        return self.flow.current() is self.flow.trial and self.flow.trial.handle_key(event)

    def _focus_moved(self) -> None:
        panel = self.flow.trial.panel
        if panel is not None and self.flow.current() is self.flow.trial:
            panel.sync_current()

    # ------------------------------------------------------------------ help

    def toggle_key_help(self) -> None:
        """F1: the keys of the current screen; F1 again (or Esc) closes the list. A trial's
        clock stops meanwhile."""
        if self.key_help.isVisible():
            self.key_help.dismiss()
            return
        page = self.flow.current()
        self._help_paused = (page is self.flow.trial
                             and self.flow.trial.pause("help", hide=False))
        self.key_help.open(keys_for(page, self))

    def _help_closed(self) -> None:
        if self._help_paused:
            self._help_paused = False
            self.flow.trial.resume()
        else:
            page = self.flow.current()
            focus = getattr(page, "initial_focus", None)
            if callable(focus):
                focus().setFocus()

    # ------------------------------------------------------------------ quitting

    def session_running(self) -> bool:
        """A participant is mid-session: leaving would interrupt them (the finished screen
        and the start screen do not count)."""
        controller = self.flow.controller
        return controller is not None and not controller.closed

    def request_quit(self) -> None:
        """Ctrl+Q: ask first when a session is under way, then close."""
        if self.session_running() and not self._confirm_quit():
            return
        self._quit_approved = True
        self.close()

    def _confirm_quit(self) -> bool:
        trial = self.flow.trial
        paused = self.flow.current() is trial and trial.pause("quit_question", hide=False)
        leave = ask_to_quit(self)
        if paused and not leave:
            trial.resume()
        return leave

    def _key_failed(self, exc: BaseException) -> None:
        message = f"A key could not be handled: {describe_error(exc)}"
        QTimer.singleShot(0, self, lambda: self.show_error(message))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        if event.type() == QEvent.Type.PaletteChange:  # light <-> dark while running
            refresh_style_sheets()
        super().changeEvent(event)

    # ------------------------------------------------------------------ closing

    def close_companions(self) -> None:
        """The windows that share this one's database writer close before it does (the
        station's designer window)."""

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        # The window's close button (a close from the window system) asks as Ctrl+Q does; a
        # close from the program (the end of a test, the session's own end) does not.
        if (event.spontaneous() and not self._quit_approved and self.session_running()
                and not self._confirm_quit()):
            event.ignore()
            return
        self._quit_approved = True
        self.key_help.hide()
        self.keys.set_active(False)
        self.flow.end_session()
        save_geometry(self.settings, GEOMETRY_KEY, self)
        self.close_companions()
        self.tasks.close()
        self.zoom.restore_base()
        if self._owns_cache:
            self.image_cache.shutdown()  # no decoder thread outlives the window
        super().closeEvent(event)
