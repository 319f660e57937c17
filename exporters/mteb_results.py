"""An MTEB results folder for HUME-kind studies (those with an `mteb` block):

    mteb/Human/<revision>/<TaskName>.json   one per value of the task category
    mteb/Human/<revision>/model_meta.json   the human "model", named Human

in exactly the shape of HUME's files, so MTEB's own tooling loads the human baseline like a
model. Items are mapped to tasks by the `mteb.task_category` category and to subsets by
`mteb.subset_category` (no value: subset "default"). Empty subsets and tasks are left out.

The revision and the task names become folder and file names: `check_mteb_names` refuses any
that is not one plain name (a StudyError naming the study file and the JSON path), and every
path goes through `out_path`, which keeps it under the export folder. Every subset lists the
languages MTEB filters scores by (`TaskResult.get_score()` averages only subsets whose
`languages` match, so an empty list scores NaN): the items' own, else the study's `languages`;
a study with neither is refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.results.summary import StudyResults
from app.results.units import QuestionGroup
from app.study.loader import LoadedStudy
from exporters.mteb_entries import languages_of, task_entry
from exporters.out_folder import out_path, safe_name

DEFAULT_SUBSET = "default"


def _tasks(loaded: LoadedStudy, results: StudyResults) -> dict[str, dict[str, list[str]]]:
    """task name -> subset -> scored item ids, in study order."""
    mteb = loaded.study.mteb
    assert mteb is not None
    scored = {i for g in results.groups for i in g.items}
    tasks: dict[str, dict[str, list[str]]] = {}
    for item in loaded.study.items:
        task = item.categories.get(mteb.task_category)
        if task and item.id in scored:
            subset = item.categories.get(mteb.subset_category, DEFAULT_SUBSET)
            tasks.setdefault(task, {}).setdefault(subset, []).append(item.id)
    return tasks


def check_mteb_names(loaded: LoadedStudy) -> None:
    """Refuse a study whose MTEB revision or task names cannot be plain file names (before
    anything is computed or written)."""
    mteb = loaded.study.mteb
    if mteb is None:
        return
    safe_name(mteb.revision, source=loaded.source, where="mteb.revision")
    unlabelled = False
    for index, item in enumerate(loaded.study.items):
        task = item.categories.get(mteb.task_category)
        if task:
            safe_name(task, source=loaded.source,
                      where=f"items[{index}].categories.{mteb.task_category}")
            unlabelled = unlabelled or not item.language


def missing_mteb_languages(loaded: LoadedStudy) -> str | None:
    """Why the MTEB folder cannot be written (its tasks have no language: MTEB scores a
    subset only for its languages), or None. The rest of the export is written either way."""
    mteb = loaded.study.mteb
    if mteb is None or loaded.study.languages:
        return None
    if all(item.language for item in loaded.study.items if item.categories.get(mteb.task_category)):
        return None
    return (f"{loaded.source}: languages: the MTEB results folder needs the languages of its "
            "tasks (MTEB scores a subset only for its languages): give the study `languages`, "
            "e.g. [\"eng-Latn\"], or each item a `language` (import --language)")


def _group_for(results: StudyResults, item_ids: list[str]) -> QuestionGroup:
    """The question group covering most of the subset's items (one scored question each)."""
    return max(results.groups, key=lambda g: sum(i in g.items for i in item_ids))


def task_document(loaded: LoadedStudy, results: StudyResults, task: str,
                  subsets: dict[str, list[str]]) -> dict[str, Any] | None:
    mteb = loaded.study.mteb
    assert mteb is not None
    entries = []
    for subset, item_ids in subsets.items():
        group = _group_for(results, item_ids)
        answers = results.answers[group.question_id]
        answers = answers[answers["item_id"].isin(item_ids)]
        if answers.empty:
            continue
        entries.append(task_entry(group, answers, results.options, hf_subset=subset,
                                  languages=languages_of(group, item_ids, loaded.study.languages)))
    if not entries:
        return None
    return {"dataset_revision": mteb.revision, "task_name": task,
            "mteb_version": mteb.mteb_version, "scores": {"test": entries},
            "evaluation_time": 0, "kg_co2_emissions": None}


def model_meta(loaded: LoadedStudy, languages: list[str]) -> dict[str, Any]:
    mteb = loaded.study.mteb
    assert mteb is not None
    return {
        "name": "Human", "revision": mteb.revision, "release_date": None,
        "languages": languages, "n_parameters": None, "memory_usage_mb": None,
        "max_tokens": None, "embed_dim": None, "license": None, "open_weights": True,
        "public_training_code": None, "public_training_data": None, "framework": [],
        "reference": None, "similarity_fn_name": None, "use_instructions": None,
        "training_datasets": None, "adapted_from": None, "superseded_by": None,
        "is_cross_encoder": None, "modalities": ["text"], "loader": None,
    }


def write_mteb(loaded: LoadedStudy, results: StudyResults, out_dir: Path) -> list[Path]:
    mteb = loaded.study.mteb
    if mteb is None or missing_mteb_languages(loaded):
        return []  # (the export says so: baseline_studio.cmd_export)
    check_mteb_names(loaded)
    folder = out_path(out_dir, "mteb", "Human", mteb.revision)
    written: list[Path] = []
    languages: dict[str, None] = {}
    for task, subsets in _tasks(loaded, results).items():
        document = task_document(loaded, results, task, subsets)
        if document is None:
            continue
        for entry in document["scores"]["test"]:
            languages.update(dict.fromkeys(entry["languages"]))
        folder.mkdir(parents=True, exist_ok=True)
        path = out_path(folder, f"{task}.json")
        path.write_text(json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False),
                        encoding="utf-8")
        written.append(path)
    if written:
        path = out_path(folder, "model_meta.json")
        path.write_text(json.dumps(model_meta(loaded, list(languages)), indent=4,
                                   ensure_ascii=False), encoding="utf-8")
        written.append(path)
    return written
