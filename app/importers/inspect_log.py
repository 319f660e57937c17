"""`inspect-log`: an Inspect (inspect-ai) evaluation log's samples as a model's predictions.

Read with inspect-ai's own reader (`inspect_ai.log.read_eval_log`), which is a test
dependency and not part of the installable app: without it the command says how to install it.
Each sample gives its id (or the metadata field `--item-field` names) to match an item by,
its epoch, the answer the task's scorer extracted (else the completion), the raw completion
and the scorer's value (`inspect_ai.scorer.value_to_float`: C = 1, I = 0). The model is the
log's; the task and the generation config become the predictions' note.

A hostile log costs bounded memory: the header (sample ids, epochs) is read first and checked
against the study (unknown and duplicate ids refused before any sample is read), and a `.eval`
zip holding more samples than the study has items times epochs is refused from its member
list, so the samples read are never more than the study can match. Members whose path leaves
the zip's folder (absolute, `..`) and an unreadable or truncated zip are refused too.
"""

from __future__ import annotations

import io
import json
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from app.importers.base import ImportOptions, fail
from app.importers.harness import (
    CappedProblems,
    HarnessAnswer,
    HarnessRun,
    check_sources,
    harness_import,
    target_of,
)
from app.study.loader import LoadedStudy

SUFFIXES = (".eval", ".json")
INSTALL = ("reading Inspect logs needs inspect-ai, which the installable app leaves out: "
           "install it beside Baseline Studio (pip install inspect-ai) and run the command "
           "from that Python")
# The sample fields the import never reads: the transcript is most of a sample's bytes.
EXCLUDED_FIELDS = {"messages", "events", "store", "attachments"}
# Epochs kept per item; with the study's items, the most samples a log may hold.
MAX_EPOCHS = 100


def _inspect() -> Any:
    try:
        import inspect_ai.log as log
    except ImportError:
        return None
    return log


def _member_leaves(name: str) -> bool:
    """A member path that is absolute, has a drive or climbs out with `..`. (Plain string
    tests: pathlib interns every part it parses, which a million names would grow for good.)"""
    path = name.replace("\\", "/")
    return (path.startswith("/") or (len(path) > 1 and path[1] == ":")
            or ".." in path.split("/"))


_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_CENTRAL = b"PK\x01\x02"


def _central_directory(handle: BinaryIO, size: int) -> tuple[int, int]:
    """(offset, number of entries) of the zip's central directory, from its end records
    (ValueError when they are missing: a truncated or damaged zip)."""
    tail_size = min(size, 22 + 65535)
    handle.seek(size - tail_size)
    tail = handle.read(tail_size)
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) - at < 22:
        raise ValueError("no end-of-central-directory record")
    entries, _, offset = struct.unpack("<HII", tail[at + 10:at + 20])
    locator = tail[at - 20:at] if at >= 20 else b""
    if locator[:4] == _EOCD64_LOCATOR:  # ZIP64: the counts live in the 64-bit record
        (record_at,) = struct.unpack("<Q", locator[8:16])
        handle.seek(record_at)
        record = handle.read(56)
        if record[:4] != b"PK\x06\x06":
            raise ValueError("a damaged ZIP64 end record")
        entries, _, offset = struct.unpack("<QQQ", record[32:56])
    if offset >= size:
        raise ValueError("the central directory lies past the end of the file")
    return offset, entries


def _member_names(path: Path) -> Iterator[str]:
    """Every member's name, read one central-directory entry at a time: a zip of a million
    members costs no more memory than one of ten (zipfile.ZipFile keeps an object per member,
    and so does the reader's own directory)."""
    size = path.stat().st_size
    with path.open("rb") as raw:
        offset, entries = _central_directory(raw, size)
        raw.seek(offset)
        handle = io.BufferedReader(raw, 1 << 16)
        for _ in range(entries):
            head = handle.read(46)
            if len(head) < 46 or head[:4] != _CENTRAL:
                raise ValueError("the central directory ends early")
            name_len, extra_len, comment_len = struct.unpack("<HHH", head[28:34])
            name = handle.read(name_len)
            handle.read(extra_len + comment_len)
            yield name.decode("utf-8", errors="replace")


def _check_zip(path: Path, problems: CappedProblems, most_samples: int) -> int | None:
    """The zip's member paths and sample count, before inspect-ai's reader opens it: the
    number of sample members, None when it cannot be read or is refused."""
    n_samples = 0
    try:
        for name in _member_names(path):
            if _member_leaves(name):
                problems.add("zip members leaving their folder", f"member {name!r}",
                             "its path leaves the log's folder; refused")
            elif name.startswith("samples/"):
                n_samples += 1
    except (ValueError, OSError, struct.error) as exc:
        problems.add("unreadable logs", "", f"not a readable .eval zip (truncated or damaged?): "
                     f"{exc}")
        return None
    if n_samples > most_samples:
        problems.add("logs larger than the study", "", f"{n_samples} samples, but the study's "
                     f"items and the log's epochs allow at most {most_samples} to match")
    return None if problems.counts else n_samples


def _check_ids(loaded: LoadedStudy, ids: list[Any], problems: CappedProblems) -> None:
    """The header's sample ids against the study, before any sample is read (a set of the
    matched ids only: the unmatched are counted, not kept)."""
    seen: set[str] = set()
    for index, sample_id in enumerate(ids):
        key = str(sample_id)
        where = f"sample id {key!r} (#{index} in the header)"
        target = target_of(loaded, key)
        if isinstance(target, str):
            problems.add("samples matching no item", where, target)
        elif key in seen:
            problems.add("duplicate samples", where, "this id is in the log twice")
        else:
            seen.add(key)


def _score(sample: Any, to_float: Any) -> tuple[Any, float | None]:
    """The first scorer's extracted answer and value (None where it has none)."""
    scores = sample.scores or {}
    if not scores:
        return None, None
    score = next(iter(scores.values()))
    try:
        value = float(to_float(score.value))
    except (TypeError, ValueError):
        value = None
    return score.answer, value


def _description(header: Any, path: Path) -> str:
    spec = header.eval
    # The model's own config, overridden by the eval's (`eval(..., temperature=0)`: the plan's).
    config = spec.model_generate_config.model_dump(exclude_none=True)
    plan = getattr(header, "plan", None)
    if plan is not None and plan.config is not None:
        config.update(plan.config.model_dump(exclude_none=True))
    parts = [f"Inspect task {spec.task}", f"model {spec.model}"]
    # Scalar arguments only: a mock model's scripted outputs are no description of it.
    args = {k: v for k, v in (spec.model_args or {}).items()
            if isinstance(v, (str, int, float, bool)) and len(str(v)) <= 200}
    if args:
        parts.append(f"model args {json.dumps(args, sort_keys=True)}")
    parts.append(f"generation config {json.dumps(config, default=str, sort_keys=True)}")
    epochs = spec.config.epochs or 1
    if epochs > 1:
        parts.append(f"{epochs} epochs (the first scored; all in the .samples.csv)")
    return "; ".join(parts) + f" (log {path.name})"


def read_runs(loaded: LoadedStudy, path: Path, problems: CappedProblems,
              item_field: str | None = None) -> list[HarnessRun]:
    inspect_log = _inspect()
    if inspect_log is None:
        raise fail(path, INSTALL)
    from inspect_ai.scorer import value_to_float

    to_float = value_to_float()  # C = 1, I = 0, P = 0.5, N = 0, booleans, numbers

    targets = sum(len(i.questions) for i in loaded.study.items)
    # The zip first, in bounded memory: the reader's header read lists every member.
    n_members = 0
    if path.suffix.lower() == ".eval":
        counted = _check_zip(path, problems, targets * MAX_EPOCHS)
        if counted is None:
            return []
        n_members = counted
    try:
        header = inspect_log.read_eval_log(str(path), header_only=True)
    except Exception as exc:  # the reader's own errors vary by format and damage
        problems.add("unreadable logs", "", f"not a readable Inspect log: "
                     f"{type(exc).__name__}: {exc}")
        return []
    epochs = header.eval.config.epochs or 1
    if epochs > MAX_EPOCHS or n_members > targets * epochs:
        problems.add("logs larger than the study", "", f"{n_members} samples in {epochs} "
                     f"epoch(s), but the study's items allow at most {targets} per epoch (and "
                     f"{MAX_EPOCHS} epochs)")
        return []
    ids = header.eval.dataset.sample_ids
    if item_field is None and ids is not None:
        _check_ids(loaded, ids, problems)
    n_samples = header.eval.dataset.samples or 0
    if n_samples > targets:
        problems.add("logs larger than the study", "", f"the log's dataset has {n_samples} "
                     f"samples, the study {targets} item questions to match them to")
    if problems.counts:
        return []
    try:
        log = inspect_log.read_eval_log(str(path), exclude_fields=EXCLUDED_FIELDS)
    except Exception as exc:
        problems.add("unreadable logs", "", f"not a readable Inspect log: "
                     f"{type(exc).__name__}: {exc}")
        return []
    run = HarnessRun(path, str(log.eval.model), _description(log, path))
    for sample in log.samples or []:
        place = f"sample {sample.id!r}, epoch {sample.epoch}"
        if sample.error is not None:
            problems.add("samples that ended in an error", place,
                         f"the sample ended in an error: {sample.error.message}")
            continue
        if item_field is not None:
            key = (sample.metadata or {}).get(item_field)
            if key is None:
                problems.add("samples without the item field", place,
                             f"no metadata field {item_field!r}")
                continue
        else:
            key = sample.id
        answer, value = _score(sample, to_float)
        raw = sample.output.completion if sample.output is not None else ""
        run.answers.append(HarnessAnswer(str(key), place, int(sample.epoch),
                                         raw if answer is None else answer, raw, value))
    return [run]


def attach_inspect_logs(options: ImportOptions) -> tuple[LoadedStudy, list[str]]:
    if _inspect() is None:
        raise fail(options.source, INSTALL)
    check_sources(options, SUFFIXES, "an Inspect log")
    return harness_import(options, lambda loaded, path, problems: read_runs(
        loaded, path, problems, options.item_field))
