"""The interface every stimulus view offers the trial screen.

    view = make_stimulus_widget(trial_view, image_cache)  # registry in widgets.stimuli.registry
    view.ready    -> Signal emitted once everything it shows is decoded and laid out
    view.is_ready() -> bool; the trial screen shows the trial (and starts timing at the first
                       paint after that) only when the stimulus is ready.
    view.header_only() -> bool; a caption only: shown above the questions, full width to them.
"""

from __future__ import annotations

from app.session.presentation import TrialView
from widgets.qt import QWidget, Signal


class StimulusWidget(QWidget):
    ready = Signal()

    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view

    def is_ready(self) -> bool:
        return True

    def header_only(self) -> bool:
        """True when the stimulus is only a caption (the question shows the material itself):
        the trial screen then shows it as a line above the questions, not as a column."""
        return False
