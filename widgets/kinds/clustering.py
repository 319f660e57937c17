"""Free grouping: cards start in a pool; the participant makes groups, names them and drags
(or keys) every card into one.

Mouse: drag a card onto a group, back onto the pool, or onto "New group" (which makes a group
holding it); ✎ renames a group (or double-click its name), ✕ deletes it and returns its cards.
Keys: arrows select a card (Up/Down within a column, Left/Right across columns), a digit n
moves it to group n (0: back to the pool), Ctrl+N makes a new group holding the selected card,
F2 renames the selected column's group, Delete removes it when it is empty (a stray key must
not undo work; the ✕ button, a deliberate click, also takes groups that hold cards).

The key help sits above the board, where it is seen before the cards; the pool of cards and
the groups each scroll within a frame of their own, no taller than the page shows under the key
help, so the question, the key help and the tops of the groups stay in view however many cards
there are.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.kinds.clustering import ClusteringQuestion, ClusteringState
from app.kinds.state import AnswerState
from widgets.buttons import plain_button
from widgets.kinds.base import KeyPress, ResponseWidget, WidgetKind
from widgets.kinds.shared.card_drag import CardDrag
from widgets.kinds.shared.clustering_parts import BOARD_STYLE, Column, NameEdit
from widgets.kinds.shared.common import (
    ctrl,
    digit,
    hint_label,
    keys_label,
    plain,
    scroll_into_view,
    set_flag,
)
from widgets.kinds.shared.core_words import (
    clustering_missing_text,
    clustering_review_text,
    group_title,
)
from widgets.qt import (
    QEvent,
    QGridLayout,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QObject,
    QPoint,
    QResizeEvent,
    QScrollArea,
    Qt,
    QtGui,
    QVBoxLayout,
    QWidget,
)
from widgets.typography import ScaledFonts

MIN_FRAME = 200  # px; the pool's and the groups' frames are never squeezed below this
GROUP_MIN_WIDTH = 230  # px; the group boxes flow into as many columns as fit at this width
AUTOPILOT_GROUPS = 4  # groups the autopilot makes on a free clustering question


class ClusteringWidget(CardDrag, ResponseWidget):
    def __init__(self, question: ClusteringQuestion, state: ClusteringState,
                 parent: QWidget | None = None) -> None:
        super().__init__(question, state, parent)
        self.clustering = state
        self.setStyleSheet(BOARD_STYLE)
        self._fonts = ScaledFonts(self)
        self.column_index = 0  # 0: the pool; n: the n-th group
        self.card_id: str | None = None
        self._press: QPoint | None = None
        self._drag_card: str | None = None
        self._dragging = False
        self._drop_column: Column | None = None
        self._pool_pos = 0  # where the moved card sat in the pool, to select its successor

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(8)
        outer.addWidget(keys_label(self.tr(
            "arrows select a card · 1–9 put it in that group, 0 back · Ctrl+N new group "
            "with it · F2 rename · Del delete an empty group · or drag the cards")))
        board = QHBoxLayout()
        board.setSpacing(12)
        self._board = board
        self._pool_holder = QVBoxLayout()
        self.pool_scroll = QScrollArea()
        self.pool_scroll.setWidgetResizable(True)
        self.pool_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.pool_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.pool_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._pool_holder.addWidget(self.pool_scroll)
        self._pool_holder.addStretch(1)  # the pool at the top of the board, not floating mid-way
        board.addLayout(self._pool_holder, 1)
        right = QVBoxLayout()
        # The groups too scroll in a frame of their own once they are taller than the board may
        # be: the question, the key help and the tops of the groups stay in view, and a card
        # selected further down is scrolled into sight within the frame, not the whole page.
        self.groups_scroll = QScrollArea()
        self.groups_scroll.setObjectName("groups-scroll")
        self.groups_scroll.setWidgetResizable(True)
        self.groups_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.groups_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.groups_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        groups = QWidget()
        groups_column = QVBoxLayout(groups)
        groups_column.setContentsMargins(0, 0, 0, 0)
        self._groups_grid = QGridLayout()
        self._groups_grid.setSpacing(10)
        groups_column.addLayout(self._groups_grid)
        groups_column.addStretch(1)
        self.groups_scroll.setWidget(groups)
        right.addWidget(self.groups_scroll)
        self.new_button = plain_button(self.tr("+  New group  [Ctrl+N]"),
                                       lambda: self.new_group(with_card=False),
                                       tip=self.tr("Drop a card here to start a group with it"),
                                       drop_target=True)
        self.new_button.setMinimumHeight(48)
        right.addWidget(self.new_button)
        right.addStretch(1)
        board.addLayout(right, 2)
        outer.addLayout(board)
        self.status = hint_label("")
        outer.addWidget(self.status)
        self.columns: list[Column] = []
        self.group_columns = 2  # the group grid's width in boxes; follows the widget's width
        self._message = ""
        self._watched: QScrollArea | None = None
        self._rebuild()
        state.subscribe(self._rebuild)
        if state.ungrouped:
            self.card_id = state.ungrouped[0]
            self._highlight()

    # ------------------------------------------------------------------ acting (mouse and keys)

    def move_card(self, card_id: str, column_index: int) -> None:
        """Put a card in column n (0: the pool). The drop and the digit keys come here."""
        from_pool = self.clustering.group_of(card_id) is None
        group_id = None if column_index == 0 else self.columns[column_index].group_id
        self.clustering.move_card(card_id, group_id)
        pool = self.clustering.ungrouped
        if from_pool and pool and column_index != 0:
            # Sorting from the pool: stay there, on the card that took this one's place.
            self.column_index, self.card_id = 0, pool[min(self._pool_pos, len(pool) - 1)]
        else:
            self.column_index, self.card_id = column_index, card_id
        self._highlight()

    def new_group(self, *, with_card: bool) -> None:
        if not self.clustering.can_add_group():
            self._say(self.tr("This question asks for exactly %Ln group(s).", None,
                              self.clustering.n_groups))
            return
        card = self.card_id if with_card else None
        group_id = self.clustering.new_group()
        self._rebuild()  # a new empty group is no change of the answer: no state signal
        index = 1 + [g.id for g in self.clustering.groups].index(group_id)
        if card is not None:
            self._pool_pos = self._position_in_pool(card)
            self.move_card(card, index)
        else:
            self.column_index, self.card_id = index, None
            self._highlight()

    def rename(self, column_index: int) -> None:
        column = self.columns[column_index]
        if column.group_id is None or column.name_edit is None:
            # F2 on a card not yet grouped: the pool has no name to change. Say what does.
            self._say(self.tr("Cards not grouped yet have no group to rename: put the card in "
                              "a group first (1–9, or Ctrl+N for a new one), then F2."))
            return
        self.column_index = column_index
        column.title.hide()
        column.name_edit.start(column.title.text())

    def delete_group(self, column_index: int, *, only_empty: bool) -> None:
        column = self.columns[column_index]
        if column.group_id is None:
            return
        if only_empty and column.cards:
            self._say(self.tr("Move its cards out first, or use the group's ✕ button."))
            return
        self.column_index = max(0, column_index - 1)
        self.card_id = None
        self.clustering.delete_group(column.group_id)
        self._rebuild()

    def review_text(self) -> str | None:
        """The grouping in words, in the participant's language."""
        return clustering_review_text(self.clustering) if self.state.is_complete() else None

    def handle_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if ctrl(event) and key == Qt.Key.Key_N:
            self.new_group(with_card=True)
            return True
        number = digit(event)
        if number is not None:
            if self.card_id is None or number >= len(self.columns):
                return number < 10 and self.card_id is not None  # no such group: swallow
            self._pool_pos = self._position_in_pool(self.card_id)
            self.move_card(self.card_id, number)
            return True
        if not plain(event):
            return False
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._step_card(-1 if key == Qt.Key.Key_Up else 1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            self._step_column(-1 if key == Qt.Key.Key_Left else 1)
        elif key == Qt.Key.Key_F2:
            self.rename(self.column_index)
        elif key == Qt.Key.Key_Delete:
            self.delete_group(self.column_index, only_empty=True)
        else:
            return False
        return True

    # ------------------------------------------------------------------ view

    def _rebuild(self) -> None:
        scrolled = self.pool_scroll.verticalScrollBar().value()
        self.pool_scroll.takeWidget()  # ours to delete below, not the scroll area's
        for column in self.columns:
            column.setParent(None)
            column.deleteLater()  # a name editor may be inside its own signal handler now
        self.columns = []
        pool = Column(self.tr("Not grouped yet (%Ln)", None, len(self.clustering.ungrouped)),
                      0, self._fonts)
        for card_id in self.clustering.ungrouped:
            pool.add_card(card_id, self.clustering.entry(card_id).text)
        self.pool_scroll.setWidget(pool)
        self._fit_pool()
        self.pool_scroll.verticalScrollBar().setValue(scrolled)
        # An empty pool narrows to its note: the groups get the width.
        self._board.setStretch(0, 1 if self.clustering.ungrouped else 0)
        pool.show()  # now, not on the next event pass: a rename may start on it at once
        self.columns.append(pool)
        for index, group in enumerate(self.clustering.groups, start=1):
            column = Column(group_title(group.label), index, self._fonts, group_id=group.id)
            for card_id in group.cards:
                column.add_card(card_id, self.clustering.entry(card_id).text)
            column.attach_editor(NameEdit(
                lambda text, g=group.id: self._commit_name(g, text), self._cancel_name))
            assert column.rename_button is not None and column.delete_button is not None
            column.rename_button.clicked.connect(lambda _=False, i=index: self.rename(i))
            column.delete_button.clicked.connect(
                lambda _=False, i=index: self.delete_group(i, only_empty=False))
            column.delete_button.setVisible(self.clustering.n_groups is None)
            self._groups_grid.addWidget(column)
            column.show()
            self.columns.append(column)
        self._flow_groups()
        self._fit_groups()
        self.new_button.setEnabled(self.clustering.can_add_group())
        self.column_index = min(self.column_index, len(self.columns) - 1)
        if self.card_id is not None and self._column_of(self.card_id) is None:
            self.card_id = None
        self._highlight()

    def _flow_groups(self) -> None:
        """Lay the group boxes out row by row, as many to a row as fit, so that several groups
        and their cards are in sight at once beside the pool."""
        self.group_columns = self._fitting_columns()
        for column in self.columns[1:]:
            self._groups_grid.removeWidget(column)
        for index, column in enumerate(self.columns[1:]):
            row, col = divmod(index, self.group_columns)
            self._groups_grid.addWidget(column, row, col)
        for col in range(self._groups_grid.columnCount()):
            self._groups_grid.setColumnStretch(col, 1 if col < self.group_columns else 0)
        # The groups' frame has a layout of its own: placed now, as the board's own are.
        self._groups_grid.activate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.columns and self._fitting_columns() != self.group_columns:
            self._flow_groups()
        self._fit_pool()
        self._fit_groups()

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        area = self._page_area()
        if area is not None and area is not self._watched:
            self._watched = area
            area.viewport().installEventFilter(self)  # a taller window: a taller board
        self._fit_pool()
        self._fit_groups()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self._watched is not None \
                and watched is self._watched.viewport():
            self._fit_pool()
            self._fit_groups()
        return super().eventFilter(watched, event)

    def _page_area(self) -> QScrollArea | None:
        """The scroll area the board sits in (the trial's question panel), if any."""
        parent = self.parentWidget()
        while parent is not None:
            if isinstance(parent, QScrollArea):
                return parent
            parent = parent.parentWidget()
        return None

    def _board_cap(self) -> int:
        """How tall the pool's and the groups' frames may be: what the page shows below the key
        help, less the status line (and the New group button under the groups), so the whole
        board is in view without scrolling the page; about half the window outside a page."""
        area = self._page_area()
        content = area.widget() if area is not None else None
        if area is None or content is None or not self.isAncestorOf(self.pool_scroll) \
                or not content.isAncestorOf(self):
            return max(MIN_FRAME, int(self.window().height() * 0.5))
        top = self.mapTo(content, QPoint(0, self.pool_scroll.geometry().top())).y()
        below = self.status.sizeHint().height() + 3 * self.layout().spacing()
        return max(MIN_FRAME, area.viewport().height() - top - below)

    def _fit_pool(self) -> None:
        """The pool as tall as its cards, up to the board's height: past that it scrolls in
        its frame, and the groups beside it stay where they are."""
        pool = self.pool_scroll.widget()
        if pool is None:
            return
        self.pool_scroll.setFixedHeight(min(pool.sizeHint().height() + 4, self._board_cap()))

    def _fit_groups(self) -> None:
        """The groups' frame as tall as the groups, up to the board's height (less the New
        group button under it): past that it scrolls."""
        groups = self.groups_scroll.widget()
        if groups is None:
            return
        width = self.groups_scroll.viewport().width()
        layout = groups.layout()
        needed = (layout.heightForWidth(width) if layout is not None and
                  layout.hasHeightForWidth() and width > 0 else groups.sizeHint().height())
        cap = self._board_cap() - self.new_button.sizeHint().height() - 8
        self.groups_scroll.setVisible(len(self.columns) > 1)  # no groups yet: the button alone
        self.groups_scroll.setFixedHeight(max(MIN_FRAME // 2, min(needed + 4, cap)))

    def _fitting_columns(self) -> int:
        # The groups get two thirds of the board (the stretch of the right side), or nearly all
        # of it once the pool is empty.
        share = 2 / 3 if self.clustering.ungrouped else 0.8
        return max(1, int(self.width() * share) // GROUP_MIN_WIDTH)

    def _highlight(self) -> None:
        if self.card_id is not None:
            self.column_index = self._column_of(self.card_id) or 0
        for index, column in enumerate(self.columns):
            set_flag(column, "current", index == self.column_index and self.card_id is None)
            for card_id, card in column.cards.items():
                set_flag(card, "current", card_id == self.card_id)
        if self.card_id is not None:
            if self.column_index > 0:  # its group's title too, where the frame has room
                scroll_into_view(self.columns[self.column_index])
            scroll_into_view(self._card_widget(self.card_id))
        missing = clustering_missing_text(self.clustering)
        self.status.setText(self._message or (missing[0].upper() + missing[1:] + "."
                                              if missing else self.tr("Every card is in a group.")))
        self._message = ""

    def _say(self, message: str) -> None:
        self._message = message
        self._highlight()

    def _commit_name(self, group_id: str, text: str) -> None:
        try:
            self.clustering.rename_group(group_id, text)
        except ValueError as exc:
            self._message = str(exc)[0].upper() + str(exc)[1:] + "."
        self._rebuild()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _cancel_name(self) -> None:
        self._rebuild()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _column_of(self, card_id: str) -> int | None:
        for index, column in enumerate(self.columns):
            if card_id in column.cards:
                return index
        return None

    def _card_widget(self, card_id: str) -> QLabel:
        return next(c.cards[card_id] for c in self.columns if card_id in c.cards)

    def _position_in_pool(self, card_id: str) -> int:
        pool = self.clustering.ungrouped
        return pool.index(card_id) if card_id in pool else 0

    def _step_card(self, step: int) -> None:
        cards = list(self.columns[self.column_index].cards)
        if not cards:
            return
        at = cards.index(self.card_id) if self.card_id in cards else (-1 if step > 0 else len(cards))
        self.card_id = cards[max(0, min(at + step, len(cards) - 1))]
        self._highlight()

    def _step_column(self, step: int) -> None:
        old = self.columns[self.column_index]
        row = list(old.cards).index(self.card_id) if self.card_id in old.cards else 0
        self.column_index = max(0, min(self.column_index + step, len(self.columns) - 1))
        cards = list(self.columns[self.column_index].cards)
        self.card_id = cards[min(row, len(cards) - 1)] if cards else None
        self._highlight()


class ClusteringKind(WidgetKind[ClusteringQuestion, ClusteringState]):
    """Its answer in words pairs each card's text with its group (the plain shape of a
    mapping)."""

    name = "clustering"
    shows_entries = True
    answered_in_a_few_keys = False  # a key per card, and a group to make first

    def build(self, question: ClusteringQuestion, state: ClusteringState,
              parent: QWidget | None, direction: str | None) -> ResponseWidget:
        return ClusteringWidget(question, state, parent)

    def autopilot_keys(self, state: AnswerState) -> Iterator[KeyPress]:
        """Ctrl+N makes a group holding the selected card (up to AUTOPILOT_GROUPS, or the
        number the question asks for); the other cards are dealt round the groups by digit:
        the board shows several groups with their cards. An optional question too: its
        screenshot shows a board in use."""
        grouping = self.own_state(state.question, state)
        wanted = grouping.n_groups or min(AUTOPILOT_GROUPS, max(1, len(grouping.ungrouped) // 2))
        for _ in range(wanted):
            if not grouping.ungrouped or not grouping.can_add_group():
                break
            yield KeyPress(Qt.Key.Key_N, "", Qt.KeyboardModifier.ControlModifier)
        n = len(grouping.groups)
        if n == 0:
            return
        for index in range(len(grouping.ungrouped)):
            group = 1 + index % min(n, 9)
            yield KeyPress(getattr(Qt.Key, f"Key_{group}"), str(group))
