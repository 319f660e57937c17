"""Grouping: F2 on a card not grouped yet says why nothing is renamed and what to do, instead
of doing nothing silently; a board taller than the page scrolls in its own frames, so the
key help, the pool and the selected card stay in view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from tests.widgets.field_support import bundled_copy, open_trial
from tests.widgets.response_kit import build_response
from widgets.kinds.clustering import ClusteringWidget
from widgets.qt import QLabel, QPoint, QRect, QScrollArea, Qt, QWidget


def test_f2_on_an_ungrouped_card_says_what_to_do(qtbot: QtBot, mini_views: dict[str, Any]) -> None:
    state, widget = build_response(qtbot, mini_views, "k1")
    assert widget.column_index == 0 and widget.card_id == state.ungrouped[0]
    before = widget.status.text()
    qtbot.keyClick(widget, Qt.Key.Key_F2)
    text = widget.status.text()
    assert text != before and "no group to rename" in text and "Ctrl+N" in text
    assert state.groups == [] or all(g.label for g in state.groups)  # nothing changed


def _shown_in(area: QScrollArea, widget: QWidget) -> bool:
    viewport = area.viewport()
    return viewport.rect().contains(QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size()))


def _frames_of(widget: QWidget) -> list[QScrollArea]:
    """The scroll areas `widget` sits in, innermost first (its own frame, then the page)."""
    frames, parent = [], widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            frames.append(parent)
        parent = parent.parentWidget()
    return frames


def test_a_full_board_scrolls_in_its_frames_not_off_the_page(qtbot: QtBot, tmp_path: Path) -> None:
    """HUME's 24 cards at 1280x720, most of them grouped into four groups: the groups are taller
    than the page, so they scroll in their own frame. The key help and the question stay in
    view whichever card is selected, the selected card is whole on screen, the pool stays at
    the top of the board, and the whole board is on the page."""
    folder = bundled_copy(tmp_path, "hume-demo", ["eng-clu"])
    app = open_trial(qtbot, tmp_path, folder, size=(1280, 720))
    panel = app.trial.panel
    widget = panel.entries[0].widget
    assert isinstance(widget, ClusteringWidget)
    keys = next(w for w in widget.findChildren(QLabel) if w.text().startswith("Keys:"))
    for _ in range(4):
        app.key(Qt.Key.Key_N, "", Qt.KeyboardModifier.ControlModifier)
    for index in range(len(widget.clustering.ungrouped) - 2):
        group = 1 + index % 4
        app.key(getattr(Qt.Key, f"Key_{group}"), str(group))
    app.settle()
    pool, first_group = widget.columns[0], widget.columns[1]
    top = keys.mapTo(widget, QPoint(0, keys.height())).y()  # the board starts under the keys
    for frame in (_frames_of(pool)[0], _frames_of(first_group)[0]):
        assert 0 <= frame.mapTo(widget, QPoint(0, 0)).y() - top < 40  # not floating mid-way
    assert widget.height() <= panel.viewport().height()  # the board on the page, whole
    # Walk to the last card of every group, and the first: always whole, the keys in view.
    for _column in range(len(widget.columns)):
        app.key(Qt.Key.Key_Right)
        for _ in range(8):
            app.key(Qt.Key.Key_Down)
            app.settle()
            assert widget.card_id is not None
            card = widget._card_widget(widget.card_id)
            assert all(_shown_in(area, card) for area in _frames_of(card)), \
                f"card {widget.card_id!r} of column {widget.column_index} cut off"
            assert _shown_in(panel, keys), "the key help scrolled out of view"
    assert panel.verticalScrollBar().value() == 0
    app.close()
