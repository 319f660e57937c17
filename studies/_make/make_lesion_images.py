"""Render the synthetic lesion images of lesion-vqa-demo (seeded, deterministic).

Each recipe paints one kind of scene at any size: skin with macules, papules, plaques or
vesicles, a finger or toe nail, or the inside of
a mouth. `render(recipe, w, h, seed)` returns an 8-bit RGB array; make_lesion_vqa.py decides
which cases use which recipe and writes JPEGs.

    .venv/bin/python -m studies._make.make_lesion_vqa
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from studies._make.lesion_paint import (
    Image,
    Rng,
    blob_mask,
    discs,
    fractal_noise,
    redden,
    relief,
    skin,
    smooth_noise,
    tint,
    to_uint8,
    watermark,
)

TONES = {"light": (236, 196, 170), "medium": (205, 150, 112), "olive": (180, 128, 88),
         "brown": (140, 92, 62)}
BANNER = "SYNTHETIC IMAGE - generated for a demo, not a patient"
# Where on the body each skin scene is. It is asked ("Step 2: where is it?"), so nothing in
# the picture may say it: an earlier inset figure with a marker at the place gave step 2 away.
PLACES = ("forearm", "back", "face", "elbow", "lip", "trunk", "hand")


def _at(img: Image, place: str) -> Image:
    """The scene as painted: `place` names the body site for the reader of CASES only."""
    if place not in PLACES:
        raise ValueError(f"unknown place {place!r}")
    return img


def _scatter(rng: Rng, n: int, center: tuple[float, float], spread: tuple[float, float]
             ) -> list[tuple[float, float]]:
    return [(center[0] + rng.normal(0, spread[0]), center[1] + rng.normal(0, spread[1]))
            for _ in range(n)]


def depigmented_macules(rng: Rng, h: int, w: int, place: str) -> Image:
    img = skin(rng, h, w, TONES["brown"])
    s = min(h, w)
    mask = np.zeros((h, w), np.float32)
    for _ in range(4):
        center = (rng.uniform(0.25, 0.75) * w, rng.uniform(0.3, 0.7) * h)
        mask = np.maximum(mask, blob_mask(rng, h, w, center, (rng.uniform(0.06, 0.16) * s,
                                                             rng.uniform(0.05, 0.12) * s),
                                          wobble=0.35, soft=s / 400, angle=rng.uniform(0, 3)))
    img = tint(img, mask, (240, 224, 214), 0.88)
    return _at(img, place)


def cafe_au_lait(rng: Rng, h: int, w: int, place: str) -> Image:
    img = skin(rng, h, w, TONES["light"])
    s = min(h, w)
    mask = blob_mask(rng, h, w, (0.48 * w, 0.5 * h), (0.22 * s, 0.14 * s), wobble=0.12,
                     soft=s / 300, angle=0.3)
    mottled = mask * (0.85 + 0.15 * smooth_noise(rng, h, w, s / 30))
    img = tint(img, mottled, (176, 122, 84), 0.6)
    return _at(img, place)


def acne_papules(rng: Rng, h: int, w: int, place: str) -> Image:
    img = skin(rng, h, w, TONES["medium"])
    s = min(h, w)
    centers = _scatter(rng, 45, (0.5 * w, 0.5 * h), (0.18 * w, 0.16 * h))
    radii = [rng.uniform(0.006, 0.013) * s for _ in centers]
    bumps = discs(h, w, centers, radii, s / 250)
    halo = discs(h, w, centers, [r * 1.8 for r in radii], s / 120)
    img = redden(img, np.clip(halo * 1.6, 0, 1), 0.8)
    img = relief(img, bumps * s / 60, 0.06, specular=0.4)
    tips = [c for c in centers if rng.random() < 0.3]
    img = tint(img, discs(h, w, tips, [0.004 * s] * len(tips), s / 900), (246, 236, 190), 0.9)
    return _at(img, place)


def psoriasis_plaques(rng: Rng, h: int, w: int, place: str) -> Image:
    img = skin(rng, h, w, TONES["light"])
    s = min(h, w)
    mask = np.zeros((h, w), np.float32)
    for center, radii in (((0.45 * w, 0.48 * h), (0.2 * s, 0.14 * s)),
                          ((0.75 * w, 0.3 * h), (0.07 * s, 0.05 * s))):
        mask = np.maximum(mask, blob_mask(rng, h, w, center, radii, wobble=0.25, soft=s / 600))
    img = redden(img, mask, 0.95)
    flakes = fractal_noise(rng, h, w, (s / 60, s / 200), (1.0, 0.6))
    scale = np.clip((flakes + 0.2) * 2.2, 0, 1) * mask
    img = tint(img, scale, (232, 230, 222), 0.85)
    img = relief(img, (mask * 1.5 + scale * 0.6) * s / 80, 0.05)
    return _at(img, place)


def herpes_vesicles(rng: Rng, h: int, w: int, place: str) -> Image:
    img = skin(rng, h, w, TONES["olive"])
    s = min(h, w)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    border = 0.68 * h + 0.05 * h * np.sin(xx / w * np.pi)  # the edge of the lower lip
    lip = np.clip((yy - border) / (s / 80), 0, 1)
    img = tint(img, lip, (170, 70, 72), 0.75)
    centers = _scatter(rng, 14, (0.42 * w, 0.64 * h), (0.05 * w, 0.04 * h))
    radii = [rng.uniform(0.012, 0.02) * s for _ in centers]
    img = redden(img, discs(h, w, centers, [r * 2.2 for r in radii], s / 60) * 1.5, 0.7)
    domes = discs(h, w, centers, radii, s / 400)
    img = tint(img, domes, (236, 222, 200), 0.45)
    img = relief(img, domes * s / 50, 0.07, specular=1.2)
    return _at(img, place)


def tinea_annular(rng: Rng, h: int, w: int, place: str) -> Image:
    img = skin(rng, h, w, TONES["medium"])
    s = min(h, w)
    outer = blob_mask(rng, h, w, (0.5 * w, 0.5 * h), (0.2 * s, 0.18 * s), wobble=0.1, soft=s / 500)
    inner = cv2.erode(outer, np.ones((3, 3), np.uint8), iterations=max(1, int(s * 0.035)))
    inner = cv2.GaussianBlur(inner, (0, 0), s / 120)
    ring = np.clip(outer - inner, 0, 1)
    img = redden(img, ring, 0.9)
    img = redden(img, inner, 0.15)
    flakes = np.clip(fractal_noise(rng, h, w, (s / 150,), (1.0,)) * 1.5, 0, 1) * ring
    img = tint(img, flakes, (230, 222, 210), 0.7)
    img = relief(img, ring * s / 120, 0.05)
    return _at(img, place)


def linear_vesicles(rng: Rng, h: int, w: int, place: str) -> Image:
    img = skin(rng, h, w, TONES["light"])
    s = min(h, w)
    streaks = np.zeros((h, w), np.float32)
    centers: list[tuple[float, float]] = []
    for _ in range(3):
        x0, y0 = rng.uniform(0.15, 0.4) * w, rng.uniform(0.25, 0.75) * h
        x1, y1 = x0 + rng.uniform(0.35, 0.5) * w, y0 + rng.uniform(-0.15, 0.15) * h
        cv2.line(streaks, (int(x0), int(y0)), (int(x1), int(y1)), 1.0, int(s * 0.025), cv2.LINE_AA)
        centers += [(x0 + (x1 - x0) * t + rng.normal(0, s * 0.004),
                     y0 + (y1 - y0) * t + rng.normal(0, s * 0.004))
                    for t in np.linspace(0.05, 0.95, 14)]
    img = redden(img, cv2.GaussianBlur(streaks, (0, 0), s / 90), 0.85)
    domes = discs(h, w, centers, [rng.uniform(0.005, 0.009) * s for _ in centers], s / 600)
    img = tint(img, domes, (240, 228, 210), 0.4)
    img = relief(img, domes * s / 70, 0.07, specular=1.2)
    return _at(img, place)


def nail(rng: Rng, h: int, w: int, finding: str, toe: bool = False) -> Image:
    s = min(h, w)
    cloth = 0.55 + 0.05 * fractal_noise(rng, h, w, (s / 10, s / 80), (1.0, 0.4))
    img = np.stack([cloth * 0.75, cloth * 0.8, cloth * 0.9], axis=-1)
    half = (0.2 if toe else 0.14) * w
    top, cx = (0.22 if toe else 0.12) * h, 0.5 * w
    digit = np.zeros((h, w), np.float32)
    cv2.rectangle(digit, (int(cx - half), int(top + half)), (int(cx + half), h), 1.0, -1)
    cv2.circle(digit, (int(cx), int(top + half)), int(half), 1.0, -1, cv2.LINE_AA)
    digit = cv2.GaussianBlur(digit, (0, 0), s / 300)
    xx = np.arange(w, dtype=np.float32)
    rounding = np.clip(np.cos((xx - cx) / half * 1.2), 0.2, 1)[None, :] ** 0.5
    finger = skin(rng, h, w, TONES["light"], pores=False) * (0.55 + 0.45 * rounding)[..., None]
    img = img * (1 - digit[..., None]) + finger * digit[..., None]
    plate = blob_mask(rng, h, w, (cx, top + half * 1.2), (half * 0.8, half * (1.05 if toe else 1.4)),
                      wobble=0.03, soft=s / 400)
    img = tint(img, plate, (238, 196, 190), 0.6)
    lunula = blob_mask(rng, h, w, (cx, top + half * (2.1 if toe else 2.45)),
                       (half * 0.45, half * 0.25), wobble=0.02, soft=s / 200) * plate
    img = tint(img, lunula, (246, 232, 228), 0.6)
    if finding == "pitting":
        pits = _scatter(rng, 22, (cx, top + half * 1.3), (half * 0.35, half * 0.5))
        holes = discs(h, w, pits, [rng.uniform(0.004, 0.007) * s for _ in pits], s / 900) * plate
        img = tint(img, holes, (150, 120, 115), 0.5)
        img = relief(img, -holes * s / 90, 0.06)
    elif finding == "onychomycosis":
        distal = blob_mask(rng, h, w, (cx, top + half * 0.5), (half * 0.95, half * 0.95),
                           wobble=0.3, soft=s / 300) * plate
        crumbly = np.clip(0.7 + 0.5 * fractal_noise(rng, h, w, (s / 40, s / 150), (1, 0.6)), 0, 1)
        img = tint(img, distal * crumbly, (205, 168, 80), 0.85)
        img = relief(img, distal * crumbly * s / 90, 0.05)
    elif finding == "melanonychia":
        band = np.zeros((h, w), np.float32)
        cv2.rectangle(band, (int(cx + half * 0.1), 0), (int(cx + half * 0.32), h), 1.0, -1)
        band = cv2.GaussianBlur(band, (0, 0), s / 400) * plate
        stripes = 0.8 + 0.2 * np.sin(xx / (s / 180))[None, :]
        img = tint(img, band * stripes, (92, 58, 40), 0.85)
    return relief(img, (digit + plate * 0.3) * s / 40, 0.02, specular=0.6)


def oral(rng: Rng, h: int, w: int, site: str, finding: str) -> Image:
    s = min(h, w)
    vessels = fractal_noise(rng, h, w, (s / 8, s / 50, s / 200), (1.0, 0.5, 0.25))
    img = np.stack([0.8 + 0.04 * vessels, 0.42 + 0.05 * vessels, 0.45 + 0.04 * vessels], axis=-1)
    if site in ("buccal", "lip"):
        teeth = np.zeros((h, w), np.float32)
        for i in range(7):
            x = int((0.08 + 0.13 * i) * w)
            cv2.rectangle(teeth, (x, 0), (x + int(0.11 * w), int(0.14 * h)), 1.0, -1)
        teeth = cv2.GaussianBlur(teeth, (0, 0), s / 200)
        img = tint(img, teeth, (236, 232, 214), 0.95)
    if site == "buccal":  # the white line where the teeth meet the cheek
        line = np.zeros((h, w), np.float32)
        cv2.line(line, (0, int(0.5 * h)), (w, int(0.46 * h)), 1.0, int(s * 0.01), cv2.LINE_AA)
        img = tint(img, cv2.GaussianBlur(line, (0, 0), s / 150), (226, 196, 196), 0.4)
    if site == "tongue":
        dark = np.full_like(img, 0.25) * np.array([1.0, 0.35, 0.35], np.float32)
        tongue = blob_mask(rng, h, w, (0.45 * w, 0.62 * h), (0.42 * w, 0.45 * h), wobble=0.05,
                           soft=s / 150)
        papillae = 1 + 0.06 * smooth_noise(rng, h, w, s / 300)
        img = dark * (1 - tongue[..., None]) + (img * papillae[..., None]) * tongue[..., None]
    if finding == "striae":
        lace = np.zeros((h, w), np.float32)
        for _ in range(26):
            x, y = rng.uniform(0.2, 0.8) * w, rng.uniform(0.55, 0.9) * h
            pts = [(x, y)]
            for _ in range(12):
                x, y = x + rng.normal(0, s * 0.03), y + rng.normal(0, s * 0.02)
                pts.append((x, y))
            cv2.polylines(lace, [np.array(pts, np.int32)], False, 1.0, max(2, int(s * 0.004)),
                          cv2.LINE_AA)
        img = tint(img, cv2.GaussianBlur(lace, (0, 0), s / 500), (244, 240, 236), 0.85)
    elif finding == "ulcer":
        center, radius = (0.55 * w, 0.68 * h), 0.07 * s
        halo = blob_mask(rng, h, w, center, (radius * 1.7, radius * 1.5), wobble=0.08, soft=s / 60)
        img = redden(img, halo, 0.9)
        base = blob_mask(rng, h, w, center, (radius, radius * 0.85), wobble=0.08, soft=s / 400)
        img = tint(img, base, (226, 214, 160), 0.9)
        img = relief(img, -base * s / 120, 0.05)
    elif finding == "white_plaque":
        patch = blob_mask(rng, h, w, (0.78 * w, 0.6 * h), (0.09 * w, 0.2 * h), wobble=0.3,
                          soft=s / 700)
        fissures = np.clip(0.8 + 0.4 * fractal_noise(rng, h, w, (s / 60, s / 200), (1, 0.5)), 0, 1)
        img = tint(img, patch * fissures, (236, 234, 226), 0.9)
        img = relief(img, patch * s / 200, 0.05)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1.0 - 0.35 * (((xx - 0.5 * w) / w) ** 2 + ((yy - 0.5 * h) / h) ** 2)
    wet = np.clip(smooth_noise(rng, h, w, s / 60) - 2.9, 0, None) * 2.0  # a few moist glints
    return np.clip(img * light[..., None] + wet[..., None], 0, 1)


RECIPES: dict[str, Callable[..., Image]] = {
    "depigmented_macules": depigmented_macules, "cafe_au_lait": cafe_au_lait,
    "acne_papules": acne_papules, "psoriasis_plaques": psoriasis_plaques,
    "herpes_vesicles": herpes_vesicles, "tinea_annular": tinea_annular,
    "linear_vesicles": linear_vesicles, "nail": nail, "oral": oral,
}


def paint(recipe: str, w: int, h: int, seed: int, **params: Any) -> Image:
    """The scene as float RGB, without the banner (so it can be cropped or mirrored first)."""
    return RECIPES[recipe](np.random.default_rng(seed), h, w, **params)


def finish(img: Image) -> np.ndarray:
    """Banner on, 8-bit out: every saved image says it is synthetic, crops included."""
    return to_uint8(watermark(np.ascontiguousarray(img, dtype=np.float32), BANNER))


def render(recipe: str, w: int, h: int, seed: int, **params: Any) -> np.ndarray:
    return finish(paint(recipe, w, h, seed, **params))
