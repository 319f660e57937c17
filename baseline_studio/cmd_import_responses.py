"""`baseline-studio import-responses`: answers collected elsewhere, from a long CSV."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.catalog import kept_study, open_study
from app.storage import open_database
from app.study_places import remember_folder
from app.wording import counted


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "import-responses", parents=[common],
        help="add responses from a CSV (participant,item_id,question_id,answer,rt_ms)",
        description="Import responses collected elsewhere (paper forms, a web survey). Columns: "
        "participant,item_id,question_id,answer,rt_ms; any further column is a profile field. "
        "Every row is checked first; nothing is written unless all rows are valid.",
    )
    p.add_argument("--study", required=True, metavar="S", help="study folder, study.json or id")
    p.add_argument("file", type=Path, metavar="FILE.csv")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # Here, not at the top: every command's start (`run` too) builds this parser.
    from app.responses_import import import_responses_csv

    loaded = kept_study(lambda: open_study(args.study, args.home))
    db = open_database(args.db, home=args.home)
    try:
        summary = import_responses_csv(loaded, db, args.file)
    finally:
        db.close()
    remember_folder(loaded, args.home)  # the designer lists it wherever it lives
    print(f"imported {counted(summary.responses, 'response')} from "
          f"{counted(summary.participants, 'participant')} "
          f"({summary.new_participants} new) into {db.label}")
    return 0
