"""pyqtgraph, imported after the Qt shim so it binds to PySide6, and plot export to PNG and SVG.

pyqtgraph 0.14's SVG exporter cannot parse the closed paths ("... Z") that Qt 6.12's SVG
generator writes (pyqtgraph issue #3495). Until the pinned version has the fix, an SVG export
that fails that way is written by Qt's own QSvgGenerator from the rendered plot instead: still
vector graphics, the same picture.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyqtgraph as pg
import pyqtgraph.exporters as pg_exporters

from widgets.qt import QColor, QImage, QPainter, QSvgGenerator, QtCore

pg.setConfigOptions(antialias=True, background="w", foreground="k")

__all__ = ["EXPORT_SCALE", "EXPORT_WIDTHS", "export_layout", "export_png", "export_svg", "pg"]


# A saved plot is laid out at its width on screen, kept within these (logical pixels): the
# text then has the size it has on screen relative to the picture, neither tiny in a wide
# window's plot nor crowded in a narrow one's, and the legend is laid out for that width.
EXPORT_WIDTHS = (800, 1200)
EXPORT_SCALE = 2  # pixels of a saved PNG per logical pixel: sharp when printed or zoomed


@contextmanager
def export_layout(plot: pg.PlotWidget) -> Iterator[QtCore.QSize]:
    """The plot's scene laid out at its export size for the time of the block, from (0, 0),
    and as on screen again after it, before anything is painted. The plot item is placed,
    not the widget resized: a plot in a scroll area (the results window's) is held at the
    viewport's width, and a hidden one gets no resize event."""
    item = plot.getPlotItem()
    old = item.geometry()
    low, high = EXPORT_WIDTHS
    width = min(max(round(old.width()), low), high)
    height = max(round(old.height()), plot.minimumHeight(), 1)
    size = QtCore.QSize(width, height)
    _place(item, QtCore.QRectF(0, 0, width, height))
    try:
        yield size
    finally:
        _place(item, old)


def _place(item: pg.PlotItem, rect: QtCore.QRectF) -> None:
    item.setGeometry(rect)
    item.layout.activate()  # the axes, legend and view box placed now, not at the next turn


def _render(plot: pg.PlotWidget, painter: QPainter, size: QtCore.QSize) -> None:
    """The scene as laid out by export_layout, one to one (pyqtgraph's scene readies its
    view matrices for the paint itself)."""
    whole = QtCore.QRectF(0, 0, size.width(), size.height())
    plot.scene().render(painter, whole, whole)


def export_png(plot: pg.PlotWidget, path: Path) -> Path:
    """The plot as drawn by Qt at EXPORT_SCALE times its export size. Not pyqtgraph's image
    exporter: scaling the scene to a width of its own, it left the legend's and the axes'
    text at the on-screen pixel size while the rest was scaled (a legend cut off at the right
    edge when the plot was wider than the picture, tiny axis text when it was narrower)."""
    with export_layout(plot) as size:
        # Qt's device scaling, not a scaled view: pyqtgraph draws the legend unscaled by the
        # view (ItemIgnoresTransformations), so a scaled view shrank it against the rest.
        image = QImage(size * EXPORT_SCALE, QImage.Format.Format_ARGB32)
        image.setDevicePixelRatio(EXPORT_SCALE)
        image.fill(QColor("white"))
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            _render(plot, painter, size)
        finally:
            painter.end()
    image.setDevicePixelRatio(1)
    if not image.save(str(path), "PNG"):
        raise OSError(f"{path}: the plot could not be written")
    return path


def export_svg(plot: pg.PlotWidget, path: Path) -> Path:
    with export_layout(plot) as size:
        try:
            pg_exporters.SVGExporter(plot.getPlotItem()).export(str(path))
        except ValueError:  # issue #3495: fall back to Qt's generator
            generator = QSvgGenerator()
            generator.setFileName(str(path))
            generator.setSize(size)
            generator.setViewBox(QtCore.QRect(0, 0, size.width(), size.height()))
            generator.setTitle(plot.getPlotItem().titleLabel.text or "plot")
            painter = QPainter(generator)
            try:
                _render(plot, painter, size)
            finally:
                painter.end()
    return path
