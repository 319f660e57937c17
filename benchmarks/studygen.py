"""Study files and images for the benchmarks, generated at run time into a temporary folder.

A MedLesionVQA-shaped study: each item shows one photograph (one item in ten shows two of the
same case) and asks one multiple-choice question (recognise the lesion, locate it, name the
disease), with gold answers and categories for the breakdowns. Nothing generated here is ever
committed.

Images: the study refers to `n_images` distinct file names. Validation only checks that each
file exists, so by default every name is a hard link to ONE small JPEG. The image benchmarks
(#3, #8) pass a few distinct large JPEGs instead, hard-linked under many names; the image cache
keys on the path, so every name is decoded on its own, exactly as distinct files would be
(only the page cache of the disk is kinder than with 12,000 distinct 24-megapixel files).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

STEPS = ("recognise", "locate", "diagnose")
LESIONS = [f"lesion_{i:02d}" for i in range(94)]
REGIONS = [f"region_{i:03d}" for i in range(110)]
DISEASES = [f"disease_{i:02d}" for i in range(96)]
OPTION_KEYS = ("A", "B", "C", "D", "E")


def small_jpeg(path: Path, size: tuple[int, int] = (64, 48)) -> Path:
    """A tiny valid JPEG (noise), for benchmarks that only need the files to exist."""
    from PIL import Image

    rng = random.Random(1)
    image = Image.frombytes("RGB", size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * 3)))
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, "JPEG", quality=85)
    return path


def large_jpegs(folder: Path, count: int = 3, size: tuple[int, int] = (6000, 4000)) -> list[Path]:
    """`count` distinct 24-megapixel JPEGs (6000 x 4000, a full-frame camera's photograph): a
    smooth gradient with noise and a dark blob, so the encoder has real work to do."""
    import numpy as np
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    out = []
    w, h = size
    for k in range(count):
        path = folder / f"source_{k}.jpg"
        if path.exists():  # made by an earlier benchmark of the same run
            out.append(path)
            continue
        rng = np.random.default_rng(k)
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        base = np.stack([(x / w) * 200 + 30 * k, (y / h) * 180 + 20, ((x + y) / (w + h)) * 160 + 40],
                        axis=-1)
        blob = np.exp(-(((x - w * 0.5) ** 2 + (y - h * 0.5) ** 2) / (2 * (w * 0.08) ** 2)))
        base -= blob[..., None] * 120
        base += rng.normal(0, 12, size=base.shape).astype(np.float32)
        pixels = np.clip(base, 0, 255).astype(np.uint8)
        Image.fromarray(pixels, "RGB").save(path, "JPEG", quality=90)
        out.append(path)
    return out


def link_images(folder: Path, sources: list[Path], n_images: int) -> list[str]:
    """`n_images` names under folder/images, each a hard link to one of `sources` (round robin)."""
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    names = []
    for i in range(n_images):
        rel = f"images/case_{i:05d}.jpg"
        target = folder / rel
        if not target.exists():
            try:
                os.link(sources[i % len(sources)], target)
            except OSError:  # another file system: a copy is slower to make but honest
                target.write_bytes(sources[i % len(sources)].read_bytes())
        names.append(rel)
    return names


def lesion_item(i: int, image_names: list[str], rng: random.Random) -> dict[str, object]:
    case = i % len(image_names)
    images = [{"path": image_names[case], "alt": f"case {case}"}]
    if i % 10 == 0 and len(image_names) > 1:
        images.append({"path": image_names[(case + 1) % len(image_names)]})
    step = STEPS[i % 3]
    pool = {"recognise": LESIONS, "locate": REGIONS, "diagnose": DISEASES}[step]
    labels = rng.sample(pool, len(OPTION_KEYS))
    return {
        "id": f"q{i:05d}",
        "categories": {"step": step, "lesion_type": rng.choice(LESIONS),
                       "body_region": rng.choice(REGIONS), "disease": rng.choice(DISEASES)},
        "stimulus": {"kind": "images", "images": images,
                     "text": f"Case {case}: a photograph taken at the first visit."},
        "questions": [{
            "id": "answer", "kind": "choice",
            "prompt": {"recognise": "Which lesion type is shown?",
                       "locate": "Where on the body is the lesion?",
                       "diagnose": "What is the most likely diagnosis?"}[step],
            "options": [{"key": k, "label": lab} for k, lab in zip(OPTION_KEYS, labels, strict=True)],
            "gold": rng.choice(OPTION_KEYS),
            "scoring": {"breakdown": ["step"]},
        }],
    }


def text_item(i: int, rng: random.Random) -> dict[str, object]:
    words = ["the", "service", "was", "slow", "food", "cold", "lovely", "staff", "again", "never"]
    return {
        "id": f"t{i:05d}",
        "categories": {"task": "classification"},
        "stimulus": {"kind": "text", "text": " ".join(rng.choice(words) for _ in range(30))},
        "questions": [{"id": "label", "kind": "choice", "prompt": "Sentiment?",
                       "options": [{"key": "pos", "label": "Positive"},
                                   {"key": "neg", "label": "Negative"},
                                   {"key": "neu", "label": "Neutral"}],
                       "gold": rng.choice(["pos", "neg", "neu"])}],
    }


def study_header(study_id: str, title: str, *, shuffle: bool = True,
                 profile: bool = True) -> dict[str, object]:
    """`profile=False`: no profile fields, so `run --participant` goes straight to the items."""
    return {
        "format_version": 1, "id": study_id, "title": title,
        "description": "Generated by benchmarks/studygen.py (synthetic, illustrative).",
        "illustrative": True,
        "profile_fields": [{"id": "tier", "label": "Tier", "kind": "choice",
                            "options": [{"key": "primary", "label": "Primary physician"},
                                        {"key": "senior", "label": "Senior specialist"}]}]
        if profile else [],
        "blocks": [{"id": "main", "kind": "main", "title": "Main"}],
        "design": {"seed": 1, "shuffle_items": shuffle, "shuffle_options": False},
    }


def write_lesion_study(folder: Path, *, n_items: int = 20_000, n_images: int = 12_000,
                       sources: list[Path] | None = None, profile: bool = True) -> Path:
    """A study folder with `n_items` image items over `n_images` image files; returns study.json."""
    folder.mkdir(parents=True, exist_ok=True)
    if sources is None:
        sources = [small_jpeg(folder / "_source" / "tiny.jpg")]
    names = link_images(folder, sources, n_images)
    rng = random.Random(20_000)
    study = study_header("lesion-bench", "MedLesionVQA-scale benchmark study", profile=profile)
    study["items"] = [lesion_item(i, names, rng) for i in range(n_items)]
    path = folder / "study.json"
    path.write_text(json.dumps(study, indent=1), encoding="utf-8")
    return path


def write_text_study(folder: Path, *, n_items: int = 2_000, shuffle: bool = True,
                     profile: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    study = study_header("text-bench", "Text benchmark study", shuffle=shuffle, profile=profile)
    study["items"] = [text_item(i, rng) for i in range(n_items)]
    path = folder / "study.json"
    path.write_text(json.dumps(study, indent=1), encoding="utf-8")
    return path


def jpeg_cache(folder: Path) -> Path:
    """Where the 24-megapixel sources live: shared by the benchmarks of one `run_all` run
    (BASELINE_BENCH_CACHE), else inside the benchmark's own folder."""
    shared = os.environ.get("BASELINE_BENCH_CACHE")
    return Path(shared) / "jpegs" if shared else folder / "jpegs"


def lesion_study_in_child(folder: Path, *, n_items: int = 20_000, n_images: int = 12_000,
                          large: bool = True) -> Path:
    """write_lesion_study in a separate process, so that building 20,000 items (and 24 MP
    pixel arrays) does not count in the calling benchmark's peak memory."""
    import subprocess
    import sys

    code = ("import sys; from pathlib import Path; from benchmarks.studygen import *; "
            "f = Path(sys.argv[1]); "
            "src = large_jpegs(jpeg_cache(f)) if sys.argv[4] == '1' else None; "
            "write_lesion_study(f, n_items=int(sys.argv[2]), n_images=int(sys.argv[3]), "
            "sources=src, profile=False)")
    subprocess.run([sys.executable, "-c", code, str(folder), str(n_items), str(n_images),
                    "1" if large else "0"], check=True)
    return folder / "study.json"
