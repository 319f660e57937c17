"""Generate studies/preference-demo: which of two answers is better (pairwise) and the most and
least vivid of four lines of verse (best-worst), on texts written for the demo.

    .venv/bin/python -m studies._make.make_preferences

The design a reviewer would ask for: which system is `system_a` alternates from request to
request, the side each answer is shown on is drawn per participant (and stored with the
answer), the better system changes from request to request (and two requests have answers
equally good), and the 13 sets of 4 lines form a balanced design: every line appears in 4 sets
and every two lines share exactly one set (the projective plane of order 3).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from studies._make.common import (
    DEMO_MODELS,
    DEMO_NOTICE,
    STUDIES,
    demo_reporting,
    demo_size,
    generate,
    predictions_ref,
)
from studies._make.preferences_text import LINES, PAIRS, SYSTEM_1, SYSTEM_2

NAME = "preference-demo"
SEED = 11
# {0, 1, 3, 9} is a perfect difference set mod 13: its 13 shifts are the lines of PG(2, 3).
DIFFERENCE_SET = (0, 1, 3, 9)


def line_sets() -> list[list[str]]:
    ids = [line_id for line_id, _, _ in LINES]
    return [[ids[(start + d) % len(ids)] for d in DIFFERENCE_SET] for start in range(len(ids))]


def pair_items() -> list[dict[str, Any]]:
    items = []
    for k, (request, answer_1, answer_2, better) in enumerate(PAIRS):
        # demo-system-1 is system_a on half the requests, in a pattern that also makes the
        # better answer text_a on half of those with one
        first = k % 4 in (0, 3)
        system_a, system_b = (SYSTEM_1, SYSTEM_2) if first else (SYSTEM_2, SYSTEM_1)
        text_a, text_b = (answer_1, answer_2) if first else (answer_2, answer_1)
        gold = "tie" if better == 0 else "a" if (better == 1) == first else "b"
        items.append({
            "id": f"pair-{k + 1:02d}", "block": "pairs",
            "categories": {"system_a": system_a, "system_b": system_b},
            "stimulus": {"kind": "pair", "text_a": text_a, "text_b": text_b,
                         "label_a": "Answer A", "label_b": "Answer B"},
            "questions": [{
                "id": "better", "kind": "pairwise",
                "prompt": f"**Request:** {request}\n\nWhich answer is better: more accurate "
                "and more helpful? Judge what they say, not their length.",
                "gold": gold,
            }],
        })
    return items


def line_items() -> list[dict[str, Any]]:
    text = dict((line_id, line) for line_id, line, _ in LINES)
    return [{
        "id": f"lines-{k + 1:02d}", "block": "lines",
        "stimulus": {"kind": "cards", "text": "Four lines of verse",
                     "cards": [{"id": line_id, "text": text[line_id]} for line_id in members]},
        "questions": [{
            "id": "vivid", "kind": "best_worst",
            "prompt": "Which line gives the most vivid picture, and which the least vivid?",
            "best_label": "Most vivid", "worst_label": "Least vivid",
        }],
    } for k, members in enumerate(line_sets())]


def build_items() -> list[dict[str, Any]]:
    return pair_items() + line_items()


def predictions(items: list[dict[str, Any]]) -> list[tuple[str, str, str, Any]]:
    """Made-up picks, as if each demo model were asked as an LLM judge: the better answer with
    a model's accuracy (a tie when the answers are equal, half the time), and the lines
    ordered by how vivid they were written to be, plus a model's noise."""
    rng = random.Random(f"{NAME}:predictions")
    accuracy = {"demo-model-a": 0.9, "demo-model-b": 0.75, "demo-model-c": 0.55}
    noise = {"demo-model-a": 0.1, "demo-model-b": 0.25, "demo-model-c": 0.5}
    vivid = {line_id: value for line_id, _, value in LINES}
    rows: list[tuple[str, str, str, Any]] = []
    for model in DEMO_MODELS:
        for item in items:
            question = item["questions"][0]
            if question["kind"] == "pairwise":
                gold = question["gold"]
                if gold == "tie":
                    pick = "tie" if rng.random() < 0.5 else rng.choice(["a", "b"])
                elif rng.random() < accuracy[model]:
                    pick = gold
                else:
                    pick = rng.choice([k for k in ("a", "b", "tie") if k != gold])
                rows.append((model, item["id"], question["id"], pick))
            else:
                cards = [c["id"] for c in item["stimulus"]["cards"]]
                seen = sorted(cards, key=lambda c: vivid[c] + rng.gauss(0, noise[model]))
                rows.append((model, item["id"], question["id"],
                             {"best": seen[-1], "worst": seen[0]}))
    return rows


def build_study(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format_version": 1, "id": NAME,
        "title": "Preference demo: pairs of answers and sets of lines",
        "version": "1.0.0",
        "description": "Twelve requests, each answered by two illustrative systems that do not "
        "exist (demo-system-1 and demo-system-2), judged side by side; and thirteen sets of "
        "four lines of verse, each judged for the most and the least vivid line. All texts "
        "were written for Baseline Studio; the model judgements are made up.",
        "instructions": f"{DEMO_NOTICE}\n\nFirst you will see twelve requests, each with two "
        "answers side by side. Say which answer is better, or that they are about equally "
        "good. The answers come from two systems, in no fixed order.\n\nThen you will see "
        "thirteen sets of four lines of verse. In each set, pick the line that gives the most "
        "vivid picture and the line that gives the least vivid.\n\nAbout 7 minutes.",
        "consent": "This is a demonstration. Your answers stay on this computer.",
        "languages": ["eng-Latn"], "illustrative": True,
        "blocks": [
            {"id": "pairs", "kind": "main", "title": "Pairs of answers",
             "intro": "Which of two answers is better? Keys: Left or A for the answer on the "
             "left, Right or B for the one on the right, T when they are about equal."},
            {"id": "lines", "kind": "main", "title": "Sets of lines",
             "intro": "In each set of four lines, pick the most vivid and the least vivid. "
             "Keys: the number of the most vivid line, then the number of the least vivid; "
             "Backspace takes back the last pick."},
        ],
        "design": {"seed": SEED, "shuffle_items": True, "shuffle_options": True},
        "models": predictions_ref(),
        "reporting": demo_reporting(["propensity"], demo_size(items), "all items of the demo, "
                                    "written for Baseline Studio"),
        "items": items,
    }


def build(root: Path = STUDIES) -> Path:
    return generate(NAME, root, lambda _folder: build_items(), predictions, build_study)


if __name__ == "__main__":
    print(build())
