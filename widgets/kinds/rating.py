"""A point on a scale: a row of point buttons with anchor labels beneath, and N/A apart.

Scales with more than 11 points (0-100) get a slider instead of buttons.

Keys: digits pick by value when the scale has integer points in 0-9 (Likert 1-5: 3 is 3;
similarity 0-5 in halves: 3 is 3.0, the halves by arrows); otherwise, on a scale of at most
9 points, digit n picks the n-th point. Left/Right move one point (from no answer, Right
starts at the lowest point and Left at the highest), Home/End jump to the ends. N/A, where
allowed: N, and also 0 when 0 is not a point of the scale (POEMetric's "0 = N/A"); on a
scale that contains 0, 0 means the point 0 and N/A is N only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from app.kinds.rating import Anchor, RatingQuestion, RatingState
from app.kinds.state import AnswerState
from app.study.model import Question
from widgets.kinds.base import KeyPress, ResponseWidget, WidgetKind, while_incomplete
from widgets.kinds.shared.common import digit, keys_label, option_button, plain
from widgets.kinds.shared.core_words import na_label
from widgets.qt import (
    QGridLayout,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QPushButton,
    QSize,
    QSizePolicy,
    QSlider,
    Qt,
    QVBoxLayout,
    QWidget,
)
from widgets.typography import mute

MAX_BUTTONS = 11  # 0-5 in halves; more points get a slider


def _fmt(value: float) -> str:
    return f"{value:g}"


class AnchorLabel(QLabel):
    """An anchor's words under the scale, wrapping. It asks for no more width than its longest
    word: asking for its whole text made its point's column, and so its button, wider than
    the others whenever the scale had less room than every label on one line (only at the
    scale's very minimum do the columns still differ, each down to its longest word)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def sizeHint(self) -> QSize:
        return QSize(self.minimumSizeHint().width(), super().sizeHint().height())


def anchor_cells(points: list[float], anchors: list[Anchor]
                 ) -> list[tuple[int, int, Qt.AlignmentFlag]]:
    """(first column, columns spanned, alignment) of each anchor's label under the point
    buttons. The spans never share a column (labels that shared one were drawn over each
    other once the scale was narrow: five anchors on five points, an N/A button beside):
    an end anchor reaches from its edge to half way to its neighbour and aligns with the edge;
    an inner one is centred on its point, as wide as its neighbours leave it."""
    n = len(points)
    indices = [min(range(n), key=lambda i, a=a.value: abs(points[i] - a)) for a in anchors]
    order = sorted(range(len(anchors)), key=lambda k: indices[k])
    cells = [(0, 1, Qt.AlignmentFlag.AlignLeft)] * len(order)
    for rank, k in enumerate(order):
        index = indices[k]
        left = 0 if rank == 0 else (indices[order[rank - 1]] + index) // 2 + 1
        right = n - 1 if rank == len(order) - 1 else (index + indices[order[rank + 1]]) // 2
        left, right = min(left, index), max(right, index)
        if index == 0:
            cells[k] = (left, right - left + 1, Qt.AlignmentFlag.AlignLeft)
        elif index == n - 1:
            cells[k] = (left, right - left + 1, Qt.AlignmentFlag.AlignRight)
        else:
            reach = min(index - left, right - index)
            cells[k] = (index - reach, 2 * reach + 1, Qt.AlignmentFlag.AlignHCenter)
    return cells


class RatingWidget(ResponseWidget):
    def __init__(self, question: RatingQuestion, state: RatingState,
                 parent: QWidget | None = None) -> None:
        super().__init__(question, state, parent)
        self.rating = state
        points = state.points
        self._digit_values = {int(p) for p in points if float(p).is_integer() and 0 <= p <= 9}
        self._by_position = not self._digit_values and len(points) <= 9
        self._zero_is_na = question.allow_na and 0 not in self._digit_values

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(6)
        row = QHBoxLayout()
        row.setSpacing(16)
        self.buttons: list[QPushButton] = []
        self.slider: QSlider | None = None
        self.slider_value: QLabel | None = None
        scale = self._buttons(question) if len(points) <= MAX_BUTTONS else self._slider(question)
        row.addWidget(scale, 1)
        self.na_button: QPushButton | None = None
        if question.allow_na:
            na_keys = self.tr("N or 0") if self._zero_is_na else "N"
            self.na_button = option_button(f"{na_label(question.na_label)}  [{na_keys}]",
                                           point=True)
            # Its own text's width (which grows with the font zoom), never less.
            self.na_button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            self.na_button.clicked.connect(lambda: self.rating.set_na())
            row.addWidget(self.na_button, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(row)
        outer.addWidget(keys_label(self._hint()))
        state.subscribe(self._sync)
        self._sync()

    # ------------------------------------------------------------------ building

    def _buttons(self, question: RatingQuestion) -> QWidget:
        box = QWidget()
        # Numbers run left to right even inside a right-to-left item.
        box.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        points = self.rating.points
        for index, value in enumerate(points):
            label = _fmt(value) if not self._by_position else f"{_fmt(value)}\n[{index + 1}]"
            button = option_button(label, point=True, min_em=3)
            button.setAccessibleName(_fmt(value))
            button.clicked.connect(lambda _=False, i=index: self.rating.set_index(i))
            grid.addWidget(button, 0, index)
            grid.setColumnStretch(index, 1)  # points evenly spaced, whatever their labels say
            self.buttons.append(button)
        for (col, span, align), anchor in zip(anchor_cells(points, question.anchors),
                                              question.anchors, strict=True):
            text = AnchorLabel(anchor.label)
            mute(text)
            text.setAlignment(align | Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text, 1, col, 1, span)
        return box

    def _slider(self, question: RatingQuestion) -> QWidget:
        box = QWidget()
        box.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        slider = QSlider(Qt.Orientation.Horizontal)
        slider.setRange(0, len(self.rating.points) - 1)
        slider.setPageStep(max(1, len(self.rating.points) // 10))
        slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys come through handle_key
        slider.valueChanged.connect(self._slider_moved)
        value = QLabel()
        value.setMinimumWidth(90)
        grid.addWidget(slider, 0, 0, 1, 2)
        grid.addWidget(value, 0, 2)
        low = next((a.label for a in question.anchors if a.value == question.min), _fmt(question.min))
        high = next((a.label for a in question.anchors if a.value == question.max), _fmt(question.max))
        for col, text, align in ((0, low, Qt.AlignmentFlag.AlignLeft),
                                 (1, high, Qt.AlignmentFlag.AlignRight)):
            label = QLabel(text)
            label.setAlignment(align)
            mute(label)
            grid.addWidget(label, 1, col)
        self.slider, self.slider_value = slider, value
        return box

    def _hint(self) -> str:
        points = self.rating.points
        parts = []
        if self._digit_values:
            parts.append(self.tr("{low}–{high} pick a value").format(
                low=min(self._digit_values), high=max(self._digit_values)))
        elif self._by_position:
            parts.append(self.tr("1–{last} pick a point").format(last=len(points)))
        parts.append(self.tr("← → move"))
        if self.question.allow_na:
            na_keys = self.tr("N or 0") if self._zero_is_na else "N"
            parts.append(f"{na_keys}: {na_label(self.rating.rating.na_label)}")
        return " · ".join(parts)

    # ------------------------------------------------------------------ keys and sync

    def handle_key(self, event: QKeyEvent) -> bool:
        points = self.rating.points
        current = self.rating.point_index()
        key = event.key()
        number = digit(event)
        if number is not None:
            if number == 0 and self._zero_is_na:
                self.rating.set_na()
            elif number in self._digit_values:
                self.rating.set(float(number))
            elif self._by_position and 1 <= number <= len(points):
                self.rating.set_index(number - 1)
            else:
                return False
            return True
        if not plain(event):
            return False
        if key == Qt.Key.Key_N and self.question.allow_na:
            self.rating.set_na()
        elif key == Qt.Key.Key_Right:
            self.rating.set_index(0 if current is None else min(current + 1, len(points) - 1))
        elif key == Qt.Key.Key_Left:
            self.rating.set_index(len(points) - 1 if current is None else max(current - 1, 0))
        elif key == Qt.Key.Key_Home:
            self.rating.set_index(0)
        elif key == Qt.Key.Key_End:
            self.rating.set_index(len(points) - 1)
        else:
            return False
        return True

    def _slider_moved(self, index: int) -> None:
        self.rating.set_index(index)

    def _sync(self) -> None:
        current = self.rating.point_index()
        for index, button in enumerate(self.buttons):
            button.setChecked(index == current)
        if self.na_button is not None:
            self.na_button.setChecked(self.rating.is_na)
        if self.slider is not None and self.slider_value is not None:
            self.slider.blockSignals(True)
            self.slider.setValue(current if current is not None else 0)
            self.slider.blockSignals(False)
            value = self.rating.value()
            self.slider_value.setText(self.tr("no answer yet") if value is None else
                                      na_label(self.rating.rating.na_label)
                                      if self.rating.is_na else
                                      _fmt(float(value)))


class RatingKind(WidgetKind[RatingQuestion, RatingState]):
    name = "rating"

    def build(self, question: RatingQuestion, state: RatingState, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        return RatingWidget(question, state, parent)

    def describe_answer(self, question: Question, answer: Any, texts: Mapping[str, str]) -> str:
        """The point given, or the scale's "no answer possible" label."""
        if answer == "NA":
            return na_label(self.own_question(question).na_label)
        return _fmt(float(answer))

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        # The value 1, or the first point.
        return while_incomplete(state, KeyPress(Qt.Key.Key_1, "1"))
