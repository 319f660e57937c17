"""A decoded RGB array in a QGraphicsScene, drawn as a QGraphicsPixmapItem drew its pixmap,
without holding that pixmap.

The pixmap was a second copy of every shown decode at 4 bytes a pixel (15 MB for a 2400 x
1600 decode, one per viewer on screen and per viewer of the trial built ahead). Qt draws
its 32-bit formats with their own scaling code (a downscale drawn from the 24-bit array
itself differs in the low bits), so the item converts the array to the pixmap's format,
Format_RGB32. Fitted, the viewer keeps the item as drawn (DeviceCoordinateCache): it paints
when the fitted size changes, and the converted copy is dropped after each paint. Zoomed,
every pan paints: the converted copy is kept until the viewer is fitted again
(`keep_converted`).

The first conversion is made when the array is given, not when it is first painted: a trial
built ahead whose image arrived after its off-screen render would otherwise convert in the
frame that shows it (10-18 ms of the UI thread at the stimulus onset). That copy is dropped
at the first paint, as any other.
"""

from __future__ import annotations

import numpy as np

from widgets.qt import QImage, QPainter, QPointF, QRectF, QtWidgets, QWidget


class ArrayItem(QtWidgets.QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self._rgb: np.ndarray | None = None  # owns the memory `_image` reads
        self._image: QImage | None = None  # Format_RGB888 over `_rgb`: no copy
        self._converted: QImage | None = None  # Format_RGB32, kept while `_keep`
        self._fresh: QImage | None = None  # Format_RGB32 of the array given, until painted
        self._keep = False

    def set_rgb(self, rgb: np.ndarray) -> None:
        """Show `rgb` ((h, w, 3) uint8); the item keeps a reference, not a copy."""
        rgb = np.ascontiguousarray(rgb)
        height, width = rgb.shape[:2]
        self.prepareGeometryChange()
        self._rgb = rgb
        self._image = QImage(rgb.data, width, height, 3 * width, QImage.Format.Format_RGB888)
        self._converted = None
        self._fresh = self._image.convertToFormat(QImage.Format.Format_RGB32)
        self.update()

    def rgb(self) -> np.ndarray | None:
        return self._rgb

    def converted_ahead(self) -> bool:
        """Whether the array given is converted and not yet painted (its first paint is then
        a draw, not a conversion)."""
        return self._fresh is not None

    def keep_converted(self, keep: bool) -> None:
        self._keep = keep
        if not keep:
            self._converted = None

    def boundingRect(self) -> QRectF:
        if self._rgb is None:
            return QRectF()
        return QRectF(0, 0, self._rgb.shape[1], self._rgb.shape[0])

    def paint(self, painter: QPainter, option: QtWidgets.QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._image is None:
            return
        converted = self._converted if self._converted is not None else self._fresh
        self._fresh = None
        if converted is None:
            # What QPixmap.fromImage made of the array on a raster screen.
            converted = self._image.convertToFormat(QImage.Format.Format_RGB32)
        if self._keep:
            self._converted = converted
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(QPointF(0, 0), converted)
