"""Hostile image files: whatever bytes an image path holds (truncated, flipped, forged
dimensions, another format, no image at all), `app.imaging.decode_image` returns an image or
raises ImageError naming the file, never another exception; the shell shows that message in
place of the stimulus and flags the item (`SessionEngine.flag_stimulus_problem`)."""

from __future__ import annotations

import io
import struct
import warnings
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from app.imaging import MAX_PIXELS, DecodedImage, ImageError, decode_image
from tests.fuzzing import DEFAULT, LONG, time_limit

FORMATS = ["PNG", "JPEG", "GIF", "BMP", "TIFF", "WEBP"]
HEADER_BYTES = 64  # random flips stay past the headers; forged sizes are their own mutation


def seed_image(fmt: str) -> bytes:
    im = Image.new("RGB", (64, 48), (10, 120, 200))
    for x in range(64):
        im.putpixel((x, x % 48), (255, x * 3, 0))
    if fmt == "GIF":
        im = im.convert("P")
    out = io.BytesIO()
    im.save(out, fmt)
    return out.getvalue()


SEEDS = {fmt: seed_image(fmt) for fmt in FORMATS}


def png_with_size(width: int, height: int, payload: bytes = b"") -> bytes:
    """A PNG whose header claims width x height, with whatever pixel data follows."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(payload)) + chunk(b"IEND", b""))


@st.composite
def hostile_image(draw: st.DrawFn) -> bytes:
    fmt = draw(st.sampled_from(FORMATS))
    raw = SEEDS[fmt]
    action = draw(st.sampled_from(["truncate", "flip", "splice", "forged", "random", "empty"]))
    if action == "truncate":
        return raw[:draw(st.integers(0, len(raw) - 1))]
    if action == "flip":
        data = bytearray(raw)
        for _ in range(draw(st.integers(1, 8))):
            at = draw(st.integers(min(HEADER_BYTES, len(raw) - 1), len(raw) - 1))
            data[at] = draw(st.integers(0, 255))
        return bytes(data)
    if action == "splice":  # one format's header on another's body
        other = SEEDS[draw(st.sampled_from(FORMATS))]
        cut = draw(st.integers(1, 32))
        return raw[:cut] + other[cut:]
    if action == "forged":
        small = st.tuples(st.integers(1, 2000), st.integers(1, 2000))
        huge = st.tuples(st.integers(20_000, 2**31 - 1), st.integers(10_001, 2**31 - 1))
        width, height = draw(st.one_of(small, huge, st.just((0, 0))))
        return png_with_size(width, height, draw(st.binary(max_size=200)))
    if action == "random":
        return draw(st.binary(min_size=1, max_size=3000))
    return b""


def decode_or_image_error(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    with time_limit(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow's plugins chatter about damaged metadata
        try:
            decoded = decode_image(path, (800, 600))
        except ImageError as exc:
            assert str(path) in str(exc) and exc.reason
            return
    assert isinstance(decoded, DecodedImage)
    assert decoded.rgb.ndim == 3 and decoded.rgb.shape[2] == 3
    assert decoded.rgb.shape[0] <= 600 and decoded.rgb.shape[1] <= 800


@DEFAULT
@given(data=hostile_image())
def test_any_image_bytes_decode_or_give_an_image_error(tmp_path: Path, data: bytes) -> None:
    decode_or_image_error(tmp_path / "case.png", data)


@pytest.mark.slow
@LONG
@given(data=hostile_image())
def test_any_image_bytes_long_variant(tmp_path: Path, data: bytes) -> None:
    decode_or_image_error(tmp_path / "case.png", data)


def test_a_forged_bomb_is_refused_before_decoding(tmp_path: Path) -> None:
    path = tmp_path / "bomb.png"
    path.write_bytes(png_with_size(60_000, 60_000))  # 3.6 gigapixels claimed, ~100 bytes on disk
    with pytest.raises(ImageError, match=r"megapixels|decompression bomb") as caught:
        decode_image(path)
    assert str(path) in str(caught.value)
    assert MAX_PIXELS < 60_000 * 60_000
