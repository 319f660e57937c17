"""Generate studies/lesion-vqa-demo: physicians answer stepwise questions on synthetic lesions.

Each case asks, in order, what the primary lesion is, where it is, and which diagnosis fits
(MedLesionVQA's stepwise workflow), with 4-5 options each. Images are painted by
make_lesion_images.py; four are 4000 x 3000 so the viewer's zoom and tiling are exercised,
and three cases show two images side by side (an overview and a close-up, or both sides).

    .venv/bin/python -m studies._make.make_lesion_vqa
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PIL import Image

from studies._make.common import (
    DEMO_MODELS,
    DEMO_NOTICE,
    STUDIES,
    demo_reporting,
    demo_size,
    generate,
    made_up_choice,
    predictions_ref,
)
from studies._make.make_lesion_images import finish, paint

NAME = "lesion-vqa-demo"
BIG, SMALL = (4000, 3000), (1600, 1200)
JPEG_QUALITY = 85

SKIN_LESIONS = ["Macule", "Papule", "Plaque", "Vesicle", "Nodule"]
NAIL_FINDINGS = ["Nail pitting", "Onycholysis", "Subungual hyperkeratosis with discolouration",
                 "Longitudinal pigmented band", "Transverse grooves (Beau's lines)"]
ORAL_FINDINGS = ["Reticular white striae", "Ulcer", "Homogeneous white plaque", "Vesicle",
                 "Red patch"]

# id, block, recipe + params, big?, second image ("crop" | params of another render | None),
# lesion options/gold, region options/gold, diagnosis options/gold, categories
CASES: list[dict[str, Any]] = [
    {"id": "practice-1", "block": "practice", "recipe": ("depigmented_macules", {"place": "hand"}),
     "lesion": (SKIN_LESIONS, "Macule"),
     "region": (["Back of the hand", "Face", "Shin", "Scalp"], "Back of the hand"),
     "diagnosis": (["Vitiligo", "Pityriasis versicolor", "Melasma", "Tinea corporis"], "Vitiligo"),
     "categories": ("macule", "hand", "vitiligo")},
    {"id": "case-01", "recipe": ("depigmented_macules", {"place": "forearm"}), "big": True,
     "second": "crop", "lesion": (SKIN_LESIONS, "Macule"),
     "region": (["Forearm", "Back", "Face", "Shin", "Palm"], "Forearm"),
     "diagnosis": (["Vitiligo", "Post-inflammatory hypopigmentation", "Melasma",
                    "Psoriasis"], "Vitiligo"),
     "categories": ("macule", "forearm", "vitiligo")},
    {"id": "case-02", "recipe": ("cafe_au_lait", {"place": "back"}),
     "lesion": (SKIN_LESIONS, "Macule"),
     "region": (["Back", "Abdomen", "Thigh", "Face"], "Back"),
     "diagnosis": (["Cafe-au-lait macule", "Melanoma", "Vitiligo", "Tinea corporis"],
                   "Cafe-au-lait macule"),
     "categories": ("macule", "back", "cafe_au_lait_macule")},
    {"id": "case-03", "recipe": ("acne_papules", {"place": "face"}), "big": True,
     "lesion": (SKIN_LESIONS, "Papule"),
     "region": (["Face", "Chest", "Back", "Scalp"], "Face"),
     "diagnosis": (["Acne vulgaris", "Rosacea", "Herpes simplex", "Contact dermatitis",
                    "Psoriasis"], "Acne vulgaris"),
     "categories": ("papule", "face", "acne_vulgaris")},
    {"id": "case-04", "recipe": ("psoriasis_plaques", {"place": "elbow"}), "big": True,
     "second": "crop", "lesion": (SKIN_LESIONS, "Plaque"),
     "region": (["Elbow", "Knee", "Scalp", "Palm"], "Elbow"),
     "diagnosis": (["Psoriasis", "Atopic dermatitis", "Tinea corporis", "Lichen planus"],
                   "Psoriasis"),
     "categories": ("plaque", "elbow", "psoriasis")},
    {"id": "case-05", "recipe": ("herpes_vesicles", {"place": "lip"}),
     "lesion": (SKIN_LESIONS, "Vesicle"),
     "region": (["Lip border", "Eyelid", "Ear", "Neck"], "Lip border"),
     "diagnosis": (["Herpes labialis", "Impetigo", "Angular cheilitis", "Acne vulgaris"],
                   "Herpes labialis"),
     "categories": ("vesicle", "lip", "herpes_simplex")},
    {"id": "case-06", "recipe": ("tinea_annular", {"place": "trunk"}),
     "lesion": (SKIN_LESIONS, "Plaque"),
     "region": (["Trunk", "Scalp", "Sole", "Face"], "Trunk"),
     "diagnosis": (["Tinea corporis", "Psoriasis", "Granuloma annulare", "Nummular eczema",
                    "Vitiligo"], "Tinea corporis"),
     "categories": ("plaque", "trunk", "tinea_corporis")},
    {"id": "case-07", "recipe": ("linear_vesicles", {"place": "forearm"}),
     "lesion": (SKIN_LESIONS, "Vesicle"),
     "region": (["Forearm", "Back", "Foot", "Face"], "Forearm"),
     "diagnosis": (["Allergic contact dermatitis (plant)", "Herpes zoster", "Scabies",
                    "Bullous pemphigoid"], "Allergic contact dermatitis (plant)"),
     "categories": ("vesicle", "forearm", "contact_dermatitis")},
    {"id": "case-08", "recipe": ("nail", {"finding": "pitting"}),
     "lesion": (NAIL_FINDINGS, "Nail pitting"),
     "region": (["Fingernail", "Toenail", "Nail fold", "Palm"], "Fingernail"),
     "diagnosis": (["Nail psoriasis", "Onychomycosis", "Subungual melanoma", "Trauma"],
                   "Nail psoriasis"),
     "categories": ("nail_pitting", "fingernail", "nail_psoriasis")},
    {"id": "case-09", "recipe": ("nail", {"finding": "onychomycosis", "toe": True}), "big": True,
     "lesion": (NAIL_FINDINGS, "Subungual hyperkeratosis with discolouration"),
     "region": (["Toenail", "Fingernail", "Heel", "Nail fold"], "Toenail"),
     "diagnosis": (["Onychomycosis", "Nail psoriasis", "Subungual haematoma",
                    "Yellow nail syndrome"], "Onychomycosis"),
     "categories": ("subungual_hyperkeratosis", "toenail", "onychomycosis")},
    {"id": "case-10", "recipe": ("nail", {"finding": "melanonychia"}),
     "lesion": (NAIL_FINDINGS, "Longitudinal pigmented band"),
     "region": (["Fingernail", "Toenail", "Nail fold", "Fingertip pulp"], "Fingernail"),
     "diagnosis": (["Longitudinal melanonychia (benign band)", "Onychomycosis",
                    "Nail psoriasis", "Splinter haemorrhages"],
                   "Longitudinal melanonychia (benign band)"),
     "categories": ("pigmented_band", "fingernail", "melanonychia")},
    {"id": "case-11", "recipe": ("oral", {"site": "buccal", "finding": "striae"}),
     "second": {"site": "buccal", "finding": "striae"}, "lesion": (ORAL_FINDINGS,
                                                                   "Reticular white striae"),
     "region": (["Buccal mucosa", "Tongue", "Hard palate", "Gingiva"], "Buccal mucosa"),
     "diagnosis": (["Oral lichen planus", "Leukoplakia", "Oral candidiasis",
                    "Aphthous ulcer"], "Oral lichen planus"),
     "categories": ("white_striae", "buccal_mucosa", "oral_lichen_planus")},
    {"id": "case-12", "recipe": ("oral", {"site": "lip", "finding": "ulcer"}),
     "lesion": (ORAL_FINDINGS, "Ulcer"),
     "region": (["Inner lower lip", "Tongue", "Hard palate", "Gingiva"], "Inner lower lip"),
     "diagnosis": (["Aphthous ulcer", "Oral lichen planus", "Herpangina", "Leukoplakia",
                    "Mucocele"], "Aphthous ulcer"),
     "categories": ("ulcer", "lower_lip_mucosa", "aphthous_ulcer")},
    {"id": "case-13", "recipe": ("oral", {"site": "tongue", "finding": "white_plaque"}),
     "lesion": (ORAL_FINDINGS, "Homogeneous white plaque"),
     "region": (["Lateral border of the tongue", "Buccal mucosa", "Floor of the mouth",
                 "Soft palate"], "Lateral border of the tongue"),
     "diagnosis": (["Leukoplakia", "Oral candidiasis", "Geographic tongue",
                    "Aphthous ulcer"], "Leukoplakia"),
     "categories": ("white_plaque", "tongue", "leukoplakia")},
]

LETTERS = "ABCDE"
QUESTIONS = (("lesion", "Step 1: what is the primary lesion (or main finding)?"),
             ("region", "Step 2: where is it?"),
             ("diagnosis", "Step 3: which diagnosis fits best?"))

INSTRUCTIONS = f"""{DEMO_NOTICE}

Each case shows one or two images and asks three questions in order, as in a visual diagnosis:
**what** the primary lesion is, **where** it is, and **which diagnosis** fits best.

- Zoom with the mouse wheel, or hold `Alt` and press `+` or `-`; pan by dragging, or `Alt` and the arrows. Brightness: `Alt`+`B` (darker with `Shift` too); contrast: `Alt`+`C` (less with `Shift` too); or the sliders under the images. `F1` lists every key.
- Answer with the mouse or the keys `1`-`5`.

The images are **painted by a program**: they are not photographs of patients and are not
teaching material. About 8 minutes.
"""


def gold_positions(cases: list[dict[str, Any]], qid: str) -> list[int]:
    """Where the gold option goes in each case, for one question: each time one of the places
    used least so far (drawn from a seeded generator), so no letter is the right answer more
    often than chance would have it. The options are not shuffled on screen (a physician
    learns a fixed list faster), so an order written with the gold first would give every
    answer away ("always A")."""
    rng = random.Random(f"{NAME}:gold:{qid}")
    used = [0] * len(LETTERS)
    out = []
    for case in cases:
        n = len(case[qid][0])
        least = min(used[:n])
        place = rng.choice([i for i in range(n) if used[i] == least])
        used[place] += 1
        out.append(place)
    return out


def _question(qid: str, prompt: str, options: list[str], gold: str, place: int
              ) -> dict[str, Any]:
    others = [o for o in options if o != gold]
    options = [*others[:place], gold, *others[place:]]
    keys = LETTERS[: len(options)]
    return {"id": qid, "kind": "choice", "prompt": prompt,
            "options": [{"key": k, "label": label} for k, label in zip(keys, options, strict=True)],
            "gold": keys[options.index(gold)],
            "scoring": {"metric": "accuracy", "breakdown": ["lesion_type", "body_region", "disease"]}}


def _images(folder: Path, case: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    recipe, params = case["recipe"]
    size = BIG if case.get("big") else SMALL
    scene = paint(recipe, size[0], size[1], seed, **params)
    paths = [(f"images/{case['id']}.jpg", Image.fromarray(finish(scene)), "overview")]
    second = case.get("second")
    if second == "crop":  # a close-up at full resolution around the lesion
        x0, y0 = (size[0] - SMALL[0]) // 2, (size[1] - SMALL[1]) // 2
        crop = finish(scene[y0:y0 + SMALL[1], x0:x0 + SMALL[0]].copy())
        paths.append((f"images/{case['id']}-closeup.jpg", Image.fromarray(crop), "close-up"))
    elif isinstance(second, dict):  # the other side (mirrored), painted from its own seed
        other = paint(recipe, SMALL[0], SMALL[1], seed + 1000, **second)[:, ::-1]
        paths.append((f"images/{case['id']}-other-side.jpg", Image.fromarray(finish(other)),
                      "other side"))
    refs = []
    for relative, image, caption in paths:
        image.save(folder / relative, "JPEG", quality=JPEG_QUALITY, optimize=True)
        # alt and caption may reach the screen: they must not name the lesion.
        refs.append({"path": relative, "caption": caption,
                     "alt": f"program-painted case image ({caption})"})
    return refs


def build_items(folder: Path) -> list[dict[str, Any]]:
    (folder / "images").mkdir(parents=True, exist_ok=True)
    items = []
    places = {qid: gold_positions(CASES, qid) for qid, _ in QUESTIONS}
    for seed, case in enumerate(CASES, start=1):
        lesion, region, disease = case["categories"]
        images = _images(folder, case, seed)
        items.append({
            "id": case["id"], "block": case.get("block", "main"),
            "categories": {"lesion_type": lesion, "body_region": region, "disease": disease},
            "stimulus": {"kind": "images", "images": images,
                         "text": "Two views of the same case." if len(images) > 1 else None},
            "questions": [_question(qid, prompt, *case[qid], places[qid][seed - 1])
                          for qid, prompt in QUESTIONS],
        })
        if items[-1]["stimulus"]["text"] is None:
            del items[-1]["stimulus"]["text"]
    return items


def predictions(items: list[dict[str, Any]]) -> list[tuple[str, str, str, Any]]:
    # Made-up accuracies in the range the paper reports for models (about 40-56%).
    skill = {"demo-model-a": 0.56, "demo-model-b": 0.48, "demo-model-c": 0.4}
    rng = random.Random(f"{NAME}:predictions")
    rows = []
    for model in DEMO_MODELS:
        for item in items:
            for question in item["questions"]:
                rows.append((model, item["id"], question["id"],
                             made_up_choice(rng, question, skill[model])))
    return rows


def build_study(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format_version": 1, "id": NAME,
        "title": "Lesion VQA demo: stepwise questions for physicians",
        "version": "1.0.0",
        "description": "MedLesionVQA-style cases on synthetic, program-painted images of skin, "
        "nail and oral lesions; three stepwise questions per case. Model scores made up.",
        "instructions": INSTRUCTIONS,
        "consent": "This is a demonstration. Your answers stay on this computer.",
        "languages": ["eng-Latn"], "illustrative": True,
        "profile_fields": [
            {"id": "tier", "label": "Your role", "kind": "choice", "options": [
                {"key": "primary", "label": "Primary physician"},
                {"key": "senior", "label": "Senior specialist"},
                {"key": "resident", "label": "Resident"},
                {"key": "other", "label": "Other"}]},
            {"id": "years", "label": "Years of clinical experience", "kind": "number",
             "min": 0, "max": 60},
        ],
        # Cards P001, P002, ... are handed out: a mistyped code is refused.
        "participants": {"codes": {"pattern": "P[0-9]{3}"}},
        "blocks": [
            {"id": "practice", "kind": "practice", "title": "Practice case",
             "intro": "One practice case first; after it you will see the expected answers."},
            {"id": "main", "kind": "main", "title": "Cases"},
        ],
        "design": {"seed": 5, "shuffle_items": True, "shuffle_options": False, "break_every": 6},
        "models": predictions_ref(),
        "reporting": demo_reporting(["knowledge", "capabilities"], demo_size(items), "all items of the demo, "
                                    "written for Baseline Studio"),
        "items": items,
    }


def build(root: Path = STUDIES) -> Path:
    return generate(NAME, root, build_items, predictions, build_study)


if __name__ == "__main__":
    print(build())
