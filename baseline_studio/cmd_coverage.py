"""`baseline-studio coverage`: how many raters each item has so far, against the study's k."""

from __future__ import annotations

import argparse

from app.catalog import kept_study, open_study
from app.session.coverage import coverage
from app.storage import open_database

SHOW = 30  # under-covered items listed; the rest are counted


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("coverage", parents=[common],
                       help="items with fewer than k raters so far, and the codes to hand out next")
    p.add_argument("--study", required=True, metavar="S", help="study folder, study.json or id")
    p.add_argument("--include-simulated", action="store_true",
                   help="count simulated participants too")
    p.add_argument("--all", action="store_true", help="list every under-covered item")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    loaded = kept_study(lambda: open_study(args.study, args.home))
    db = open_database(args.db, home=args.home, read_only=True)  # a locked stick reads too
    try:
        cov = coverage(loaded, db, include_simulated=args.include_simulated)
        simulated = sum(1 for p in db.participants(loaded.study.id) if p.simulated)
    finally:
        db.close()
    study = loaded.study
    n = len(cov.items)
    # Simulated participants are left out unless asked for: say so, or "0 so far" above 30
    # simulated ones reads as an empty database.
    left_out = ("" if not simulated else f", {simulated} of them simulated"
                if args.include_simulated else
                f"; {simulated} simulated participant(s) not counted (--include-simulated "
                "counts them)")
    print(f"{study.id} v{study.version}: {n} scored items, {cov.target} rater(s) wanted per item; "
          f"{cov.participants} participant(s) so far in {db.label}{left_out}")
    print(f"  {n - len(cov.under)}/{n} items have {cov.target} or more raters")
    under = cov.under
    if under:
        print(f"  {len(under)} item(s) with fewer ({sum(i.missing for i in under)} ratings missing):")
        shown = under if args.all else under[:SHOW]
        for item in shown:
            print(f"    {item.item_id}  {item.raters}/{item.target}")
        if len(shown) < len(under):
            print(f"    ... and {len(under) - len(shown)} more (--all lists them)")
    if cov.free_slots and not cov.complete:
        codes = cov.suggested_codes()
        more = f" (+{len(codes) - 20} more)" if len(codes) > 20 else ""
        print(f"  codes not used yet (each takes its own share of the items): "
              f"{', '.join(codes[:20])}{more}")
    return 0
