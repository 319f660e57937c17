"""`baseline-studio timing-check`: certify this station's timing on its real screen and store
the profile in the database (docs/results.md, "Timing"). The Qt part is imported when the
command runs (as `run` does), so the rest of the command line starts without Qt."""

from __future__ import annotations

import argparse
import sys

from app.study.errors import UserInputError
from app.timing_check import DEFAULT_TRIALS


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("timing-check", parents=[common],
                       help="measure this station's timing and store it in the database",
                       description="Show a short run of trials on this screen, post key presses "
                       "at known moments and measure how late the recorded times are and how "
                       "long the stimulus takes to appear; the result is stored in the database "
                       "as this station's timing profile and exported in timing.csv and "
                       "paper/methods.tex.")
    p.add_argument("--trials", type=int, default=DEFAULT_TRIALS, metavar="N",
                   help=f"number of trials (default {DEFAULT_TRIALS}, a few seconds)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.trials <= 1000:
        raise UserInputError(f"--trials: {args.trials} is not between 1 and 1000")
    from app.storage import open_database
    from app.storage.timing_profiles import save_timing_profile
    from app.timing_check import describe

    db = open_database(args.db, home=args.home)  # before the window: a bad database stops here
    try:
        from widgets.timing_check import measure_station

        outcome = measure_station(args.trials)
        if isinstance(outcome, str):
            print(f"baseline-studio: error: {outcome}", file=sys.stderr)
            return 2
        row = save_timing_profile(db, outcome)
    finally:
        db.close()
    print(describe(row))
    print(f"Stored in {db.label} as timing profile {row.uuid}.")
    return 0
