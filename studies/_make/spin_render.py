"""Render spatial-reasoning stimuli from 3D: Shepard-Metzler cube figures and table-top scenes.

Geometry is numpy; drawing is Pillow polygons (painter's algorithm: far faces first, back
faces culled), supersampled 2x for smooth edges. Coordinates: x right, y up, z towards the
viewer; a rotation turns the object, then the camera tilts down so its top shows.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

SIZE = 480
SUPERSAMPLE = 2
LIGHT = np.array([-0.35, 0.6, 0.7]) / np.linalg.norm([-0.35, 0.6, 0.7])
BACKGROUND = (246, 246, 242)
UNIT_FACES = [  # (normal, 4 corners) of a unit cube at the origin
    ((1, 0, 0), [(1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)]),
    ((-1, 0, 0), [(0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 1, 0)]),
    ((0, 1, 0), [(0, 1, 0), (0, 1, 1), (1, 1, 1), (1, 1, 0)]),
    ((0, -1, 0), [(0, 0, 0), (1, 0, 0), (1, 0, 1), (0, 0, 1)]),
    ((0, 0, 1), [(0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]),
    ((0, 0, -1), [(0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 0, 0)]),
]


def rot_y(degrees: float) -> np.ndarray:
    a = math.radians(degrees)
    return np.array([[math.cos(a), 0, math.sin(a)], [0, 1, 0], [-math.sin(a), 0, math.cos(a)]])


def rot_x(degrees: float) -> np.ndarray:
    a = math.radians(degrees)
    return np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])


def camera(yaw: float, tilt: float = 28.0) -> np.ndarray:
    """Turn the object by `yaw` about the vertical axis, then look at it from `tilt` above."""
    return rot_x(tilt) @ rot_y(yaw)


# --------------------------------------------------------------------------- cube figures


def _rotations() -> list[np.ndarray]:
    mats = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = np.zeros((3, 3), int)
            for row, (col, sign) in enumerate(zip(perm, signs, strict=True)):
                m[row, col] = sign
            if round(np.linalg.det(m)) == 1:
                mats.append(m)
    return mats


ROTATIONS = _rotations()


def _canonical(cubes: np.ndarray) -> frozenset[tuple[int, ...]]:
    shifted = cubes - cubes.min(axis=0)
    return frozenset(map(tuple, shifted.tolist()))


def mirror(cubes: np.ndarray) -> np.ndarray:
    return cubes * np.array([-1, 1, 1])


def is_chiral(cubes: np.ndarray) -> bool:
    """True when no rotation maps the figure onto its mirror image."""
    mirrored = _canonical(mirror(cubes))
    return all(_canonical(cubes @ r.T) != mirrored for r in ROTATIONS)


def shepard_metzler(seed: int, n_cubes: int = 10) -> np.ndarray:
    """A chiral figure of `n_cubes` cubes in four straight arms at right angles."""
    rng = random.Random(seed)
    axes = [np.array(v) for v in ((1, 0, 0), (0, 1, 0), (0, 0, 1))]
    while True:
        lengths = [3, 3, 2, 2]
        rng.shuffle(lengths)
        cubes, position, previous = [np.zeros(3, int)], np.zeros(3, int), -1
        for length in lengths:
            axis = rng.choice([i for i in range(3) if i != previous])
            step = axes[axis] * rng.choice((1, -1))
            for _ in range(length):
                position = position + step
                cubes.append(position.copy())
            previous = axis
        figure = np.array(cubes[:n_cubes])
        if len({tuple(c) for c in figure.tolist()}) == n_cubes and is_chiral(figure):
            return figure - figure.mean(axis=0).round().astype(int)


def _faces(cubes: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    occupied = {tuple(c) for c in cubes.tolist()}
    faces = []
    for cube in cubes:
        for normal, corners in UNIT_FACES:
            if tuple(np.add(cube, normal).tolist()) in occupied:
                continue  # a face between two cubes is never seen
            faces.append((np.array(normal, float), cube + np.array(corners, float)))
    return faces


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (size * SUPERSAMPLE, size * SUPERSAMPLE), BACKGROUND)
    return image, ImageDraw.Draw(image)


def _shade(color: tuple[int, int, int], normal: np.ndarray, ambient: float = 0.45
           ) -> tuple[int, int, int]:
    light = ambient + (1 - ambient) * max(0.0, float(normal @ LIGHT))
    r, g, b = (min(255, int(c * light)) for c in color)
    return (r, g, b)


def render_cubes(cubes: np.ndarray, view: np.ndarray, *, size: int = SIZE,
                 color: tuple[int, int, int] = (96, 148, 214)) -> Image.Image:
    image, draw = _canvas(size)
    centre = cubes.mean(axis=0) + 0.5
    polys = []
    for normal, corners in _faces(cubes):
        n = view @ normal
        if n[2] <= 1e-6:
            continue  # facing away
        points = (corners - centre) @ view.T
        polys.append((points[:, 2].mean(), points, n))
    extent = max(np.abs(p[:, :2]).max() for _, p, _ in polys)
    scale = size * SUPERSAMPLE * 0.42 / extent
    mid = size * SUPERSAMPLE / 2
    for _, points, n in sorted(polys, key=lambda t: t[0]):
        xy = [(mid + x * scale, mid - y * scale) for x, y in points[:, :2]]
        draw.polygon(xy, fill=_shade(color, n), outline=(30, 30, 40), width=SUPERSAMPLE * 2)
    return image.resize((size, size), Image.Resampling.LANCZOS)


# --------------------------------------------------------------------------- scenes

SCENE_COLORS = {"red": (210, 60, 50), "blue": (55, 100, 210), "green": (60, 160, 80),
                "yellow": (230, 190, 40)}


def _prism(center: np.ndarray, radius: float, height: float, sides: int,
           apex: bool) -> list[tuple[np.ndarray, np.ndarray]]:
    """A cylinder (or a cone when apex) as flat faces: (normal, corners) in world space."""
    faces = []
    angles = np.linspace(0, 2 * np.pi, sides, endpoint=False)
    ring = [center + np.array([radius * math.cos(a), 0, radius * math.sin(a)]) for a in angles]
    top = [p + np.array([0, height, 0]) for p in ring]
    tip = center + np.array([0, height, 0])
    for i in range(sides):
        j = (i + 1) % sides
        corners = np.array([ring[i], ring[j], tip] if apex else [ring[i], ring[j], top[j], top[i]])
        normal = np.cross(corners[1] - corners[0], corners[2] - corners[0])
        outward = corners.mean(axis=0) - center
        outward[1] = 0
        if normal @ outward < 0:
            normal = -normal
        faces.append((normal / np.linalg.norm(normal), corners))
    if not apex:
        faces.append((np.array([0.0, 1.0, 0.0]), np.array(top)))
    return faces


def _box(center: np.ndarray, side: float) -> list[tuple[np.ndarray, np.ndarray]]:
    origin = center - np.array([side / 2, 0, side / 2])
    return [(np.array(n, float), origin + np.array(c, float) * side) for n, c in UNIT_FACES]


def render_scene(objects: list[tuple[str, str, float, float]], yaw: float, *,
                 size: int = SIZE) -> Image.Image:
    """objects: (shape, color, x, z) on a square table; the camera turned by `yaw` degrees."""
    view = camera(yaw, tilt=32.0)
    image, draw = _canvas(size)
    scale = size * SUPERSAMPLE * 0.135
    mid_x, mid_y = size * SUPERSAMPLE / 2, size * SUPERSAMPLE * 0.56

    def project(points: np.ndarray) -> list[tuple[float, float]]:
        p = points @ view.T
        return [(mid_x + x * scale, mid_y - y * scale) for x, y in p[:, :2]]

    table = np.array([[-2.6, 0, -2.6], [2.6, 0, -2.6], [2.6, 0, 2.6], [-2.6, 0, 2.6]])
    draw.polygon(project(table), fill=(205, 190, 160), outline=(120, 100, 80), width=4)
    for t in np.linspace(-2.6, 2.6, 9)[1:-1]:  # planks, for a sense of depth
        draw.line(project(np.array([[t, 0, -2.6], [t, 0, 2.6]])), fill=(185, 168, 138), width=2)
    polys: list[tuple[float, Any, Any, Any]] = []  # depth, polygon (None: sphere), fill, extra
    for shape, color, x, z in objects:
        base = np.array([x, 0.0, z])
        rgb = SCENE_COLORS[color]
        if shape == "sphere":
            centre = base + np.array([0, 0.55, 0])
            depth = float((view @ centre)[2])
            polys.append((depth, None, rgb, (centre, 0.55)))
            continue
        faces = {"cube": lambda b: _box(b, 1.0),
                 "cylinder": lambda b: _prism(b, 0.5, 1.1, 24, apex=False),
                 "cone": lambda b: _prism(b, 0.55, 1.3, 24, apex=True)}[shape](base)
        for normal, corners in faces:
            n = view @ normal
            if n[2] <= 1e-6:
                continue
            depth = float((corners @ view.T)[:, 2].mean())
            # Curved sides are many thin faces: outlining each would draw stripes.
            edge = (40, 40, 40) if shape == "cube" else _shade(rgb, n)
            polys.append((depth, project(corners), _shade(rgb, n), edge))
    for _, xy, rgb, extra in sorted(polys, key=lambda t: t[0]):
        if xy is not None:
            draw.polygon(xy, fill=rgb, outline=extra, width=2)
            continue
        centre, radius = extra
        (cx, cy), r = project(centre[None, :])[0], radius * scale
        for k in range(12, 0, -1):  # a soft highlight towards the light
            f = k / 12
            shade = _shade(rgb, np.array([0, 0, 1.0]), ambient=0.3 + 0.7 * (1 - f) ** 0.5)
            off = (1 - f) * r * 0.35
            draw.ellipse((cx - off - r * f, cy - off - r * f, cx - off + r * f, cy - off + r * f),
                         fill=shade)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def screen_x(x: float, z: float, yaw: float) -> float:
    """Where a table point lands left-right on the screen (for gold answers)."""
    return float((camera(yaw, tilt=32.0) @ np.array([x, 0.0, z]))[0])
