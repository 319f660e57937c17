"""Images that are not what they claim (issue 14): a PNG, WebP or TIFF of a few hundred bytes
declaring 14,000 x 14,000 pixels is refused from its header, a real large PNG is reduced in its
own mode before it is made RGB (peak memory measured in a child process, not timed), and a
path that is a FIFO is refused instead of blocking the decoder forever."""

from __future__ import annotations

import contextlib
import io
import json
import os
import struct
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest
from PIL import Image

from app.imaging import (
    MAX_DECODE_PIXELS,
    ImageTooLargeError,
    NotAnImageError,
    _draft_request,
    decode_image,
)

REPO = Path(__file__).resolve().parents[1]
BOMB = (14_000, 14_000)  # 196 MP: under MAX_PIXELS, so only the decode budget stands in the way


def png_bomb(width: int, height: int) -> bytes:
    """RGBA PNG header declaring width x height; the pixel data is never reached."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b""))


def webp_bomb(width: int, height: int) -> bytes:
    """A real animated WebP of two 1 x 1 frames whose canvas is declared width x height: a
    valid file of ~140 bytes that libwebp decodes into a width x height canvas (196 MP: ~20 s
    and 3 GB before this fix)."""
    frames = [Image.new("RGB", (1, 1), colour) for colour in ("red", "blue")]
    buf = io.BytesIO()
    frames[0].save(buf, "WEBP", save_all=True, append_images=frames[1:], lossless=True)
    data = bytearray(buf.getvalue())
    at = data.index(b"VP8X") + 12  # chunk id, size, flags; then 24-bit width-1 and height-1
    data[at:at + 3] = (width - 1).to_bytes(3, "little")
    data[at + 3:at + 6] = (height - 1).to_bytes(3, "little")
    return bytes(data)


def tiff_bomb(width: int, height: int) -> bytes:
    """A deflate TIFF of 1 x 1 RGBA whose tags declare width x height in one strip (Pillow
    allocates the whole declared image before it finds the strip short)."""
    buf = io.BytesIO()
    Image.new("RGBA", (1, 1)).save(buf, "TIFF", compression="tiff_adobe_deflate")
    data = bytearray(buf.getvalue())
    (ifd,) = struct.unpack_from("<I", data, 4)
    (count,) = struct.unpack_from("<H", data, ifd)
    for i in range(count):
        at = ifd + 2 + 12 * i
        (tag,) = struct.unpack_from("<H", data, at)
        value = {256: width, 257: height, 278: height}.get(tag)
        if value is not None:  # ImageWidth, ImageLength, RowsPerStrip as LONG
            struct.pack_into("<HHII", data, at, tag, 4, 1, value)
    return bytes(data)


BOMBS = {"bomb.png": png_bomb, "bomb.webp": webp_bomb, "bomb.tif": tiff_bomb}

# Run in a fresh interpreter so that its peak resident memory (ru_maxrss, which only grows)
# measures these decodes and nothing the test process did before.
CHILD = """
import json, resource, sys, warnings
from app.imaging import ImageError, decode_image
warnings.simplefilter("ignore")

def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

out = {}
for path in sys.argv[1:]:
    before = peak_mb()
    try:
        decoded = decode_image(path, (1000, 1000))
        result = list(decoded.size)
    except ImageError as exc:
        result = type(exc).__name__ + ": " + str(exc)
    out[path] = [result, peak_mb() - before]
print(json.dumps(out))
"""


def decode_in_child(*paths: Path) -> dict[str, tuple[object, float]]:
    done = subprocess.run([sys.executable, "-c", CHILD, *map(str, paths)], capture_output=True,
                          text=True, timeout=120, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    return {k: (v[0], v[1]) for k, v in json.loads(done.stdout).items()}


def test_bombs_of_every_format_are_refused_from_the_header_in_bounded_memory(
        tmp_path: Path) -> None:
    paths = []
    for name, make in BOMBS.items():
        path = tmp_path / name
        path.write_bytes(make(*BOMB))
        assert path.stat().st_size < 2_000
        with Image.open(path) as im:  # Pillow itself reads the declared size
            assert im.size == BOMB
        paths.append(path)
    results = decode_in_child(*paths)
    for path in paths:
        result, growth_mb = results[str(path)]
        assert isinstance(result, str) and result.startswith("ImageTooLargeError")
        assert str(path) in result and "megapixels the viewer decodes at once" in result
        assert growth_mb < 30, (path.name, growth_mb)  # 196 MP would be 600-800 MB at least


def test_a_large_png_is_reduced_before_it_is_made_rgb(tmp_path: Path) -> None:
    """A real 12 MP RGBA PNG decodes to the asked size; its peak is the decoded original and
    the premultiplied copy Image.reduce makes of an RGBA image (~96 MB), not the copies that
    compositing and converting it at full size made (230 MB measured before the fix)."""
    path = tmp_path / "photo.png"
    Image.new("RGBA", (4000, 3000), (200, 120, 40, 128)).save(path, compress_level=1)
    ((size, growth_mb),) = decode_in_child(path).values()
    assert size == [1000, 750]
    assert growth_mb < 150, growth_mb


def test_a_budget_sized_png_still_decodes(tmp_path: Path) -> None:
    path = tmp_path / "scan.png"
    Image.new("L", (8000, 8000), 90).save(path, compress_level=1)  # 64 MP, 1 byte a pixel
    assert MAX_DECODE_PIXELS >= 8000 * 8000
    decoded = decode_image(path, (800, 800))
    assert decoded.size == (800, 800) and decoded.original_size == (8000, 8000)
    assert decoded.rgb[0, 0].tolist() == [90, 90, 90]


def test_jpeg_draft_is_asked_for_a_scale_within_the_budget() -> None:
    # screen-sized box: the strongest reduction that still covers it
    assert _draft_request((6000, 4000), (1000, 1000)) == (1500, 1000)
    assert _draft_request((6000, 4000), (3000, 2000)) == (3000, 2000)
    assert _draft_request((6000, 4000), (6000, 4000)) == (6000, 4000)
    # a 150 MP photograph asked for whole: 1/2 scale, 37.5 MP, within the budget
    assert _draft_request((15_000, 10_000), (15_000, 10_000)) == (7500, 5000)


def test_a_too_large_png_names_the_file_and_the_budget(tmp_path: Path) -> None:
    path = tmp_path / "huge.png"
    path.write_bytes(png_bomb(9000, 8000))  # 72 MP
    with pytest.raises(ImageTooLargeError, match="64 megapixels") as caught:
        decode_image(path)
    assert str(path) in str(caught.value)


def decode_in_thread(path: Path, seconds: float = 10.0) -> tuple[bool, BaseException | None]:
    """decode_image in a daemon thread: (finished within `seconds`, what it raised). A decode
    blocked in open() must fail the test, not hang it."""
    raised: list[BaseException | None] = [None]

    def work() -> None:
        try:
            decode_image(path, (100, 100))
        except BaseException as exc:  # handed to the test thread
            raised[0] = exc

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive(), raised[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    Image.new("RGB", (8, 8)).save(path)
    decode_image(path, (100, 100))  # validated as a real image...
    path.unlink()
    os.mkfifo(path)  # ...then swapped for a pipe that nobody writes to
    try:
        finished, raised = decode_in_thread(path)
    finally:
        # A decoder stuck in open() (the old code) is released by a writer appearing.
        with contextlib.suppress(OSError), open(os.open(path, os.O_WRONLY | os.O_NONBLOCK), "wb"):
            pass  # (no reader left: ENXIO)
    assert finished, "decode_image blocked on a FIFO"
    assert isinstance(raised, NotAnImageError) and str(path) in str(raised)
    assert "not a regular file" in str(raised)
