"""Generate studies/chest-reader-demo: a reader study on synthetic chest CT slices.

Each case is one axial slice drawn by this script (body, fat, lungs with vessels, heart, spine,
sometimes a nodule in one lung) and written as DICOM with pydicom (Hounsfield units through
the rescale intercept, the file's window a mediastinal 40 / 400, RLE Lossless): no patient, no
real image. The reader rates how confident they are that a nodule is present (1-5, scored by
the AUC against the truth: the MRMC analysis of reader_auc.csv and mrmc.csv) and says where.
Three made-up "demo models" give a probability per case so readers can be compared with a
standalone AI. Every case is read under two conditions, one sitting each: unaided, and with
the first demo model's probability shown above the image (the AI aid; mrmc.csv compares the
two conditions).

    .venv/bin/python -m studies._make.make_chest_reader
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np

from studies._make.common import (
    DEMO_MODELS,
    STUDIES,
    demo_reporting,
    demo_size,
    generate,
    predictions_ref,
)
from studies._make.synthetic_dicom import write_dicom

NAME = "chest-reader-demo"
SIZE = 128  # pixels a side: small files (the repository keeps them), enough to find a nodule
N_CASES = 24
N_PRACTICE = 2
PRESETS = [{"label": "Lung", "center": -600, "width": 1500},
           {"label": "Mediastinum", "center": 40, "width": 400},
           {"label": "Bone", "center": 400, "width": 1800}]
CONDITIONS = [
    {"id": "unaided", "label": "Reading on your own",
     "intro": "In this sitting you read each case **on your own**: no AI aid is shown."},
    {"id": "ai_aided", "label": "Reading with the AI aid",
     "intro": "In this sitting an **AI aid** shows its probability that a nodule is present "
              "above each image. It is a made-up demo model: it is often wrong. The decision "
              "is yours."},
]
AID_MODEL = "demo-model-a"
SIDES = [("right", "Right lung"), ("left", "Left lung"), ("none", "No nodule")]

INSTRUCTIONS = """> **Demo study.** The images are synthetic chest CT slices drawn by a program
> (no patient); the model scores shown next to yours are made up.

For each case, look for a **pulmonary nodule** (a small round soft-tissue opacity in a lung)
and say how confident you are that one is present, then where. You read every case twice, in
two sittings: once on your own, once with an AI aid's probability shown above the image.

The images open in a mediastinal window (W 400 · L 40). Change it as on a workstation:
**drag with the right mouse button** (across: width, up and down: level), or hold **Alt**:
Alt+] / Alt+[ wider / narrower, Alt+PgUp / Alt+PgDn level, Alt+2 lung, Alt+3 mediastinum,
Alt+4 bone, Alt+0 back to the file's window, Alt+I invert. F1 lists every key."""


def _ellipse(yy: np.ndarray, xx: np.ndarray, cy: float, cx: float, ry: float,
             rx: float) -> np.ndarray:
    return ((yy - cy) / ry) ** 2 + ((xx - cx) / rx) ** 2 <= 1.0


def slice_hu(seed: int, nodule: str) -> tuple[np.ndarray, tuple[int, int] | None]:
    """One synthetic axial slice in HU, and the nodule's centre (row, column) if any."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:SIZE, 0:SIZE].astype(np.float32)
    s = SIZE / 128.0
    hu = np.full((SIZE, SIZE), -1000.0, dtype=np.float32)  # air
    body = _ellipse(yy, xx, 66 * s, 64 * s, 44 * s, 58 * s)
    hu[body] = -100.0  # fat
    hu[_ellipse(yy, xx, 66 * s, 64 * s, 40 * s, 54 * s)] = 40.0  # muscle and soft tissue
    jitter = rng.uniform(-2, 2, size=4) * s
    lungs = {"right": (62 * s + jitter[0], 38 * s + jitter[1]),
             "left": (62 * s + jitter[2], 90 * s + jitter[3])}
    # (the patient's right is the image's left, as radiographs and CT are shown)
    for cy, cx in lungs.values():
        hu[_ellipse(yy, xx, cy, cx, 30 * s, 20 * s)] = -850.0
    hu[_ellipse(yy, xx, 56 * s, 62 * s, 16 * s, 14 * s)] = 45.0  # heart
    hu[_ellipse(yy, xx, 96 * s, 64 * s, 8 * s, 8 * s)] = 700.0  # vertebral body
    hu[_ellipse(yy, xx, 96 * s, 64 * s, 4 * s, 4 * s)] = 250.0  # its marrow
    for _ in range(int(rng.integers(10, 16))):  # vessels: small soft-tissue dots in the lungs
        cy, cx = lungs[str(rng.choice(["right", "left"]))]
        angle, r = rng.uniform(0, 2 * np.pi), rng.uniform(0, 0.8)
        vy, vx = cy + r * 28 * s * np.sin(angle), cx + r * 18 * s * np.cos(angle)
        hu[_ellipse(yy, xx, vy, vx, 1.2 * s, 1.2 * s)] = 20.0
    centre = None
    if nodule != "none":
        cy, cx = lungs[nodule]
        angle, r = rng.uniform(0, 2 * np.pi), rng.uniform(0.2, 0.6)
        ny, nx = cy + r * 26 * s * np.sin(angle), cx + r * 15 * s * np.cos(angle)
        radius = rng.uniform(2.2, 4.0) * s
        hu[_ellipse(yy, xx, ny, nx, radius, radius)] = rng.uniform(10, 40)
        centre = (round(ny), round(nx))
    # Quantum noise inside the body only: the air around it stays one value, which RLE keeps
    # in a few bytes a row (the files stay ~10 kB).
    hu[body] += rng.normal(0.0, 6.0, size=int(body.sum())).astype(np.float32).round()
    return np.clip(hu, -1024, 3071), centre


def _cases() -> list[dict[str, Any]]:
    """Deterministic truths: half the main cases with a nodule, sides balanced."""
    rng = random.Random(f"{NAME}:truth")
    main = ["right"] * 6 + ["left"] * 6 + ["none"] * 12
    rng.shuffle(main)
    practice = ["left", "none"]
    cases = [{"id": f"practice-{i + 1}", "block": "practice", "nodule": n}
             for i, n in enumerate(practice)]
    cases += [{"id": f"case-{i + 1:02d}", "block": "main", "nodule": n}
              for i, n in enumerate(main)]
    assert len(cases) == N_CASES + N_PRACTICE
    return cases


def build_items(folder: Path) -> list[dict[str, Any]]:
    (folder / "images").mkdir(parents=True, exist_ok=True)
    items = []
    for seed, case in enumerate(_cases(), start=1):
        hu, centre = slice_hu(seed, case["nodule"])
        stored = (hu + 1024).astype(np.uint16)
        path = f"images/{case['id']}.dcm"
        write_dicom(folder / path, stored, modality="CT", bits_stored=12, slope=1.0,
                    intercept=-1024.0, window=(40.0, 400.0), uid_seed=seed, rle=True,
                    BodyPartExamined="CHEST", PixelSpacing=[2.5, 2.5], SliceThickness=2.5)
        nodule = case["nodule"] != "none"
        items.append({
            "id": case["id"], "block": case["block"],
            "categories": {"finding": "nodule" if nodule else "none", "side": case["nodule"],
                           **({"nodule_row": str(centre[0]), "nodule_column": str(centre[1])}
                              if centre else {})},
            "stimulus": {"kind": "images", "images": [{"path": path,
                                                       "caption": "Axial CT, synthetic"}]},
            "questions": [
                {"id": "nodule", "kind": "rating", "min": 1, "max": 5,
                 "prompt": "Is a pulmonary nodule present?",
                 "anchors": [{"value": 1, "label": "Definitely not"},
                             {"value": 3, "label": "Unsure"},
                             {"value": 5, "label": "Definitely"}],
                 "gold": 1 if nodule else 0, "scoring": {"metric": "auc"}},
                {"id": "side", "kind": "choice", "prompt": "Where is it?",
                 "options": [{"key": k, "label": label} for k, label in SIDES],
                 "gold": case["nodule"]},
            ],
        })
    return items


def predictions(items: list[dict[str, Any]]) -> list[tuple[str, str, str, Any]]:
    """Made-up probabilities: each demo model separates the cases with its own skill."""
    skill = {"demo-model-a": 1.1, "demo-model-b": 0.8, "demo-model-c": 0.5}
    rng = random.Random(f"{NAME}:predictions")
    rows: list[tuple[str, str, str, Any]] = []
    for model in DEMO_MODELS:
        for item in items:
            truth = item["questions"][0]["gold"]
            logit = (skill[model] if truth else -skill[model]) + rng.gauss(0.0, 1.0)
            rows.append((model, item["id"], "nodule", round(1 / (1 + np.exp(-logit)), 3)))
            side = item["categories"]["side"]
            guess = side if rng.random() < 0.5 + skill[model] / 6 else rng.choice(
                [k for k, _ in SIDES])
            rows.append((model, item["id"], "side", guess))
    return rows


def with_aid(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items with the AI aid's probability as the text shown under `ai_aided`."""
    aid = {item_id: p for model, item_id, question, p in predictions(items)
           if model == AID_MODEL and question == "nodule"}
    for item in items:
        item["stimulus"]["condition_text"] = {
            "ai_aided": f"**AI aid** (made up): nodule probability **{aid[item['id']]:.2f}**"}
    return items


def build_study(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format_version": 1, "id": NAME,
        "title": "Chest reader demo: nodules on synthetic CT",
        "version": "1.0.0",
        "description": "A reader study on synthetic chest CT slices in DICOM (drawn by a "
        "program, no patient): a confidence rating per case, scored by the AUC, with an MRMC "
        "analysis against made-up model scores.",
        "instructions": INSTRUCTIONS,
        "consent": "This is a demonstration. Your answers stay on this computer.",
        "languages": ["eng-Latn"], "illustrative": True,
        "profile_fields": [
            {"id": "tier", "label": "Your role", "kind": "choice", "options": [
                {"key": "radiologist", "label": "Radiologist"},
                {"key": "resident", "label": "Resident"},
                {"key": "other", "label": "Other physician"}]},
        ],
        "participants": {"codes": {"pattern": "P[0-9]{3}"}},  # cards P001, P002... handed out
        "blocks": [
            {"id": "practice", "kind": "practice", "title": "Practice cases",
             "intro": "Two practice cases first, with feedback."},
            {"id": "main", "kind": "main", "title": "Cases"},
        ],
        # No washout in a demo one person tries in one go; a real study sets design.washout_days
        # (e.g. 28) so that the second reading does not recall the first.
        "conditions": CONDITIONS,
        "design": {"seed": 33, "shuffle_items": True, "break_every": 12},
        "viewer": {"presets": PRESETS},
        "models": predictions_ref(),
        "reporting": demo_reporting(["capabilities"], demo_size(items), "all cases of the "
                                    "demo, made for Baseline Studio"),
        "items": with_aid(items),
    }


def build(root: Path = STUDIES) -> Path:
    return generate(NAME, root, build_items, predictions, build_study)


if __name__ == "__main__":
    print(build())
