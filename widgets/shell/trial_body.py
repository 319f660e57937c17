"""One trial's stimulus view and question panel, laid out, and the next trial's built ahead.

Building a trial's widgets takes 12-28 ms of Qt work (creating them, the style polish of the
new subtree, laying them out, text layout, QPixmap conversion of the images), and showing a
hidden page re-lays the window out: too much between a durable answer and the next frame
(benchmarks/bench_next_text.py, bench_next_images.py). So while the participant answers one
item, `TrialBodies` builds the next one (the engine's guess, `SessionEngine.peek_trial_after`)
one piece per turn of the event loop, so that a key press never waits behind more than one
piece: the widgets, their polish, then shown and rendered once off-screen *under* the current
body. The bodies are stacked on top of each other, all visible (QStackedLayout.StackAll) and
opaque: the one on top hides the others, which Qt then does not paint. Swapping trials is a
raise; the body waiting underneath is disabled until then, so Tab cannot reach it. When the next
screen is anything but exactly that view (a block introduction, a break, the end, another
item), the body built ahead is discarded: what a participant sees is always what the engine
said to show.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.session.presentation import TrialView
from widgets.qt import QApplication, QImage, Qt, QTimer, QtWidgets, QWidget
from widgets.shell.question_panel import QuestionPanel
from widgets.stimuli.base import StimulusWidget
from widgets.stimuli.registry import make_stimulus_widget

SPLIT_WEIGHT = 1000


class TrialBody(QWidget):
    """The stimulus beside the questions (a caption-only stimulus above them, which then get
    the whole width). Built in steps (`build_steps`) so they can be spread over time."""

    def __init__(self, view: TrialView, image_cache: Any, *,
                 clock: Callable[[], int] = time.monotonic_ns,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self._cache = image_cache
        self._clock = clock
        self.stimulus: StimulusWidget | None = None
        self.panel: QuestionPanel | None = None
        self.setAutoFillBackground(True)  # opaque: the body underneath is not painted
        self.column = QtWidgets.QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(12)
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(12)
        self.column.addWidget(self.splitter, 1)

    def build_steps(self) -> list[Callable[[], None]]:
        return [self._make_stimulus, self._make_panel]

    def build(self) -> TrialBody:
        """Everything not built yet, now."""
        for step in self.build_steps():
            step()
        return self

    def _make_stimulus(self) -> None:
        if self.stimulus is not None:
            return
        self.stimulus = make_stimulus_widget(self.view, self._cache)
        if self.stimulus.header_only():
            self.column.insertWidget(0, self.stimulus)
        else:
            self.splitter.insertWidget(0, self.stimulus)
        # Laid out with the stimulus alone first, as the trial screen's one splitter always
        # did: the questions then get the width they ask for (the screens keep their look),
        # and the same whether the steps run one after another or a turn of the event loop
        # apart (building ahead).
        QApplication.sendPostedEvents(self, 0)

    def _make_panel(self) -> None:
        if self.panel is not None:
            return
        self.panel = QuestionPanel(self.view, self._cache, clock=self._clock)
        self.splitter.addWidget(self.panel)
        if self.splitter.count() == 2:  # the stimulus beside the questions: 3 to 2
            self.splitter.setStretchFactor(0, 3)
            self.splitter.setStretchFactor(1, 2)
            # The split itself 3 to 2 as well, not from what each side's content asks for: the
            # answers then stay in the same place from one item to the next (a side whose
            # minimum is larger still gets it). Sizes are weights until the real width is known.
            self.splitter.setSizes([3 * SPLIT_WEIGHT, 2 * SPLIT_WEIGHT])


class TrialBodies(QtWidgets.QStackedWidget):
    """The current trial's body on top, the next one being built underneath, and the ones
    swapped out until they are deleted (after the next onset, off the answer's path)."""

    def __init__(self, image_cache: Any, *, clock: Callable[[], int] = time.monotonic_ns,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image_cache = image_cache
        self.clock = clock
        stack = self.layout()
        assert isinstance(stack, QtWidgets.QStackedLayout)
        stack.setStackingMode(QtWidgets.QStackedLayout.StackingMode.StackAll)
        self.empty = QWidget(self)  # on top when no trial is
        self.empty.setAutoFillBackground(True)
        self.addWidget(self.empty)
        self.current: TrialBody | None = None
        self.ahead: TrialBody | None = None
        self._steps: list[Callable[[], None]] = []
        self._retired: list[TrialBody] = []

    # ------------------------------------------------------------------ the current trial

    def body_for(self, view: TrialView) -> TrialBody:
        """The body for `view`: the one built ahead if it is for exactly this view (finished
        now if it is not yet), else one built now. It is shown by `present`."""
        self.retire()
        body = self.ahead if self.ahead is not None and self.ahead.view == view else None
        if body is None:
            self.discard_ahead()
            body = self._add(view)
        self.ahead, self._steps = None, []
        self.current = body.build()
        if not body.isVisible():  # what building ahead would have done, now
            body.ensurePolished()
            self._show_under(body)
        return body

    def present(self, body: TrialBody) -> None:
        """On top, enabled, and visible (if its page is)."""
        body.setEnabled(True)
        self.setCurrentWidget(body)  # StackAll: a raise (and a show, if built just now)

    def retire(self) -> None:
        """The current body stays where it is until the next one covers it."""
        if self.current is not None:
            self._retired.append(self.current)
            self.current = None

    def drop_retired(self) -> None:
        for old in self._retired:
            old.hide()
            old.deleteLater()
        self._retired = []

    def clear(self) -> None:
        """No trial: nothing on screen, nothing kept."""
        self.retire()
        self.discard_ahead()
        self.setCurrentWidget(self.empty)
        self.drop_retired()

    # ------------------------------------------------------------------ the next trial

    def build_ahead(self, view: TrialView) -> None:
        """Build `view`'s body underneath, in steps from the next turn of the event loop on."""
        if self.ahead is not None and self.ahead.view == view:
            return
        self.discard_ahead()
        body = self.ahead = self._add(view)
        body.setEnabled(False)  # out of the focus chain while it waits underneath
        self._steps = [*body.build_steps(), body.ensurePolished, self._show_ahead,
                       self._render_ahead]
        QTimer.singleShot(0, self, self._next_step)

    def _add(self, view: TrialView) -> TrialBody:
        body = TrialBody(view, self.image_cache, clock=self.clock, parent=self)
        self.addWidget(body)  # hidden and lowered
        return body

    def _next_step(self) -> None:
        if not self._steps:
            return
        self._steps.pop(0)()
        if self._steps:
            QTimer.singleShot(0, self, self._next_step)

    def _show_ahead(self) -> None:
        if self.ahead is not None:
            self._show_under(self.ahead)

    def _show_under(self, body: TrialBody) -> None:
        """Shown at the bottom of the stack: laid out at its size now, not when it is due."""
        body.lower()
        body.setGeometry(self.contentsRect())
        body.show()

    def _render_ahead(self) -> None:
        if self.ahead is not None:
            self._render(self.ahead)

    @staticmethod
    def _render(body: TrialBody) -> None:
        """Painted once into an image: text layout, glyphs and the images' first scaling are
        done now rather than in the first frame of the trial."""
        if body.width() <= 0 or body.height() <= 0:
            return
        canvas = QImage(body.size(), QImage.Format.Format_ARGB32_Premultiplied)
        canvas.fill(0)
        body.render(canvas)

    def discard_ahead(self) -> None:
        self._steps = []
        if self.ahead is not None:
            body, self.ahead = self.ahead, None
            body.hide()
            self.removeWidget(body)
            body.deleteLater()
