"""Helpers shared by the generators of the bundled demo studies.

Every generator is deterministic: it seeds its own random generators, so running it again
writes the same study.json, the same predictions and the same images (see
tests/test_bundled_studies.py). The app never runs these scripts; their outputs are committed.

    .venv/bin/python -m studies._make.make_all        # regenerate all four studies
"""

from __future__ import annotations

import csv
import json
import random
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

STUDIES = Path(__file__).resolve().parents[1]
DEMO_MODELS = ("demo-model-a", "demo-model-b", "demo-model-c")
PREDICTIONS_FILE = "predictions/demo-models.csv"
PREDICTIONS_NOTE = (
    "Illustrative only: these demo models do not exist and their predictions were made up "
    "(drawn at random by studies/_make) so that the human-vs-model view has something to show."
)
DEMO_NOTICE = (
    "> **Demo study.** Its content was written or generated for Baseline Studio; the model "
    "scores shown next to yours are made up."
)


def fresh_folder(name: str, root: Path = STUDIES) -> Path:
    """The study's folder, emptied of generated files (study.json, predictions, images)."""
    folder = root / name
    for sub in ("images", "predictions"):
        shutil.rmtree(folder / sub, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_study(folder: Path, study: dict[str, Any]) -> Path:
    path = folder / "study.json"
    path.write_text(json.dumps(study, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def predictions_ref() -> dict[str, Any]:
    return {"predictions": [{"file": PREDICTIONS_FILE, "illustrative": True,
                             "note": PREDICTIONS_NOTE}]}


def write_predictions(folder: Path, rows: Iterable[tuple[str, str, str, Any]]) -> Path:
    """rows of (model, item_id, question_id, prediction); dicts and lists are written as JSON."""
    path = folder / PREDICTIONS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["model", "item_id", "question_id", "prediction"])
        for model, item_id, question_id, value in rows:
            if isinstance(value, dict | list):
                value = json.dumps(value, ensure_ascii=False, sort_keys=False)
            elif isinstance(value, float):
                value = f"{value:.3f}"
            writer.writerow([model, item_id, question_id, value])
    return path


Items = list[dict[str, Any]]
Rows = list[tuple[str, str, str, Any]]


def generate(name: str, root: Path, items_of: Callable[[Path], Items],
             predictions_of: Callable[[Items], Rows], study_of: Callable[[Items], dict[str, Any]]
             ) -> Path:
    """Write one demo study: its items (and their images), its predictions, its study.json."""
    folder = fresh_folder(name, root)
    items = items_of(folder)
    write_predictions(folder, predictions_of(items))
    write_study(folder, study_of(items))
    return folder


def made_up_choice(rng: random.Random, question: dict[str, Any], accuracy: float) -> str:
    """A demo model's answer: the gold key with probability `accuracy`, else another key."""
    gold = question["gold"]
    if rng.random() < accuracy:
        return str(gold)
    return str(rng.choice([o["key"] for o in question["options"] if o["key"] != gold]))


def demo_reporting(eval_type: list[str], dataset_size: int, sampling: str, **extra: Any
                   ) -> dict[str, Any]:
    """The `reporting` block of a demo study: what a designer declares for the human-baseline
    reporting checklist, filled in so that every item has an answer. Illustrative: no such
    study was run, approved or published."""
    demo = "demo study, not run with real participants"
    block: dict[str, Any] = {
        "illustrative": True,
        "paper_link": f"none: {demo}", "publication_year": "none: not published",
        "venue": "none: not published", "eval_type": eval_type, "dataset_size": dataset_size,
        "item_sampling": sampling,
        "designed_fair": {"answer": "yes", "detail": "humans and models get the same items and "
                          "the same question; neither sees the gold answers"},
        "iterative_design": {"answer": "no", "detail": "no pilot: a demo study"},
        "effort_control": {"answer": "partial", "detail": "no time limit for either side; the "
                           "humans' time per item is measured and reported"},
        "power_analysis": {"answer": "no", "detail": "baseline-studio plan gives it for a "
                           "real study"},
        "ethics_review": {"answer": "n/a", "detail": f"{demo}; a real study names its board "
                          "and approval id here"},
        "preregistration": {"answer": "no", "detail": demo},
        "population": {"answer": "yes", "detail": "adult readers of the study's languages"},
        "population_criteria": ["language"],
        "recruitment": "convenience", "recruitment_detail": "colleagues trying the demo",
        "prequalification": {"answer": "no"},
        "authors_as_baseliners": {"answer": "unknown", "detail": "whoever runs the demo"},
        "prior_exposure": {"answer": "no", "detail": "not screened: the items are new"},
        "training_pay": {"answer": "no"},
        "pay": {"answer": "no", "detail": "a demonstration, unpaid"},
        "ui_equivalence": {"answer": "no", "detail": "humans see the items in the app, models "
                           "receive them as text or images through their interface; both "
                           "answer the same question with the same options"},
        "instruction_equivalence": {"answer": "yes", "detail": "the same question text"},
        "tool_access": {"answer": "yes", "detail": "neither side may use tools or the web"},
        "tool_enforcement": {"answer": "no", "detail": "the ban is stated in the instructions, "
                             "not monitored"},
        "ai_tools": ["none allowed"],
        "data_availability": {"answer": "no", "detail": "a demo: the answers stay on the "
                              "computer that ran it"},
        "materials_availability": {"answer": "yes", "detail": "the study folder ships with "
                                   "Baseline Studio"},
        "code_availability": {"answer": "yes", "detail": "Baseline Studio's source"},
    }
    block.update(extra)
    return block


def demo_size(items: Items) -> int:
    """The demo's benchmark size: its scored items (not practice, not checks)."""
    return sum(1 for i in items if i.get("role", "trial") == "trial"
               and "practice" not in str(i.get("block", "main")))
