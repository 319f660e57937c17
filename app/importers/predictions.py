"""`predictions`: model predictions for a study's items, as a long CSV, attached to the study.

    model,item_id,question_id,prediction

`question_id` may be empty where the item has one question. A prediction is, by the
question's kind:
- choice: an option key (`B`, `Y`, `joy`);
- rating: a number (a similarity, a Likert point; any finite number, since a model's cosine
  similarity need not lie on the human scale) or NA;
- relevance: JSON, a score per document `{"d1": 0.83, "d2": 0.12}` (any numbers, higher =
  more relevant) or a list of scores in document order;
- ranking: JSON, every document id once, best first;
- clustering: JSON, a label per card `{"t0": "3", "t1": "0"}` or a list of lists of card ids;
- text: any text.
Every row is checked against the study; then the file is copied into the study's
`predictions/` folder and an entry added to `models.predictions` in study.json (written
atomically and validated; on failure the study is left as it was).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.importers.base import ImportOptions, Problems, fail
from app.importers.json_source import JsonTextError, parse_json
from app.importers.tables import cell_text, read_table
from app.importers.writing import write_json
from app.kinds import kind_of
from app.regular_files import read_regular_bytes, read_regular_text
from app.study.loader import STUDY_FILE, LoadedStudy, load_study
from app.study.model import Item, Question

COLUMNS = ("model", "item_id", "question_id", "prediction")
PREDICTIONS_DIR = "predictions"


@dataclass(frozen=True)
class Prediction:
    model: str
    item_id: str
    question_id: str
    value: Any


def parse_prediction(item: Item, question: Question, text: str) -> Any:
    """The prediction in its stored shape, or ValueError saying what is wrong (each kind
    checks its own: `Kind.parse_prediction`)."""
    kind = kind_of(question)
    text = text.strip()
    if not kind.prediction_json:
        return kind.parse_prediction(item, question, text)
    try:
        value = parse_json(text)
    except JsonTextError as exc:
        raise ValueError(f"not valid JSON: {exc.message} at column {exc.column}") from exc
    return kind.parse_prediction(item, question, value)


def read_predictions(loaded: LoadedStudy, path: Path) -> list[Prediction]:
    """Every row checked against the study; StudyError listing each bad row and column."""
    table = read_table(path)
    table.require(*COLUMNS)
    problems = Problems(path)
    items = loaded.items_by_id
    out: list[Prediction] = []
    seen: dict[tuple[str, str, str], int] = {}
    for row, values in enumerate(table.rows):
        model = cell_text(problems, row, "model", values.get("model"))
        item_id = cell_text(problems, row, "item_id", values.get("item_id"))
        item = items.get(item_id or "")
        if item_id is not None and item is None:
            problems.add(row, "item_id", f"unknown item {item_id!r}")
        qid = cell_text(problems, row, "question_id", values.get("question_id"), required=False)
        if model is None or item is None:
            continue
        if qid is None:
            if len(item.questions) != 1:
                problems.add(row, "question_id", f"item {item.id!r} has {len(item.questions)} "
                             "questions; say which")
                continue
            qid = item.questions[0].id
        question = next((q for q in item.questions if q.id == qid), None)
        if question is None:
            problems.add(row, "question_id", f"item {item.id!r} has no question {qid!r}; it has "
                         f"{[q.id for q in item.questions]}")
            continue
        try:
            value = parse_prediction(item, question, str(values.get("prediction") or ""))
        except ValueError as exc:
            problems.add(row, "prediction", str(exc))
            continue
        key = (model, item.id, qid)
        if key in seen:
            problems.add(row, "prediction", f"duplicate of row {seen[key]} (same model, item, question)")
            continue
        seen[key] = row
        out.append(Prediction(model, item.id, qid, value))
    if not table.rows:
        problems.add(None, None, "no predictions in the file")
    problems.raise_if_any()
    return out


def attach_predictions(options: ImportOptions) -> LoadedStudy:
    """Check the CSV against the study in options.out, copy it in and reference it."""
    loaded = load_study(options.out)
    predictions = read_predictions(loaded, options.source)
    options.progress(1, 3, f"{len(predictions)} predictions checked")
    relative = f"{PREDICTIONS_DIR}/{options.source.name}"
    if any(ref.file == relative for ref in loaded.study.models.predictions):
        raise fail(loaded.source, f"{relative} is already attached; rename the file to add "
                   "another", "models.predictions")
    target = loaded.folder / relative
    if target.exists():
        raise fail(target, "a file of this name is already in the study's predictions folder")
    # Loaded and checked a moment ago; read through the same guard as every importer source.
    raw = parse_json(read_regular_text(loaded.source, "utf-8-sig"))
    entry: dict[str, Any] = {"file": relative, "illustrative": options.illustrative}
    if options.note:
        entry["note"] = options.note
    raw.setdefault("models", {}).setdefault("predictions", []).append(entry)
    original = read_regular_bytes(loaded.source)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(options.source, target)
    options.progress(2, 3, f"copied to {relative}")
    try:
        write_json(loaded.folder / STUDY_FILE, raw)
        result = load_study(loaded.folder)
    except BaseException:
        (loaded.folder / STUDY_FILE).write_bytes(original)
        target.unlink(missing_ok=True)
        raise
    options.progress(3, 3, "study updated")
    return result
