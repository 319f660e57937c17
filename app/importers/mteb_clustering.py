"""`mteb-clustering`: texts with gold cluster labels -> free grouping of cards.

Two shapes of source, as MTEB has both:
- one row per set: `sentences` (a list) and `labels` (a list of the same length); each row
  becomes one item, whose id is the row's id/_id or number;
- one row per text: `sentences` (a text) and `labels` (its label); all rows make one item,
  whose id is the task name.
`--sample N` keeps N texts of each set, drawn from every gold group in turn (so no group is
left out when N allows) with the seed. Cards are `t<k>`, k the text's 0-based position in
its set, and are laid out in an order drawn from the seed (sources are often sorted by label).
The grouping is free: the participant decides how many groups to make.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from app.importers.base import ImportOptions, Problems, StudyDraft, identifier
from app.importers.mteb_common import mteb_study, row_language, task_name
from app.importers.mteb_questions import clustering_question, mteb_categories
from app.importers.tables import Table, cell_list, cell_text, item_ids, read_table

INSTRUCTIONS = (
    "Each screen shows a set of short texts. Sort them into groups of texts about the same "
    "thing. You decide how many groups there are; name each group in a word or two."
)


POPULATION = "_texts_in_source"  # kept on the item until the draft's `sampling` is made


def stratified_sample(labels: list[str], sample: int | None, seed: int) -> list[int]:
    """Positions to keep: all, or `sample` drawn round-robin over the gold groups."""
    if sample is None or sample >= len(labels):
        return list(range(len(labels)))
    rng = random.Random(f"cluster-sample:{seed}")
    by_label: dict[str, list[int]] = defaultdict(list)
    for index, label in enumerate(labels):
        by_label[label].append(index)
    pools = [by_label[label] for label in sorted(by_label)]
    for pool in pools:
        rng.shuffle(pool)
    chosen: list[int] = []
    while len(chosen) < sample:
        for pool in pools:
            if pool and len(chosen) < sample:
                chosen.append(pool.pop())
    return sorted(chosen)


def _item(item_id: str, name: str, subset: str, language: dict[str, Any],
          texts: list[str], labels: list[str], options: ImportOptions) -> dict[str, Any]:
    keep = stratified_sample(labels, options.sample, options.seed)
    random.Random(f"cluster-order:{options.seed}:{item_id}").shuffle(keep)
    cards = [{"id": f"t{k}", "text": texts[k]} for k in keep]
    gold = {f"t{k}": labels[k] for k in keep}
    return {
        "id": item_id, **language,
        "categories": mteb_categories(name, subset, "clustering"),
        "stimulus": {"kind": "cards", "text": "Group these texts.", "cards": cards},
        "questions": [clustering_question(gold)],
        POPULATION: len(labels),
    }


def _one_set_per_row(table: Table, problems: Problems, options: ImportOptions,
                     name: str) -> list[dict[str, Any]]:
    ids = item_ids(table, problems)
    items = []
    for row, values in enumerate(table.rows):
        texts = cell_list(problems, row, "sentences", values.get("sentences"))
        labels = cell_list(problems, row, "labels", values.get("labels"))
        subset, language = row_language(table, problems, row)
        options.progress(row + 1, len(table.rows), "reading sets")
        if texts is None or labels is None or row not in ids:
            continue
        if len(texts) != len(labels):
            problems.add(row, "labels", f"{len(labels)} labels for {len(texts)} sentences")
            continue
        text_cells = [cell_text(problems, row, f"sentences[{i}]", t) for i, t in enumerate(texts)]
        label_cells = [cell_text(problems, row, f"labels[{i}]", lab) for i, lab in enumerate(labels)]
        if any(t is None for t in text_cells) or any(lab is None for lab in label_cells):
            continue
        items.append(_item(ids[row], name, subset, language, [str(t) for t in text_cells],
                           [str(lab) for lab in label_cells], options))
    return items


def _one_text_per_row(table: Table, problems: Problems, options: ImportOptions,
                      name: str) -> list[dict[str, Any]]:
    texts: list[str] = []
    labels: list[str] = []
    for row, values in enumerate(table.rows):
        text = cell_text(problems, row, "sentences", values.get("sentences"))
        label = cell_text(problems, row, "labels", values.get("labels"))
        options.progress(row + 1, len(table.rows), "reading texts")
        if text is not None and label is not None:
            texts.append(text)
            labels.append(label)
    if not table.rows:
        return []
    subset, language = row_language(table, problems, 0)
    return [_item(identifier(name, "set"), name, subset, language, texts, labels, options)]


def build(options: ImportOptions) -> StudyDraft:
    table = read_table(options.source)
    table.require("sentences", "labels")
    problems = Problems(options.source)
    name = task_name(options)
    first = table.rows[0].get("sentences") if table.rows else None
    per_row = isinstance(first, list) or (isinstance(first, str) and first.lstrip().startswith("["))
    items = (_one_set_per_row if per_row else _one_text_per_row)(table, problems, options, name)
    populations = [item.pop(POPULATION) for item in items]
    for item in items:
        if len(item["stimulus"]["cards"]) < 2:
            problems.add(None, "sentences", f"set {item['id']!r} has fewer than 2 texts to group")
    problems.raise_if_any()
    return StudyDraft(mteb_study(options, task_type="clustering", items=items,
                                 instructions=INSTRUCTIONS),
                      sampling=_sampling(options, populations, items))


def _sampling(options: ImportOptions, populations: list[int], items: list[dict[str, Any]]
              ) -> dict[str, Any]:
    """study.json `sampling`: every set kept, its texts drawn from each gold group in turn."""
    kept = sum(len(i["stimulus"]["cards"]) for i in items)
    record: dict[str, Any] = {"source": options.source.name, "unit": "texts of each set",
                              "population": sum(populations), "size": kept}
    if kept == sum(populations):
        return {**record, "method": "all"}
    return {**record, "method": "stratified", "seed": options.seed, "by": "labels",
            "allocation": "equal"}
