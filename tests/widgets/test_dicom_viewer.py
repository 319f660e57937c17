"""DICOM in the viewer: the file's own window first, window/level by right-drag and by Alt
keys, the study's presets, invert, reset, the window shown and nothing identifying."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from app.dicom import Window
from studies._make.synthetic_dicom import write_dicom
from widgets.images.cache import ImageCache
from widgets.images.panel import ImagePanel
from widgets.images.viewer import KEY_HELP, ImageViewer
from widgets.qt import QLabel, QPoint, Qt, QtWidgets

pytest.importorskip("pydicom")
ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def cache(qtbot: QtBot) -> Iterator[ImageCache]:
    cache = ImageCache(default_size=(800, 600))
    yield cache
    cache.shutdown()


def _ct(path: Path, **attributes: object) -> Path:
    # -1000 HU (air) on the left half, +60 HU (soft tissue) right, a 700 HU "bone" square.
    stored = np.full((120, 160), 24, dtype=np.int32)  # 24 - 1024 = -1000 HU
    stored[:, 80:] = 1084
    stored[40:80, 100:140] = 1724
    return write_dicom(path, stored, window=(40.0, 400.0), **attributes)


def _viewer(qtbot: QtBot, cache: ImageCache, path: Path) -> ImageViewer:
    viewer = ImageViewer(cache)
    qtbot.addWidget(viewer)
    viewer.resize(404, 304)
    viewer.show()
    qtbot.waitExposed(viewer)
    viewer.set_image(path)
    qtbot.waitUntil(viewer.is_ready, timeout=10_000)
    return viewer


def _grey(viewer: ImageViewer, x: int, y: int) -> int:
    viewer.flush()
    return viewer.shown_pixel(x, y)[0]


def test_opens_with_the_files_window_and_shows_it(qtbot: QtBot, cache: ImageCache,
                                                  tmp_path: Path) -> None:
    viewer = _viewer(qtbot, cache, _ct(tmp_path / "ct.dcm"))
    assert viewer.is_windowable() and viewer.window() == Window(40.0, 400.0)
    # Soft tissue at 60 HU in a 40/400 window: ((60 - 39.5) / 399 + 0.5) * 255 = 140.6 (DICOM
    # linear VOI); air black, bone white.
    assert _grey(viewer, 10, 10) == 0 and _grey(viewer, 90, 10) == 141
    assert _grey(viewer, 120, 60) == 255
    texts = [w.text() for w in viewer.findChildren(QLabel) if w.isVisible()]
    assert "W 400 · L 40" in texts


def test_right_drag_changes_width_across_and_level_down(qtbot: QtBot, cache: ImageCache,
                                                         tmp_path: Path) -> None:
    viewer = _viewer(qtbot, cache, _ct(tmp_path / "ct.dcm"))
    port = viewer.viewport()
    centre = port.rect().center()
    zoom, scroll = viewer.zoom(), viewer.horizontalScrollBar().value()
    qtbot.mousePress(port, Qt.MouseButton.RightButton, pos=centre)
    qtbot.mouseMove(port, centre + QPoint(port.width() // 4, 0))
    qtbot.mouseRelease(port, Qt.MouseButton.RightButton, pos=centre + QPoint(port.width() // 4, 0))
    wider = viewer.window()
    assert wider is not None and wider.width > 400 and wider.center == pytest.approx(40.0)
    qtbot.mousePress(port, Qt.MouseButton.RightButton, pos=centre)
    qtbot.mouseRelease(port, Qt.MouseButton.RightButton, pos=centre + QPoint(0, 30))
    lower = viewer.window()
    assert lower is not None and lower.center > 40.0 and lower.width == pytest.approx(wider.width)
    assert _grey(viewer, 90, 10) < 141  # a higher level: the tissue darker
    assert (viewer.zoom(), viewer.horizontalScrollBar().value()) == (zoom, scroll)  # no pan


def test_alt_keys_presets_invert_and_reset(qtbot: QtBot, cache: ImageCache,
                                           tmp_path: Path) -> None:
    viewer = _viewer(qtbot, cache, _ct(tmp_path / "ct.dcm"))
    qtbot.keyClick(viewer, Qt.Key.Key_BracketRight, ALT)
    assert viewer.window() == Window(40.0, pytest.approx(460.0))
    qtbot.keyClick(viewer, Qt.Key.Key_BracketLeft, ALT)
    qtbot.keyClick(viewer, Qt.Key.Key_PageUp, ALT)
    window = viewer.window()
    assert window is not None and window.center == pytest.approx(60.0)
    assert window.width == pytest.approx(400.0)
    viewer.set_presets([("Lung", Window(-600.0, 1500.0)), ("Bone", Window(400.0, 1800.0))])
    qtbot.keyClick(viewer, Qt.Key.Key_3, ALT)
    assert viewer.window() == Window(400.0, 1800.0) and viewer.window_text().startswith("Bone")
    qtbot.keyClick(viewer, Qt.Key.Key_2, ALT)
    assert viewer.window() == Window(-600.0, 1500.0)
    assert _grey(viewer, 10, 10) > 0  # air is grey in a lung window
    qtbot.keyClick(viewer, Qt.Key.Key_9, ALT)  # no ninth preset: nothing happens
    assert viewer.window() == Window(-600.0, 1500.0)
    qtbot.keyClick(viewer, Qt.Key.Key_I, ALT)
    assert viewer.inverted() and _grey(viewer, 120, 60) < 50
    assert viewer.window_text().endswith("inverted")
    qtbot.keyClick(viewer, Qt.Key.Key_0, ALT)
    assert viewer.window() == Window(40.0, 400.0) and not viewer.inverted()
    assert _grey(viewer, 90, 10) == 141


def test_the_bars_reset_goes_back_to_the_files_window(qtbot: QtBot, cache: ImageCache,
                                                      tmp_path: Path) -> None:
    panel = ImagePanel([_ct(tmp_path / "ct.dcm")], [None], cache)
    qtbot.addWidget(panel)
    panel.resize(600, 420)
    panel.show()
    qtbot.waitUntil(panel.is_ready, timeout=10_000)
    viewer = panel.viewers[0]
    viewer.set_window(Window(500.0, 100.0))
    viewer.flush()
    panel.bar.reset()
    viewer.flush()
    assert viewer.window() == Window(40.0, 400.0) and _grey(viewer, 90, 10) == 141


def test_keys_listed_in_the_help_and_a_plain_image_ignores_them(qtbot: QtBot, cache: ImageCache,
                                                               tmp_path: Path) -> None:
    keys = " ".join(k for k, _ in KEY_HELP)
    assert "Alt+] / Alt+[" in keys and "Alt+PgUp / Alt+PgDn" in keys and "Alt+I" in keys
    from PIL import Image
    Image.new("RGB", (40, 30), (10, 20, 30)).save(tmp_path / "plain.png")
    viewer = _viewer(qtbot, cache, tmp_path / "plain.png")
    qtbot.keyClick(viewer, Qt.Key.Key_BracketRight, ALT)
    qtbot.keyClick(viewer, Qt.Key.Key_I, ALT)
    assert not viewer.is_windowable() and viewer.window() is None
    assert viewer.shown_pixel(0, 0) == (10, 20, 30)


def test_nothing_identifying_on_screen_and_a_damaged_file_says_where(
        qtbot: QtBot, cache: ImageCache, tmp_path: Path) -> None:
    viewer = _viewer(qtbot, cache, _ct(tmp_path / "named.dcm", PatientName="DOE^JANE",
                                       PatientID="P-778812"))
    shown = " ".join(w.text() for w in viewer.findChildren(QLabel)) + viewer.toolTip()
    assert "DOE" not in shown and "P-778812" not in shown
    data = (tmp_path / "named.dcm").read_bytes()
    (tmp_path / "cut.dcm").write_bytes(data[: len(data) - 5000])
    broken = _viewer(qtbot, cache, tmp_path / "cut.dcm")
    assert "cut.dcm" in broken.message_text() and "truncated" in broken.message_text()


def test_the_studys_presets_are_in_every_trials_view(tmp_path: Path) -> None:
    from app.session.plan import PlannedTrial
    from app.session.presentation import trial_view
    from app.study.model import Study

    study = Study.model_validate({
        "id": "s", "title": "S", "viewer": {"presets": [
            {"label": "Lung", "center": -600, "width": 1500},
            {"label": "Bone", "center": 400, "width": 1800}]},
        "items": [{"id": "a", "stimulus": {"kind": "images", "images": [{"path": "a.dcm"}]},
                   "questions": [{"id": "q", "kind": "rating", "min": 1, "max": 5}]}]})
    view = trial_view(study, tmp_path, study.items[0], PlannedTrial(0, "a", "main", False), 1)
    assert view.window_presets == (("Lung", -600.0, 1500.0), ("Bone", 400.0, 1800.0))


def test_the_panel_gives_its_viewers_the_presets(qtbot: QtBot, cache: ImageCache,
                                                 tmp_path: Path) -> None:
    panel = ImagePanel([_ct(tmp_path / "a.dcm"), _ct(tmp_path / "b.dcm")], [], cache,
                       presets=[("Lung", -600.0, 1500.0)])
    qtbot.addWidget(panel)
    assert [v.presets() for v in panel.viewers] == [[("Lung", Window(-600.0, 1500.0))]] * 2


def test_the_window_stays_in_the_corner_when_a_zoomed_image_is_panned(
        qtbot: QtBot, cache: ImageCache, tmp_path: Path) -> None:
    viewer = _viewer(qtbot, cache, _ct(tmp_path / "ct.dcm"))
    label = next(w for w in viewer.findChildren(QLabel) if w.text() == "W 400 · L 40")
    corner = label.geometry().topLeft()
    viewer.set_zoom(4.0)
    viewer.pan(120, 80)
    qtbot.keyClick(viewer, Qt.Key.Key_BracketRight, ALT)
    viewer.flush()
    assert label.geometry().topLeft() == corner and label.isVisible()
    assert viewer.rect().contains(label.geometry())


def test_a_multiframe_image_has_a_frame_slider_and_keys(qtbot: QtBot, cache: ImageCache,
                                                        tmp_path: Path) -> None:
    frames = np.stack([np.full((60, 80), v) for v in (1024, 1124, 1224)])  # 0, 100, 200 HU
    viewer = _viewer(qtbot, cache, write_dicom(tmp_path / "mf.dcm", frames, window=(100.0, 200.0)))
    slider = viewer.findChild(QtWidgets.QSlider)
    assert viewer.n_frames() == 3 and viewer.frame() == 0 and slider.isVisible()
    assert _grey(viewer, 5, 5) == 0 and viewer.window_text().endswith("frame 1 of 3")
    qtbot.keyClick(viewer, Qt.Key.Key_Period, ALT)
    assert viewer.frame() == 1 and slider.value() == 1 and _grey(viewer, 5, 5) == 128
    qtbot.keyClick(viewer, Qt.Key.Key_BracketRight, ALT)  # the window holds across frames
    slider.setValue(2)
    assert viewer.frame() == 2 and viewer.window() == Window(100.0, pytest.approx(230.0))
    qtbot.keyClick(viewer, Qt.Key.Key_Period, ALT)  # the last frame: it stays
    qtbot.keyClick(viewer, Qt.Key.Key_Comma, ALT)
    assert viewer.frame() == 1
    single = _viewer(qtbot, cache, _ct(tmp_path / "ct.dcm"))
    assert not single.findChild(QtWidgets.QSlider).isVisible()
