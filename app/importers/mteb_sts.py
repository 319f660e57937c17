"""`mteb-sts`: sentence pairs with a gold similarity score -> one `similarity` rating each.

Columns: sentence1, sentence2, score (optional: id/_id, hf_subset, language). The scale is
0-5 in halves, MTEB's usual range; when the gold scores leave it (STS22 uses 1-4, some sets
0-1), the scale is widened to the whole numbers around them.
"""

from __future__ import annotations

import math
from typing import Any

from app.importers.base import ImportOptions, StudyDraft
from app.importers.mteb_common import mteb_study, row_language, task_name
from app.importers.mteb_questions import STS_MAX, STS_MIN, STS_STEP, mteb_categories, sts_question
from app.importers.tables import cell_number, cell_text, sampled_rows

MAX_POINTS = 1000  # the study format's limit on a scale's steps

INSTRUCTIONS = (
    "Each screen shows two sentences. Rate how similar their **meanings** are, from {low:g} "
    "(completely different) to {high:g} (the same meaning), in steps of a half."
)


def build(options: ImportOptions) -> StudyDraft:
    table, problems, keep, ids, sampling = sampled_rows(options.source, options,
                                              "sentence1", "sentence2", "score")
    name = task_name(options)
    rows: list[tuple[int, str, str, float, str, dict[str, Any]]] = []
    for done, row in enumerate(keep, start=1):
        values = table.rows[row]
        text_a = cell_text(problems, row, "sentence1", values.get("sentence1"))
        text_b = cell_text(problems, row, "sentence2", values.get("sentence2"))
        score = cell_number(problems, row, "score", values.get("score"))
        subset, language = row_language(table, problems, row)
        if text_a is not None and text_b is not None and score is not None:
            rows.append((row, text_a, text_b, score, subset, language))
        options.progress(done, len(keep), "reading pairs")
    problems.raise_if_any()

    scores = [r[3] for r in rows]
    low, high = STS_MIN, STS_MAX
    if scores and (min(scores) < STS_MIN or max(scores) > STS_MAX):
        low, high = float(math.floor(min(scores))), float(math.ceil(max(scores)))
        high = max(high, low + 1)  # every score the same whole number: still a scale
        # 1e308 is no similarity score: a scale around it has no room (or no end) of steps
        if not 0 < (high - low) / STS_STEP <= MAX_POINTS:
            for row, *_, score, _subset, _language in rows:
                if score in (min(scores), max(scores)):
                    problems.add(row, "score", f"{score:g} is too far from the other scores: no "
                                 f"scale of at most {MAX_POINTS} steps of {STS_STEP:g} holds "
                                 f"{low:g} to {high:g}")
            problems.raise_if_any()
    items = [
        {"id": ids[row], **language,
         "categories": mteb_categories(name, subset, "sts"),
         "stimulus": {"kind": "pair", "text_a": a, "text_b": b},
         "questions": [sts_question(score, low=low, high=high, step=STS_STEP)]}
        for row, a, b, score, subset, language in rows
    ]
    study = mteb_study(options, task_type="STS", items=items,
                       instructions=INSTRUCTIONS.format(low=low, high=high))
    return StudyDraft(study, sampling=sampling)
