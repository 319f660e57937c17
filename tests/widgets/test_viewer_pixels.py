"""The viewer draws the decoded array itself (widgets/images/array_item.py): what it puts on
screen is what the QGraphicsPixmapItem over a pixmap of the same array drew, pixel for
pixel, fitted, zoomed, panned and adjusted."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.imaging import Adjustment, decode_image
from widgets.images.convert import pixmap_from_rgb
from widgets.images.viewer import ImageViewer
from widgets.qt import QGraphicsPixmapItem, QImage, Qt


def _photo(path: Path, width: int, height: int) -> Path:
    rng = np.random.default_rng(width + height)
    x = np.linspace(0, 255, width, dtype=np.float32)[None, :]
    y = np.linspace(0, 255, height, dtype=np.float32)[:, None]
    rgb = np.stack([x + 0 * y, y + 0 * x, (x + y) / 2], axis=-1) + rng.normal(0, 25, (height, width, 3))
    Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).save(path, quality=92)
    return path


def _reference(viewer: ImageViewer) -> QImage:
    """The viewport as the pixmap item drew it: the same transform, scale and cache mode."""
    item = viewer._item
    rgb = item.rgb()
    assert rgb is not None
    old = QGraphicsPixmapItem(pixmap_from_rgb(rgb))
    old.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
    old.setScale(item.scale())
    old.setCacheMode(item.cacheMode())
    item.setVisible(False)
    viewer.scene().addItem(old)
    try:
        return viewer.viewport().grab().toImage()
    finally:
        viewer.scene().removeItem(old)
        item.setVisible(True)


def _same(viewer: ImageViewer) -> None:
    ours = viewer.viewport().grab().toImage()
    expected = _reference(viewer)
    assert ours.size() == expected.size()
    assert ours == expected
    assert viewer.viewport().grab().toImage() == ours  # a repaint (cached or not) too


@pytest.mark.parametrize(("size", "source", "box"), [((404, 304), (1600, 1067), (1600, 1200)),
                                                     ((1000, 700), (3000, 2000), (2560, 1600)),
                                                     ((640, 900), (900, 1400), (700, 700))])
def test_the_viewer_shows_what_the_pixmap_item_showed(qtbot: QtBot, tmp_path: Path,
                                                      size: tuple[int, int],
                                                      source: tuple[int, int],
                                                      box: tuple[int, int]) -> None:
    decoded = decode_image(_photo(tmp_path / "photo.jpg", *source), box)
    viewer = ImageViewer(None)
    qtbot.addWidget(viewer)
    viewer.resize(*size)
    viewer.show()
    qtbot.waitExposed(viewer)
    viewer.set_decoded(decoded)
    _same(viewer)  # fitted: drawn once into the item cache
    viewer.resize(size[0] - 37, size[1] + 21)
    qtbot.wait(10)
    _same(viewer)  # fitted again at another size
    for zoom, dx, dy in ((1.0, 0, 0), (2.3, 41, -17), (0.37, 0, 0), (7.9, 300, 200)):
        viewer.set_zoom(zoom)
        viewer.pan(dx, dy)
        _same(viewer)  # zoomed: drawn anew at each paint
    viewer.set_adjustment(Adjustment(brightness=0.1, contrast=1.3))
    viewer.flush()
    _same(viewer)
    viewer.fit()
    _same(viewer)
    assert viewer.shown_pixel(5, 7) == tuple(int(v) for v in viewer._item.rgb()[7, 5])


def test_fitted_the_converted_copy_is_not_kept(qtbot: QtBot, tmp_path: Path) -> None:
    viewer = ImageViewer(None)
    qtbot.addWidget(viewer)
    viewer.resize(500, 400)
    viewer.show()
    qtbot.waitExposed(viewer)
    viewer.set_decoded(decode_image(_photo(tmp_path / "p.jpg", 1200, 800), (1200, 800)))
    viewer.viewport().grab()
    assert viewer._item._converted is None  # fitted: the item cache holds it as drawn
    viewer.set_zoom(2.0)
    viewer.viewport().grab()
    assert viewer._item._converted is not None  # zoomed: pans paint it again
    viewer.fit()
    assert viewer._item._converted is None


def test_the_array_is_converted_when_given_not_in_the_frame_that_shows_it(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A viewer built ahead and rendered before its image arrived: the image is converted on
    arrival, so the stimulus onset's paint only draws it; what it draws is unchanged and the
    copy is not kept after that paint."""
    viewer = ImageViewer(None)
    qtbot.addWidget(viewer)
    viewer.resize(500, 400)
    viewer.show()
    qtbot.waitExposed(viewer)
    viewer.viewport().grab()  # the render before the image arrives
    viewer.set_decoded(decode_image(_photo(tmp_path / "p.jpg", 1200, 800), (1200, 800)))
    assert viewer._item.converted_ahead()
    ours = viewer.viewport().grab().toImage()
    assert not viewer._item.converted_ahead()  # dropped at the first paint
    assert viewer._item._converted is None
    assert ours == _reference(viewer)
