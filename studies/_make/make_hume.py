"""Generate studies/hume-demo: HUME's four task types, an English and an Arabic subset each.

    .venv/bin/python -m studies._make.make_hume
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app.importers.mteb_questions import (
    classification_question,
    clustering_question,
    mteb_block,
    mteb_categories,
    relevance_question,
    sts_question,
)
from app.importers.mteb_reranking import documents_for
from studies._make import hume_content_ara as ara
from studies._make import hume_content_eng as eng
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

NAME = "hume-demo"
SEED = 11
LANGUAGES = {"eng": ("eng-Latn", "ltr", eng), "ara": ("ara-Arab", "rtl", ara)}
TASKS = {
    "classification": "HUMEDemoEmotionClassification",
    "sts": "HUMEDemoSTS",
    "reranking": "HUMEDemoReranking",
    "clustering": "HUMEDemoClustering",
}
EMOTIONS = [("joy", "Joy", "فرح"), ("sadness", "Sadness", "حزن"), ("anger", "Anger", "غضب"),
            ("fear", "Fear", "خوف"), ("surprise", "Surprise", "دهشة"), ("love", "Love", "حب")]
# Model behaviour for the made-up predictions: (accuracy, noise) per demo model.
MODEL_SKILL = {"demo-model-a": (0.85, 0.5), "demo-model-b": (0.7, 0.9), "demo-model-c": (0.55, 1.4)}

INSTRUCTIONS = f"""{DEMO_NOTICE}

You will see short tasks of four kinds, in **English and Arabic**:

- **Emotion**: choose the emotion a text expresses.
- **Similarity**: rate how close two sentences are in meaning (0 = unrelated, 5 = same meaning).
- **Relevance**: for a search query, mark each of 7 documents relevant or not.
- **Grouping**: sort about two dozen short texts into groups of your own making and name them.

Each participant gets a share of the items (about 7 minutes). In a real HUME-style study you
would recruit fluent readers for each language and run one study per language.
"""


def _options(language: str) -> list[tuple[str, str]]:
    if language == "ara":
        return [(key, f"{arabic} ({english.lower()})") for key, english, arabic in EMOTIONS]
    return [(key, english) for key, english, _ in EMOTIONS]


def _item(item_id: str, lang: str, task: str, stimulus: dict[str, Any],
          question: dict[str, Any], block: str = "main") -> dict[str, Any]:
    language, direction, _ = LANGUAGES[lang]
    return {"id": item_id, "block": block, "language": language, "direction": direction,
            "categories": mteb_categories(TASKS[task], lang, task), "stimulus": stimulus,
            "questions": [question]}


def build_items() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    text, label = eng.PRACTICE_CLASSIFICATION
    practice = [
        {**_item("practice-emotion", "eng", "classification", {"kind": "text", "text": text},
                 classification_question(_options("eng"), label), block="practice"),
         "categories": {"task_type": "practice"}},
        {**_item("practice-sts", "eng", "sts",
                 {"kind": "pair", "text_a": eng.PRACTICE_STS[0], "text_b": eng.PRACTICE_STS[1]},
                 sts_question(eng.PRACTICE_STS[2]), block="practice"),
         "categories": {"task_type": "practice"}},
    ]
    items += practice
    for lang, (_, _, content) in LANGUAGES.items():
        for i, (text, label) in enumerate(content.CLASSIFICATION, start=1):
            items.append(_item(f"{lang}-cls-{i:02d}", lang, "classification",
                               {"kind": "text", "text": text},
                               classification_question(_options(lang), label)))
        for i, (a, b, gold) in enumerate(content.STS, start=1):
            items.append(_item(f"{lang}-sts-{i:02d}", lang, "sts",
                               {"kind": "pair", "text_a": a, "text_b": b}, sts_question(gold)))
        for i, (query, positives, negatives) in enumerate(content.RERANKING, start=1):
            item_id = f"{lang}-rr-{i:02d}"
            documents, gold = documents_for(item_id, positives, negatives, SEED)
            items.append(_item(item_id, lang, "reranking",
                               {"kind": "query_documents", "query": query, "documents": documents},
                               relevance_question(gold)))
        texts = [(group, t) for group, group_texts in content.CLUSTERING.items() for t in group_texts]
        order = list(range(len(texts)))
        random.Random(f"{NAME}:cards:{lang}").shuffle(order)
        cards = [{"id": f"t{k}", "text": texts[k][1]} for k in order]
        gold_groups = {f"t{k}": texts[k][0] for k in order}
        items.append(_item(f"{lang}-clu", lang, "clustering",
                           {"kind": "cards", "text": "Group these texts by topic.", "cards": cards},
                           clustering_question(gold_groups)))
    return items


def build_study(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format_version": 1,
        "id": NAME,
        "title": "HUME demo: humans on embedding tasks (English and Arabic)",
        "version": "1.0.0",
        "description": "A small HUME-style study: emotion classification, sentence similarity, "
        "reranking and clustering, each with an English and an Arabic subset. Texts written "
        "for Baseline Studio; model scores made up.",
        "instructions": INSTRUCTIONS,
        "consent": "This is a demonstration. Your answers stay on this computer.",
        "languages": ["eng-Latn", "ara-Arab"],
        "illustrative": True,
        "profile_fields": [
            {"id": "reads", "label": "Which of these languages do you read fluently?",
             "kind": "choice", "options": [{"key": "eng", "label": "English"},
                                           {"key": "ara", "label": "Arabic"},
                                           {"key": "both", "label": "Both"}]},
        ],
        "blocks": [
            {"id": "practice", "kind": "practice", "title": "Practice",
             "intro": "Two practice items first. After each you will see the expected answer."},
            {"id": "main", "kind": "main", "title": "Main"},
        ],
        "design": {"seed": SEED, "shuffle_items": True, "shuffle_options": False,
                   "break_every": 12},
        # 98 main items take ~28 minutes in all; 29 each keeps every one of the 7 participant
        # slots between 6 and 9.5 minutes (tests/test_bundled_studies.py) with 2 raters per item.
        "assignment": {"items_per_participant": 29, "raters_per_item": 2, "seed": SEED},
        "models": predictions_ref(),
        "mteb": mteb_block(),
        "reporting": demo_reporting(["capabilities"], demo_size(items), "all items of the demo, "
                                    "written for Baseline Studio"),
        "items": items,
    }


def predictions(items: list[dict[str, Any]]) -> list[tuple[str, str, str, Any]]:
    rng = random.Random(f"{NAME}:predictions")
    rows: list[tuple[str, str, str, Any]] = []
    for model in DEMO_MODELS:
        accuracy, noise = MODEL_SKILL[model]
        for item in items:
            question = item["questions"][0]
            gold = question["gold"]
            if question["kind"] == "choice":
                value: Any = made_up_choice(rng, question, accuracy)
            elif question["kind"] == "rating":
                value = round(min(5.0, max(0.0, gold + rng.gauss(0, noise))), 2)
            elif question["kind"] == "relevance":
                value = {d: round(0.3 + 0.4 * g + rng.gauss(0, noise / 4), 3)
                         for d, g in gold.items()}
            else:  # clustering: a cluster number per card, mostly the gold group's
                groups = sorted(set(gold.values()))
                value = {c: str(groups.index(g) if rng.random() < accuracy
                                else rng.randrange(len(groups))) for c, g in gold.items()}
            rows.append((model, item["id"], question["id"], value))
    return rows


def build(root: Path = STUDIES) -> Path:
    return generate(NAME, root, lambda _folder: build_items(), predictions, build_study)


if __name__ == "__main__":
    print(build())
