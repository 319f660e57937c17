"""`baseline-studio import KIND SOURCE --out STUDY_DIR`: a benchmark's files -> a study."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.importers.base import ImportOptions
from app.importers.registry import KINDS, run_import


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    kinds = "\n".join(f"  {k.name:<20} {k.summary}; SOURCE: {k.source}; questions: {k.question_ids}"
                      for k in KINDS.values())
    p = sub.add_parser(
        "import", parents=[common], help="make a study from a benchmark's own files",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Make a study folder from a benchmark's files (or, with the kind "
        "'predictions', attach model predictions to an existing study). The study is written "
        "to a new folder and validated before it is reported; a bad source lists every bad row "
        "and column and writes nothing.\n\nkinds:\n" + kinds + "\n\nSee docs/authoring.md.",
    )
    p.add_argument("kind", choices=list(KINDS), metavar="KIND", help="one of: " + ", ".join(KINDS))
    p.add_argument("source", type=Path, nargs="+", metavar="SOURCE",
                   help="the file (or folder) to import (harness logs: one or more)")
    p.add_argument("--out", type=Path, required=True, metavar="STUDY_DIR",
                   help="the new study folder (for 'predictions': the existing study)")
    p.add_argument("--images", type=Path, metavar="DIR",
                   help="folder the image paths are relative to (default: the source's folder)")
    p.add_argument("--sample", type=int, metavar="N",
                   help="keep N rows (N texts per set for clustering, N cases for vqa)")
    p.add_argument("--sample-by", dest="sample_by", metavar="FIELD",
                   help="with --sample: a stratified sample, each value of FIELD (a column, or "
                   "column.field inside an object, e.g. label, metadata.task_type) getting its "
                   "share of N; the study records method, size and seed (study.json sampling)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the sample (default 0)")
    p.add_argument("--id", dest="study_id", metavar="ID", help="study id (default: from --out)")
    p.add_argument("--title", metavar="TEXT", help="study title")
    p.add_argument("--illustrative", action="store_true",
                   help="predictions: mark the scores as made up (demo)")
    p.add_argument("--note", metavar="TEXT", help="predictions: a note shown with the scores")
    p.add_argument("--item-field", metavar="FIELD",
                   help="inspect-log: the sample metadata field holding the item id; "
                   "lm-eval-samples: the field of `doc` holding it (default: the sample's id)")
    p.add_argument("--language", metavar="CODE",
                   help="MTEB kinds: the study's language where the source has no language "
                   "column, e.g. eng-Latn (the MTEB export needs one)"),
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    def progress(done: int, total: int, message: str) -> None:
        if sys.stderr.isatty():
            print(f"\r{message}: {done}/{total}\033[K", end="", file=sys.stderr, flush=True)

    options = ImportOptions(
        source=args.source[0], sources=tuple(args.source), item_field=args.item_field,
        out=args.out, images=args.images, sample=args.sample, seed=args.seed, sample_by=args.sample_by,
        study_id=args.study_id, title=args.title, illustrative=args.illustrative, note=args.note,
        language=args.language,
        progress=progress,
    )
    try:
        result = run_import(args.kind, options)
    finally:
        if sys.stderr.isatty():
            print("\r\033[K", end="", file=sys.stderr)
    print(result.summary())
    for note in result.notes:
        print(f"  note: {note}")
    return 0
