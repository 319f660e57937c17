"""`vqa`: image question answering from CSV or JSONL (MedLesionVQA-style data on your disk).

Columns:
- `image` (one path) or `images` (a list; in a CSV a JSON list or paths separated by `;`),
  relative to the image folder (`--images`, else the source's folder);
- `question`; `options` (a list, lettered A, B, C...; an object {key: text}; or in a CSV a
  JSON list/object or texts separated by `|`); `answer` (an option key or an option's text);
- optional: `id`/`_id`; `case` (rows with the same case become one item with one question
  per row, in row order: the stepwise lesion -> region -> diagnosis workflow); `question_id`
  (else `q1`, `q2`... within the item); `text` (a case description shown above the images);
  `language`;
- every other column becomes a category of the item (lesion_type, body_region, disease...).
Item ids: the `case` where given, else `id`/`_id`, else the row number.
"""

from __future__ import annotations

from typing import Any

from app.importers.base import ImportOptions, Problems, StudyDraft, draw_sample, study_header
from app.importers.images import ImageCollector
from app.importers.json_source import JsonTextError, parse_json
from app.importers.mteb_common import direction_for
from app.importers.tables import (
    ID_COLUMNS,
    IDENTIFIER,
    Table,
    cell_list,
    cell_text,
    is_empty,
    item_ids,
    read_table,
    strata_of,
)

KNOWN_COLUMNS = {"image", "images", "question", "options", "answer", "case", "question_id",
                 "text", "language", *ID_COLUMNS}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
INSTRUCTIONS = (
    "Each case shows one or more images and asks one or more questions about them, in order. "
    "Zoom and pan to look closely; choose one answer per question."
)


def parse_options(problems: Problems, row: int, value: Any) -> list[tuple[str, str]] | None:
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            value = parse_json(value)
        except JsonTextError as exc:
            problems.add(row, "options", f"not valid JSON: {exc.message}")
            return None
    if isinstance(value, str):
        value = [part.strip() for part in value.split("|")]
    if isinstance(value, list):
        pairs = [(LETTERS[i], str(text)) for i, text in enumerate(value[: len(LETTERS)])]
    elif isinstance(value, dict):
        pairs = [(str(k), str(v)) for k, v in value.items()]
    else:
        problems.add(row, "options", f"expected a list of options, found {type(value).__name__}")
        return None
    if len(pairs) < 2 or any(not text.strip() for _, text in pairs):
        problems.add(row, "options", "at least 2 options, none empty")
        return None
    bad = [k for k, _ in pairs if not IDENTIFIER.fullmatch(k)]
    if bad:
        problems.add(row, "options", f"option keys {bad} are not identifiers")
        return None
    return pairs


def answer_key(problems: Problems, row: int, value: Any, pairs: list[tuple[str, str]]) -> str | None:
    text = cell_text(problems, row, "answer", value)
    if text is None:
        return None
    for key, label in pairs:
        if text.strip() in (key, label.strip()):
            return key
    problems.add(row, "answer", f"{text!r} is neither an option key ({', '.join(k for k, _ in pairs)}) "
                 "nor an option's text")
    return None


def image_refs(problems: Problems, row: int, values: dict[str, Any]) -> tuple[str, list[str]]:
    column = "images" if not is_empty(values.get("images")) else "image"
    if is_empty(values.get(column)):
        problems.add(row, "image", "no image given (column image or images)")
        return column, []
    paths = cell_list(problems, row, column, values.get(column), split=";")
    if paths is None:
        return column, []
    if not all(isinstance(p, str) for p in paths):
        problems.add(row, column, "expected image paths")
        return column, []
    return column, paths


def _case_rows(table: Table, problems: Problems, keep: list[int]) -> dict[str, list[int]]:
    """item id -> its rows, in first-appearance order."""
    if "case" not in table.columns:
        ids = item_ids(table, problems, keep)
        return {ids[row]: [row] for row in keep if row in ids}
    cases: dict[str, list[int]] = {}
    for row in keep:
        case = cell_text(problems, row, "case", table.rows[row].get("case"))
        if case is not None and not IDENTIFIER.fullmatch(case):
            problems.add(row, "case", f"{case!r} cannot be an item id")
        elif case is not None:
            cases.setdefault(case, []).append(row)
    return cases


def build(options: ImportOptions) -> StudyDraft:
    table = read_table(options.source)
    table.require("question", "options", "answer")
    if "image" not in table.columns and "images" not in table.columns:
        table.require("image")
    problems = Problems(options.source)
    collector = ImageCollector(options.images_root, problems)
    # Sampling draws whole cases, so a stepwise case keeps all its questions.
    all_cases = _case_rows(table, problems, list(range(len(table.rows))))
    case_ids = list(all_cases)
    strata = (strata_of(table, [all_cases[c][0] for c in case_ids], options.sample_by)
              if options.sample_by else None)
    chosen, sampling = draw_sample(len(all_cases), options, strata, source=options.source,
                                   unit="cases")
    items: list[dict[str, Any]] = []
    for done, index in enumerate(chosen, start=1):
        options.progress(done, len(chosen), "reading cases")
        item = _build_item(table, problems, collector, case_ids[index], all_cases[case_ids[index]])
        if item is not None:
            items.append(item)
    problems.raise_if_any()
    study = study_header(options, default_id="vqa-human", title="Image questions: human baseline",
                         description=f"Image questions imported from {options.source.name}.",
                         instructions=INSTRUCTIONS)
    study["design"] = {"seed": options.seed, "shuffle_items": True, "shuffle_options": False}
    study["items"] = items
    return StudyDraft(study, files=collector.files, sampling=sampling)


def _build_item(table: Table, problems: Problems, collector: ImageCollector, item_id: str,
                rows: list[int]) -> dict[str, Any] | None:
    first = table.rows[rows[0]]
    column, references = image_refs(problems, rows[0], first)
    images = [p for i, r in enumerate(references)
              if (p := collector.add(rows[0], f"{column}[{i}]", r)) is not None]
    questions: list[dict[str, Any]] = []
    categories: dict[str, str] = {}
    text: str | None = None
    for number, row in enumerate(rows, start=1):
        values = table.rows[row]
        if row != rows[0] and image_refs(Problems(problems.source), row, values)[1] not in ([], references):
            problems.add(row, column, "rows of one case must show the same images (or leave them empty)")
        qid = f"q{number}"
        if not is_empty(values.get("question_id")):
            qid = cell_text(problems, row, "question_id", values.get("question_id")) or qid
        prompt = cell_text(problems, row, "question", values.get("question"))
        pairs = parse_options(problems, row, values.get("options"))
        gold = answer_key(problems, row, values.get("answer"), pairs) if pairs else None
        if any(q["id"] == qid for q in questions):
            problems.add(row, "question_id", f"question id {qid!r} is used twice in case {item_id!r}")
            continue
        if prompt is None or pairs is None or gold is None:
            continue
        questions.append({"id": qid, "kind": "choice", "prompt": prompt,
                          "options": [{"key": k, "label": v} for k, v in pairs], "gold": gold})
        if text is None and not is_empty(values.get("text")):
            text = cell_text(problems, row, "text", values.get("text"))
        for name in table.columns:
            if name not in KNOWN_COLUMNS and not is_empty(values.get(name)):
                value = cell_text(problems, row, name, values.get(name), required=False)
                if value is not None:
                    categories.setdefault(name, value)
    if not images or len(questions) != len(rows):
        return None
    item: dict[str, Any] = {"id": item_id, "categories": categories,
                            "stimulus": {"kind": "images", "images": [{"path": p} for p in images],
                                         **({"text": text} if text else {})},
                            "questions": questions}
    language = first.get("language")
    if isinstance(language, str) and language.strip():
        item["language"] = language.strip()
        item["direction"] = direction_for(language.strip())
    return item
