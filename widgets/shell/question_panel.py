"""The questions of one trial, stacked in a scroll area: prompt, the response widget, next.

A POEMetric item has ten ratings and three comments, so the panel scrolls, keeps the widget
being answered in view, and moves on to the next unanswered question by itself once one is
answered from the keyboard. Keys reach a response widget through `route_key`: the widget that
holds the focus first, else the first one still incomplete. That question, the one the keys
go to, is marked with a bar in the highlight colour beside it (when there is more than one).

Moving on by itself never enters a comment box: the digits typed for the next rating would
become text there. A comment box is entered by a click, by Tab (reading order), or when Enter
names it as the question still open.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from app.kinds.state import AnswerState
from app.session.engine import QuestionAnswer
from app.session.presentation import TrialView, state_for
from app.study.model import Question
from app.text_direction import language_direction
from widgets.images.cache import ImageCache
from widgets.kinds import make_response_widget
from widgets.kinds.base import ResponseWidget
from widgets.kinds.shared.common import set_flag
from widgets.qt import QEvent, QKeyEvent, QPoint, Qt, QtGui, QTimer, QtWidgets, QWidget, Signal
from widgets.stimuli.rich_text import RichTextView, make_prompt_view
from widgets.typography import mute

MAX_MIN_WIDTH = 760  # px; past this the panel scrolls sideways rather than squeeze the stimulus
TEXT_INPUTS = (QtWidgets.QLineEdit, QtWidgets.QTextEdit, QtWidgets.QPlainTextEdit,
               QtWidgets.QAbstractSpinBox)
# The current question: a bar beside it (the border is there, transparent, on every question,
# so that marking one does not move anything).
CURRENT_STYLE = """
QFrame#question { border: none; border-left: 4px solid transparent; padding-left: 8px; }
QFrame#question[current="true"] { border-left: 4px solid palette(highlight); }
"""
PROMPT_CHARS = 60


@dataclass
class QuestionEntry:
    question: Question
    state: AnswerState
    widget: ResponseWidget
    box: QWidget  # prompt + widget, what scrolls into view
    number: int = 0  # 1-based, as shown before the prompt


def is_text_input(widget: QWidget | None) -> bool:
    """True for widgets where typed characters are text (not answer shortcuts)."""
    while widget is not None:
        if isinstance(widget, TEXT_INPUTS):
            return not getattr(widget, "isReadOnly", lambda: False)()
        if isinstance(widget, ResponseWidget):
            return False
        widget = widget.parentWidget()
    return False


class QuestionPanel(QtWidgets.QScrollArea):
    """Builds an answer state and a response widget per question of `view`."""

    completeness_changed = Signal(bool)
    answer_changed = Signal()
    ready = Signal()  # every image in the prompts decoded (SpinBench puts images there)

    def __init__(self, view: TrialView, image_cache: ImageCache | None = None, *,
                 clock: Callable[[], int] = time.monotonic_ns,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        # Horizontal scrolling only as a last resort: the panel asks for the width its widgets
        # need (below), so rows of options are not cut off when the stimulus is wide.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        inner = QWidget(self)
        inner.setAutoFillBackground(False)
        inner.setStyleSheet(CURRENT_STYLE)
        self.viewport().setAutoFillBackground(False)
        layout = QtWidgets.QVBoxLayout(inner)
        layout.setContentsMargins(4, 4, 16, 4)
        layout.setSpacing(28)
        self.entries: list[QuestionEntry] = []
        self.prompts: list[RichTextView] = []
        numbered = len(view.questions) > 1
        # The item's direction when it is known; otherwise each text finds its own.
        direction = (view.direction if view.direction in ("ltr", "rtl")
                     else language_direction(view.language))
        for index, question in enumerate(view.questions):
            state = state_for(question, view, clock=clock)
            widget = make_response_widget(question, state, direction=direction)
            box = QtWidgets.QFrame(inner)
            box.setObjectName("question")
            column = QtWidgets.QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(8)
            prompt = question.prompt.strip()
            if prompt:
                shown = question.model_copy(
                    update={"prompt": f"**{index + 1}.** {prompt}" if numbered else prompt})
                view_ = make_prompt_view(view, shown, image_cache, font_factor=1.1, parent=box)
                view_.setObjectName(f"prompt-{question.id}")
                view_.ready.connect(self._check_ready)
                self.prompts.append(view_)
                column.addWidget(view_)
            note = " ".join(n for n in (question.help or "",
                                        "" if question.required else self.tr("Optional.")) if n)
            if note:
                label = mute(QtWidgets.QLabel(note, box))
                label.setWordWrap(True)
                column.addWidget(label)
            column.addWidget(widget)
            layout.addWidget(box)
            self.entries.append(QuestionEntry(question, state, widget, box, index + 1))
            widget.changed.connect(self._on_changed)
        layout.addStretch(1)
        self.setWidget(inner)
        self._fit_width()
        self._complete = self.all_complete()
        self._announced = self.is_ready()
        self._current: QuestionEntry | None = None

    def _fit_width(self) -> None:
        inner = self.widget()
        needed = inner.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        self.setMinimumWidth(min(needed + 8, MAX_MIN_WIDTH))

    def changeEvent(self, event: QEvent) -> None:
        # After a font zoom the widgets need more room: measured once their fonts have changed
        # (the event reaches the children after this panel), or the panel scrolled sideways.
        if event.type() == QEvent.Type.FontChange:
            QTimer.singleShot(0, self, self._fit_width)
        super().changeEvent(event)

    def is_ready(self) -> bool:
        return all(p.is_ready() for p in self.prompts)

    def _check_ready(self) -> None:
        if not self._announced and self.is_ready():
            self._announced = True
            self.ready.emit()

    # ------------------------------------------------------------------ state

    def all_complete(self) -> bool:
        return all(e.state.is_complete() for e in self.entries)

    def first_incomplete(self) -> QuestionEntry | None:
        return next((e for e in self.entries if not e.state.is_complete()), None)

    def answers(self) -> list[QuestionAnswer]:
        return [e.state.to_question_answer() for e in self.entries]

    def last_answer_ns(self) -> int | None:
        times = [e.state.answer_ns for e in self.entries if e.state.answer_ns is not None]
        return max(times) if times else None

    def describe(self, entry: QuestionEntry) -> str:
        """The question as a participant finds it on screen: its number (when numbered) and the
        start of its prompt."""
        prompt = " ".join(entry.question.prompt.split())
        if len(prompt) > PROMPT_CHARS:
            prompt = prompt[: PROMPT_CHARS - 1].rstrip() + "…"
        numbered = len(self.entries) > 1
        if numbered and prompt:
            return self.tr("Question {n} (“{prompt}”)").format(n=entry.number, prompt=prompt)
        if numbered:
            return self.tr("Question {n}").format(n=entry.number)
        return self.tr("“{prompt}”").format(prompt=prompt) if prompt else self.tr("The question")

    def _on_changed(self) -> None:
        self.sync_current()
        self.answer_changed.emit()
        complete = self.all_complete()
        if complete != self._complete:
            self._complete = complete
            self.completeness_changed.emit(complete)

    # ------------------------------------------------------------------ keyboard

    def focused_entry(self) -> QuestionEntry | None:
        focus = self.window().focusWidget()  # this window's focus, active or not
        for entry in self.entries:
            if focus is not None and (focus is entry.widget or entry.widget.isAncestorOf(focus)):
                return entry
        return None

    def route_key(self, event: QKeyEvent) -> bool:
        """Offer the key to the focused response widget, else to the first incomplete one."""
        focused = self.focused_entry()
        # Nothing open (or only comments): the question last marked as current, or the only
        # one, so that a key changes an answer even after a click elsewhere took the focus.
        first = (self.next_incomplete(keyed=True) or self._current
                 or (self.entries[0] if len(self.entries) == 1 else None))
        for entry in [e for e in (focused, first if first is not focused else None) if e]:
            was_complete = entry.state.is_complete()
            if entry.widget.handle_key(event):
                self.keep_in_view(entry)
                if not was_complete and entry.state.is_complete():
                    self.focus_next_incomplete(after=entry)
                self.sync_current()
                return True
        return False

    def next_incomplete(self, after: QuestionEntry | None = None, *,
                        keyed: bool = False) -> QuestionEntry | None:
        """The next question still unanswered after `after` (wrapping; from the first when
        `after` is None, `after` itself when it is the only one). `keyed`: answered by keys, not
        typed (a comment box is never entered by itself)."""
        start = self.entries.index(after) + 1 if after in self.entries else 0
        ordered = self.entries[start:] + self.entries[:start]
        return next((e for e in ordered if not e.state.is_complete()
                     and not (keyed and e.widget.takes_text())), None)

    def focus_next_incomplete(self, after: QuestionEntry | None = None) -> None:
        """Move on to the next question still unanswered by keys (wrapping), or stay if none
        is: a comment box is left for the participant to enter."""
        target = self.next_incomplete(after, keyed=True)
        if target is not None:
            self.focus_entry(target)

    def focus_entry(self, target: QuestionEntry) -> None:
        target.widget.setFocus(Qt.FocusReason.OtherFocusReason)
        self.keep_in_view(target)
        self.sync_current()

    def keep_in_view(self, entry: QuestionEntry) -> None:
        """Show the question whole when it fits; else its top (prompt, key hint) down to the
        part the keys act on (a list's current row) when those fit together, else that part.
        Qt's ensureWidgetVisible centres a widget taller than the view, which scrolled the
        prompt and the key hint half out and left the current row below the fold."""
        inner = self.widget()
        room = self.viewport().height()
        margin = 40
        top = entry.box.mapTo(inner, QPoint(0, 0)).y()
        if entry.box.height() + 2 * margin <= room:
            self.ensureWidgetVisible(entry.box, 0, margin)
            return
        part = entry.widget.current_part()
        bar = self.verticalScrollBar()
        if part is None:
            bar.setValue(max(0, top - margin))
            return
        part_top = part.mapTo(inner, QPoint(0, 0)).y()
        part_bottom = part_top + part.height()
        if part_bottom - top + 2 * margin <= room:
            # Both fit: move as little as needed to see from the top to the part.
            value = min(max(bar.value(), part_bottom + margin - room), top - margin)
            bar.setValue(max(0, value))
        else:
            self.ensureWidgetVisible(part, 0, margin)

    def current_entry(self) -> QuestionEntry | None:
        """The question the answer keys go to: the focused one, else the first open one
        answered by keys."""
        return self.focused_entry() or self.next_incomplete(keyed=True)

    def sync_current(self) -> None:
        """Mark the current question (when there are several)."""
        current = self.current_entry() if len(self.entries) > 1 else None
        if current is self._current:
            return
        for entry in self.entries:
            set_flag(entry.box, "current", entry is current)
        self._current = current

    def focus_first(self) -> None:
        """A new trial: the keys go to the first question, and the panel shows its top (its
        prompt), even if giving the focus made a tall widget scroll itself."""
        target = (self.next_incomplete(keyed=True) or self.first_incomplete()
                  or (self.entries[0] if self.entries else None))
        if target is not None:
            target.widget.setFocus(Qt.FocusReason.OtherFocusReason)
            if target is self.entries[0]:
                self.verticalScrollBar().setValue(0)
            else:
                self.ensureWidgetVisible(target.box, 0, 40)
        self.sync_current()

    def show_feedback(self, question_id: str, markdown: str) -> QtWidgets.QLabel | None:
        """Practice feedback right under the question's answer (not at the foot of the
        screen, away from the options), scrolled into view."""
        entry = next((e for e in self.entries if e.question.id == question_id), None)
        if entry is None:
            return None
        label = QtWidgets.QLabel(markdown, entry.box)
        label.setObjectName(f"feedback-{question_id}")
        label.setTextFormat(Qt.TextFormat.MarkdownText)
        label.setWordWrap(True)
        label.setAutoFillBackground(True)
        label.setBackgroundRole(QtGui.QPalette.ColorRole.AlternateBase)
        label.setContentsMargins(12, 8, 12, 8)
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * 1.1)
        label.setFont(font)
        layout = entry.box.layout()
        if layout is not None:
            layout.addWidget(label)
        label.show()
        # Once laid out: until then the new label sits at the box's top, and the last
        # question's feedback was left below the fold.
        inner = self.widget().layout()
        if inner is not None:
            inner.activate()
        self.ensureWidgetVisible(label, 0, 24)
        QTimer.singleShot(0, label, lambda: self.ensureWidgetVisible(label, 0, 24))
        return label

    def set_locked(self, locked: bool) -> None:
        """Answers can no longer change (saving, feedback shown)."""
        for entry in self.entries:
            entry.widget.setEnabled(not locked)
