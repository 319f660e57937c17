"""Generate studies/poem-ratings-demo: the POEMetric survey on 13 poems written for the demo.

    .venv/bin/python -m studies._make.make_poems
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app.importers.poemetric_survey import (
    AUTHOR,
    AUTHOR_TYPE,
    FORM,
    SURVEY_INSTRUCTIONS,
    poem_stimulus,
    survey_questions,
)
from studies._make.common import (
    DEMO_MODELS,
    DEMO_NOTICE,
    STUDIES,
    demo_reporting,
    demo_size,
    generate,
    predictions_ref,
)
from studies._make.poems_text import POEMS

NAME = "poem-ratings-demo"
SEED = 3
PER_PARTICIPANT = 4


def build_items() -> list[dict[str, Any]]:
    return [
        {"id": item_id,
         "categories": {AUTHOR_TYPE: author_type, AUTHOR: author, FORM: form},
         "stimulus": poem_stimulus(form, theme, text),
         "questions": survey_questions()}
        for item_id, form, theme, author_type, author, text in POEMS
    ]


def predictions(items: list[dict[str, Any]]) -> list[tuple[str, str, str, Any]]:
    """Made-up ratings as if each demo model judged every poem with the same survey."""
    rng = random.Random(f"{NAME}:predictions")
    leniency = {"demo-model-a": 0.4, "demo-model-b": 0.0, "demo-model-c": -0.3}
    rows: list[tuple[str, str, str, Any]] = []
    for model in DEMO_MODELS:
        for item in items:
            human = item["categories"][AUTHOR_TYPE] == "human"
            for question in item["questions"]:
                if question["kind"] != "rating":
                    continue
                if question.get("allow_na") and item["categories"][FORM] == "limerick" \
                        and rng.random() < 0.5:
                    rows.append((model, item["id"], question["id"], "NA"))
                    continue
                centre = 3.4 + leniency[model] + (0.4 if human else 0.0)
                value = int(min(5, max(1, round(rng.gauss(centre, 0.8)))))
                rows.append((model, item["id"], question["id"], value))
    return rows


def build_study(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format_version": 1, "id": NAME,
        "title": "Poem ratings demo: the POEMetric survey",
        "version": "1.0.0",
        "description": "Thirteen short poems in the seven fixed forms of POEMetric, each rated "
        "with its 10 statements and 3 comments. All poems were written for Baseline Studio; "
        "the author labels (human demo poets or demo models) are illustrative and hidden from "
        "raters. Model judgements are made up.",
        "instructions": f"{DEMO_NOTICE}\n\n{SURVEY_INSTRUCTIONS}\n\nYou will rate "
        f"{PER_PARTICIPANT} poems (about 8 minutes).",
        "consent": "This is a demonstration. Your ratings stay on this computer.",
        "languages": ["eng-Latn"], "illustrative": True,
        "profile_fields": [
            {"id": "expertise", "label": "Your background in poetry", "kind": "choice",
             "options": [{"key": "poet", "label": "I write or teach poetry"},
                         {"key": "reader", "label": "I read poetry often"},
                         {"key": "casual", "label": "I read poetry now and then"}]},
        ],
        "design": {"seed": SEED, "shuffle_items": True},
        # 13 poems at ~2 minutes each is too long for one sitting: 4 each, 2 raters per poem.
        "assignment": {"items_per_participant": PER_PARTICIPANT, "raters_per_item": 2,
                       "seed": SEED},
        "models": predictions_ref(),
        "reporting": demo_reporting(["propensity"], demo_size(items), "all items of the demo, "
                                    "written for Baseline Studio"),
        "items": items,
    }


def build(root: Path = STUDIES) -> Path:
    return generate(NAME, root, lambda _folder: build_items(), predictions, build_study)


if __name__ == "__main__":
    print(build())
