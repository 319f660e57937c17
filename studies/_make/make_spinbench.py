"""Generate studies/spinbench-timing-demo: SpinBench-style items, rendered here, with timing.

Items follow SpinBench's shape: a problem text with `<image>` placeholders, images, an answer
A-D or Y/N, and a task_type name parsed into source / task / prompt style. Stimuli are
Shepard-Metzler cube figures (rotated or mirrored) and table-top scenes seen from two places.

    .venv/bin/python -m studies._make.make_spinbench
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app.importers.spinbench_tasks import answer_question, option_texts, parse_task_type
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
from studies._make.spin_render import (
    camera,
    mirror,
    render_cubes,
    render_scene,
    screen_x,
    shepard_metzler,
)

NAME = "spinbench-timing-demo"
SEED = 17
ANGLES = {"A": 45, "B": 90, "C": 135, "D": 180}
SHAPES = [("cube", "red"), ("sphere", "blue"), ("cylinder", "green"), ("cone", "yellow")]
TURNS = {"A": 90, "B": -90, "C": 180}  # camera moves clockwise (seen from above) for +yaw


class Builder:
    """Collects items and writes their images into the study folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.items: list[dict[str, Any]] = []
        (folder / "images").mkdir(parents=True, exist_ok=True)

    def image(self, name: str, picture: Any) -> dict[str, str]:
        relative = f"images/{name}.png"
        picture.save(self.folder / relative, optimize=True)
        return {"path": relative}

    def add(self, item_id: str, task_type: str, text: str, images: list[dict[str, str]],
            answer: str, block: str = "main") -> None:
        self.items.append({"id": item_id, "block": block, "categories": parse_task_type(task_type),
                           "stimulus": {"kind": "text", "text": text, "images": images},
                           "questions": [answer_question(answer, texts=option_texts(text))]})


def identity(b: Builder, item_id: str, seed: int, same: bool, style: str,
             block: str = "main") -> None:
    rng = random.Random(seed)
    figure = shepard_metzler(seed)
    yaw_a = rng.choice([20, 40, 60])
    yaw_b = yaw_a + rng.choice([70, 110, 150, 200])
    probe = figure if same else mirror(figure)
    images = [b.image(f"{item_id}-a", render_cubes(figure, camera(yaw_a))),
              b.image(f"{item_id}-b", render_cubes(probe, camera(yaw_b)))]
    question = ("Are these two pictures of the same object, only turned? A mirror image does "
                "not count as the same.\nAnswer Y (yes) or N (no).")
    text = (f"<image> <image>\n{question}" if style == "imagefirst"
            else f"{question}\nFirst: <image>\nSecond: <image>")
    b.add(item_id, f"cubes_identity_{style}", text, images, "Y" if same else "N", block)


def rotation(b: Builder, item_id: str, seed: int, answer: str, block: str = "main") -> None:
    rng = random.Random(seed)
    figure = shepard_metzler(seed)
    yaw = rng.choice([10, 30, 50])
    sign = rng.choice([1, -1])
    images = [b.image(f"{item_id}-a", render_cubes(figure, camera(yaw))),
              b.image(f"{item_id}-b", render_cubes(figure, camera(yaw + sign * ANGLES[answer])))]
    text = ("The object in the first picture was turned about its vertical axis to give the "
            "second picture. By how much (the shorter way round)?\n<image> <image>\n"
            "A. 45 degrees\nB. 90 degrees\nC. 135 degrees\nD. 180 degrees")
    b.add(item_id, "cubes_rotation_classification_textfirst", text, images, answer, block)


def view_selection(b: Builder, item_id: str, seed: int, answer: str) -> None:
    rng = random.Random(seed)
    figure = shepard_metzler(seed)
    yaws = rng.sample([0, 50, 100, 140, 190, 230, 280, 320], 5)
    images = [b.image(f"{item_id}-ref", render_cubes(figure, camera(yaws[0])))]
    for letter, yaw in zip("ABCD", yaws[1:], strict=True):
        shape = figure if letter == answer else mirror(figure)
        images.append(b.image(f"{item_id}-{letter}", render_cubes(shape, camera(yaw))))
    text = ("Reference: <image>\nWhich picture shows the same object as the reference, only "
            "turned? The others are mirror images.\nA. <image>\nB. <image>\nC. <image>\nD. <image>")
    b.add(item_id, "cubes_view_selection_interleaved", text, images, answer)


def _scene(rng: random.Random) -> list[tuple[str, str, float, float]]:
    spots = [(-1.4, -1.2), (1.3, -1.1), (-1.2, 1.2), (1.4, 1.3), (0.1, 0.0)]
    rng.shuffle(spots)
    return [(shape, color, x, z) for (shape, color), (x, z) in zip(SHAPES, spots, strict=False)]


def grounding(b: Builder, item_id: str, seed: int, block: str = "main") -> None:
    rng = random.Random(seed)
    objects = _scene(rng)
    yaw = rng.choice([0, 35, 70, 110, 150, 200, 250, 300])
    first, second = None, None
    while first is None or abs(screen_x(*first[2:], yaw) - screen_x(*second[2:], yaw)) < 0.8:
        first, second = rng.sample(objects, 2)
    left = screen_x(*first[2:], yaw) < screen_x(*second[2:], yaw)
    images = [b.image(item_id, render_scene(objects, yaw))]
    text = (f"<image>\nFrom where you are looking, is the {first[1]} {first[0]} to the LEFT of "
            f"the {second[1]} {second[0]}?\nAnswer Y (yes) or N (no).")
    b.add(item_id, "scene_spatial_relation_grounding_viewer_perspective", text, images,
          "Y" if left else "N", block)


def scene_turn(b: Builder, item_id: str, seed: int, answer: str) -> None:
    rng = random.Random(seed)
    objects = _scene(rng)
    yaw = rng.choice([0, 40, 80, 120])
    turn = TURNS.get(answer, 0)
    images = [b.image(f"{item_id}-a", render_scene(objects, yaw)),
              b.image(f"{item_id}-b", render_scene(objects, yaw + turn))]
    text = ("<image> <image>\nBoth pictures show the same table. Between the first and the "
            "second, the camera walked around the table. How far, seen from above?\n"
            "A. A quarter turn clockwise\nB. A quarter turn counterclockwise\nC. Half a turn\n"
            "D. It did not move")
    b.add(item_id, "scene_rotation_classification_imagefirst", text, images, answer)


def build_items(folder: Path) -> list[dict[str, Any]]:
    b = Builder(folder)
    identity(b, "practice-1", 101, True, "imagefirst", block="practice")
    grounding(b, "practice-2", 102, block="practice")
    rotation(b, "practice-3", 103, "B", block="practice")
    for n, (same, style) in enumerate([(True, "imagefirst"), (False, "imagefirst"),
                                       (True, "textfirst"), (False, "textfirst"),
                                       (False, "imagefirst"), (True, "textfirst")], start=1):
        identity(b, f"identity-{n}", 200 + n, same, style)
    for n, answer in enumerate("ABCDB", start=1):
        rotation(b, f"rotation-{n}", 300 + n, answer)
    for n, answer in enumerate("CADB", start=1):
        view_selection(b, f"view-{n}", 400 + n, answer)
    for n in range(1, 6):
        grounding(b, f"relation-{n}", 500 + n)
    for n, answer in enumerate("ABCA", start=1):
        scene_turn(b, f"turn-{n}", 600 + n, answer)
    return b.items


def predictions(items: list[dict[str, Any]]) -> list[tuple[str, str, str, Any]]:
    skill = {"demo-model-a": 0.72, "demo-model-b": 0.58, "demo-model-c": 0.45}
    rng = random.Random(f"{NAME}:predictions")
    rows = []
    for model in DEMO_MODELS:
        for item in items:
            question = item["questions"][0]
            rows.append((model, item["id"], question["id"],
                         made_up_choice(rng, question, skill[model])))
    return rows


INSTRUCTIONS = f"""{DEMO_NOTICE}

Spatial puzzles: cube figures that may be turned or mirrored, and a table seen from different
places. Answer with the keys **A**-**D** or **Y** / **N**.

**Your response time is measured.** Before each item a screen asks you to press Space when
you are ready; a cross then marks the centre for half a second. Answer as quickly as you can
while staying accurate. Three practice items come first, with feedback. About 6 minutes.
"""


def build_study(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format_version": 1, "id": NAME,
        "title": "SpinBench timing demo: spatial reasoning with response times",
        "version": "1.0.0",
        "description": "SpinBench-style items (identity, rotation, view selection, spatial "
        "relations) on cube figures and table-top scenes rendered for Baseline Studio, answered "
        "with response times. Model answers made up.",
        "instructions": INSTRUCTIONS,
        "consent": "This is a demonstration. Your answers and times stay on this computer.",
        "languages": ["eng-Latn"], "illustrative": True,
        "blocks": [
            {"id": "practice", "kind": "practice", "title": "Practice",
             "intro": "Three practice items, with feedback after each."},
            {"id": "main", "kind": "main", "title": "Main"},
        ],
        "design": {"seed": SEED, "shuffle_items": True, "shuffle_options": False,
                   "ready_screen": True, "fixation_ms": 500, "iti_ms": 400,
                   "deadline_ms": 30000, "show_time_left": True, "break_every": 12, "show_score_at_end": True},
        "models": predictions_ref(),
        "reporting": demo_reporting(["capabilities"], demo_size(items), "all items of the demo, "
                                    "written for Baseline Studio"),
        "items": items,
    }


def build(root: Path = STUDIES) -> Path:
    return generate(NAME, root, build_items, predictions, build_study)


if __name__ == "__main__":
    print(build())
