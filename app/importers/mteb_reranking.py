"""`mteb-reranking`: a query with positive and negative documents -> 7 documents to judge.

Columns: query, positive, negative (lists; a CSV cell holds a JSON list; a single text counts
as a list of one). As HUME did, each query is shown with 7 documents: its positives first (at
most 6, so a negative is always among them when the row has one), filled up with negatives in
source order, then put in an order drawn from the seed and the item id, so the positives are
not always on top. A text given as both positive and negative is kept once, as positive.
Documents are `d1`..`d7` in the order shown by default; gold marks positives 1, negatives 0.
"""

from __future__ import annotations

import random
from typing import Any

from app.importers.base import ImportOptions, Problems, StudyDraft
from app.importers.mteb_common import mteb_study, row_language, task_name
from app.importers.mteb_questions import DOCS_PER_QUERY, mteb_categories, relevance_question
from app.importers.tables import cell_list, cell_text, sampled_rows

INSTRUCTIONS = (
    "Each screen shows a search query and a few documents. Mark every document that is "
    "**relevant** to the query (it answers it or is what the query looks for); mark the "
    "others **not relevant**."
)


def _texts(problems: Problems, row: int, column: str, value: Any, *,
           allow_empty: bool) -> list[str]:
    out: list[str] = []
    for index, entry in enumerate(cell_list(problems, row, column, value,
                                            allow_empty=allow_empty) or []):
        if not isinstance(entry, str) or not entry.strip():
            problems.add(row, column, f"entry {index} is not a non-empty text")
            continue
        if entry not in out:
            out.append(entry)
    return out


def documents_for(item_id: str, positives: list[str], negatives: list[str],
                  seed: int) -> tuple[list[dict[str, str]], dict[str, int]]:
    """The shown documents and their gold grades, deterministic from seed and item id."""
    negatives = [n for n in negatives if n not in positives]
    limit = DOCS_PER_QUERY - 1 if negatives else DOCS_PER_QUERY
    chosen = [(p, 1) for p in positives[:limit]]
    chosen += [(n, 0) for n in negatives[: DOCS_PER_QUERY - len(chosen)]]
    random.Random(f"rerank:{seed}:{item_id}").shuffle(chosen)
    documents = [{"id": f"d{i}", "text": text} for i, (text, _) in enumerate(chosen, start=1)]
    gold = {f"d{i}": grade for i, (_, grade) in enumerate(chosen, start=1)}
    return documents, gold


def build(options: ImportOptions) -> StudyDraft:
    table, problems, keep, ids, sampling = sampled_rows(options.source, options,
                                              "query", "positive", "negative")
    name = task_name(options)
    items: list[dict[str, Any]] = []
    for done, row in enumerate(keep, start=1):
        values = table.rows[row]
        query = cell_text(problems, row, "query", values.get("query"))
        positives = _texts(problems, row, "positive", values.get("positive"), allow_empty=False)
        negatives = _texts(problems, row, "negative", values.get("negative"), allow_empty=True)
        subset, language = row_language(table, problems, row)
        options.progress(done, len(keep), "reading queries")
        if query is None or not positives or row not in ids:
            continue
        if len(set(positives) | set(negatives)) < 2:
            problems.add(row, "negative", "a query needs at least 2 documents in all")
            continue
        documents, gold = documents_for(ids[row], positives, negatives, options.seed)
        items.append({
            "id": ids[row], **language,
            "categories": mteb_categories(name, subset, "reranking"),
            "stimulus": {"kind": "query_documents", "query": query, "documents": documents},
            "questions": [relevance_question(gold)],
        })
    problems.raise_if_any()
    return StudyDraft(mteb_study(options, task_type="reranking", items=items,
                                 instructions=INSTRUCTIONS), sampling=sampling)
