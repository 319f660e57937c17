"""Dragging cards on the clustering board with the mouse: press on a card, drag it onto a
column (the pool or a group) or onto "New group", release. The board (widgets.kinds.clustering.
ClusteringWidget) handles every press itself (the cards are transparent for the mouse), so one
code path serves the mouse, the keys (`move_card`, `new_group`) and the tests."""

from __future__ import annotations

from widgets.kinds.shared.clustering_parts import Column
from widgets.kinds.shared.common import set_flag
from widgets.qt import QApplication, QMouseEvent, QPoint, QPushButton, QScrollArea, Qt, QWidget


class CardDrag:
    """The mouse half of the clustering board, mixed into it (before its QWidget base, so
    these event handlers are the ones Qt calls): it reads the board's columns and acts
    through the board's own `move_card`, `new_group`, `rename`, `_highlight` and `_rebuild`."""

    columns: list[Column]
    column_index: int
    card_id: str | None
    new_button: QPushButton
    _press: QPoint | None
    _drag_card: str | None
    _dragging: bool
    _drop_column: Column | None
    _pool_pos: int

    def column_at(self, pos: QPoint) -> Column | None:
        for column in self.columns:
            if self._under(column, pos):
                return column
        return None

    def card_at(self, pos: QPoint) -> str | None:
        for column in self.columns:
            for card_id, card in column.cards.items():
                if self._under(card, pos):
                    return card_id
        return None

    def _under(self, widget: QWidget, pos: QPoint) -> bool:
        """Whether the board's point `pos` is on the part of `widget` on screen: a group or a
        card scrolled out of its frame is not under the pointer."""
        if not widget.rect().contains(widget.mapFrom(self, pos)):
            return False
        parent = widget.parentWidget()
        while parent is not None and parent is not self:
            if isinstance(parent.parentWidget(), QScrollArea) and \
                    not parent.rect().contains(parent.mapFrom(self, pos)):
                return False  # outside a scroll area's viewport
            parent = parent.parentWidget()
        return True

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        card = self.card_at(pos)
        column = self.column_at(pos)
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if column is not None:
            self.column_index, self.card_id = self.columns.index(column), card
            self._highlight()
        if card is not None and event.button() == Qt.MouseButton.LeftButton:
            self._press, self._drag_card, self._dragging = pos, card, False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or self._drag_card is None:
            return
        pos = event.position().toPoint()
        if not self._dragging:
            if (pos - self._press).manhattanLength() < QApplication.startDragDistance():
                return
            self._dragging = True
            self._card_widget(self._drag_card).setCursor(Qt.CursorShape.ClosedHandCursor)
            set_flag(self._card_widget(self._drag_card), "dragging", True)
        target = self.column_at(pos)
        if target is not self._drop_column:
            if self._drop_column is not None:
                set_flag(self._drop_column, "drop", False)
            if target is not None:
                set_flag(target, "drop", True)
            self._drop_column = target
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        card, dragging = self._drag_card, self._dragging
        pos = event.position().toPoint()
        self._press = self._drag_card = self._drop_column = None
        self._dragging = False
        for column in self.columns:
            set_flag(column, "drop", False)
        if card is None or not dragging:
            self._rebuild()  # clears the drag marks
            return
        self._pool_pos = self._position_in_pool(card)
        if self.new_button.rect().contains(self.new_button.mapFrom(self, pos)):
            self.card_id = card
            self.new_group(with_card=True)
        elif (target := self.column_at(pos)) is not None:
            self.move_card(card, self.columns.index(target))
        else:
            self._rebuild()
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        column = self.column_at(event.position().toPoint())
        if column is not None and column.title.geometry().contains(
                column.mapFrom(self, event.position().toPoint())):
            self.rename(self.columns.index(column))
        event.accept()
