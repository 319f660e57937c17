"""Painting primitives for the synthetic lesion images: noise, skin, masks, relief, labels.

Images are float32 RGB arrays in 0..1 (H x W x 3). Everything random comes from the numpy
Generator passed in, so a seeded generator paints the same picture every time. The pictures
are meant to look procedural: they exercise the image viewer, they teach no dermatology.
"""

from __future__ import annotations

import cv2
import numpy as np

Image = np.ndarray
Rng = np.random.Generator
LIGHT = (0.6, 0.8)  # light from the top left: weights of the x and y slopes


def smooth_noise(rng: Rng, h: int, w: int, cell: float) -> Image:
    """Gaussian noise on a grid of `cell` pixels, smoothly interpolated to h x w (about -1..1)."""
    gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    grid = rng.standard_normal((gh, gw)).astype(np.float32)
    return cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)


def fractal_noise(rng: Rng, h: int, w: int, cells: tuple[float, ...],
                  weights: tuple[float, ...]) -> Image:
    total = sum(wt * smooth_noise(rng, h, w, c) for c, wt in zip(cells, weights, strict=True))
    return (total / sum(weights)).astype(np.float32)


def rgb(color: tuple[int, int, int]) -> np.ndarray:
    return np.array(color, dtype=np.float32) / 255.0


def skin(rng: Rng, h: int, w: int, tone: tuple[int, int, int], *, pores: bool = True) -> Image:
    """Skin: a base tone, uneven lighting, faint mottling, pores and a few creases."""
    scale = min(h, w)
    shade = 1.0 + 0.07 * smooth_noise(rng, h, w, scale / 2.5) + 0.03 * smooth_noise(rng, h, w,
                                                                                  scale / 14)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - w * 0.45) / w) ** 2 + ((yy - h * 0.4) / h) ** 2
    shade *= 1.0 - 0.35 * r2  # lighting falls off towards the corners
    img = rgb(tone)[None, None, :] * shade[..., None]
    mottle = smooth_noise(rng, h, w, scale / 40)
    img[..., 0] += 0.012 * mottle  # a little redness here and there
    grain = np.zeros((h, w), np.float32)
    if pores:
        n = int(h * w / 2500)
        ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
        radius = max(1, scale // 900)
        for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
            cv2.circle(grain, (x, y), radius, 1.0, -1)
        grain = cv2.GaussianBlur(grain, (0, 0), max(0.8, scale / 2000))
    creases = np.zeros((h, w), np.float32)
    for _ in range(7):
        points = _curve(rng, h, w)
        cv2.polylines(creases, [points], False, 1.0, max(1, scale // 700), cv2.LINE_AA)
    creases = cv2.GaussianBlur(creases, (0, 0), max(1.0, scale / 900))
    img *= (1.0 - 0.10 * grain - 0.07 * creases)[..., None]
    return np.clip(img, 0, 1)


def _curve(rng: Rng, h: int, w: int) -> np.ndarray:
    x0, y0 = rng.uniform(-0.1, 1.1) * w, rng.uniform(0, 1) * h
    angle = rng.uniform(-0.4, 0.4)
    t = np.linspace(0, 1, 40)
    length = rng.uniform(0.4, 1.2) * w
    xs = x0 + np.cos(angle) * length * t
    ys = y0 + np.sin(angle) * length * t + h * 0.03 * np.sin(t * rng.uniform(2, 6))
    return np.stack([xs, ys], axis=1).astype(np.int32)


def blob_mask(rng: Rng, h: int, w: int, center: tuple[float, float], radii: tuple[float, float],
              *, wobble: float = 0.2, soft: float = 2.0, angle: float = 0.0) -> Image:
    """A filled irregular ellipse (0..1), its border wobbling by `wobble`, blurred by `soft` px."""
    theta = np.linspace(0, 2 * np.pi, 180, endpoint=False)
    radius = np.ones_like(theta)
    for harmonic in range(2, 7):
        radius += wobble / harmonic * np.sin(harmonic * theta + rng.uniform(0, 2 * np.pi))
    xs = radii[0] * radius * np.cos(theta)
    ys = radii[1] * radius * np.sin(theta)
    ca, sa = np.cos(angle), np.sin(angle)
    points = np.stack([center[0] + ca * xs - sa * ys, center[1] + sa * xs + ca * ys], axis=1)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [points.astype(np.int32)], 255, cv2.LINE_AA)
    out = mask.astype(np.float32) / 255.0
    return cv2.GaussianBlur(out, (0, 0), soft) if soft > 0 else out


def discs(h: int, w: int, centers: list[tuple[float, float]], radii: list[float],
          soft: float) -> Image:
    """Many small round shapes in one map (faster than one mask each)."""
    out = np.zeros((h, w), np.float32)
    for (x, y), r in zip(centers, radii, strict=True):
        cv2.circle(out, (int(x), int(y)), max(1, int(r)), 1.0, -1, cv2.LINE_AA)
    return cv2.GaussianBlur(out, (0, 0), soft) if soft > 0 else out


def relief(img: Image, height: Image, strength: float, *, specular: float = 0.0) -> Image:
    """Shade a height map lit from the top left; optional wet highlights where it faces the light."""
    gx = cv2.Sobel(height, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(height, cv2.CV_32F, 0, 1, ksize=3)
    slope = LIGHT[0] * gx + LIGHT[1] * gy
    out = img * np.clip(1.0 + strength * slope, 0.3, 1.7)[..., None]
    if specular:
        highlight = np.clip(strength * slope - 0.25, 0, None) ** 2 * specular
        out = out + highlight[..., None]
    return np.clip(out, 0, 1)


def tint(img: Image, mask: Image, color: tuple[int, int, int], amount: float) -> Image:
    """Blend towards a color where mask is 1 (pigment, scale, debris)."""
    m = (mask * amount)[..., None]
    return img * (1 - m) + rgb(color)[None, None, :] * m


def redden(img: Image, mask: Image, amount: float) -> Image:
    """Erythema: less green and blue where the mask is, so the skin reads redder."""
    m = mask * amount
    out = img.copy()
    out[..., 1] *= 1 - 0.55 * m
    out[..., 2] *= 1 - 0.45 * m
    out[..., 0] *= 1 - 0.08 * m
    return out


def watermark(img: Image, text: str) -> Image:
    """A banner in the top-left corner: nobody should mistake these for photographs."""
    h, w = img.shape[:2]
    scale = min(h, w) / 1100
    thick = max(1, int(2 * scale))
    (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    pad = int(12 * scale) + 2
    box = img[pad:pad + th + base + 2 * pad, pad:pad + tw + 2 * pad]
    box *= 0.35
    letters = np.zeros(img.shape[:2], np.uint8)
    cv2.putText(letters, text, (2 * pad, pad * 2 + th), cv2.FONT_HERSHEY_SIMPLEX, scale, 255,
                thick, cv2.LINE_AA)
    m = (letters.astype(np.float32) / 255.0)[..., None]
    return img * (1 - m) + m


def to_uint8(img: Image) -> np.ndarray:
    return (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
