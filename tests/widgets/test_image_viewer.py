"""The image cache, the viewer and the side-by-side panel, on real generated files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pytestqt.qtbot import QtBot

from app.imaging import Adjustment
from widgets.images.cache import ImageCache
from widgets.images.panel import ImagePanel
from widgets.images.viewer import ImageViewer
from widgets.qt import QApplication, QPoint, QPointF, Qt, QtGui, QWidget

ALT = Qt.KeyboardModifier.AltModifier  # the image keys hold Alt (they never mean an answer)


def _quadrants(path: Path, width: int = 800, height: int = 600) -> Path:
    rgb = np.zeros((height, width, 3), dtype=np.uint8)
    rgb[: height // 2, : width // 2] = (200, 40, 40)
    rgb[: height // 2, width // 2:] = (40, 200, 40)
    rgb[height // 2:, : width // 2] = (40, 40, 200)
    rgb[height // 2:, width // 2:] = (100, 100, 100)
    Image.fromarray(rgb).save(path)
    return path


@pytest.fixture
def cache(qtbot: QtBot) -> Iterator[ImageCache]:
    cache = ImageCache(default_size=(1600, 1200))
    yield cache
    cache.shutdown()


def _viewer(qtbot, cache: ImageCache | None, path: Path) -> ImageViewer:
    viewer = ImageViewer(cache)
    qtbot.addWidget(viewer)
    viewer.resize(404, 304)
    viewer.show()
    qtbot.waitExposed(viewer)
    with qtbot.waitSignal(viewer.ready, timeout=10_000, raising=False):
        viewer.set_image(path)
    qtbot.waitUntil(viewer.is_ready, timeout=10_000)
    return viewer


def _wheel(viewer: ImageViewer, steps: int) -> None:
    pos = QPointF(viewer.viewport().rect().center())
    event = QtGui.QWheelEvent(pos, viewer.viewport().mapToGlobal(pos), QPoint(0, 0),
                              QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                              Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    viewer.wheelEvent(event)


def test_cache_decodes_in_workers_and_evicts_by_bytes(qtbot: QtBot, tmp_path: Path) -> None:
    paths = [_quadrants(tmp_path / f"{i}.png", 200, 100) for i in range(3)]
    cache = ImageCache(budget_bytes=2 * 200 * 100 * 3, default_size=(400, 400))
    try:
        assert cache.request(paths[0]) is None and cache.is_busy()
        with qtbot.waitSignal(cache.loaded, timeout=10_000) as blocker:
            pass
        assert blocker.args == [ImageCache.key(paths[0])]
        entry = cache.request(paths[0])
        assert entry is not None and entry.image is not None and entry.image.size == (200, 100)
        cache.prefetch(paths[1:])
        qtbot.waitUntil(lambda: not cache.is_busy(), timeout=10_000)
        assert cache.total_bytes <= cache.budget_bytes
        assert cache.get(paths[0]) is None  # least recently used went first
        assert cache.get(paths[2]) is not None
    finally:
        cache.shutdown()


def test_cache_remembers_failures(qtbot: QtBot, cache: ImageCache, tmp_path: Path) -> None:
    bad = tmp_path / "notes.png"
    bad.write_text("not an image")
    with qtbot.waitSignal(cache.loaded, timeout=10_000):
        cache.request(bad)
    entry = cache.request(bad)  # a failure is an answer: no second decode
    assert entry is not None and entry.image is None
    assert entry.error is not None and str(bad) in entry.error and not cache.is_busy()


def test_zoom_keys_wheel_fit_and_actual(qtbot: QtBot, cache: ImageCache, tmp_path: Path) -> None:
    viewer = _viewer(qtbot, cache, _quadrants(tmp_path / "q.png"))
    ratio = viewer.devicePixelRatioF()
    fitted = viewer.zoom()
    assert fitted == pytest.approx(min(viewer.viewport().width() / 800,
                                       viewer.viewport().height() / 600) * ratio, rel=0.02)
    qtbot.keyClick(viewer, Qt.Key.Key_1, ALT)
    assert viewer.zoom() == pytest.approx(1.0)
    qtbot.keyClick(viewer, Qt.Key.Key_Plus, ALT)
    assert viewer.zoom() == pytest.approx(1.25)
    qtbot.keyClick(viewer, Qt.Key.Key_Minus, ALT)
    assert viewer.zoom() == pytest.approx(1.0)
    _wheel(viewer, 2)
    assert viewer.zoom() > 1.3
    _wheel(viewer, -2)
    assert viewer.zoom() == pytest.approx(1.0, rel=0.01)
    qtbot.keyClick(viewer, Qt.Key.Key_F, ALT)
    assert viewer.zoom() == pytest.approx(fitted)
    # keys that are not the viewer's pass on to the trial screen
    event = QtGui.QKeyEvent(QtGui.QKeyEvent.Type.KeyPress, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier, "a")
    viewer.keyPressEvent(event)
    assert not event.isAccepted()
    plain_one = QtGui.QKeyEvent(QtGui.QKeyEvent.Type.KeyPress, Qt.Key.Key_1,
                                Qt.KeyboardModifier.NoModifier, "1")
    viewer.keyPressEvent(plain_one)  # a plain 1 is an answer's, never the viewer's
    assert not plain_one.isAccepted() and viewer.zoom() == pytest.approx(fitted)


def test_pan_by_keys_and_by_drag(qtbot: QtBot, cache: ImageCache, tmp_path: Path) -> None:
    viewer = _viewer(qtbot, cache, _quadrants(tmp_path / "q.png"))
    viewer.set_zoom(2.0)
    h = viewer.horizontalScrollBar()
    start = h.value()
    qtbot.keyClick(viewer, Qt.Key.Key_Right, ALT)
    assert h.value() > start
    qtbot.keyClick(viewer, Qt.Key.Key_Left, ALT)
    assert h.value() == start
    port = viewer.viewport()
    centre = port.rect().center()
    qtbot.mousePress(port, Qt.MouseButton.LeftButton, pos=centre)
    for dx in (10, 40, 80):
        qtbot.mouseMove(port, centre - QPoint(dx, 0))
    qtbot.mouseRelease(port, Qt.MouseButton.LeftButton, pos=centre - QPoint(80, 0))
    assert h.value() > start + 40  # dragging left moves the view right


def test_adjustments_and_reset_through_the_bar(qtbot: QtBot, cache: ImageCache, tmp_path: Path) -> None:
    panel = ImagePanel([_quadrants(tmp_path / "q.png")], ["left forearm"], cache)
    qtbot.addWidget(panel)
    panel.resize(700, 500)
    panel.show()
    qtbot.waitUntil(panel.is_ready, timeout=10_000)
    viewer = panel.viewers[0]
    assert viewer.shown_pixel(10, 10) == (200, 40, 40)
    qtbot.mouseClick(panel.bar.actual_button, Qt.MouseButton.LeftButton)
    assert viewer.zoom() == pytest.approx(1.0) and panel.bar.zoom_label.text() == "100%"
    panel.bar.contrast.setValue(100)
    panel.bar.brightness.setValue(20)
    qtbot.waitUntil(lambda: viewer.shown_adjustment() == viewer.adjustment(), timeout=5000)
    assert viewer.adjustment() == Adjustment(brightness=0.1, contrast=2.0)
    red = viewer.shown_pixel(10, 10)
    assert red[0] == 255 and red[1] < 40  # stronger contrast, a little brighter
    qtbot.mouseClick(panel.bar.clahe, Qt.MouseButton.LeftButton)
    assert viewer.adjustment().clahe
    qtbot.mouseClick(panel.bar.reset_button, Qt.MouseButton.LeftButton)
    viewer.flush()
    assert viewer.adjustment() == Adjustment() and viewer.shown_pixel(10, 10) == (200, 40, 40)
    assert panel.captions[0].text() == "left forearm"


def test_side_by_side_and_a_broken_image(qtbot: QtBot, cache: ImageCache, tmp_path: Path) -> None:
    good = _quadrants(tmp_path / "good.png")
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8\xff\xe0 this is not really a jpeg")
    panel = ImagePanel([good, broken], [], cache)
    qtbot.addWidget(panel)
    panel.resize(900, 400)
    panel.show()
    with qtbot.waitSignal(panel.ready, timeout=10_000):
        pass
    first, second = panel.viewers
    assert first.decoded is not None and second.decoded is None
    assert first.geometry().right() < second.geometry().left()  # side by side
    assert "cannot be shown" in second.message_text() and "broken.jpg" in second.message_text()
    assert [c.text() for c in panel.captions] == ["Image 1", "Image 2"]
    qtbot.mouseClick(panel.bar.fit_button, Qt.MouseButton.LeftButton)  # no crash on the broken one


def test_zooming_in_fetches_a_sharper_decode(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "big.jpg"
    Image.fromarray(np.full((1500, 2000, 3), 120, dtype=np.uint8)).save(path)
    cache = ImageCache(default_size=(500, 500))
    try:
        viewer = _viewer(qtbot, cache, path)
        assert viewer.decoded is not None and viewer.decoded.size == (500, 375)
        viewer.actual_size()
        qtbot.waitUntil(lambda: viewer.decoded is not None and viewer.decoded.full_resolution,
                        timeout=10_000)
        assert viewer.zoom() == pytest.approx(1.0)  # the swap keeps the zoom
    finally:
        cache.shutdown()


def test_without_a_cache_the_viewer_decodes_itself(qtbot: QtBot, tmp_path: Path) -> None:
    viewer = _viewer(qtbot, None, _quadrants(tmp_path / "q.png"))
    assert viewer.decoded is not None and viewer.is_ready()


def test_large_decodes_are_adjusted_in_a_worker(qtbot: QtBot, cache: ImageCache, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.images.viewer as viewer_module

    monkeypatch.setattr(viewer_module, "SYNC_PIXELS", 100)  # every decode counts as large here
    viewer = _viewer(qtbot, cache, _quadrants(tmp_path / "q.png"))
    viewer.set_adjustment(Adjustment(contrast=2.0))
    viewer.flush()
    qtbot.waitUntil(lambda: viewer.shown_adjustment() == Adjustment(contrast=2.0), timeout=10_000)
    assert viewer.shown_pixel(10, 10) == (255, 0, 0)  # (200-128)*2+128 clipped; 40 -> 0
    viewer.set_adjustment(Adjustment(brightness=0.5))
    viewer.set_adjustment(Adjustment())  # the identity is immediate, and wins over the job
    viewer.flush()
    assert viewer.shown_adjustment() == Adjustment() and viewer.shown_pixel(10, 10) == (200, 40, 40)


def test_building_a_panel_leaves_the_window_active(qtbot: QtBot, cache: ImageCache,
                                                    tmp_path: Path) -> None:
    """A trial's panel is built (ahead) while the participant works in the window: none of its
    widgets may become a window of its own, even for a moment. A caption label made visible
    before it had a parent was one, and took the activation away from the participant's
    window (on the offscreen platform for good: every key then went through the app-wide
    filter, and the trial clock counted the time as away)."""
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(900, 500)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    focus_windows: list[object] = []
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.focusWindowChanged.connect(focus_windows.append)
    try:
        paths = [_quadrants(tmp_path / f"{i}.png") for i in range(2)]
        panel = ImagePanel(paths, ["left forearm"], cache)  # parentless, as a stimulus builds it
        panel.setParent(window)
        panel.show()
        qtbot.waitUntil(panel.is_ready, timeout=10_000)
        QApplication.processEvents()
    finally:
        app.focusWindowChanged.disconnect(focus_windows.append)
    assert focus_windows == [] and window.isActiveWindow()
    assert [c.text() for c in panel.captions] == ["Image 1 · left forearm", "Image 2"]
