"""8-bit sRGB <-> CIE L*a*b* (D65) in integer arithmetic, the same numbers as OpenCV's
`cvtColor(..., COLOR_RGB2LAB)` and `COLOR_LAB2RGB` for uint8 images (tested against OpenCV on
every one of the 2**24 colours, tests/test_imaging_port.py).

The byte encoding is OpenCV's: L* scaled to 0..255 (L * 255 / 100), a* and b* offset by 128.
OpenCV converts bytes in fixed point through lookup tables that it builds once in software
floating point (so that every platform gets the same bytes); the tables below are built the
same way, in IEEE single and double precision, and the conversion is the same integer
arithmetic, written as table lookups over whole arrays. Numpy only: the viewer's local
contrast (app/imaging.py) no longer needs OpenCV in the app.
"""

from __future__ import annotations

import functools
import struct

import numpy as np

_F32 = np.float32

# sRGB -> XYZ and XYZ -> sRGB (D65) and the D65 white point, as the exact doubles OpenCV uses
# (its bit patterns), so the rounded fixed-point coefficients come out the same.
_RGB2XYZ = (0x3FDA65A14488C60D, 0x3FD6E297396D0918, 0x3FC71819D2391D58,
            0x3FCB38CDA6E75FF6, 0x3FE6E297396D0918, 0x3FB279AAE6C8F755,
            0x3F93CC4AC6CDAF4B, 0x3FBE836EB4E98138, 0x3FEE68427418D691)
_XYZ2RGB = (0x4009EC804102FF8F, 0xBFF8982A9930BE0E, 0xBFDFE7FF583A53B9,
            0xBFEF042528AE74F3, 0x3FFE040F23897204, 0x3FA546D3F9E7B80B,
            0x3FAC7DE5082CF52C, 0xBFCA1E14BDFD2631, 0x3FF0EABEF06B3786)
_D65 = (0x3FEE6A22B3892EE8, 0x3FF0000000000000, 0x3FF16B8950763A19)

_XYZ_SHIFT = 12  # the XYZ coefficients' fixed point
_GAMMA_SHIFT = 3  # linear light from the gamma table: 0..255 << 3
_LAB_SHIFT2 = _XYZ_SHIFT + _GAMMA_SHIFT
_CBRT_TABLE_SIZE = 256 * 3 // 2 * (1 << _GAMMA_SHIFT)
_INV_GAMMA_SIZE = 1 << 12
_BASE = 1 << 14  # the inverse conversion's fixed point
_MIN_AB = -8145  # the smallest f(X) or f(Z) index the inverse conversion's table holds


def _double(bits: int) -> float:
    return float(struct.unpack("<d", bits.to_bytes(8, "little"))[0])


def _round(value: float) -> int:
    """cvRound: to the nearest integer, halves to even (Python's round does the same)."""
    return round(value)


def _gamma(x: np.float32) -> np.float32:
    """sRGB -> linear, evaluated in double from a float, rounded to a float."""
    xd = float(x)
    if xd <= 809 / 20000:
        return _F32(xd / (323 / 25))
    return _F32(((xd + 11 / 200) / (1 + 11 / 200)) ** (12 / 5))


def _inverse_gamma(x: np.float32) -> np.float32:
    xd = float(x)
    if xd <= 7827 / 2500000:
        return _F32(xd * (323 / 25))
    return _F32(xd ** (1 / (12 / 5)) * (1 + 11 / 200) - 11 / 200)


def _lab_f(x: np.ndarray) -> np.ndarray:
    """The CIE f(t) on float32 `t`: the cube root above (6/29)^3, the linear part below
    (a fused multiply-add in float, here in double rounded once to float)."""
    threshold = _F32(216) / _F32(24389)
    scale = _F32(841) / _F32(108)
    bias = _F32(16) / _F32(116)
    linear = (x.astype(np.float64) * float(scale) + float(bias)).astype(_F32)
    return np.where(x < threshold, linear, _cube_root(x))


# Turkowski's quartic rational approximation of the cube root on [1/8, 1), the one OpenCV's
# software float uses (its result's mantissa truncated to a float's, not rounded): a correctly
# rounded cube root differs from it in the last bit for some table entries.
_CBRT_NUMERATOR = (0x4046A09E6653BA70, 0x406808F46C6116E0, 0x405DCA97439CAE14,
                   0x402ADD70D2827500, 0x3FC4F15F83F55D2D)
_CBRT_DENOMINATOR = (0x402D9E20660EDB21, 0x4062FF15C0285815, 0x406510D06A8112CE,
                     0x4040FECBC9E2C375, 0x3FF0000000000000)


def _cube_root(x: np.ndarray) -> np.ndarray:
    """The cube root of positive normal float32 values, bit for bit as OpenCV's softfloat."""
    bits = x.astype(_F32).view(np.uint32).astype(np.int64)
    exponent = ((bits >> 23) & 0xFF) - 127
    rest = np.fmod(exponent, 3)  # C's remainder: the dividend's sign
    rest = np.where(rest >= 0, rest - 3, rest)
    root_exponent = (exponent - rest) // 3 - 1
    fraction = ((rest + 1023) << 52) | ((bits & 0x7FFFFF) << 29)
    fr = fraction.astype(np.uint64).view(np.float64)
    num = [_double(b) for b in _CBRT_NUMERATOR]
    den = [_double(b) for b in _CBRT_DENOMINATOR]
    top = num[0] * fr + num[1]
    bottom = den[0] * fr + den[1]
    for a, b in zip(num[2:], den[2:], strict=True):
        top = top * fr + a
        bottom = bottom * fr + b
    root = (top / bottom).view(np.uint64).astype(np.int64)
    out = ((root_exponent + 127) << 23) | ((root & ((1 << 52) - 1)) >> 29)
    return np.where(bits & 0x7FFFFFFF, out, 0).astype(np.uint32).view(_F32)


@functools.cache
def _forward_tables() -> tuple[np.ndarray, ...]:
    """Per-channel X, Y, Z contributions (gamma table times the fixed-point coefficient, one
    256-entry table per channel and component) and the L, a, b parts of f(X), f(Y), f(Z)."""
    gamma = np.array([_round(float(_F32(255 << _GAMMA_SHIFT) * _gamma(_F32(i) / _F32(255))))
                      for i in range(256)], dtype=np.int64)
    matrix = [_double(bits) for bits in _RGB2XYZ]
    white = [_double(bits) for bits in _D65]
    coeffs = [[_round(float(1 << _XYZ_SHIFT) * matrix[row * 3 + col] / white[row])
               for col in range(3)] for row in range(3)]
    # [component]: the contribution of a (red, green) pair (red * 256 + green) and of blue to
    # X, Y or Z before the descale, the rounding half folded into the pair's table.
    red_green = np.empty((3, 256 * 256), dtype=np.intp)
    blue = np.empty((3, 256), dtype=np.intp)
    for row in range(3):
        red_green[row] = (gamma[:, None] * coeffs[row][0] + gamma[None, :] * coeffs[row][1]
                          + (1 << (_XYZ_SHIFT - 1))).ravel()
        blue[row] = gamma * coeffs[row][2]
    step = _F32(1) / (_F32(255) * _F32(1 << _GAMMA_SHIFT))
    x = step * np.arange(_CBRT_TABLE_SIZE, dtype=_F32)
    cbrt = np.rint(_F32(1 << _LAB_SHIFT2) * _lab_f(x)).astype(np.int32)
    half = 1 << (_LAB_SHIFT2 - 1)
    l_scale = (116 * 255 + 50) // 100
    l_shift = -((16 * 255 * (1 << _LAB_SHIFT2) + 50) // 100)
    lightness = np.clip((l_scale * cbrt + l_shift + half) >> _LAB_SHIFT2, 0, 255).astype(np.uint8)
    offset = 128 * (1 << _LAB_SHIFT2) + half
    return (red_green, blue, lightness, (500 * cbrt + offset).astype(np.intp),
            (500 * cbrt).astype(np.intp), (200 * cbrt + offset).astype(np.intp),
            (200 * cbrt).astype(np.intp))


def rgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    """(h, w, 3) uint8 RGB -> uint8 L*a*b*, OpenCV's COLOR_RGB2LAB for 8-bit images."""
    red_green, blue, lightness, a_x, a_y, b_y, b_z = _forward_tables()
    pair = _byte_pairs(rgb, 0)
    third = rgb[..., 2]
    # The X, Y and Z indices into the f(t) table (the intp arrays index without a copy).
    x, y, z = ((red_green[k][pair] + blue[k][third]) >> _XYZ_SHIFT for k in range(3))
    del pair, third
    lab = np.empty(rgb.shape, dtype=np.uint8)
    lab[..., 0] = lightness[y]
    lab[..., 1] = np.clip((a_x[x] - a_y[y]) >> _LAB_SHIFT2, 0, 255)
    lab[..., 2] = np.clip((b_y[y] - b_z[z]) >> _LAB_SHIFT2, 0, 255)
    return lab


def _byte_pairs(image: np.ndarray, first: int) -> np.ndarray:
    """(h, w) uint16: channel `first` * 256 + channel `first + 1` of each pixel, read in place
    as big-endian 16-bit words three bytes apart (no arithmetic, no copy)."""
    image = np.ascontiguousarray(image)
    return np.ndarray(image.shape[:2], dtype=">u2", buffer=image, offset=first,
                      strides=(image.strides[0], 3))


def _c_div(numerator: np.ndarray, denominator: int) -> np.ndarray:
    """C's integer division (towards zero) on an int array."""
    quotient = np.abs(numerator) // denominator
    return np.where(numerator < 0, -quotient, quotient)


@functools.cache
def _inverse_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each output channel: a (L, a) table and a (L, b) table whose sum, descaled, is the
    channel's linear value (the y term and the rounding half folded into the first), and the
    inverse gamma table from linear light (12 bits) to the byte."""
    lightness = np.arange(256)
    y = np.empty(256, dtype=np.int64)
    ify = np.empty(256, dtype=np.int64)
    for i in range(256):
        if i <= 20:
            y[i] = int(np.rint(_F32(i * _BASE * 20 * 9) / _F32(17 * 29 * 29 * 29)))
            ify[i] = int(np.rint(_F32(_BASE) * (_F32(16) / _F32(116)
                                                + _F32(i * 5) / _F32(3 * 17 * 29))))
        else:
            fy = _F32(i * 100 * _BASE) / _F32(255 * 116) + _F32(16 * _BASE) / _F32(116)
            ify[i] = int(np.rint(fy))
            y[i] = int(np.rint(fy * fy * fy / _F32(_BASE * _BASE)))
    values = np.arange(_MIN_AB, _BASE * 9 // 4 + _MIN_AB, dtype=np.int64)
    linear_part = _c_div(values * 108, 841) - _BASE * 16 // 116 * 108 // 841
    cube_part = values * values // _BASE * values // _BASE
    ab_to_xz = np.where(values <= 3390, linear_part, cube_part)
    byte = np.arange(256, dtype=np.int64)
    a_div = ((5 * byte * 53687 + (1 << 7)) >> 13) - 128 * _BASE // 500
    b_div = ((byte * 41943 + (1 << 4)) >> 9) - 128 * _BASE // 200 + 1
    # Beyond the table (only for b* far outside what any sRGB colour has, with L near 0,
    # where OpenCV reads past its table) the index is clamped.
    last = len(ab_to_xz) - 1
    x = ab_to_xz[np.clip(ify[:, None] + a_div[None, :] - _MIN_AB, 0, last)]
    z = ab_to_xz[np.clip(ify[:, None] - b_div[None, :] - _MIN_AB, 0, last)]
    matrix = [_double(bits) for bits in _XYZ2RGB]
    white = [_double(bits) for bits in _D65]
    shift = _XYZ_SHIFT + 2  # coefficients (12 bits) times XYZ (14 bits) down to 12 bits
    with_a = np.empty((3, 256 * 256), dtype=np.intp)
    with_b = np.empty((3, 256 * 256), dtype=np.intp)
    for channel in range(3):
        cx, cy, cz = (_round(float(1 << _XYZ_SHIFT) * matrix[channel * 3 + k] * white[k])
                      for k in range(3))
        # OpenCV sums these in int32; no sum comes near its limit (tested on every byte
        # triple), so the wider integers here give the same values.
        with_a[channel] = (cx * x + cy * y[lightness, None] + (1 << (shift - 1))).ravel()
        with_b[channel] = (cz * z).ravel()
    step = _F32(1) / _F32(_INV_GAMMA_SIZE)
    inverse_gamma = np.array(
        [_round(float(_F32(255) * _inverse_gamma(step * _F32(i)))) for i in range(_INV_GAMMA_SIZE)],
        dtype=np.uint8)
    # The clamp to the gamma table folded into a table over every reachable linear value:
    # index (sum >> shift) - low, the - low folded into the (L, a) tables.
    low = int((with_a.min() + with_b.min()) >> shift)
    high = int((with_a.max() + with_b.max()) >> shift)
    linear = np.clip(np.arange(low, high + 1), 0, _INV_GAMMA_SIZE - 1)
    with_a -= low << shift
    return with_a, with_b, inverse_gamma[linear]


def lab_to_rgb(lab: np.ndarray) -> np.ndarray:
    """(h, w, 3) uint8 L*a*b* -> uint8 RGB, OpenCV's COLOR_LAB2RGB for 8-bit images."""
    with_a, with_b, to_byte = _inverse_tables()
    l_a = _byte_pairs(lab, 0)
    l_b = (lab[..., 0].astype(np.int32) << 8) | lab[..., 2]
    rgb = np.empty(lab.shape, dtype=np.uint8)
    for channel in range(3):
        rgb[..., channel] = to_byte[(with_a[channel][l_a] + with_b[channel][l_b])
                                    >> (_XYZ_SHIFT + 2)]
    return rgb
