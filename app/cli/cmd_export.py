"""`baseline-studio export`: responses, scores, agreement and comparisons as files."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.catalog import open_study
from app.storage import open_database
from exporters import export_all


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("export", parents=[common], help="write results files for a study")
    p.add_argument("--study", required=True, metavar="S", help="study folder, study.json or id")
    p.add_argument("--out", required=True, type=Path, metavar="DIR", help="folder to write into")
    p.add_argument("--include-simulated", action="store_true",
                   help="also export responses of simulated participants")
    p.add_argument("--include-identifying", action="store_true",
                   help="also export free-text comments and profile fields marked identifying")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    loaded = open_study(args.study, args.home)
    db = open_database(args.db, home=args.home)
    try:
        written = export_all(loaded, db, args.out, include_simulated=args.include_simulated,
                             include_identifying=args.include_identifying)
    finally:
        db.close()
    for path in written:
        print(path)
    return 0
