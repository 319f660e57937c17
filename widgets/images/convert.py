"""numpy RGB arrays to Qt pixmaps."""

from __future__ import annotations

import numpy as np

from widgets.qt import QImage, QPixmap


def pixmap_from_rgb(rgb: np.ndarray) -> QPixmap:
    """A QPixmap holding a copy of an (h, w, 3) uint8 array."""
    rgb = np.ascontiguousarray(rgb)
    height, width = rgb.shape[:2]
    image = QImage(rgb.data, width, height, 3 * width, QImage.Format.Format_RGB888)
    # fromImage copies the pixels, so the QImage borrowing `rgb`'s buffer may go afterwards.
    return QPixmap.fromImage(image)
