"""`baseline-studio merge OUT_DB IN_DB...`: take in databases copied from other laptops."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SHOW_CONFLICTS = 20
# Kept here, not imported: every command's start builds this parser (see `run`).
RESOLVE_RULES = ("keep-first", "keep-latest", "drop-both")


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "merge", parents=[common], help="merge databases from other laptops into one",
        description="Copy into OUT_DB every study, participant, session, response and event of "
        "the IN_DBs that it lacks (keyed by content hash, code and UUID): merging twice changes "
        "nothing. The inputs are only read. Different versions of one study are refused unless "
        "--allow-version-mix. A participant who answered a question differently in two "
        "databases is a conflict: both answers are kept and listed. Every row is checked against "
        "its study as import-responses checks a CSV; rows it does not allow are listed as "
        "FILE: TABLE, row ID: PROBLEM and nothing is merged (or, with --skip-invalid, they are "
        "left out). Databases are SQLite file "
        "paths or URLs (sqlite:///..., postgresql+psycopg://...).")
    p.add_argument("out_db", metavar="OUT_DB", help="the database to merge into (created if missing)")
    p.add_argument("in_dbs", nargs="*", metavar="IN_DB",
                   help="databases to take in (none: only --resolve the conflicts OUT_DB holds)")
    p.add_argument("--allow-version-mix", action="store_true",
                   help="keep responses to different versions of a study side by side")
    p.add_argument("--skip-invalid", action="store_true",
                   help="leave out (and list) rows the study does not allow, instead of "
                   "refusing the whole merge")
    p.add_argument("--resolve", choices=RESOLVE_RULES, metavar="RULE",
                   help="settle every conflict: keep-first or keep-latest answer (by answer "
                   "time), or drop-both; the dropped answers are recorded in an event. Without "
                   "it both are kept and export refuses the study until they are settled")
    p.add_argument("--study", action="append", default=[], metavar="DIR",
                   help="a study folder whose definition the inputs' stored copies are checked "
                   "against (the output database's own copies always are); repeatable")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # Here, not at the top: every command's start (`run` too) builds this parser.
    from app.merge_check import merge_row_problems
    from app.storage import open_database
    from app.storage.merge import merge_databases
    from app.storage.merge_source import database_url
    from app.study.lazy import definition_json
    from app.study.loader import load_study

    definitions = {}
    for folder in args.study:
        loaded = load_study(Path(folder))
        definitions[loaded.content_hash] = definition_json(loaded.study)
    from app.storage.backup import sqlite_file

    out_file = sqlite_file(database_url(args.out_db))
    created = out_file is not None and not out_file.exists()
    target = open_database(database_url(args.out_db))
    try:
        report = merge_databases(target, args.in_dbs, allow_version_mix=args.allow_version_mix,
                                 check=merge_row_problems, skip_invalid=args.skip_invalid,
                                 definitions=definitions, resolve=args.resolve)
    except BaseException:
        target.close()
        if created and out_file is not None:  # refused: no empty OUT_DB left to look merged
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{out_file}{suffix}").unlink(missing_ok=True)
        raise
    target.close()
    for source in report.sources:
        for warning in source.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        for row in source.invalid:
            print(f"left out: {row.line(source.label)}")
    for warning in report.asset_warnings:  # one study version, answered with different files
        print(f"warning: {warning}", file=sys.stderr)
    for study_id in report.mixed_versions:
        print(f"note: study {study_id!r} now holds responses to more than one version")
    for source in report.sources:
        for line in source.profile_conflicts:
            print(f"profile differs (first one kept): {line}")
    conflicts = report.conflicts
    if conflicts:
        print(f"{len(conflicts)} conflict(s): answered differently in two databases, both kept:")
        for conflict in conflicts[:SHOW_CONFLICTS]:
            print(f"  {conflict}")
        if len(conflicts) > SHOW_CONFLICTS:
            print(f"  ... and {len(conflicts) - SHOW_CONFLICTS} more (see the merge events)")
        print(f"warning: export refuses these studies until the conflicts are settled: "
              f"baseline-studio merge --resolve {'|'.join(RESOLVE_RULES)} {args.out_db}",
              file=sys.stderr)
    for line in report.summary_lines():
        print(line)
    return 0
