"""pyqtgraph, imported after the Qt shim so it binds to PySide6, and plot export to PNG and SVG.

pyqtgraph 0.14's SVG exporter cannot parse the closed paths ("... Z") that Qt 6.12's SVG
generator writes (pyqtgraph issue #3495). Until the pinned version has the fix, an SVG export
that fails that way is written by Qt's own QSvgGenerator from the rendered plot instead: still
vector graphics, the same picture.
"""

from __future__ import annotations

from pathlib import Path

import pyqtgraph as pg
import pyqtgraph.exporters as pg_exporters

from widgets.qt import QPainter, QSvgGenerator, QtCore

pg.setConfigOptions(antialias=True, background="w", foreground="k")

__all__ = ["export_png", "export_svg", "pg"]


def export_png(plot: pg.PlotWidget, path: Path, width: int = 1200) -> Path:
    exporter = pg_exporters.ImageExporter(plot.getPlotItem())
    exporter.parameters()["width"] = width
    exporter.export(str(path))
    return path


def export_svg(plot: pg.PlotWidget, path: Path) -> Path:
    try:
        pg_exporters.SVGExporter(plot.getPlotItem()).export(str(path))
    except ValueError:  # issue #3495: fall back to Qt's generator
        generator = QSvgGenerator()
        generator.setFileName(str(path))
        generator.setSize(plot.size())
        generator.setViewBox(QtCore.QRect(0, 0, plot.width(), plot.height()))
        generator.setTitle(plot.getPlotItem().titleLabel.text or "plot")
        painter = QPainter(generator)
        try:
            plot.render(painter)
        finally:
            painter.end()
    return path
