"""Our numpy ports of OpenCV's area resize, 8-bit Lab conversion and CLAHE (app/area_resize.py,
app/cielab.py, app/clahe.py) give OpenCV's bytes exactly: on every colour for the Lab
conversion both ways, and on real photographs, random, smooth and flat images of odd, tiny and
non-multiple sizes, grey and colour, for the resize and CLAHE, at the clip limits and tile
counts the viewer uses. OpenCV is a test-only dependency (the test extra); the app never
imports it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import REPO
from PIL import Image

from app.area_resize import shrink_area
from app.cielab import lab_to_rgb, rgb_to_lab
from app.clahe import clahe
from app.imaging import (
    Adjustment,
    _draft_request,
    _reduce,
    _to_rgb,
    adjust,
    decode_image,
    fitted_size,
)

cv2 = pytest.importorskip("cv2")

LESIONS = REPO / "studies" / "lesion-vqa-demo" / "images"
RNG = np.random.default_rng(20261202)


def _opencv_adjust(rgb: np.ndarray, adjustment: Adjustment) -> np.ndarray:
    """app.imaging.adjust as it was with OpenCV: the reference for the ported one."""
    if adjustment.is_identity():
        return rgb
    out = rgb
    if adjustment.clahe:
        lab = cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB)
        tiles = max(1, adjustment.clahe_tiles)
        equaliser = cv2.createCLAHE(clipLimit=adjustment.clahe_clip, tileGridSize=(tiles, tiles))
        lab[:, :, 0] = equaliser.apply(np.ascontiguousarray(lab[:, :, 0]))
        out = cv2.cvtColor(lab, cv2.COLOR_LAB2RGB)
    if adjustment.brightness != 0.0 or adjustment.contrast != 1.0:
        levels = np.arange(256, dtype=np.float32)
        mapped = (levels - 128.0) * adjustment.contrast + 128.0 + adjustment.brightness * 255.0
        lut = np.clip(np.rint(mapped), 0, 255).astype(np.uint8)
        out = cv2.LUT(np.ascontiguousarray(out), lut)
    return np.ascontiguousarray(out)


def _photo(name: str, size: tuple[int, int] | None = None) -> np.ndarray:
    with Image.open(LESIONS / name) as im:
        im = im.convert("RGB")
        if size is not None:
            im = im.resize(size, Image.Resampling.BILINEAR)
        return np.asarray(im).copy()


def _smooth(height: int, width: int, channels: int | None = None) -> np.ndarray:
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float64)
    base = np.sin(xx / 9.0) * np.cos(yy / 13.0) * 90 + 120 + RNG.normal(0, 4, (height, width))
    if channels:
        base = base[..., None] + np.array([25.0, 0.0, -30.0])
    return np.clip(base, 0, 255).astype(np.uint8)


def _random(shape: tuple[int, ...]) -> np.ndarray:
    return RNG.integers(0, 256, shape, dtype=np.uint8)


# ------------------------------------------------------------------------ Lab, every colour

def _all_colours(start: int, stop: int) -> np.ndarray:
    code = np.arange(start, stop, dtype=np.uint32)
    return np.stack([(code >> 16) & 255, (code >> 8) & 255, code & 255], axis=-1).astype(
        np.uint8).reshape(-1, 1024, 3)


@pytest.mark.parametrize("start", range(0, 1 << 24, 1 << 22))
def test_rgb_to_lab_equals_opencv_on_every_colour(start: int) -> None:
    colours = _all_colours(start, start + (1 << 22))
    assert np.array_equal(rgb_to_lab(colours), cv2.cvtColor(colours, cv2.COLOR_RGB2LAB))


@pytest.mark.parametrize("start", range(0, 1 << 24, 1 << 22))
def test_lab_to_rgb_equals_opencv_on_every_byte_triple(start: int) -> None:
    """Every (L, a, b) byte triple, including those no sRGB colour converts to."""
    lab = _all_colours(start, start + (1 << 22))
    assert np.array_equal(lab_to_rgb(lab), cv2.cvtColor(lab, cv2.COLOR_LAB2RGB))


def test_lab_round_trip_of_a_photograph_equals_opencv() -> None:
    rgb = _photo("case-02.jpg")
    ours = lab_to_rgb(rgb_to_lab(rgb))
    theirs = cv2.cvtColor(cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB), cv2.COLOR_LAB2RGB)
    assert np.array_equal(ours, theirs)
    # and the round trip itself loses little: the 8-bit Lab grid, not the port
    assert np.abs(ours.astype(int) - rgb).max() <= 3


# ------------------------------------------------------------------------------------ CLAHE

CLAHE_SIZES = [(1, 1), (2, 3), (3, 2), (7, 5), (8, 8), (16, 16), (17, 33), (100, 37),
               (64, 64), (480, 640), (601, 799), (5, 300)]


@pytest.mark.parametrize(("height", "width"), CLAHE_SIZES)
@pytest.mark.parametrize("tiles", [1, 2, 3, 8, 16])
@pytest.mark.parametrize("clip", [0.0, 1.0, 2.0, 4.0, 40.0])
def test_clahe_equals_opencv(height: int, width: int, tiles: int, clip: float) -> None:
    """Random, smooth and flat channels; sizes below, at and off multiples of the grid (OpenCV
    pads those by BORDER_REFLECT_101), images smaller than the grid; no clip, the viewer's
    2.0 and 4.0, OpenCV's default 40."""
    for channel in (_random((height, width)), _smooth(height, width),
                    np.full((height, width), 77, np.uint8)):
        expected = cv2.createCLAHE(clipLimit=clip, tileGridSize=(tiles, tiles)).apply(channel)
        assert np.array_equal(clahe(channel, clip, (tiles, tiles)), expected)


def test_clahe_with_a_rectangular_grid_equals_opencv() -> None:
    channel = _smooth(301, 457)
    for grid in [(8, 4), (3, 7), (1, 16)]:
        expected = cv2.createCLAHE(clipLimit=2.0, tileGridSize=grid).apply(channel)
        assert np.array_equal(clahe(channel, 2.0, grid), expected)


@pytest.mark.parametrize("name", ["case-01.jpg", "case-02.jpg", "case-04-closeup.jpg"])
def test_clahe_on_the_lightness_of_a_photograph_equals_opencv(name: str) -> None:
    lightness = np.ascontiguousarray(cv2.cvtColor(_photo(name), cv2.COLOR_RGB2LAB)[:, :, 0])
    for clip, tiles in [(2.0, 8), (4.0, 8), (2.0, 5), (3.0, 16)]:
        expected = cv2.createCLAHE(clipLimit=clip, tileGridSize=(tiles, tiles)).apply(lightness)
        assert np.array_equal(clahe(lightness, clip, (tiles, tiles)), expected)


# ------------------------------------------------------------------------------ adjust()

ADJUSTMENTS = [
    Adjustment(clahe=True),  # the viewer's checkbox: clip 2, 8 x 8 tiles
    Adjustment(clahe=True, clahe_clip=4.0),
    Adjustment(clahe=True, clahe_tiles=0),  # taken as one tile
    Adjustment(clahe=True, clahe_clip=3.0, clahe_tiles=12, brightness=-0.1, contrast=1.4),
    Adjustment(brightness=0.2),
    Adjustment(contrast=0.6),
    Adjustment(brightness=1.0, contrast=3.0),
]


@pytest.mark.parametrize("adjustment", ADJUSTMENTS)
def test_adjust_equals_the_opencv_version(adjustment: Adjustment) -> None:
    images = [_photo("case-01.jpg", (1001, 751)), _photo("case-04-closeup.jpg"),
              _random((37, 53, 3)), _smooth(200, 333, 3), np.zeros((1, 1, 3), np.uint8),
              np.repeat(_smooth(65, 97)[..., None], 3, axis=2)]  # grey as RGB
    for rgb in images:
        assert np.array_equal(adjust(rgb, adjustment), _opencv_adjust(rgb, adjustment))


def test_moving_a_slider_with_local_contrast_on_equals_opencv_each_time() -> None:
    """The equalised image is kept for the next adjustment of the same image (the slider's
    LUT alone is redone): every step still equals the full OpenCV path, and another image,
    even with the same pixels in another array, is equalised afresh."""
    rgb = _photo("case-02.jpg", (960, 720))
    for brightness in (0.0, 0.1, -0.2, 0.1):
        adjustment = Adjustment(clahe=True, brightness=brightness, contrast=1.2)
        assert np.array_equal(adjust(rgb, adjustment), _opencv_adjust(rgb, adjustment))
    shared = adjust(rgb, Adjustment(clahe=True))
    assert adjust(rgb, Adjustment(clahe=True)) is shared and not shared.flags.writeable
    other = rgb.copy()
    assert adjust(other, Adjustment(clahe=True)) is not shared
    darker = (rgb // 2).astype(np.uint8)
    assert np.array_equal(adjust(darker, Adjustment(clahe=True, clahe_clip=4.0)),
                          _opencv_adjust(darker, Adjustment(clahe=True, clahe_clip=4.0)))


# ------------------------------------------------------------------------------ resize

RESIZES = [((1, 1), (1, 1)), ((5, 3), (1, 1)), ((7, 5), (3, 2)), ((640, 480), (639, 479)),
           ((1000, 667), (613, 409)), ((3, 1000), (2, 999)), ((1921, 1081), (1920, 1080)),
           ((1623, 1087), (1000, 670)), ((17, 13), (9, 7)), ((301, 201), (100, 67)),
           ((2592, 1944), (1620, 1215)),
           # whole factors: OpenCV's integer path (halves up for 2 x 2, to even otherwise)
           ((100, 100), (50, 50)), ((300, 200), (100, 50)), ((40, 30), (20, 10)),
           ((64, 64), (16, 16)), ((66, 66), (33, 33))]


@pytest.mark.parametrize(("source", "target"), RESIZES)
def test_shrink_area_equals_opencv_inter_area(source: tuple[int, int],
                                              target: tuple[int, int]) -> None:
    width, height = source
    for image in (_random((height, width, 3)), _random((height, width)),
                  _smooth(height, width, 3), _smooth(height, width)):
        expected = cv2.resize(image, target, interpolation=cv2.INTER_AREA)
        assert np.array_equal(shrink_area(image, target), expected)


@pytest.mark.parametrize(("source", "target"), [((3000, 2000), (2400, 1600)),
                                                 ((1623, 1087), (1000, 670)),
                                                 ((300, 200), (100, 50)), ((66, 66), (33, 33))])
def test_shrink_area_reads_views_in_strips_as_opencv_reads_the_copy(
        source: tuple[int, int], target: tuple[int, int]) -> None:
    """The decoder hands the resize views (the RGB of a 4-byte buffer, EXIF turns) and the
    resize works in strips of STRIP_ROWS target rows: the bytes are OpenCV's on the copy."""
    width, height = source
    image = _smooth(height, width, 3)
    padded = np.zeros((height, width, 4), np.uint8)
    padded[:, :, :3] = image
    for view, size in ((padded[:, :, :3], target), (image.swapaxes(0, 1)[::-1], target[::-1]),
                       (image[::-1, ::-1], target)):
        expected = cv2.resize(np.ascontiguousarray(view), size, interpolation=cv2.INTER_AREA)
        ours = shrink_area(view, size)
        assert ours.flags.c_contiguous and np.array_equal(ours, expected)


def test_shrink_area_of_photographs_equals_opencv() -> None:
    photo = _photo("case-03.jpg")  # 4000 x 3000
    for target in [(1920, 1440), (1619, 1214), (333, 250), (1000, 750)]:
        expected = cv2.resize(photo, target, interpolation=cv2.INTER_AREA)
        assert np.array_equal(shrink_area(photo, target), expected)


def test_shrink_area_refuses_to_enlarge() -> None:
    with pytest.raises(ValueError, match="shrinks"):
        shrink_area(np.zeros((4, 4, 3), np.uint8), (5, 4))


@pytest.mark.parametrize("box", [(1920, 1080), (1280, 800), (700, 700)])
def test_decode_image_equals_the_opencv_decode(tmp_path: Path, box: tuple[int, int]) -> None:
    """The decode path end to end: Pillow's reduced decode, then the area resize to the
    fitted size, as it was with cv2.resize."""
    photo = Image.fromarray(_photo("case-01.jpg", (3001, 2249)))
    for name in ("photo.jpg", "photo.png"):
        path = tmp_path / name
        photo.save(path)
        ours = decode_image(path, box)
        with Image.open(path) as im:  # the decode as it was, up to the resize
            im.draft("RGB", _draft_request(im.size, box))
            im.load()
            reduced = np.asarray(_to_rgb(_reduce(im, box)))
        target = fitted_size((3001, 2249), box)
        expected = cv2.resize(reduced, target, interpolation=cv2.INTER_AREA)
        assert ours.size == target
        assert np.array_equal(ours.rgb, expected)


# ---------------------------------------------------------------- the app without OpenCV

def test_the_viewer_runs_without_importing_opencv(tmp_path: Path) -> None:
    """Decoding and every adjustment, in a fresh interpreter: cv2 is never imported (the
    import-linter contract in pyproject.toml forbids the import statically)."""
    path = tmp_path / "photo.jpg"
    Image.fromarray(_smooth(900, 1300, 3)).save(path)
    probe = ("import sys\nfrom app.imaging import Adjustment, adjust, decode_image\n"
             f"image = decode_image({str(path)!r}, (640, 480))\n"
             "adjust(image.rgb, Adjustment(clahe=True, brightness=0.1, contrast=1.2))\n"
             "print('cv2' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=120, cwd=REPO)
    assert out.stdout.split() == ["False"]
