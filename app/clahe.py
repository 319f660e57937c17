"""Contrast-limited adaptive histogram equalisation (CLAHE) of an 8-bit channel, the same
bytes as OpenCV's `createCLAHE(clipLimit, tileGridSize).apply` (tested against OpenCV,
tests/test_imaging_port.py). Numpy only.

OpenCV's algorithm, step by step: the image is cut into a grid of tiles (when its size is not
a multiple of the grid, it is first extended at the bottom and the right with
BORDER_REFLECT_101, by the grid's count minus the remainder, on both axes); each tile's
histogram is clipped at clipLimit * tile area / 256 (at least 1), the clipped counts are
spread evenly over the 256 levels and what is left of them one level every 256 // residual;
the cumulative histogram scaled by 255 / tile area (in float, rounded half to even) is the
tile's mapping; each pixel blends the mappings of the four tile centres around it
bilinearly, in single precision, in OpenCV's order of operations.
"""

from __future__ import annotations

import numpy as np

_LEVELS = 256
_F32 = np.float32


def _reflect_101(index: np.ndarray, length: int) -> np.ndarray:
    """OpenCV's BORDER_REFLECT_101 (`gfedcb|abcdefgh|gfedcba`) for indices past the end,
    repeated for borders longer than the image."""
    if length == 1:
        return np.zeros_like(index)
    period = 2 * (length - 1)
    index = np.mod(index, period)
    return np.where(index >= length, period - index, index)


def _extended(channel: np.ndarray, tiles_x: int, tiles_y: int) -> np.ndarray:
    height, width = channel.shape
    if width % tiles_x == 0 and height % tiles_y == 0:
        return channel
    rows = _reflect_101(np.arange(height + tiles_y - height % tiles_y), height)
    cols = _reflect_101(np.arange(width + tiles_x - width % tiles_x), width)
    return channel[rows[:, None], cols[None, :]]


def _tile_luts(source: np.ndarray, tiles_x: int, tiles_y: int, clip_limit: float) -> np.ndarray:
    """(tiles_y * tiles_x, 256) float32: each tile's mapping of the 256 levels (whole values)."""
    tile_h, tile_w = source.shape[0] // tiles_y, source.shape[1] // tiles_x
    area = tile_h * tile_w
    count = tiles_x * tiles_y
    blocks = source.reshape(tiles_y, tile_h, tiles_x, tile_w).transpose(0, 2, 1, 3)
    tile_of = np.arange(count, dtype=np.int32).reshape(tiles_y, tiles_x, 1, 1) * _LEVELS
    hist = np.bincount((blocks + tile_of).ravel(), minlength=count * _LEVELS)
    hist = hist.reshape(count, _LEVELS).astype(np.int64)
    if clip_limit > 0.0:
        limit = max(int(clip_limit * area / _LEVELS), 1)
        clipped = np.maximum(hist - limit, 0).sum(axis=1, keepdims=True)
        hist = np.minimum(hist, limit)
        batch = clipped // _LEVELS
        residual = clipped - batch * _LEVELS
        hist += batch
        step = np.maximum(_LEVELS // np.maximum(residual, 1), 1)
        level = np.arange(_LEVELS)[None, :]
        hist += (level % step == 0) & (level // step < residual)
    scale = _F32(_LEVELS - 1) / _F32(area)
    mapped = np.rint(np.cumsum(hist, axis=1).astype(_F32) * scale)
    return np.clip(mapped, 0, 255).astype(_F32)


def _weights(size: int, tile: int, tiles: int) -> tuple[np.ndarray, ...]:
    """Per row (or column): the first and second tile index and their weights, float32."""
    position = np.arange(size, dtype=_F32) * (_F32(1) / _F32(tile)) - _F32(0.5)
    first = np.floor(position)
    weight = (position - first).astype(_F32)
    first_index = first.astype(np.int64)
    return (np.maximum(first_index, 0), np.minimum(first_index + 1, tiles - 1),
            (_F32(1) - weight).astype(_F32), weight)


def clahe(channel: np.ndarray, clip_limit: float = 40.0, tiles: tuple[int, int] = (8, 8)) -> np.ndarray:
    """`channel` ((h, w) uint8) equalised: OpenCV's CLAHE with `clipLimit=clip_limit` and
    `tileGridSize=tiles` (columns, rows); clip_limit <= 0 equalises without clipping."""
    tiles_x, tiles_y = tiles
    source = _extended(channel, tiles_x, tiles_y)
    luts = _tile_luts(source, tiles_x, tiles_y, clip_limit)
    tile_h, tile_w = source.shape[0] // tiles_y, source.shape[1] // tiles_x
    height, width = channel.shape
    col1, col2, wx1, wx2 = _weights(width, tile_w, tiles_x)
    row1, row2, wy1, wy2 = _weights(height, tile_h, tiles_y)
    flat = luts.ravel()
    value = channel.astype(np.intp)
    top = (row1 * tiles_x * _LEVELS)[:, None]
    bottom = (row2 * tiles_x * _LEVELS)[:, None]
    left = (col1 * _LEVELS)[None, :] + value
    right = (col2 * _LEVELS)[None, :] + value
    del value
    upper = flat[top + left] * wx1 + flat[top + right] * wx2
    lower = flat[bottom + left] * wx1 + flat[bottom + right] * wx2
    result = upper * wy1[:, None] + lower * wy2[:, None]
    return np.clip(np.rint(result), 0, 255).astype(np.uint8)
