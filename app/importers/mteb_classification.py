"""`mteb-classification`: texts with a gold label -> one `label` choice each.

Columns: text, label (optional: label_text, id/_id, hf_subset, language). The options are
every label of the whole source (not only of the sampled rows), so every participant sees
the same list; `label_text`, when present, gives an option its readable name. Labels that
are not identifiers ("very negative") get a key made from them ("very_negative").
"""

from __future__ import annotations

from typing import Any

from app.importers.base import ImportOptions, StudyDraft, unique_keys
from app.importers.mteb_common import mteb_study, row_language, task_name
from app.importers.mteb_questions import classification_question, mteb_categories
from app.importers.tables import cell_text, is_empty, sampled_rows

INSTRUCTIONS = "Read each text and choose the label that fits it best."


def _sort_key(label: str) -> tuple[int, float, str]:
    # Numeric labels in numeric order (0, 1, 2, 10), then the rest alphabetically.
    try:
        return (0, float(label), "")
    except ValueError:
        return (1, 0.0, label)


def build(options: ImportOptions) -> StudyDraft:
    table, problems, keep, ids, sampling = sampled_rows(options.source, options, "text", "label")
    labels: dict[int, str] = {}
    names: dict[str, str] = {}
    for row, values in enumerate(table.rows):
        label = cell_text(problems, row, "label", values.get("label"))
        if label is None:
            continue
        labels[row] = label
        if not is_empty(values.get("label_text")):
            names.setdefault(label, cell_text(problems, row, "label_text",
                                              values.get("label_text")) or label)
    problems.raise_if_any()
    distinct = sorted(set(labels.values()), key=_sort_key)
    if len(distinct) < 2:
        problems.add(None, "label", f"a classification task needs at least 2 labels; found "
                     f"{distinct or 'none'}")
        problems.raise_if_any()
    keys = unique_keys(distinct)
    choices = [(keys[label], names.get(label, label)) for label in distinct]

    name = task_name(options)
    items: list[dict[str, Any]] = []
    for done, row in enumerate(keep, start=1):
        text = cell_text(problems, row, "text", table.rows[row].get("text"))
        subset, language = row_language(table, problems, row)
        if text is not None and row in ids:
            items.append({
                "id": ids[row], **language,
                "categories": mteb_categories(name, subset, "classification"),
                "stimulus": {"kind": "text", "text": text},
                "questions": [classification_question(choices, keys[labels[row]])],
            })
        options.progress(done, len(keep), "reading texts")
    problems.raise_if_any()
    return StudyDraft(mteb_study(options, task_type="classification", items=items,
                                 instructions=INSTRUCTIONS), sampling=sampling)
