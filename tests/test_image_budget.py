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

import numpy as np
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

# Each decode runs in a fresh interpreter of its own, and its peak is the kernel's high-water
# mark of that process (VmHWM), reset to the current RSS just before the decode where the
# kernel allows it (/proc/self/clear_refs, Linux 4.0+): the growth is this decode's and
# nothing else's. (ru_maxrss measured nothing here: a child starts with the peak of the
# parent it was forked from, the test process, far above any decode's.) `how` chooses what
# the child does: "decode" is decode_image; the others are controls that show the measure
# would see a broken budget.
CHILD = """
import json, sys, warnings
import numpy as np
from PIL import Image
from app.imaging import ImageError, _reduce, _to_rgb, decode_image
warnings.simplefilter("ignore")

def status_mb(key):
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    raise KeyError(key)

def reset_peak():
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
    except OSError:
        pass  # an older kernel: the high-water mark since the interpreter started

path, how = sys.argv[1], sys.argv[2]
reset_peak()
before = status_mb("VmRSS")
result = None
if how == "decode":
    try:
        result = list(decode_image(path, (1000, 1000)).size)
    except ImageError as exc:
        result = type(exc).__name__ + ": " + str(exc)
elif how == "composite-first":  # the order before the fix: made RGB at full size, then reduced
    with Image.open(path) as im:
        im.load()
        result = list(_reduce(_to_rgb(im), (1000, 1000)).size)
elif how == "allocate":  # a plain allocation of MB touched pages
    block = np.ones(int(path) * 2**20, dtype=np.uint8)
    result = int(block.sum() // 2**20)
    del block
print(json.dumps([result, status_mb("VmHWM") - before]))
"""


def decode_in_child(path: Path | str, how: str = "decode") -> tuple[object, float]:
    """(what the child's decode gave, its peak memory growth in MB), in a fresh process."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), how], capture_output=True,
                          text=True, timeout=120, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    result, growth_mb = json.loads(done.stdout)
    return result, float(growth_mb)


needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists(),
                                reason="peak memory is read from /proc (Linux)")


@needs_proc
def test_the_child_measure_sees_memory_a_decode_would_take() -> None:
    """The measure itself: a fresh process that touches 200 MB reports ~200 MB, one that
    touches 20 MB ~20 MB, whatever the test process around it holds."""
    hold = np.ones(300 * 2**20, dtype=np.uint8)  # the parent's peak must not leak into it
    assert hold.sum() == 300 * 2**20
    result, growth_mb = decode_in_child("200", "allocate")
    assert result == 200 and 195 < growth_mb < 260, growth_mb
    _, small_mb = decode_in_child("20", "allocate")
    assert 18 < small_mb < 30, small_mb
    del hold


@needs_proc
def test_bombs_of_every_format_are_refused_from_the_header_in_bounded_memory(
        tmp_path: Path) -> None:
    for name, make in BOMBS.items():
        path = tmp_path / name
        path.write_bytes(make(*BOMB))
        assert path.stat().st_size < 2_000
        with Image.open(path) as im:  # Pillow itself reads the declared size
            assert im.size == BOMB
        result, growth_mb = decode_in_child(path)
        assert isinstance(result, str) and result.startswith("ImageTooLargeError")
        assert str(path) in result and "megapixels the viewer decodes at once" in result
        assert growth_mb < 30, (path.name, growth_mb)  # 196 MP would be 600-800 MB at least


@needs_proc
def test_a_large_png_is_reduced_before_it_is_made_rgb(tmp_path: Path) -> None:
    """A real 12 MP RGBA PNG decodes to the asked size; its peak is the decoded original and
    the premultiplied copy Image.reduce makes of an RGBA image (~96 MB), not the copies that
    compositing and converting it at full size made (230 MB measured before the fix): the
    same measure on that order of the steps is above the bound."""
    path = tmp_path / "photo.png"
    Image.new("RGBA", (4000, 3000), (200, 120, 40, 128)).save(path, compress_level=1)
    size, growth_mb = decode_in_child(path)
    assert size == [1000, 750]
    assert growth_mb < 150, growth_mb
    old_size, old_mb = decode_in_child(path, "composite-first")
    assert old_size == [1000, 750]
    assert old_mb > 150, old_mb  # the budget broken: the test above would fail


@needs_proc
def test_a_24_megapixel_jpeg_decodes_to_a_screen_in_one_copy(tmp_path: Path) -> None:
    """6000 x 4000 to a 2560 x 1600 screen: libjpeg's half-scale decode straight into one
    numpy buffer (3000 x 2000 x 4 bytes, 24 MB), the resize in strips into the 2400 x 1600
    result (11.5 MB). Before: Pillow's decode, numpy's copy of it and the resize's float
    sums of the whole image, ~190 MB."""
    rng = np.random.default_rng(5)
    small = rng.integers(0, 256, (400, 600, 3), dtype=np.uint8)
    Image.fromarray(small).resize((6000, 4000)).save(tmp_path / "photo.jpg", quality=85)
    done = subprocess.run(
        [sys.executable, "-c", CHILD.replace("(1000, 1000)", "(2560, 1600)"),
         str(tmp_path / "photo.jpg"), "decode"], capture_output=True, text=True, timeout=120,
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    size, growth_mb = json.loads(done.stdout)
    assert size == [2400, 1600]
    assert growth_mb < 60, growth_mb


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
