"""The decode in one copy (app/imaging.py: a JPEG decoded straight into a numpy buffer, EXIF
orientation as a view, the resize reading through it) gives the bytes of the path it
replaced: Pillow's own load, its transpose, numpy's copy, then the resize."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import app.imaging as imaging
from app.area_resize import shrink_area
from app.imaging import (
    _EXIF_ORIENTATION,
    _TRANSPOSE,
    _draft_request,
    _reduce,
    _to_rgb,
    decode_image,
    fitted_size,
)

BOXES = [None, (640, 480), (333, 250), (480, 640), (1000, 1000), (150, 150), (5000, 5000)]


def reference_decode(path: Path, max_size: tuple[int, int] | None) -> np.ndarray:
    """decode_image as it was before the one-copy decode (its code, step by step)."""
    with Image.open(path) as im:
        width, height = im.size
        orientation = int(im.getexif().get(_EXIF_ORIENTATION, 1))
        swapped = orientation in (5, 6, 7, 8)
        box = (max_size[1], max_size[0]) if max_size and swapped else max_size
        im.draft("RGB", _draft_request(im.size, box or im.size))
        im.load()
        rgb = _to_rgb(_reduce(im, box))
        if orientation in _TRANSPOSE:
            rgb = rgb.transpose(_TRANSPOSE[orientation])
        array = np.asarray(rgb, dtype=np.uint8)
    original = (height, width) if swapped else (width, height)
    if max_size is not None:
        target = fitted_size(original, max_size)
        if target != (array.shape[1], array.shape[0]):
            array = shrink_area(np.ascontiguousarray(array), target)
    return array


def _photo(width: int, height: int, mode: str = "RGB") -> Image.Image:
    rng = np.random.default_rng(width * 7 + height)
    x = np.linspace(0, 255, width, dtype=np.float32)[None, :]
    y = np.linspace(0, 255, height, dtype=np.float32)[:, None]
    noise = rng.normal(0, 20, (height, width, 3)).astype(np.float32)
    rgb = np.stack([x + 0 * y, y + 0 * x, (x + y) / 2], axis=-1) + noise
    return Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8), "RGB").convert(mode)


def _save(image: Image.Image, path: Path, orientation: int = 1) -> Path:
    exif = Image.Exif()
    if orientation != 1:
        exif[_EXIF_ORIENTATION] = orientation
    image.save(path, exif=exif, quality=90) if path.suffix == ".jpg" else image.save(
        path, exif=exif)
    return path


@pytest.mark.parametrize("orientation", range(1, 9))
def test_jpeg_decode_equals_the_old_path_in_every_orientation(tmp_path: Path,
                                                              orientation: int) -> None:
    path = _save(_photo(1203, 797), tmp_path / "photo.jpg", orientation)
    for box in BOXES:
        ours = decode_image(path, box)
        expected = reference_decode(path, box)
        assert ours.rgb.flags.c_contiguous and ours.rgb.dtype == np.uint8
        assert ours.rgb.shape == expected.shape, (box, ours.rgb.shape, expected.shape)
        assert np.array_equal(ours.rgb, expected), box
        assert ours.rgb.tobytes() == expected.tobytes()


@pytest.mark.parametrize(("name", "mode"), [("grey.jpg", "L"), ("cmyk.jpg", "CMYK"),
                                            ("photo.png", "RGB"), ("alpha.png", "RGBA"),
                                            ("palette.png", "P"), ("photo.webp", "RGB")])
def test_other_modes_and_formats_equal_the_old_path(tmp_path: Path, name: str, mode: str) -> None:
    for orientation in (1, 6, 3):
        path = _save(_photo(641, 403, mode), tmp_path / f"{orientation}-{name}", orientation)
        for box in BOXES:
            assert np.array_equal(decode_image(path, box).rgb, reference_decode(path, box))


def test_an_rgb_jpeg_is_decoded_into_the_array_it_ends_up_in(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """The fast path is taken (and not silently the fallback): the full-size decode is the
    numpy buffer the view reads, and Pillow holds no copy of its own."""
    path = _save(_photo(800, 600), tmp_path / "photo.jpg")
    seen: list[np.ndarray | None] = []
    original = imaging._decode_into_array

    def spy(im: Image.Image) -> np.ndarray | None:
        pixels = original(im)
        seen.append(pixels)
        return pixels

    monkeypatch.setattr(imaging, "_decode_into_array", spy)
    decoded = decode_image(path)
    (pixels,) = seen
    assert pixels is not None and pixels.base is not None and pixels.base.shape == (600, 800, 4)
    assert np.array_equal(decoded.rgb, reference_decode(path, None))


def test_without_an_outside_buffer_the_decode_falls_back_to_pillows_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _save(_photo(800, 600), tmp_path / "photo.jpg", 6)

    def refuse(*_args: object) -> object:
        raise TypeError("no map_buffer in this Pillow")

    monkeypatch.setattr(Image.core, "map_buffer", refuse)
    for box in (None, (300, 300)):
        assert np.array_equal(decode_image(path, box).rgb, reference_decode(path, box))


def test_orientation_views_turn_as_pillows_transpose() -> None:
    pixels = np.arange(5 * 3 * 3, dtype=np.uint8).reshape(5, 3, 3)
    for orientation, method in _TRANSPOSE.items():
        turned = np.asarray(Image.fromarray(pixels).transpose(method))
        assert np.array_equal(imaging._oriented(pixels, orientation), turned), orientation
    assert imaging._oriented(pixels, 1) is pixels
