"""Text sizes that follow the user's font zoom.

A widget that sets its own font stops inheriting the size from its parent, so a later Ctrl +/-
zoom (which changes the window's or the application's font) would pass it by. `ScaledFonts`
keeps a list of children and their factor, watches its root (which never sets a font of its
own and so does see the zoom) and re-applies the factors whenever the root's font changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from widgets.qt import QEvent, QFont, QObject, QPalette, QWidget


@dataclass(frozen=True)
class FontSpec:
    factor: float = 1.0
    bold: bool = False
    serif: bool = False
    italic: bool = False


class ScaledFonts(QObject):
    def __init__(self, root: QWidget) -> None:
        super().__init__(root)
        self.root = root
        self._specs: list[tuple[QWidget, FontSpec]] = []
        root.installEventFilter(self)

    def add(self, widget: QWidget, factor: float = 1.0, *, bold: bool = False,
            serif: bool = False, italic: bool = False) -> QWidget:
        spec = FontSpec(factor, bold, serif, italic)
        self._specs.append((widget, spec))
        self._apply_one(widget, spec)
        return widget

    def apply(self) -> None:
        for widget, spec in self._specs:
            self._apply_one(widget, spec)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # getattr: Qt may deliver events while the Python side is being built or torn down.
        if event.type() == QEvent.Type.FontChange and watched is getattr(self, "root", None):
            self.apply()
        return False

    def _apply_one(self, widget: QWidget, spec: FontSpec) -> None:
        font = QFont(self.root.font())
        font.setPointSizeF(max(6.0, font.pointSizeF() * spec.factor))
        font.setBold(spec.bold)
        font.setItalic(spec.italic)
        if spec.serif:
            font.setFamilies(["Noto Serif", "Georgia", "DejaVu Serif", "serif"])
            font.setStyleHint(QFont.StyleHint.Serif)
        widget.setFont(font)


def mute(widget: QWidget) -> QWidget:
    """Secondary text (key hints, counters): the palette's placeholder colour."""
    widget.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return widget


class _EmWidths(QObject):
    """Keeps a widget's minimum (and maximum) width at a number of "M" widths of its own font,
    re-measured whenever that font changes (the zoom), so a button grows with its text."""

    def __init__(self, widget: QWidget, minimum: float, maximum: float | None) -> None:
        super().__init__(widget)
        self.widget, self.minimum, self.maximum = widget, minimum, maximum
        widget.installEventFilter(self)
        self.apply()

    def apply(self) -> None:
        em = self.widget.fontMetrics().horizontalAdvance("M")
        # Never below what its own text needs (a padded "4.5" is wider than 3 em at 9 pt).
        self.widget.setMinimumWidth(max(round(self.minimum * em),
                                        self.widget.minimumSizeHint().width()))
        if self.maximum is not None:
            self.widget.setMaximumWidth(round(self.maximum * em))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.Polish, QEvent.Type.StyleChange) \
                and watched is getattr(self, "widget", None):
            self.apply()
        return False


def em_widths(widget: QWidget, minimum: float, maximum: float | None = None) -> QWidget:
    """Width limits in "M" widths of the widget's font (pixels would not follow the font zoom)."""
    _EmWidths(widget, minimum, maximum)
    return widget
