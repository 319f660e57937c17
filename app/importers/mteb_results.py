"""`mteb-results`: a model's MTEB results folder as that model's published scores, for
HUME-kind studies (those with an `mteb` block).

The folder is what MTEB writes for a model, and what the export writes for the humans:

    <model>/<revision>/<TaskName>.json   {task_name, mteb_version, scores: {test: [entry...]}}
    <model>/<revision>/model_meta.json   {name, revision, ...}

SOURCE is the `<revision>` folder (or a folder above it holding exactly one). Each task file
whose `task_name` is a task of the study (its `mteb.task_category` values) gives, per
`scores.test` entry (one per `hf_subset`), a published score per metric of the question the
subset's items ask: `models.published` entries with the model's name, the metric, the value,
the question, the subset as the category and the file as the source. They are the
leaderboard's numbers on MTEB's whole task, not on the study's items, and are reported so.
Tasks the study does not have are skipped and counted in a note (a model's folder holds every
task it was run on). The newer MTEB's `cosine_spearman`/`cosine_pearson` are the STS
`spearman`/`pearson` the humans are scored with (an embedding model's similarity is its cosine).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from app.importers.base import ImportOptions, fail
from app.importers.harness import CappedProblems
from app.importers.json_source import JsonTextError, parse_json
from app.importers.writing import write_json
from app.study.errors import Problem, StudyError
from app.study.loader import STUDY_FILE, LoadedStudy, load_study

META_FILE = "model_meta.json"
NOT_METRICS = {"main_score", "hf_subset", "languages", "evaluation_time"}
ALIASES = {"cosine_spearman": "spearman", "cosine_pearson": "pearson"}
SPLIT = "test"


def _revision_folder(path: Path) -> Path:
    """The folder holding the task files: `path`, or its one descendant with model_meta.json."""
    if (path / META_FILE).is_file() or any(p.name != META_FILE for p in path.glob("*.json")):
        return path
    found = sorted(p.parent for p in path.glob(f"*/{META_FILE}")) + sorted(
        p.parent for p in path.glob(f"*/*/{META_FILE}"))
    if len(found) != 1:
        raise fail(path, "not an MTEB results folder: no <Task>.json files, and "
                   f"{len(found)} model folders below it (name one <model>/<revision> folder)")
    return found[0]


def _read(path: Path) -> Any:
    try:
        return parse_json(path.read_text(encoding="utf-8-sig"))
    except JsonTextError as exc:
        raise StudyError([Problem(path, "", exc.message, exc.line, exc.column)]) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(path, f"cannot read: {exc}") from exc


def _model_name(folder: Path) -> str:
    meta = folder / META_FILE
    if meta.is_file():
        document = _read(meta)
        if isinstance(document, dict) and document.get("name"):
            return str(document["name"])
    # MTEB's folder names: <org>__<model>/<revision>
    return folder.parent.name.replace("__", "/") or folder.name


def _targets(loaded: LoadedStudy) -> dict[str, dict[str, set[str]]]:
    """task -> subset -> the question ids its items ask."""
    mteb = loaded.study.mteb
    assert mteb is not None
    out: dict[str, dict[str, set[str]]] = {}
    for item in loaded.study.items:
        task = item.categories.get(mteb.task_category)
        if task:
            subset = item.categories.get(mteb.subset_category, "default")
            out.setdefault(task, {}).setdefault(subset, set()).update(
                q.id for q in item.questions)
    return out


def read_published(loaded: LoadedStudy, source: Path,
                   problems: CappedProblems) -> tuple[list[dict[str, Any]], list[str]]:
    mteb = loaded.study.mteb
    assert mteb is not None
    folder = _revision_folder(source)
    model = _model_name(folder)
    targets = _targets(loaded)
    tasks_of_question: dict[str, set[str]] = {}
    for task, subsets in targets.items():
        for questions in subsets.values():
            for qid in questions:
                tasks_of_question.setdefault(qid, set()).add(task)
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    for path in sorted(folder.glob("*.json")):
        if path.name == META_FILE:
            continue
        document = _read(path)
        named = document.get("task_name") if isinstance(document, dict) else None
        if not isinstance(named, str):
            problems.add("task files without a task_name", path.name, "no task_name")
            continue
        task = named
        if task not in targets:
            skipped.append(task)
            continue
        scores = document.get("scores")
        entries = scores.get(SPLIT) if isinstance(scores, dict) else None
        if not isinstance(entries, list) or not entries:
            problems.add("task files without test scores", path.name, f"no scores.{SPLIT}")
            continue
        for index, entry in enumerate(entries):
            where = f"{path.name}, scores.{SPLIT}[{index}]"
            if not isinstance(entry, dict):
                problems.add("task files without test scores", where, "not an object")
                continue
            subset = str(entry.get("hf_subset", "default"))
            found = targets[task].get(subset)
            if found is None:
                problems.add("subsets the study does not have", where,
                             f"subset {subset!r}; the study's {task} has "
                             f"{sorted(targets[task])}")
                continue
            questions = found
            if len(questions) != 1:
                problems.add("subsets with several questions", where,
                             f"the subset's items ask {sorted(questions)}; a score needs one")
                continue
            qid = next(iter(questions))
            if tasks_of_question[qid] == {task}:
                category = (None if len(targets[task]) == 1
                            else f"{mteb.subset_category}={subset}")
            elif len(targets[task]) == 1:
                category = f"{mteb.task_category}={task}"
            else:
                problems.add("subsets a score cannot name", where,
                             f"question {qid!r} is asked by tasks {sorted(tasks_of_question[qid])}"
                             f" and {task} has several subsets: a published score names one "
                             "category")
                continue
            source_text = (f"MTEB results {folder.parent.name}/{folder.name}/{path.name} "
                           f"(mteb {document.get('mteb_version', '?')})")
            for key, value in entry.items():
                if key in NOT_METRICS or isinstance(value, bool) or not isinstance(
                        value, (int, float)) or not math.isfinite(value):
                    continue
                metric = ALIASES.get(key, key)
                if metric != key and metric in entry:
                    continue
                row: dict[str, Any] = {"model": model, "metric": metric, "value": float(value),
                                       "question_id": qid, "source": source_text}
                if category:
                    row["category"] = category
                rows.append(row)
    notes = []
    if skipped:
        notes.append(f"{source.name}: {len(skipped)} task(s) the study does not have were "
                     f"skipped ({', '.join(sorted(skipped)[:10])}{', ...' if len(skipped) > 10 else ''})")
    if not rows:
        problems.add("folders with no score for the study", "", "no task of the study in it")
    return rows, notes


def attach_mteb_results(options: ImportOptions) -> tuple[LoadedStudy, list[str]]:
    loaded = load_study(options.out)
    if loaded.study.mteb is None:
        raise fail(loaded.source, "the study has no `mteb` block: MTEB results belong to "
                   "HUME-kind studies", "mteb")
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    errors: list[Problem] = []
    for source in options.sources or (options.source,):
        if not source.is_dir():
            errors.append(Problem(source, "", "not a folder (an MTEB results folder)"))
            continue
        problems = CappedProblems(source)
        found, found_notes = read_published(loaded, source, problems)
        try:
            problems.raise_if_any()
        except StudyError as exc:
            errors += exc.problems
        rows += found
        notes += found_notes
    if errors:
        raise StudyError(errors)
    key = ("model", "metric", "category", "question_id")
    have = {tuple(p.model_dump().get(k) for k in key) for p in loaded.study.models.published}
    for row in rows:
        if tuple(row.get(k) for k in key) in have:
            raise fail(options.source, f"the study already has {row['model']}'s published "
                       f"{row['metric']} for {row['question_id']} ({row.get('category') or 'all'})",
                       "models.published")
        have.add(tuple(row.get(k) for k in key))
    raw = parse_json(loaded.source.read_text(encoding="utf-8-sig"))
    raw.setdefault("models", {}).setdefault("published", []).extend(
        {**row, "illustrative": options.illustrative} for row in rows)
    original = loaded.source.read_bytes()
    try:
        write_json(loaded.folder / STUDY_FILE, raw)
        result = load_study(loaded.folder)
    except BaseException:
        (loaded.folder / STUDY_FILE).write_bytes(original)
        raise
    notes.append(f"{len(rows)} published score(s) added")
    return result, notes
