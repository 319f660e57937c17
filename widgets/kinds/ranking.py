"""A full order, best first: numbered rows to drag, or to move with the keyboard.

Mouse: press on a row and drag it; a line shows where it will land. Keys: Up/Down select a
row, Ctrl+Up/Ctrl+Down move it, Space keeps the order as it stands (the list starts in the
shown order, which counts as an answer only once moved or kept: app.kinds.ranking).
The drag is done with plain mouse events inside this widget (no QDrag), so it is one code
path for the mouse, the keyboard (`move_entry`) and the tests.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.kinds.ranking import RankingQuestion, RankingState
from app.kinds.state import AnswerState
from app.text_direction import text_direction
from widgets.buttons import plain_button
from widgets.direction import apply_direction
from widgets.kinds.base import KeyPress, ResponseWidget, WidgetKind, while_incomplete
from widgets.kinds.relevance import ROW_STYLE
from widgets.kinds.shared.common import (
    RowCursor,
    ctrl,
    hint_label,
    keys_label,
    plain,
    scroll_into_view,
    set_flag,
)
from widgets.qt import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QMouseEvent,
    QPoint,
    Qt,
    QVBoxLayout,
    QWidget,
)
from widgets.typography import ScaledFonts, mute

DRAG_STYLE = ROW_STYLE + """
QFrame#entryRow[dragging="true"] { border: 2px dashed palette(highlight); }
QFrame#dropLine { background: palette(highlight); border: none; }
"""


class RankingWidget(RowCursor, ResponseWidget):
    def __init__(self, question: RankingQuestion, state: RankingState,
                 parent: QWidget | None = None, *, direction: str | None = None) -> None:
        super().__init__(question, state, parent)
        self.ranking = state
        self.direction = direction
        self.current = 0
        self._press: QPoint | None = None
        self._drag_from: int | None = None
        self._gap: int | None = None
        self.setStyleSheet(DRAG_STYLE)
        fonts = ScaledFonts(self)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(8)
        self.list_area = QWidget()
        self.list_area.setMouseTracking(False)
        rows = QVBoxLayout(self.list_area)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(8)
        self.rows: list[QFrame] = []
        self.numbers: list[QLabel] = []
        self.texts: list[QLabel] = []
        for _ in state.entries:
            row = QFrame()
            row.setObjectName("entryRow")
            row.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            row.setCursor(Qt.CursorShape.OpenHandCursor)
            line = QHBoxLayout(row)
            line.setContentsMargins(12, 10, 12, 10)
            line.setSpacing(12)
            grip = QLabel("⋮⋮")
            mute(grip)
            number = QLabel()
            fonts.add(number, 1.1, bold=True)
            number.setFixedWidth(28)
            text = QLabel()
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.PlainText)
            line.addWidget(grip)
            line.addWidget(number)
            line.addWidget(text, 1)
            rows.addWidget(row)
            self.rows.append(row)
            self.numbers.append(number)
            self.texts.append(text)
        self.drop_line = QFrame(self.list_area)
        self.drop_line.setObjectName("dropLine")
        self.drop_line.setFixedHeight(3)
        self.drop_line.hide()
        outer.addWidget(self.list_area)

        bottom = QHBoxLayout()
        self.keep_button = plain_button(self.tr("Keep this order  [Space]"), self.ranking.confirm)
        bottom.addWidget(self.keep_button)
        self.status = hint_label("")
        bottom.addWidget(self.status, 1)
        outer.addLayout(bottom)
        outer.addWidget(keys_label(self.tr("↑ ↓ select · Ctrl+↑ / Ctrl+↓ move the selected entry"
                                           " · drag with the mouse")))
        self.list_area.installEventFilter(self)
        state.subscribe(self._sync)
        self._sync()

    # ------------------------------------------------------------------ actions

    def move_entry(self, from_index: int, to_index: int) -> None:
        """Move an entry (the drop and Ctrl+arrows both come here); it stays selected."""
        to_index = max(0, min(to_index, len(self.rows) - 1))
        self.current = to_index
        self.ranking.move(from_index, to_index)
        self._sync()

    def handle_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if ctrl(event) and key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = -1 if key == Qt.Key.Key_Up else 1
            self.move_entry(self.current, self.current + step)
            scroll_into_view(self.rows[self.current])
            return True
        if not plain(event):
            return False
        if key == Qt.Key.Key_Up:
            self.set_current(self.current - 1)
        elif key == Qt.Key.Key_Down:
            self.set_current(self.current + 1)
        elif key == Qt.Key.Key_Space:
            self.ranking.confirm()
        else:
            return False
        return True

    # ------------------------------------------------------------------ mouse drag

    def row_at(self, pos: QPoint) -> int | None:
        for index, row in enumerate(self.rows):
            if row.geometry().contains(pos):
                return index
        return None

    def gap_at(self, y: int) -> int:
        """The gap (0 = above the first row, n = below the last) nearest to height y."""
        return sum(1 for row in self.rows if row.geometry().center().y() < y)

    def eventFilter(self, watched: object, event: object) -> bool:
        if watched is self.list_area and isinstance(event, QMouseEvent):
            kind = event.type()
            pos = event.position().toPoint()
            if kind == QMouseEvent.Type.MouseButtonPress and \
                    event.button() == Qt.MouseButton.LeftButton:
                self._press_at(pos)
                return True
            if kind == QMouseEvent.Type.MouseMove and self._press is not None:
                self._move_to(pos)
                return True
            if kind == QMouseEvent.Type.MouseButtonRelease and self._press is not None:
                self._release()
                return True
        return False

    def _press_at(self, pos: QPoint) -> None:
        index = self.row_at(pos)
        if index is None:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.set_current(index)
        self._press, self._drag_from = pos, index

    def _move_to(self, pos: QPoint) -> None:
        if self._press is None or self._drag_from is None:
            return
        if self._gap is None and \
                (pos - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._gap = self.gap_at(pos.y())
        set_flag(self.rows[self._drag_from], "dragging", True)
        self._show_drop_line(self._gap)

    def _release(self) -> None:
        start, gap = self._drag_from, self._gap
        self._press = self._drag_from = self._gap = None
        self.drop_line.hide()
        for row in self.rows:
            set_flag(row, "dragging", False)
        if start is not None and gap is not None:
            self.move_entry(start, gap if gap <= start else gap - 1)

    def _show_drop_line(self, gap: int) -> None:
        spacing = 8
        if gap < len(self.rows):
            y = self.rows[gap].geometry().top() - spacing // 2 - 1
        else:
            y = self.rows[-1].geometry().bottom() + spacing // 2
        self.drop_line.setGeometry(0, max(0, y), self.list_area.width(), 3)
        self.drop_line.raise_()
        self.drop_line.show()

    # ------------------------------------------------------------------ view

    def _sync(self) -> None:
        for index, entry in enumerate(self.ranking.ordered_entries()):
            self.numbers[index].setText(str(index + 1))
            self.texts[index].setText(entry.text)
            apply_direction(self.texts[index], self.direction or text_direction(entry.text) or "ltr")
            set_flag(self.rows[index], "current", index == self.current)
        engaged = self.ranking.engaged
        self.keep_button.setEnabled(not engaged)
        self.status.setText(self.tr("Order recorded; you can still change it.") if engaged else
                            self.tr("Put the best first. The order counts once you move an entry "
                                    "or keep it as it is."))


class RankingKind(WidgetKind[RankingQuestion, RankingState]):
    """Its answer in words is the order of the texts, best first (the plain shape of a list)."""

    name = "ranking"
    shows_entries = True

    def build(self, question: RankingQuestion, state: RankingState, parent: QWidget | None,
              direction: str | None) -> ResponseWidget:
        return RankingWidget(question, state, parent, direction=direction)

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        # Keep the order as shown.
        return while_incomplete(state, KeyPress(Qt.Key.Key_Space, " "))
