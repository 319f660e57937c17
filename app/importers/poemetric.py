"""`poemetric`: POEMetric's poem CSV -> the rating survey, one item per poem, author blinded.

Columns (those of POEMetric's released `poemetric_human_poems.csv`): form, author, content,
theme required; title, source, year, meter_pattern, rhyme_pattern used when present;
author_type optional (human or llm; the released file holds human poems, so the default is
human). The rater sees the prompt (form + theme) and the poem; the author, author type and
title go only into the item's categories, where the scores are grouped by them.
"""

from __future__ import annotations

from typing import Any

from app.importers.base import ImportOptions, StudyDraft, study_header
from app.importers.poemetric_survey import (
    AUTHOR,
    AUTHOR_TYPE,
    FORM,
    HUMAN,
    LLM,
    SURVEY_INSTRUCTIONS,
    poem_stimulus,
    survey_questions,
)
from app.importers.tables import cell_text, is_empty, sampled_rows

EXTRA_CATEGORIES = ("title", "source", "year", "meter_pattern", "rhyme_pattern")


def build(options: ImportOptions) -> StudyDraft:
    table, problems, keep, ids, sampling = sampled_rows(options.source, options,
                                              "form", "author", "content", "theme")
    items: list[dict[str, Any]] = []
    for done, row in enumerate(keep, start=1):
        values = table.rows[row]
        options.progress(done, len(keep), "reading poems")
        form = cell_text(problems, row, "form", values.get("form"))
        author = cell_text(problems, row, "author", values.get("author"))
        content = cell_text(problems, row, "content", values.get("content"))
        theme = cell_text(problems, row, "theme", values.get("theme"))
        author_type = HUMAN
        if not is_empty(values.get(AUTHOR_TYPE)):
            author_type = (cell_text(problems, row, AUTHOR_TYPE, values.get(AUTHOR_TYPE))
                           or "").strip().lower()
            if author_type not in (HUMAN, LLM):
                problems.add(row, AUTHOR_TYPE, f"expected {HUMAN!r} or {LLM!r}, found {author_type!r}")
                continue
        if form is None or author is None or content is None or theme is None or row not in ids:
            continue
        categories = {AUTHOR_TYPE: author_type, AUTHOR: author.strip(), FORM: form.strip().lower()}
        for column in EXTRA_CATEGORIES:
            if not is_empty(values.get(column)):
                text = cell_text(problems, row, column, values.get(column), required=False)
                if text:
                    categories[column] = text.strip()
        items.append({
            "id": ids[row],
            "categories": categories,
            "stimulus": poem_stimulus(form.strip().lower(), theme.strip(), content.rstrip()),
            "questions": survey_questions(),
        })
    problems.raise_if_any()
    study = study_header(options, default_id="poemetric-ratings", title="POEMetric: rate poems",
                         description=f"{len(items)} poems from {options.source.name}, rated with "
                         "the POEMetric survey; authors hidden from the raters.",
                         instructions=SURVEY_INSTRUCTIONS)
    study["design"] = {"seed": options.seed, "shuffle_items": True}
    study["items"] = items
    return StudyDraft(study, sampling=sampling)
