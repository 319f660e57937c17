"""The import kinds: one module each, listed here with what they read and the question ids
they create. Adding a kind = a module with `build(options) -> StudyDraft` + one entry below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.importers import (
    inspect_log,
    lm_eval,
    mteb_classification,
    mteb_clustering,
    mteb_reranking,
    mteb_results,
    mteb_sts,
    poemetric,
    predictions,
    spinbench,
    vqa,
)
from app.importers.base import ImportOptions, StudyDraft, fail
from app.importers.poemetric_survey import COMMENT_IDS, RATING_IDS
from app.importers.writing import check_destination, write_study
from app.study.loader import LoadedStudy

Build = Callable[[ImportOptions], StudyDraft]
# Kinds that attach to an existing study (--out): the study as written, and notes.
Attach = Callable[[ImportOptions], tuple[LoadedStudy, list[str]]]


@dataclass(frozen=True)
class ImportKind:
    name: str
    summary: str
    source: str  # what SOURCE is, for help texts and the dialog
    question_ids: str
    build: Build | None  # None: attaches to an existing study (predictions)
    uses_images: bool = False
    source_is_folder: bool = False  # may be a folder
    attach: Attach | None = None  # build None: attaches to the study in --out
    many_sources: bool = False  # takes several SOURCE files


KINDS: dict[str, ImportKind] = {k.name: k for k in [
    ImportKind("spinbench", "SpinBench items with images, timed", "test.jsonl (or its folder)",
               "answer (choice A-D or Y/N)", spinbench.build, uses_images=True,
               source_is_folder=True),
    ImportKind("poemetric", "POEMetric poems -> the rating survey, author blinded", "poems .csv",
               f"{', '.join(RATING_IDS)} (rating 1-5); {', '.join(COMMENT_IDS)} (text)",
               poemetric.build),
    ImportKind("mteb-sts", "MTEB STS pairs -> similarity 0-5", ".jsonl/.csv/.parquet",
               "similarity (rating)", mteb_sts.build),
    ImportKind("mteb-classification", "MTEB classification -> one label per text",
               ".jsonl/.csv/.parquet", "label (choice)", mteb_classification.build),
    ImportKind("mteb-clustering", "MTEB clustering -> free grouping of texts",
               ".jsonl/.csv/.parquet", "groups (clustering)", mteb_clustering.build),
    ImportKind("mteb-reranking", "MTEB reranking -> 7 documents judged per query",
               ".jsonl/.csv/.parquet", "relevance (relevance)", mteb_reranking.build),
    ImportKind("vqa", "image question answering (MedLesionVQA-style)", ".csv/.jsonl",
               "q1, q2... per case in row order, or the question_id column (choice)", vqa.build,
               uses_images=True),
    ImportKind("predictions", "model predictions attached to an existing study (--out)",
               "model,item_id,question_id,prediction .csv", "the study's own", None),
    ImportKind("inspect-log", "an Inspect eval log's samples as a model's predictions (--out)",
               ".eval/.json log(s)", "the study's own", None, attach=inspect_log.attach_inspect_logs,
               many_sources=True),
    ImportKind("lm-eval-samples", "lm-evaluation-harness --log_samples files as predictions "
               "(--out)", "samples_<task>_*.jsonl", "the study's own", None,
               attach=lm_eval.attach_lm_eval_samples, many_sources=True),
    ImportKind("mteb-results", "a model's MTEB results folder as its published scores (--out)",
               "<model>/<revision>/ folder(s) of <Task>.json", "the study's own", None,
               attach=mteb_results.attach_mteb_results, source_is_folder=True, many_sources=True),
]}


@dataclass(frozen=True)
class ImportResult:
    kind: str
    loaded: LoadedStudy
    notes: list[str]

    def summary(self) -> str:
        study = self.loaded.study
        n_images = sum(len(getattr(i.stimulus, "images", [])) for i in study.items)
        n_questions = sum(len(i.questions) for i in study.items)
        if self.kind == "predictions":
            return (f"attached {study.models.predictions[-1].file} to {study.id} "
                    f"({self.loaded.folder})")
        if self.kind == "mteb-results":
            return f"added published MTEB scores to {study.id} ({self.loaded.folder})"
        if KINDS[self.kind].attach is not None:
            return f"attached the predictions to {study.id} ({self.loaded.folder})"
        return (f"imported {len(study.items)} items ({n_questions} questions, {n_images} images) "
                f"into {self.loaded.folder}")


def run_import(kind: str, options: ImportOptions) -> ImportResult:
    """Import `options.source` as `kind`: build, write atomically, validate. StudyError on any
    bad row (every one listed), on an existing destination, or on an unknown kind."""
    spec = KINDS.get(kind)
    if spec is None:
        raise fail(Path(kind), f"unknown import kind; use one of {', '.join(KINDS)}")
    if options.sample is not None and options.sample < 1:
        raise fail(options.source, "--sample must be at least 1")
    if options.sample_by is not None:
        if options.sample is None:
            raise fail(options.source, f"--sample-by {options.sample_by!r} needs --sample N (how "
                       "many items to draw)")
        if spec.build is None or kind == "mteb-clustering":
            raise fail(options.source, f"--sample-by: {kind} " + (
                "already draws each set's texts from every gold group in turn"
                if spec.build is not None else "attaches to a study and samples nothing"))
    if options.images is not None and not options.images.is_dir():
        raise fail(options.images, "the image folder does not exist")
    if not options.source.exists():
        raise fail(options.source, "no such file or folder")
    if len(options.sources) > 1 and not spec.many_sources:
        raise fail(options.sources[1], f"{kind} reads one SOURCE")
    try:
        if spec.attach is not None:
            loaded, notes = spec.attach(options)
            return ImportResult(kind, loaded, notes)
        if spec.build is None:
            return ImportResult(kind, predictions.attach_predictions(options), [])
        check_destination(options.out)  # before the work: a long import must not fail at the end
        draft = spec.build(options)
        if not draft.study.get("items"):
            raise fail(options.source, "no rows to import")
        if draft.sampling is not None:
            draft.study["sampling"] = draft.sampling
        loaded = write_study(draft, options.out, options.progress)
    except OSError as exc:  # a folder we may not write, a disk that is full, a vanished file
        raise fail(Path(exc.filename or options.out), f"cannot read or write: "
                   f"{exc.strerror or exc}") from exc
    return ImportResult(kind, loaded, draft.notes)
