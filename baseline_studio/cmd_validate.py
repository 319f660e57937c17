"""`baseline-studio validate STUDY`: every problem of a study, with file and JSON path."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.catalog import find_study, kept_study
from app.home import data_home
from app.study.assets import record_or_compare
from app.study.loader import LoadedStudy, load_study
from app.study.model import Study
from app.wording import counted

MAX_LISTED = 20


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("validate", parents=[common], help="check a study folder or study.json",
                       description="Check a study and list every problem with its file and place.")
    p.add_argument("study", help="study folder, its study.json, or a known study id")
    p.add_argument("--strict", action="store_true",
                   help="design warnings fail too (exit 2), e.g. in a study repository's CI")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    loaded = kept_study(lambda: load_study(find_study(args.study, args.home)))
    study = loaded.study
    _check_images(loaded)
    n_questions = sum(len(i.questions) for i in study.items)
    n_images = sum(len(getattr(i.stimulus, "images", [])) for i in study.items)
    print(f"{Path(loaded.source)}: ok")
    print(f"  {study.id} v{study.version}: {study.title}")
    print(f"  {counted(len(study.items), 'item')}, {counted(n_questions, 'question')}, "
          f"{counted(n_images, 'image')}, {counted(len(study.blocks), 'block')}; "
          f"sha256 {loaded.content_hash[:12]}")
    if study.illustrative:
        print("  demo study: content and model scores are illustrative")
    # The content hash covers study.json only: an image replaced under the same name is
    # caught by comparing the files with their record for this version (app.study.assets).
    try:
        changes = record_or_compare(loaded, data_home(args.home))
    except OSError as exc:  # a read-only data folder: the study is still valid
        print(f"  note: the study's files could not be recorded ({exc.strerror or exc}: "
              f"{exc.filename or ''}); a changed image will not be noticed", file=sys.stderr)
        changes = []
    if changes:
        print(f"  warning: {len(changes)} file{'s' if len(changes) != 1 else ''} changed since "
              f"this version of the study was first checked on this computer (sha256 "
              f"{loaded.content_hash[:12]} is unchanged, so answers given before and after "
              "would be counted together); give the study a new version:", file=sys.stderr)
        for change in changes[:MAX_LISTED]:
            print(f"    {loaded.folder / change.path}: {change.what}", file=sys.stderr)
        if len(changes) > MAX_LISTED:
            print(f"    ... and {len(changes) - MAX_LISTED} more", file=sys.stderr)
    mteb = study.mteb
    if mteb is not None and not study.languages and not all(
            item.language for item in study.items if item.categories.get(mteb.task_category)):
        print(f"  warning: {loaded.source}: languages: the study is an MTEB task without "
              "languages, so `export` cannot write its MTEB results folder (it writes every "
              "other file); give the study `languages`, e.g. [\"eng-Latn\"]", file=sys.stderr)
    return _design_warnings(args, study, loaded.folder)


def _check_images(loaded: LoadedStudy) -> None:
    """Every image the study names is opened and its header read (and Pillow's `verify`), as
    the importers check theirs: a 0-byte case-01.jpg or a text saved as .jpg is a problem at
    its JSON path here, not on a participant's screen."""
    from app.imaging import ImageError, verify_image
    from app.study.errors import Problem, StudyError
    from app.study.lazy import item_outlines

    problems = []
    for index, item in enumerate(item_outlines(loaded.study)):
        for number, ref in enumerate(getattr(item.stimulus, "images", [])):
            try:
                verify_image(loaded.folder / ref.path)
            except ImageError as exc:
                problems.append(Problem(loaded.source, f"items[{index}].stimulus.images[{number}]"
                                        f".path", f"{ref.path}: {exc.reason}"))
    if problems:
        raise StudyError(problems)


def _design_warnings(args: argparse.Namespace, study: Study, folder: Path | None = None) -> int:
    """Valid but flawed designs (app.study.design_checks): `warning:` lines, exit 0, or 2
    with --strict. With --db, the session estimate uses the median time per item measured."""
    # Imported here: numpy (and scipy where a test runs) would slow every command's start.
    from app.session.design_review import review
    from app.storage import open_database
    from app.study.design_checks import session_length_words, session_seconds

    item_ms = None
    if args.db:
        db = open_database(args.db, home=args.home, read_only=True)
        try:
            item_ms = db.median_item_ms(study.id)
        finally:
            db.close()
    seconds = None if item_ms is None else item_ms / 1000
    basis = (f"{seconds:.1f} s per item, the median in {args.db}" if seconds is not None
             else "the documented time per question kind"
             + (f"; {args.db} has no timed answers for this study" if args.db else ""))
    per = "participant"
    if study.conditions:  # a reader study: one sitting per condition, practice in the first
        days = study.design.washout_days
        per = "sitting"
        basis = (f"{len(study.conditions)} sittings, one per reading condition"
                 + (f", at least {days:g} days apart" if days else "") + f"; {basis}")
    print(f"  {session_length_words(session_seconds(study, item_seconds=seconds) / 60)} per "
          f"{per} ({basis})")
    warnings = review(study, item_seconds=seconds)
    for warning in warnings:
        print(warning.line())
    if warnings:
        print(f"  {len(warnings)} design warning{'s' if len(warnings) != 1 else ''}"
              + ("; --strict: failing" if args.strict else ""))
    missing = _reporting_warnings(study, folder)
    if missing:
        print(f"  {counted(missing, 'checklist item')} a paper must report neither declared "
              "in `reporting` nor measured by the app (docs/authoring.md, \"Reporting\")"
              + ("; --strict: failing" if args.strict else ""))
    return 2 if (warnings or missing) and args.strict else 0


def _reporting_warnings(study: Study, folder: Path | None) -> int:
    """A `warning:` line for each item of the human-baseline reporting checklist that the
    study's `reporting` block leaves open and the app cannot measure; how many (a stored plan
    that cannot be read counts as one)."""
    from app.study.checklist import missing_declarations, read_plan

    _, problem = read_plan(study, folder)
    if problem:
        print(f"warning: {problem}")
    missing = missing_declarations(study, folder)
    for item in missing:
        print(f"warning: reporting.{item.field}: checklist {item.number} ({item.title}) is not "
              "declared")
    return len(missing) + bool(problem)
