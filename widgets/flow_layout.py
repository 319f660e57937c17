"""A layout that fills a row left to right and wraps onto the next row when the row is full.

Qt has none built in (it ships one as an example). A toolbar in a plain QHBoxLayout asks for
the width of all its controls at once: the image panel's bar alone made the lesion screen
refuse to shrink below ~1345 px. In a flow its minimum width is its widest control, and the
height it asks for follows from the width it gets (height-for-width), so a narrow window gets a
second row instead of a cut-off bar.
"""

from __future__ import annotations

from widgets.qt import QLayout, QPoint, QRect, QSize, Qt, QtWidgets, QWidget


class FlowLayout(QLayout):
    def __init__(self, parent: QWidget | None = None, *, spacing: int = 10) -> None:
        super().__init__(parent)
        self._items: list[QtWidgets.QLayoutItem] = []
        self._spacing = spacing

    # ------------------------------------------------------------------ QLayout's contract

    def addItem(self, item: QtWidgets.QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QtWidgets.QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QtWidgets.QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        """Everything on one row."""
        visible = [i for i in self._items if not i.isEmpty()]
        width = sum(i.sizeHint().width() for i in visible) + self._spacing * max(0, len(visible) - 1)
        height = max((i.sizeHint().height() for i in visible), default=0)
        m = self.contentsMargins()
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def minimumSize(self) -> QSize:
        """The widest control: everything else may go onto rows of its own."""
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    # ------------------------------------------------------------------ placing

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in `rect` (or only measure); the height used."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, row_height = area.x(), area.y(), 0
        row: list[tuple[QtWidgets.QLayoutItem, QSize]] = []

        def place_row() -> None:
            for item, size in row:
                if move:
                    top = y + (row_height - size.height()) // 2  # centred in the row
                    item.setGeometry(QRect(QPoint(item_x[id(item)], top), size))

        item_x: dict[int, int] = {}
        for item in self._items:
            if item.isEmpty():
                continue
            size = item.sizeHint().boundedTo(QSize(area.width(), 1 << 20))
            size = size.expandedTo(item.minimumSize())
            if row and x + size.width() > area.right() + 1:
                place_row()
                y += row_height + self._spacing
                x, row_height, row = area.x(), 0, []
            item_x[id(item)] = x
            row.append((item, size))
            x += size.width() + self._spacing
            row_height = max(row_height, size.height())
        place_row()
        return y + row_height - rect.y() + m.bottom()
