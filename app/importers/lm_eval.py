"""`lm-eval-samples`: lm-evaluation-harness' `--log_samples` files as a model's predictions.

One `samples_<task>_<timestamp>.jsonl` per task, a JSON object per line, as the harness'
evaluator writes it: `doc_id`, `doc`, `target`, `arguments`, `resps`, `filtered_resps` (one
entry per request), `filter`, `metrics` (the names of the per-sample metrics) and each metric's
value. The item id is `doc_id`, or the field of `doc` that `--item-field` names. The
prediction comes from `filtered_resps`:
- choice tasks (`output_type: multiple_choice`: one loglikelihood request per option, each
  entry `[loglikelihood, is_greedy]`): the option with the highest loglikelihood, its index
  mapped to the question's option keys in order (the harness' `acc`);
- generation tasks (one request, its filtered text): the text, parsed as the question's kind.
The first metric the line names is the harness' score of it. The model and its arguments come
from the run's `results_<timestamp>.json` beside the samples file (`config.model`,
`config.model_args`, `model_name`). Lines are read one at a time; a file with more lines than
the study has item questions is refused when the line past that is read (bounded memory). A
task logged under several filters keeps the first filter's lines.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from app.importers.base import ImportOptions
from app.importers.harness import (
    CappedProblems,
    HarnessAnswer,
    HarnessRun,
    check_sources,
    harness_import,
)
from app.importers.json_source import JsonTextError, parse_json
from app.study.loader import LoadedStudy

SUFFIXES = (".jsonl",)


def _results_file(path: Path) -> Path | None:
    """The run's results JSON: results_<timestamp>.json for samples_<task>_<timestamp>.jsonl,
    else the only results_*.json in the folder."""
    stamp = path.stem.rpartition("_")[2]
    exact = path.parent / f"results_{stamp}.json"
    if exact.is_file():
        return exact
    found = sorted(path.parent.glob("results_*.json"))
    return found[0] if len(found) == 1 else None


def _task_of(path: Path) -> str:
    stem = path.stem.removeprefix("samples_")
    return stem.rpartition("_")[0] or stem


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _run_header(path: Path, problems: CappedProblems) -> tuple[str, str, dict[str, Any]]:
    """The model's name, its description, and the task's config (empty when unknown)."""
    task = _task_of(path)
    results = _results_file(path)
    if results is None:
        problems.add("samples files without their results JSON", "",
                     "no results_<timestamp>.json beside it (the harness writes one per run "
                     "into the same folder): the model is not known")
        return "", "", {}
    try:
        document = parse_json(results.read_text(encoding="utf-8-sig"))
    except (JsonTextError, OSError, UnicodeDecodeError) as exc:
        problems.add("samples files without their results JSON", str(results),
                     f"not readable JSON: {exc}")
        return "", "", {}
    document = document if isinstance(document, dict) else {}
    config = _mapping(document.get("config"))
    model = str(document.get("model_name") or config.get("model") or "")
    if not model:
        problems.add("samples files without their results JSON", str(results),
                     "names no model (model_name, config.model)")
    task_config = _mapping(_mapping(document.get("configs")).get(task))
    parts = [f"lm-evaluation-harness task {task}", f"model {config.get('model')}"]
    if config.get("model_args"):
        parts.append(f"model args {config['model_args']}")
    if task_config.get("generation_kwargs"):
        parts.append(f"generation {json.dumps(task_config['generation_kwargs'], sort_keys=True)}")
    n_shot = _mapping(document.get("n-shot")).get(task)
    if n_shot is not None:
        parts.append(f"{n_shot}-shot")
    return model, "; ".join(parts) + f" (file {path.name})", task_config


def _loglikelihood(entry: Any) -> float:
    value = entry[0] if isinstance(entry, list) and entry else entry
    number = float(value)  # (some harness versions write the pair as strings)
    if math.isnan(number):
        raise ValueError("NaN")
    return number


def _answer(line: dict[str, Any], output_type: str | None) -> tuple[Any, str]:
    """The prediction (an option index or a text) and the raw response, or ValueError."""
    filtered = line.get("filtered_resps")
    if not isinstance(filtered, list) or not filtered:
        raise ValueError("no filtered_resps")
    choice = output_type == "multiple_choice" or (
        output_type is None and len(filtered) > 1 and all(isinstance(e, list) for e in filtered))
    if choice:
        try:
            scores = [_loglikelihood(e) for e in filtered]
        except (TypeError, ValueError, LookupError) as exc:
            raise ValueError(f"filtered_resps is not one [loglikelihood, is_greedy] per "
                             f"option: {exc}") from exc
        return max(range(len(scores)), key=lambda i: scores[i]), json.dumps(filtered)
    text = filtered[0]
    if isinstance(text, list):  # (a filter that keeps several generations: the first)
        text = text[0] if text else ""
    return str(text), str(text)


def read_runs(loaded: LoadedStudy, path: Path, problems: CappedProblems,
              item_field: str | None = None) -> list[HarnessRun]:
    model, description, task_config = _run_header(path, problems)
    output_type = task_config.get("output_type")
    output_type = output_type if isinstance(output_type, str) else None
    run = HarnessRun(path, model, description)
    most = sum(len(i.questions) for i in loaded.study.items)
    first_filter: str | None = None
    skipped_filters: set[str] = set()
    try:
        with path.open(encoding="utf-8-sig") as lines:
            for number, text in enumerate(lines, start=1):
                if not text.strip():
                    continue
                place = f"line {number}"
                try:
                    line = parse_json(text)
                except JsonTextError as exc:
                    problems.add("lines that are not JSON", place,
                                 f"{exc.message} at column {exc.column}")
                    continue
                if not isinstance(line, dict):
                    problems.add("lines that are not JSON", place, "not a JSON object")
                    continue
                filter_name = str(line.get("filter", "none"))
                first_filter = first_filter or filter_name
                if filter_name != first_filter:
                    skipped_filters.add(filter_name)
                    continue
                if len(run.answers) >= most:
                    problems.add("files larger than the study", place, f"more samples than the "
                                 f"study's {most} item questions; the rest was not read")
                    break
                if item_field is not None:
                    doc = line.get("doc")
                    key = doc.get(item_field) if isinstance(doc, dict) else None
                    if key is None:
                        problems.add("samples without the item field", place,
                                     f"doc has no field {item_field!r}")
                        continue
                else:
                    key = line.get("doc_id")
                    if key is None:
                        problems.add("samples without the item field", place, "no doc_id")
                        continue
                try:
                    answer, raw = _answer(line, output_type)
                except ValueError as exc:
                    problems.add("answers that do not fit the question", place, str(exc))
                    continue
                metrics = line.get("metrics")
                first = metrics[0] if isinstance(metrics, list) and metrics else None
                score = line.get(first) if isinstance(first, str) else None
                value = (float(score) if isinstance(score, (int, float))
                         and not isinstance(score, bool) and math.isfinite(score) else None)
                run.answers.append(HarnessAnswer(str(key), f"{place} (doc_id {line.get('doc_id')})",
                                                 1, answer, raw, value))
    except (OSError, UnicodeDecodeError) as exc:
        problems.add("unreadable files", "", f"cannot read: {exc}")
        return []
    if skipped_filters:
        run.description += (f"; filter {first_filter} (lines of {', '.join(sorted(skipped_filters))}"
                            " left out)")
    return [run]


def attach_lm_eval_samples(options: ImportOptions) -> tuple[LoadedStudy, list[str]]:
    check_sources(options, SUFFIXES, "an lm-evaluation-harness samples file")
    return harness_import(options, lambda loaded, path, problems: read_runs(
        loaded, path, problems, options.item_field))
