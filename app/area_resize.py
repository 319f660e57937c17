"""Shrinking an 8-bit image by area averaging, the same bytes as OpenCV's
`resize(..., interpolation=INTER_AREA)` for a reduction (tested against OpenCV,
tests/test_imaging_port.py). Numpy only.

Each target pixel is the mean of the source pixels under it, a pixel cut by the target
pixel's edge counting with the fraction it covers. OpenCV computes it in single precision in a
fixed order (each source row summed across into the target columns, then the rows of each
target row summed down, each term weighted), and so does `shrink_area`, so the rounding comes
out the same. For whole-number factors on both axes OpenCV sums the blocks in integers: halves round up
for 2 x 2 blocks, to even for the others (sum times 1 / area in float), and so does
`shrink_area` (the viewer rarely gets there: Pillow's `reduce` takes whole factors first,
app/imaging.py).
"""

from __future__ import annotations

import math

import numpy as np

_F32 = np.float32


def _area_table(source: int, target: int) -> tuple[np.ndarray, np.ndarray]:
    """(target, k) source indices and float32 weights of each target index, in OpenCV's
    order (k the most source pixels one target pixel covers; padded with weight 0)."""
    scale = 1.0 / (target / source)  # as OpenCV derives it from the inverse scale
    rows: list[list[tuple[int, float]]] = []
    for dst in range(target):
        start = dst * scale
        end = start + scale
        cell = min(scale, source - start)
        first = math.ceil(start)
        last = min(math.floor(end), source - 1)
        first = min(first, last)
        entries: list[tuple[int, float]] = []
        if first - start > 1e-3:
            entries.append((first - 1, (first - start) / cell))
        entries.extend((index, 1.0 / cell) for index in range(first, last))
        if end - last > 1e-3:
            entries.append((last, min(min(end - last, 1.0), cell) / cell))
        rows.append(entries)
    width = max(len(entries) for entries in rows)
    index = np.zeros((target, width), dtype=np.intp)
    weight = np.zeros((target, width), dtype=_F32)
    for dst, entries in enumerate(rows):
        for k, (src, alpha) in enumerate(entries):
            index[dst, k] = src
            weight[dst, k] = _F32(alpha)
    return index, weight


# Target rows computed at once: each strip needs only the float32 sums of its own ~1.3 x 64
# source rows (~2 MB at 2400 pixels wide), where the whole image's (57 MB for a 3000 x 2000
# decode, twice: the sums and one term) made each decode's high-water mark ~130 MB.
STRIP_ROWS = 64


def shrink_area(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """`image` ((h, w) or (h, w, c) uint8, any strides: a view of a transposed or 4-byte
    buffer is read in place) shrunk to `size` (width, height), neither larger than the
    image's: OpenCV's INTER_AREA. A new C-contiguous array."""
    height, width = image.shape[:2]
    target_w, target_h = size
    if not (0 < target_w <= width and 0 < target_h <= height):
        raise ValueError(f"shrink_area shrinks: {width} x {height} -> {target_w} x {target_h}")
    if (target_w, target_h) == (width, height):
        return image.copy()  # C order, whatever the view's strides
    factor_x, factor_y = width // target_w, height // target_h
    out = np.empty((target_h, target_w, *image.shape[2:]), dtype=np.uint8)
    if factor_x * target_w == width and factor_y * target_h == height:
        for top in range(0, target_h, STRIP_ROWS):
            bottom = min(target_h, top + STRIP_ROWS)
            out[top:bottom] = _shrink_whole(image[top * factor_y:bottom * factor_y],
                                            factor_x, factor_y)
        return out
    col_index, col_weight = _area_table(width, target_w)
    row_index, row_weight = _area_table(height, target_h)
    channel_axes = (1,) * (image.ndim - 2)
    for top in range(0, target_h, STRIP_ROWS):
        bottom = min(target_h, top + STRIP_ROWS)
        index, weight = row_index[top:bottom], row_weight[top:bottom]
        used = index[weight > 0]  # weight 0: a padding term (index 0)
        first, last = int(used.min()), int(used.max()) + 1
        # A padding term points at the strip's first row instead of the image's: it still
        # adds 0.0 (a finite sum times weight 0), which changes no sum.
        local = np.where(weight > 0, index - first, 0)
        across = _across(image[first:last], col_index, col_weight, channel_axes)
        # Down: the rows of each target row, term by term in OpenCV's order.
        down = np.zeros((bottom - top, target_w, *image.shape[2:]), dtype=_F32)
        term = np.empty_like(down)
        for k in range(local.shape[1]):
            np.multiply(np.take(across, local[:, k], axis=0),
                        weight[:, k].reshape(-1, 1, *channel_axes), out=term)
            down += term
        del across, term
        np.rint(down, out=down)
        np.clip(down, 0, 255, out=down)
        out[top:bottom] = down  # exact: whole numbers 0..255
    return out


def _across(rows: np.ndarray, col_index: np.ndarray, col_weight: np.ndarray,
            channel_axes: tuple[int, ...]) -> np.ndarray:
    """Each source row summed across into the target columns, term by term in OpenCV's order
    (a padding term adds 0.0, which changes no sum). The bytes are gathered before they
    become floats: a quarter of the memory traffic."""
    across = np.zeros((rows.shape[0], col_index.shape[0], *rows.shape[2:]), dtype=_F32)
    term = np.empty_like(across)
    for k in range(col_index.shape[1]):
        np.multiply(np.take(rows, col_index[:, k], axis=1),
                    col_weight[:, k].reshape(-1, *channel_axes), out=term)
        across += term
    return across


def _shrink_whole(image: np.ndarray, factor_x: int, factor_y: int) -> np.ndarray:
    """Whole-number factors: block sums, rounded as OpenCV's integer path rounds them."""
    height, width = image.shape[:2]
    blocks = np.ascontiguousarray(image).reshape(height // factor_y, factor_y,
                                                 width // factor_x, factor_x, *image.shape[2:])
    sums = blocks.sum(axis=(1, 3), dtype=np.int64)
    area = factor_x * factor_y
    if factor_x == factor_y == 2:
        return ((sums + 2) >> 2).astype(np.uint8)
    mean = np.rint(sums.astype(_F32) * (_F32(1) / _F32(area)))
    return np.clip(mean, 0, 255).astype(np.uint8)
