"""What "usable on a small screen" means, as checks on a live window: the window fits, nothing
that must be seen is outside it (or out of reach of a scroll area), no wrapped label is cut
short, no two labels of a scale overlap. Each check returns plain descriptions of what is wrong
(empty: all is well), so a failing test names the widget and the screen."""

from __future__ import annotations

from widgets.qt import QRect, QtWidgets, QWidget


def describe(widget: QWidget) -> str:
    text = getattr(widget, "text", lambda: "")()
    name = widget.objectName() or type(widget).__name__
    return f"{name} {text[:40]!r}" if text else name


def window_rect(widget: QWidget) -> QRect:
    """The widget's rectangle in its window's coordinates."""
    top_left = widget.mapTo(widget.window(), widget.rect().topLeft())
    return QRect(top_left, widget.size())


def scroll_area_of(widget: QWidget) -> QtWidgets.QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QtWidgets.QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def reachable(widget: QWidget) -> list[str]:
    """The widget lies inside its window, or inside the content of a scroll area that lies
    inside the window (the participant scrolls to it); wide enough for its own text."""
    problems = []
    window = widget.window()
    area = scroll_area_of(widget)
    outer = area if area is not None else widget
    if not window.rect().contains(window_rect(outer)):
        problems.append(f"{describe(outer)} at {window_rect(outer)} leaves the "
                        f"{window.width()}x{window.height()} window")
    if area is not None and isinstance(area, QtWidgets.QScrollArea) and area.widget() is not None:
        content = area.widget()
        inner = QRect(widget.mapTo(content, widget.rect().topLeft()), widget.size())
        if not content.rect().contains(inner):
            problems.append(f"{describe(widget)} lies outside its scroll area's content")
        sideways = area.horizontalScrollBar()
        if sideways.maximum() > 0:
            problems.append(f"{describe(area)} scrolls sideways by {sideways.maximum()} px")
    if widget.width() < widget.minimumSizeHint().width():
        problems.append(f"{describe(widget)} is {widget.width()} px wide, needs "
                        f"{widget.minimumSizeHint().width()}")
    return problems


def clipped_labels(root: QWidget) -> list[str]:
    """Visible word-wrapped labels shorter than their text needs at their width."""
    problems = []
    for label in root.findChildren(QtWidgets.QLabel):
        if not label.isVisible() or not label.wordWrap() or not label.text():
            continue
        needed = label.heightForWidth(label.width())
        if needed > label.height() + 1:
            problems.append(f"{describe(label)} is {label.height()} px high, its text needs "
                            f"{needed} at {label.width()} px")
    return problems


def overlapping(widgets: list[QWidget]) -> list[str]:
    """Pairs of visible widgets whose rectangles intersect."""
    shown = [(w, window_rect(w)) for w in widgets if w.isVisible()]
    problems = []
    for i, (a, ra) in enumerate(shown):
        for b, rb in shown[i + 1:]:
            if ra.intersects(rb):
                problems.append(f"{describe(a)} overlaps {describe(b)}")
    return problems
