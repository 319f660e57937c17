"""Decoding and adjusting images for the clinician's viewer, without Qt.

`decode_image` turns a file into an RGB array no larger than a requested size: for JPEG,
Pillow's `draft` makes libjpeg decode at 1/2, 1/4 or 1/8 scale directly, so a 24-megapixel
photograph becomes a screen-sized array without ever existing at full size, decoded into
the numpy buffer the resize reads (one copy of its pixels). The other formats
(PNG, WebP, TIFF...) can only be decoded whole: they are reduced in their own mode right after
(before the RGB conversion and the alpha compositing, which would copy them three times), and a
file that would be decoded above `MAX_DECODE_PIXELS` is refused from its header, before any
pixel is decoded. Only regular files are opened, without blocking: a path that has become a
pipe (FIFO) or a device is refused instead of waiting for a writer forever. Every way a file
can be wrong (missing, not an image, damaged, a decompression bomb) becomes an `ImageError`
naming the file. `adjust` applies brightness, contrast and local contrast (CLAHE on the
lightness channel, so colours keep their hue).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from app.area_resize import shrink_area
from app.cielab import lab_to_rgb, rgb_to_lab
from app.clahe import clahe
from app.decoded import (
    MAX_DECODE_PIXELS,
    DecodedImage,
    ImageDamagedError,
    ImageError,
    ImageMissingError,
    ImageTooLargeError,
    NotAnImageError,
    Size,
    fitted_size,
)
from app.regular_files import NotARegularFileError, open_regular_file

# Deliberately above Pillow's default (~89 MP, a 10,000 x 9,000 scan is legitimate) and far
# below what would exhaust memory: beyond this the file is refused, whatever its format claims.
MAX_PIXELS = 200_000_000
Image.MAX_IMAGE_PIXELS = MAX_PIXELS
# Formats whose decoder reduces while decoding (Pillow's draft): libjpeg's 1/2..1/8 scaling.
_DRAFTS = {"JPEG", "MPO"}
# Image.reduce works in these modes; others (palette, 1-bit, CMYK) are converted first.
_REDUCIBLE = {"L", "LA", "RGB", "RGBA", "RGBa", "La", "I", "F", "I;16"}

_EXIF_ORIENTATION = 0x0112
# Pillow's turn for each EXIF orientation: what `_oriented`'s views do (tested against it).
_TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}

__all__ = ["MAX_DECODE_PIXELS", "MAX_PIXELS", "Adjustment", "DecodedImage", "ImageDamagedError",
           "ImageError", "ImageMissingError", "ImageTooLargeError", "NotAnImageError", "Size",
           "adjust", "decode_image", "fitted_size", "verify_image"]


def decode_image(path: Path | str, max_size: Size | None = None) -> DecodedImage:
    """The image at `path` as RGB, downscaled to fit `max_size` (None: full size); a DICOM
    file as an `app.dicom.DicomImage`, with its own window."""
    path = Path(path)
    if _is_dicom(path):
        from app.dicom import decode_dicom
        return decode_dicom(path, max_size)
    with _checked_image(path) as im:
        width, height = im.size
        orientation = int(im.getexif().get(_EXIF_ORIENTATION, 1))
        swapped = orientation in (5, 6, 7, 8)
        box = (max_size[1], max_size[0]) if max_size and swapped else max_size
        # JPEG: libjpeg decodes straight at 1/2, 1/4 or 1/8 scale, still >= the box (and
        # within the decode budget when asked for the full size of a huge photograph).
        im.draft("RGB", _draft_request(im.size, box or im.size))
        if im.size[0] * im.size[1] > MAX_DECODE_PIXELS:
            raise _too_large_to_decode(path, im)
        pixels = _decoded_pixels(im, box)
        del im
    # EXIF orientation as a numpy view (no copy): the resize reads through it, and what it
    # computes for each pixel is what it computed on the turned copy Pillow's transpose made.
    shown = _oriented(pixels, orientation)
    original = (height, width) if swapped else (width, height)
    target = fitted_size(original, max_size) if max_size is not None else original
    if target != (shown.shape[1], shown.shape[0]):
        array = _resize(shown, target)
    else:
        array = np.ascontiguousarray(shown)
    del shown, pixels
    return DecodedImage(path, array, original)


def _decoded_pixels(im: Image.Image, box: Size | None) -> np.ndarray:
    """The loaded image as an (h, w, 3) uint8 array, in the file's orientation, reduced to
    at least `box` (Pillow's whole-factor reduce for the formats it cannot draft).

    A JPEG in RGB is decoded straight into a numpy buffer (`_decode_into_array`): one copy of
    its pixels, not Pillow's (4 bytes a pixel) and then numpy's, each the full size of the
    decode. Every other case goes through Pillow's own memory as before, which is freed
    before the caller resizes."""
    if im.format in _DRAFTS and im.mode == "RGB" and _reduce_factor(im, box) < 2:
        pixels = _decode_into_array(im)
        if pixels is not None:
            return pixels
    im.load()
    reduced = _reduce(im, box)
    rgb = _to_rgb(reduced)
    del reduced
    # np.asarray copies (tobytes); Pillow's copy goes with `rgb` when the caller lets go.
    return np.asarray(rgb, dtype=np.uint8)


def _decode_into_array(im: Image.Image) -> np.ndarray | None:
    """`im` (a drafted JPEG in RGB mode, not loaded yet) decoded into a new (h, w, 4) array,
    returned as its (h, w, 3) view; None (nothing decoded) where Pillow does not take an
    outside buffer.

    Pillow keeps an RGB image as 4 bytes a pixel, one block of rows; `Image.core.map_buffer`
    (what `Image.frombuffer` uses) makes such an image over our array, and `load()` decodes
    into the image it is given (`ImageFile.load_prepare` only makes one when there is none).
    The bytes are libjpeg's either way (tests/test_imaging.py compares them with Pillow's
    own load)."""
    width, height = im.size
    buffer = np.empty((height, width, 4), dtype=np.uint8)
    try:
        core = Image.core.map_buffer(buffer, (width, height), "raw", 0, ("RGB", 0, 1))
        im.im = core
    except (AttributeError, TypeError, ValueError):  # another Pillow: its own memory then
        return None
    im.load()
    if im.im is not core:  # a Pillow that loads elsewhere: take its pixels as before
        return np.asarray(im, dtype=np.uint8)
    return buffer[:, :, :3]


def _oriented(pixels: np.ndarray, orientation: int) -> np.ndarray:
    """`pixels` as EXIF `orientation` says it is shown: a view, as Pillow's transpose turns it."""
    if orientation in (5, 6, 7, 8):
        turned = pixels.swapaxes(0, 1)  # TRANSPOSE: (x, y) -> (y, x)
        return {5: turned, 6: turned[:, ::-1], 7: turned[::-1, ::-1], 8: turned[::-1]}[
            orientation]
    return {2: pixels[:, ::-1], 3: pixels[::-1, ::-1], 4: pixels[::-1]}.get(orientation, pixels)


def _resize(array: np.ndarray, target: Size) -> np.ndarray:
    """`array` at `target` size: area averaging (the source pixels under each target pixel,
    OpenCV's INTER_AREA: the right filter for shrinking). A reduced JPEG decode can come out
    one pixel short of the target on one axis (the target is fitted to the file's size, the
    decode is rounded up from a reduction); that one-pixel stretch goes through Pillow's box
    filter instead."""
    if target[0] <= array.shape[1] and target[1] <= array.shape[0]:
        return shrink_area(array, target)
    stretched = Image.fromarray(np.ascontiguousarray(array)).resize(target,
                                                                    Image.Resampling.BOX)
    return np.asarray(stretched, dtype=np.uint8)


def verify_image(path: Path | str) -> None:
    """ImageError (naming the file) unless `path` is an image the viewer will decode: a
    regular file, a format Pillow reads, within the pixel limits, its data intact as far as
    Pillow's `verify` checks without decoding (PNG chunk checksums, for one). For importers:
    a text file named .png is refused when the study is made, not on a participant's screen.
    A DICOM file is decoded whole (pydicom has no cheaper check of its pixel data)."""
    if _is_dicom(Path(path)):
        from app.dicom import decode_dicom
        decode_dicom(path, (1, 1))
        return
    with _checked_image(Path(path)) as im:
        im.verify()


@contextlib.contextmanager
def _checked_image(path: Path) -> Iterator[Image.Image]:
    """The image at `path` opened (its header read, no pixel decoded) and within the pixel
    limits; whatever goes wrong while it is open becomes an ImageError naming the file."""
    try:
        with open_regular_file(path) as fh, Image.open(fh) as im:
            width, height = im.size
            if width * height > MAX_PIXELS:
                raise _too_large(path, width, height)
            if width * height > MAX_DECODE_PIXELS and im.format not in _DRAFTS:
                # Before getexif(): for a PNG it decodes the whole image to look for an eXIf.
                raise _too_large_to_decode(path, im)
            yield im
    except ImageError:
        raise
    except FileNotFoundError as exc:
        raise ImageMissingError(path, "the image file does not exist") from exc
    except IsADirectoryError as exc:
        raise NotAnImageError(path, "this is a folder, not an image file") from exc
    except NotARegularFileError as exc:  # a FIFO would have blocked the decoder forever
        raise NotAnImageError(path, "not a regular file (a pipe, socket or device): "
                              "refused") from exc
    except PermissionError as exc:
        raise ImageMissingError(path, "the image file cannot be read (permission denied)") from exc
    except UnidentifiedImageError as exc:
        raise NotAnImageError(path, "this file is not an image format the app can read") from exc
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageTooLargeError(path, f"refused as a possible decompression bomb: {exc}") from exc
    except Exception as exc:  # Pillow's plugins raise many types (OSError, SyntaxError...) for bad data
        raise ImageDamagedError(path, f"the image data is damaged or truncated ({exc})") from exc


def _is_dicom(path: Path) -> bool:
    from app.dicom import is_dicom  # (app.dicom builds on this module)
    return is_dicom(path)


def _draft_request(size: Size, box: Size) -> Size:
    """What to ask JPEG's `draft` for: the strongest 1/2, 1/4, 1/8 reduction still covering
    `box`, or, for a huge photograph asked for whole, the first one within MAX_DECODE_PIXELS.
    (Pillow picks the reduction from size // request, so the request is size // reduction.)"""
    width, height = size
    scale = 1
    while scale < 8 and width // (scale * 2) >= box[0] and height // (scale * 2) >= box[1]:
        scale *= 2
    while scale < 8 and -(-width // scale) * -(-height // scale) > MAX_DECODE_PIXELS:
        scale *= 2
    return max(1, width // scale), max(1, height // scale)


def _reduce_factor(im: Image.Image, box: Size | None) -> int:
    """The largest whole factor `im` can shrink by and stay at least as large as `box` needs."""
    if box is None:
        return 1
    target = fitted_size(im.size, box)
    return min(im.size[0] // target[0], im.size[1] // target[1])


def _reduce(im: Image.Image, box: Size | None) -> Image.Image:
    """`im` shrunk by `_reduce_factor`: a box average in the file's own mode, so the RGB
    conversion and alpha compositing copy the screen-sized image, not the 4-byte-a-pixel
    original."""
    factor = _reduce_factor(im, box)
    if factor < 2:
        return im
    if im.mode not in _REDUCIBLE:
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    return im.reduce(factor)


def _too_large_to_decode(path: Path, im: Image.Image) -> ImageTooLargeError:
    width, height = im.size
    return ImageTooLargeError(
        path, f"{width} x {height} pixels is more than the {MAX_DECODE_PIXELS // 1_000_000} "
        f"megapixels the viewer decodes at once, and {im.format or 'this format'} images cannot "
        "be decoded at a reduced size (a JPEG can): save it smaller, or as JPEG")


def _too_large(path: Path, width: int, height: int) -> ImageTooLargeError:
    return ImageTooLargeError(
        path, f"{width} x {height} pixels is more than the {MAX_PIXELS // 1_000_000} megapixels "
        "the viewer accepts (a damaged header or a decompression bomb)")


def _to_rgb(im: Image.Image) -> Image.Image:
    if im.mode in ("I;16", "I;16B", "I;16L", "I", "F"):
        # 16-bit and float greyscale (scanners, dermatoscopes): stretch the used range to 8 bit.
        values = np.asarray(im, dtype=np.float32)
        low, high = float(values.min()), float(values.max())
        scaled = (values - low) * (255.0 / (high - low)) if high > low else values * 0
        return Image.fromarray(scaled.astype(np.uint8), "L").convert("RGB")
    if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
        rgba = im.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    # convert() copies even when nothing changes: a JPEG photograph is RGB already.
    return im if im.mode == "RGB" else im.convert("RGB")


# ----------------------------------------------------------------------- adjustments


@dataclass(frozen=True)
class Adjustment:
    brightness: float = 0.0  # -1..1, a fraction of full scale added to every channel
    contrast: float = 1.0  # factor around mid-grey; 1 leaves the image as it is
    clahe: bool = False  # contrast-limited adaptive histogram equalisation (local contrast)
    clahe_clip: float = 2.0
    clahe_tiles: int = 8

    def is_identity(self) -> bool:
        return self.brightness == 0.0 and self.contrast == 1.0 and not self.clahe


# The last equalised image, for images up to this size: moving the brightness or contrast
# slider with local contrast on equalises the same image with the same settings again (the
# viewer adjusts screen-sized decodes on the GUI thread), so only the slider's LUT is redone.
EQUALISED_CACHE_PIXELS = 9_000_000
_equalised: tuple[weakref.ref[np.ndarray], float, int, np.ndarray] | None = None


def _equalise(rgb: np.ndarray, clip: float, tiles: int) -> np.ndarray:
    """CLAHE on the lightness: OpenCV's 8-bit Lab and CLAHE, ported to numpy byte for byte
    (app/cielab.py, app/clahe.py), so the app ships without OpenCV. The result is shared
    with the cache: callers do not write into it."""
    global _equalised
    cached = _equalised
    if cached is not None and cached[0]() is rgb and cached[1:3] == (clip, tiles):
        return cached[3]
    lab = rgb_to_lab(rgb)
    lab[:, :, 0] = clahe(lab[:, :, 0], clip, (tiles, tiles))
    out = lab_to_rgb(lab)
    if rgb.shape[0] * rgb.shape[1] <= EQUALISED_CACHE_PIXELS:
        out.flags.writeable = False
        _equalised = (weakref.ref(rgb), clip, tiles, out)
    return out


def adjust(rgb: np.ndarray, adjustment: Adjustment) -> np.ndarray:
    """A new RGB array with the adjustment applied (`rgb` itself when there is nothing to do;
    with local contrast only, an array that may be shared, read-only)."""
    if adjustment.is_identity():
        return rgb
    out = rgb
    if adjustment.clahe:
        out = _equalise(rgb, adjustment.clahe_clip, max(1, adjustment.clahe_tiles))
    if adjustment.brightness != 0.0 or adjustment.contrast != 1.0:
        levels = np.arange(256, dtype=np.float32)
        mapped = (levels - 128.0) * adjustment.contrast + 128.0 + adjustment.brightness * 255.0
        lut = np.clip(np.rint(mapped), 0, 255).astype(np.uint8)
        out = np.take(lut, out)
    return np.ascontiguousarray(out)
