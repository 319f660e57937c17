"""What the evaluation-harness importers share (`inspect-log`, `lm-eval-samples`): matching a
harness' samples to the study's items, and attaching them as a model's predictions.

A harness reader turns its log into `HarnessRun`s (one model each): per sample the id it
matches by, the epoch, the answer the harness extracted, the raw output and the harness
scorer's value. `match_run` checks them against the study: a sample matching no item, the same
sample twice, an answer that does not fit the question, or a scorer verdict the study's gold
answer contradicts are problems (listed, capped at `MAX_LISTED` per kind); an item no sample
covers is a note. `attach_runs` writes, for each run, the predictions CSV the export scores
(the first epoch of each item) and beside it a `.samples.csv` with every epoch, the raw output
and the harness' own score, then references the CSV in `models.predictions`; every file of
every run or none.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.importers.base import ImportOptions, Problems, fail, identifier
from app.importers.json_source import parse_json
from app.importers.predictions import (
    COLUMNS,
    PREDICTIONS_DIR,
    parse_prediction,
    read_predictions,
)
from app.importers.writing import write_json
from app.study.errors import Problem, StudyError
from app.study.loader import STUDY_FILE, LoadedStudy, load_study
from app.study.model import Item, Question
from app.study.paths import resolve_asset

MAX_LISTED = 20  # problems of one kind listed per source; the rest are counted
SAMPLES_SUFFIX = ".samples.csv"
SAMPLE_COLUMNS = ("model", "item_id", "question_id", "epoch", "prediction", "raw_output",
                  "harness_score")


@dataclass(frozen=True)
class HarnessAnswer:
    key: str  # the id the sample is matched by (its id, or the named field's value)
    place: str  # where it is in the source, for messages: "sample 12, epoch 1"
    epoch: int
    answer: Any  # what the harness extracted: an option letter or key, an index, a text
    raw: str  # the model's raw output
    score: float | None  # the harness scorer's value as a number; None: not scored


@dataclass
class HarnessRun:
    source: Path
    model: str
    description: str  # the harness, the task and the generation config: the entry's note
    answers: list[HarnessAnswer] = field(default_factory=list)
    name: str = ""  # the predictions file's stem; default: from the source's name


@dataclass(frozen=True)
class Matched:
    item_id: str
    question_id: str
    epoch: int
    prediction: Any
    raw: str
    score: float | None


class CappedProblems:
    """Problems of one source, at most MAX_LISTED of each kind written out, the rest counted:
    a hostile log with a million bad samples gives a readable report in bounded memory."""

    def __init__(self, source: Path) -> None:
        self.problems = Problems(source)
        self.counts: dict[str, int] = {}

    def add(self, kind: str, where: str, message: str) -> None:
        n = self.counts[kind] = self.counts.get(kind, 0) + 1
        if n <= MAX_LISTED:
            self.problems.add(None, None, f"{where}: {message}" if where else message)

    def full(self, kind: str) -> bool:
        return self.counts.get(kind, 0) >= MAX_LISTED

    def raise_if_any(self) -> None:
        for kind, n in self.counts.items():
            if n > MAX_LISTED:
                self.problems.add(None, None, f"... and {n - MAX_LISTED} more: {kind}")
        self.problems.raise_if_any()


def choice_key(item: Item, question: Question, answer: Any) -> str:
    """A choice answer as the study's option key: the key itself, an option letter (A = the
    first option, as Inspect's multiple_choice and lm-evaluation-harness number them), an
    index, or an option's label."""
    options = getattr(question, "options", [])
    keys = [o.key for o in options]
    if isinstance(answer, bool):
        raise ValueError(f"{answer!r} is not an option")
    if isinstance(answer, int):
        if 0 <= answer < len(keys):
            return keys[answer]
        raise ValueError(f"option index {answer} is out of range (the question has {len(keys)})")
    text = str(answer).strip()
    if text in keys:
        return text
    if len(text) == 1 and "A" <= text.upper() <= "Z" and ord(text.upper()) - 65 < len(keys):
        return keys[ord(text.upper()) - 65]
    labels = {o.label.strip().casefold(): o.key for o in options if getattr(o, "label", None)}
    if text.casefold() in labels:
        return labels[text.casefold()]
    raise ValueError(f"{text!r} is neither an option key {keys}, a letter A-"
                     f"{chr(64 + len(keys))} nor an option's label")


def to_prediction(item: Item, question: Question, answer: Any) -> Any:
    """The harness' answer in the predictions file's stored shape (ValueError if it does not
    fit the question)."""
    if question.kind == "choice":
        return choice_key(item, question, answer)
    if isinstance(answer, (dict, list)):
        answer = csv_json(answer)
    return parse_prediction(item, question, str(answer))


def csv_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def target_of(loaded: LoadedStudy, key: str) -> tuple[Item, Question] | str:
    """The item and question a sample's key names (`item` or `item/question`), or why none."""
    items = loaded.items_by_id
    item, qid = items.get(key), None
    if item is None and "/" in key:
        head, _, qid = key.rpartition("/")
        item = items.get(head)
    if item is None:
        return f"{key!r} matches no item of the study"
    if qid is None:
        if len(item.questions) != 1:
            return (f"item {item.id!r} has {len(item.questions)} questions; give the sample "
                    f"id as item/question ({', '.join(f'{item.id}/{q.id}' for q in item.questions)})")
        return item, item.questions[0]
    question = next((q for q in item.questions if q.id == qid), None)
    if question is None:
        return f"item {item.id!r} has no question {qid!r}"
    return item, question


def match_run(loaded: LoadedStudy, run: HarnessRun,
              problems: CappedProblems) -> tuple[list[Matched], list[str]]:
    """The run's answers matched to the study's items, and notes (the items no sample covers).
    Problems go to `problems`; the caller raises them after every source is read."""
    out: list[Matched] = []
    seen: dict[tuple[str, str, int], str] = {}
    for answer in run.answers:
        target = target_of(loaded, answer.key)
        if isinstance(target, str):
            problems.add("samples matching no item", answer.place, target)
            continue
        item, question = target
        key = (item.id, question.id, answer.epoch)
        if key in seen:
            problems.add("duplicate samples", answer.place,
                         f"a second sample for item {item.id!r} (epoch {answer.epoch}); the "
                         f"first is {seen[key]}")
            continue
        seen[key] = answer.place
        try:
            prediction = to_prediction(item, question, answer.answer)
        except ValueError as exc:
            problems.add("answers that do not fit the question", answer.place,
                         f"item {item.id!r}: {exc}")
            continue
        # (a choice's gold is right or wrong; a rating's gold is a score to correlate with)
        gold = getattr(question, "gold", None) if question.kind == "choice" else None
        if gold is not None and answer.score is not None and answer.score in (0.0, 1.0):
            ours = prediction == gold
            if ours != (answer.score == 1.0):
                problems.add(
                    "scorer verdicts the study's gold answer contradicts", answer.place,
                    f"item {item.id!r}: the log's scorer counts {answer.answer!r} as "
                    f"{'correct' if answer.score == 1.0 else 'wrong'}, the study's gold "
                    f"{gold!r} makes {prediction!r} {'correct' if ours else 'wrong'}")
                continue
        out.append(Matched(item.id, question.id, answer.epoch, prediction, answer.raw,
                           answer.score))
    covered = {m.item_id for m in out}
    missing = [i.id for i in loaded.study.items if i.id not in covered]
    notes = []
    if missing and out:
        shown = ", ".join(missing[:10]) + (", ..." if len(missing) > 10 else "")
        notes.append(f"{run.source.name}: no sample for {len(missing)} of "
                     f"{len(loaded.study.items)} items ({shown})")
    if not run.answers:
        problems.add("empty logs", "", "the log has no samples")
    return out, notes


def _prediction_text(value: Any) -> str:
    if isinstance(value, float):
        return "NA" if math.isnan(value) else repr(value)
    if isinstance(value, (dict, list)):
        return csv_json(value)
    return str(value)


def _csv(header: Iterable[str], rows: Iterable[Iterable[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def run_files(run: HarnessRun, matched: list[Matched]) -> tuple[str, str]:
    """The predictions CSV (each item's first epoch) and the samples CSV (every epoch)."""
    first: dict[tuple[str, str], Matched] = {}
    for m in sorted(matched, key=lambda m: m.epoch):
        first.setdefault((m.item_id, m.question_id), m)
    predictions = _csv(COLUMNS, ((run.model, m.item_id, m.question_id,
                                  _prediction_text(m.prediction)) for m in first.values()))
    samples = _csv(SAMPLE_COLUMNS, (
        (run.model, m.item_id, m.question_id, m.epoch, _prediction_text(m.prediction), m.raw,
         "" if m.score is None else repr(m.score)) for m in matched))
    return predictions, samples


def _existing_keys(loaded: LoadedStudy) -> dict[tuple[str, str, str], str]:
    """(model, item, question) -> the attached file that predicts it."""
    out: dict[tuple[str, str, str], str] = {}
    for ref in loaded.study.models.predictions:
        for p in read_predictions(loaded, resolve_asset(loaded.folder, ref.file)):
            out.setdefault((p.model, p.item_id, p.question_id), ref.file)
    return out


def attach_runs(options: ImportOptions, loaded: LoadedStudy,
                runs: list[tuple[HarnessRun, list[Matched]]]) -> LoadedStudy:
    """Write each run's two files into the study's predictions folder and reference the
    predictions CSV; on any failure the study is left as it was."""
    existing = _existing_keys(loaded)
    planned: list[tuple[Path, str, dict[str, Any]]] = []
    names: set[str] = set()
    for run, matched in runs:
        stem = identifier(run.name or run.source.stem, "predictions")
        relative = f"{PREDICTIONS_DIR}/{stem}.csv"
        if relative in names or any(ref.file == relative for ref in loaded.study.models.predictions):
            raise fail(run.source, f"{relative} is already attached; rename the log to add "
                       "another", "models.predictions")
        names.add(relative)
        clash = next(((m, f) for m in matched
                      if (f := existing.get((run.model, m.item_id, m.question_id)))), None)
        if clash:
            m, other = clash
            raise fail(run.source, f"model {run.model!r} already has a prediction for item "
                       f"{m.item_id!r} in {other}; one prediction per model and item")
        predictions, samples = run_files(run, matched)
        for text, name in ((predictions, f"{stem}.csv"), (samples, f"{stem}{SAMPLES_SUFFIX}")):
            target = loaded.folder / PREDICTIONS_DIR / name
            if target.exists():
                raise fail(target, "a file of this name is already in the study's predictions "
                           "folder")
            planned.append((target, text, {}))
        entry: dict[str, Any] = {"file": relative, "illustrative": options.illustrative,
                                 "note": options.note or run.description}
        planned[-2] = (planned[-2][0], planned[-2][1], entry)
    raw = parse_json(loaded.source.read_text(encoding="utf-8-sig"))
    raw.setdefault("models", {}).setdefault("predictions", []).extend(
        e for _, _, e in planned if e)
    original = loaded.source.read_bytes()
    written: list[Path] = []
    try:
        for target, text, _ in planned:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
        options.progress(2, 3, f"{len(runs)} predictions file(s) written")
        write_json(loaded.folder / STUDY_FILE, raw)
        result = load_study(loaded.folder)
        for run, _ in runs:  # read back through the predictions checker the export uses
            stem = identifier(run.name or run.source.stem, "predictions")
            read_predictions(result, result.folder / PREDICTIONS_DIR / f"{stem}.csv")
    except BaseException:
        (loaded.folder / STUDY_FILE).write_bytes(original)
        for target in written:
            target.unlink(missing_ok=True)
        raise
    options.progress(3, 3, "study updated")
    return result


def check_sources(options: ImportOptions, suffixes: tuple[str, ...], what: str) -> list[Path]:
    """Every source file named, each an existing file with one of the suffixes."""
    sources = list(options.sources or (options.source,))
    problems = []
    for path in sources:
        if not path.is_file():
            problems.append(Problem(path, "", "no such file"))
        elif path.suffix.lower() not in suffixes:
            problems.append(Problem(path, "", f"not {what} (expected {', '.join(suffixes)})"))
    if problems:
        raise StudyError(problems)
    return sources


RunsOf = Callable[[LoadedStudy, Path, CappedProblems], list[HarnessRun]]


def harness_import(options: ImportOptions, runs_of: RunsOf) -> tuple[LoadedStudy, list[str]]:
    """Read every source with `runs_of(loaded, path, problems) -> list[HarnessRun]`, match
    them all, then attach all or none."""
    loaded = load_study(options.out)
    matched_runs: list[tuple[HarnessRun, list[Matched]]] = []
    notes: list[str] = []
    all_problems: list[CappedProblems] = []
    sources = list(options.sources or (options.source,))
    for index, path in enumerate(sources):
        options.progress(index, len(sources) + 2, f"reading {path.name}")
        problems = CappedProblems(path)
        all_problems.append(problems)
        for run in runs_of(loaded, path, problems):
            matched, run_notes = match_run(loaded, run, problems)
            matched_runs.append((run, matched))
            notes += run_notes
    errors: list[Problem] = []
    for problems in all_problems:  # every source's problems listed, not the first source's
        try:
            problems.raise_if_any()
        except StudyError as exc:
            errors += exc.problems
    if errors:
        raise StudyError(errors)
    return attach_runs(options, loaded, matched_runs), notes
