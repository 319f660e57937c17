"""Image decoding and adjustment on real generated files: downscaling, EXIF rotation, and a
clear ImageError naming the file for every way a file can be wrong."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.imaging import (
    Adjustment,
    DecodedImage,
    ImageDamagedError,
    ImageMissingError,
    ImageTooLargeError,
    NotAnImageError,
    _to_rgb,
    adjust,
    decode_image,
    fitted_size,
)
from app.study.errors import UserInputError


def _gradient(width: int, height: int) -> Image.Image:
    x = np.linspace(0, 255, width, dtype=np.float32)[None, :]
    y = np.linspace(0, 255, height, dtype=np.float32)[:, None]
    rgb = np.stack([x + 0 * y, y + 0 * x, (x + y) / 2], axis=-1).astype(np.uint8)
    return Image.fromarray(rgb, "RGB")


def _png_header_only(path: Path, width: int, height: int) -> None:
    """A PNG whose IHDR claims `width` x `height` and holds almost no data: a header bomb."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    idat = b"IDAT" + zlib.compress(b"\0" * 16)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
        + struct.pack(">I", len(idat) - 4) + idat + struct.pack(">I", zlib.crc32(idat))
    )


def test_large_jpeg_decodes_to_the_requested_size(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    _gradient(6000, 4000).save(path, quality=85)  # 24 megapixels
    decoded = decode_image(path, (1920, 1080))
    assert decoded.original_size == (6000, 4000)
    assert decoded.size == fitted_size((6000, 4000), (1920, 1080)) == (1620, 1080)
    assert decoded.rgb.dtype == np.uint8 and decoded.rgb.shape == (1080, 1620, 3)
    assert decoded.rgb.flags.c_contiguous and not decoded.full_resolution
    assert decoded.satisfies((1920, 1080)) and not decoded.satisfies((4000, 4000))
    # the gradient survives the reduced decode: red grows left to right
    assert decoded.rgb[540, 10, 0] < 20 and decoded.rgb[540, -10, 0] > 235


def test_small_images_are_not_enlarged_and_exif_rotation_applies(tmp_path: Path) -> None:
    path = tmp_path / "portrait.jpg"
    image = _gradient(400, 200)
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 clockwise to display"
    image.save(path, exif=exif)
    decoded = decode_image(path, (4000, 4000))
    assert decoded.original_size == (200, 400) and decoded.size == (200, 400)
    assert decoded.full_resolution and decoded.satisfies(None)
    small = decode_image(path, (100, 100))
    assert small.size == (50, 100)  # the box applies to the displayed (rotated) orientation


def test_modes_become_rgb(tmp_path: Path) -> None:
    deep = tmp_path / "deep.png"
    Image.fromarray(np.array([[0, 1000], [30000, 60000]], dtype=np.uint16)).save(deep)
    rgb = decode_image(deep).rgb
    assert rgb.shape == (2, 2, 3) and rgb[0, 0, 0] == 0 and rgb[1, 1, 0] == 255
    clear = tmp_path / "clear.png"
    Image.new("RGBA", (4, 4), (0, 0, 0, 0)).save(clear)
    assert decode_image(clear).rgb[0, 0].tolist() == [255, 255, 255]  # transparent -> white


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (lambda p: None, ImageMissingError, "does not exist"),
        (lambda p: p.write_text("not a picture"), NotAnImageError, "not an image"),
        (lambda p: p.mkdir(), NotAnImageError, "folder"),
        (lambda p: _png_header_only(p, 30_000, 30_000), ImageTooLargeError, "decompression bomb"),
    ],
    ids=["missing", "text-named-png", "folder", "header-bomb"],
)
def test_bad_files_name_the_file(tmp_path: Path, make: object, error: type, words: str) -> None:
    path = tmp_path / "case.png"
    make(path)  # type: ignore[operator]
    with pytest.raises(error, match=words) as info:
        decode_image(path, (800, 600))
    assert isinstance(info.value, UserInputError)
    assert str(path) in str(info.value) and info.value.path == path


def test_bomb_between_the_limits_is_refused_by_our_own_check(tmp_path: Path) -> None:
    path = tmp_path / "wide.png"
    _png_header_only(path, 15_000, 15_000)  # 225 MP: Pillow only warns; we refuse
    with pytest.warns(Image.DecompressionBombWarning), pytest.raises(ImageTooLargeError,
                                                                     match="megapixels"):
        decode_image(path)


def test_truncated_jpeg_is_damaged(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jpg"
    _gradient(800, 600).save(whole, quality=90)
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    with pytest.raises(ImageDamagedError, match="damaged or truncated") as info:
        decode_image(cut, (400, 300))
    assert str(cut) in str(info.value)


def test_brightness_contrast_and_clahe() -> None:
    flat = np.full((64, 64, 3), 100, dtype=np.uint8)
    assert adjust(flat, Adjustment()) is flat
    assert adjust(flat, Adjustment(brightness=0.2))[0, 0, 0] == 151
    assert adjust(flat, Adjustment(contrast=2.0))[0, 0, 0] == 72  # (100-128)*2+128
    assert adjust(flat, Adjustment(brightness=1.0))[0, 0, 0] == 255  # clipped, not wrapped
    # a dim, low-contrast gradient: CLAHE spreads it over a wider range (30 -> 46 levels)
    ramp = np.tile(np.linspace(60, 90, 128, dtype=np.uint8)[None, :, None], (128, 1, 3))
    spread = adjust(ramp, Adjustment(clahe=True, clahe_clip=4.0))
    assert int(spread.max()) - int(spread.min()) > 1.4 * (int(ramp.max()) - int(ramp.min()))
    assert spread.shape == ramp.shape and spread.dtype == np.uint8
    assert ramp[0, 0, 0] == 60  # the input is left alone


def test_decoded_image_reports_its_bytes(tmp_path: Path) -> None:
    path = tmp_path / "a.png"
    _gradient(30, 20).save(path)
    decoded = decode_image(path)
    assert isinstance(decoded, DecodedImage) and decoded.nbytes == 30 * 20 * 3


def test_an_rgb_photograph_is_not_copied_to_be_made_rgb() -> None:
    # A decoder thread's peak memory: convert("RGB") would copy a 24 MB half-scale decode.
    photo = Image.new("RGB", (8, 6), (10, 20, 30))
    assert _to_rgb(photo) is photo
    grey = Image.new("L", (8, 6), 7)
    assert _to_rgb(grey).mode == "RGB" and _to_rgb(grey).getpixel((0, 0)) == (7, 7, 7)
