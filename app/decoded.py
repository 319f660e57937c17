"""What a decoded image is and how decoding fails, shared by every decoder (app/imaging.py
for Pillow's formats, app/dicom.py for DICOM), which app/imaging.py dispatches between."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.study.errors import UserInputError

# What may exist at once at decoded size: 64 MP is 256 MB as RGBA (twice that at its peak,
# as Image.reduce premultiplies an RGBA image into a copy), the most one decoder may hold (two
# prefetch at once). It admits every camera and dermatoscope photograph up to 64 MP
# in any format (24 MP, 45-61 MP full-frame sensors) and larger JPEGs at any size (libjpeg
# decodes them at 1/2..1/8 scale); a PNG, WebP or TIFF above it, and a 14,000 x 14,000 PNG
# bomb of 768 KB, is refused before decoding. Above it JPEGs asked for at full size are
# decoded at the largest scale within it.
MAX_DECODE_PIXELS = 64_000_000

Size = tuple[int, int]  # (width, height)


class ImageError(UserInputError):
    """An image that cannot be shown; the message names the file."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")


class ImageMissingError(ImageError):
    pass


class NotAnImageError(ImageError):
    pass


class ImageDamagedError(ImageError):
    pass


class ImageTooLargeError(ImageError):
    pass


@dataclass(frozen=True, eq=False)
class DecodedImage:
    path: Path
    rgb: np.ndarray  # (height, width, 3) uint8, C-contiguous
    original_size: Size  # of the file, as displayed (after EXIF rotation)

    @property
    def size(self) -> Size:
        return int(self.rgb.shape[1]), int(self.rgb.shape[0])

    @property
    def nbytes(self) -> int:
        return int(self.rgb.nbytes)

    @property
    def full_resolution(self) -> bool:
        return self.size == self.original_size

    def satisfies(self, max_size: Size | None) -> bool:
        """Whether this decode is as sharp as a decode for `max_size` would be."""
        if self.full_resolution:
            return True
        if max_size is None:
            return False
        want = fitted_size(self.original_size, max_size)
        return self.size[0] >= want[0] - 1 and self.size[1] >= want[1] - 1


def fitted_size(size: Size, box: Size) -> Size:
    """`size` scaled down (never up) to fit in `box`, keeping the aspect ratio."""
    scale = min(box[0] / size[0], box[1] / size[1], 1.0)
    return max(1, round(size[0] * scale)), max(1, round(size[1] * scale))
