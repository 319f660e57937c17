"""The window a station runs: the participant app (widgets.shell.main_window.MainWindow) with
designer mode behind its passphrase (widgets.designer.gate). Above the shell and the designer:
the designer's tools open previews, which are participant windows too, so the participant
window itself does not open the designer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from widgets.shell.main_window import MainWindow

if TYPE_CHECKING:
    from widgets.designer.window import DesignerWindow


class StationWindow(MainWindow):
    _designer: DesignerWindow | None = None

    # The designer's modules are imported when designer mode is asked for, not at start (they
    # would add ~0.1 s to the first item's appearance, benchmarks/bench_cold_start.py).

    def open_designer(self) -> None:
        """Behind the passphrase gate: mid-session, with no passphrase set, it stays closed."""
        from widgets.designer.gate import enter_designer_mode

        enter_designer_mode(self, home=self.home, db=self.db, tasks=self.tasks,
                            at_start=self.flow.current() is self.flow.start,
                            then=self._let_in)

    def _let_in(self) -> None:
        self.flow.start.offer_passphrase(False)  # a passphrase is set by now
        self._show_designer()

    def _show_designer(self) -> None:
        from widgets.designer.window import DesignerWindow

        if self._designer is None:
            self._designer = DesignerWindow(self.db, self.tasks, home=self.home,
                                            settings=self.settings, current=self.flow.loaded)
        self._designer.show()
        self._designer.raise_()
        self._designer.activateWindow()

    def close_companions(self) -> None:
        if self._designer is not None:
            self._designer.close()
