"""`baseline-studio simulate`: synthetic participants answer a study (for demos, load tests and
benchmarks). They are marked simulated and left out of exports unless asked."""

from __future__ import annotations

import argparse
import sys

from app.catalog import kept_study, open_study
from app.simulation.config import (
    DEFAULT_BATCH,
    SimulationConfig,
    check_config,
    parse_accuracy,
    parse_category_accuracy,
)
from app.storage import open_database
from app.study_places import remember_folder
from app.wording import counted


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "simulate", parents=[common], help="answer a study as N synthetic participants",
        description="Simulated participants (codes PREFIX001...) answer the study through the "
        "session engine, one transaction per item as at a station, or with --bulk in large "
        "transactions. Answers and times are drawn from generators seeded by --seed and the "
        "participant code: the same participant answers alike on any machine. Participants "
        "already finished are skipped. Simulated data is marked as such and left out of "
        "exports unless `export --include-simulated`.")
    p.add_argument("--study", required=True, metavar="S", help="study folder, study.json or id")
    p.add_argument("--participants", required=True, type=int, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--first", type=int, default=1, metavar="K",
                   help="number of the first participant (default 1: SIM001)")
    p.add_argument("--prefix", default="SIM", help="participant code prefix (default SIM)")
    p.add_argument("--accuracy", default="", metavar="TIER=P,...",
                   help="accuracy per tier, e.g. primary=0.61,senior=0.73 (tiers are options of a "
                   "profile field; participants take them in turn)")
    p.add_argument("--default-accuracy", type=float, default=0.8, metavar="P",
                   help="accuracy where no tier applies (default 0.8)")
    p.add_argument("--category-accuracy", action="append", default=[], metavar="KEY=VALUE:P",
                   help="accuracy on items of a category, e.g. lesion_type=macule:0.4 (repeatable)")
    p.add_argument("--rating-noise", type=float, default=0.6, metavar="SD",
                   help="SD of ratings around gold, or around each item's latent mean (default 0.6)")
    p.add_argument("--rt-median-ms", type=float, default=2500.0, metavar="M")
    p.add_argument("--rt-sigma", type=float, default=0.45, metavar="S",
                   help="SD of log response time (default 0.45)")
    p.add_argument("--comment-rate", type=float, default=0.25, metavar="P",
                   help="chance of an optional comment (default 0.25)")
    p.add_argument("--bulk", action="store_true",
                   help="build all rows and save them in large transactions (fast; ids and times "
                   "derived from the seed)")
    p.add_argument("--batch", type=int, default=DEFAULT_BATCH, metavar="N",
                   help=f"with --bulk: responses per transaction (default {DEFAULT_BATCH})")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from app.simulate import simulate  # the simulator (numpy) only for this command: start-up

    loaded = kept_study(lambda: open_study(args.study, args.home))
    config = SimulationConfig(
        participants=args.participants, seed=args.seed, first=args.first, prefix=args.prefix,
        accuracy=parse_accuracy(args.accuracy),
        category_accuracy=parse_category_accuracy(args.category_accuracy),
        default_accuracy=args.default_accuracy, rating_noise=args.rating_noise,
        rt_median_ms=args.rt_median_ms, rt_sigma=args.rt_sigma, comment_rate=args.comment_rate,
        bulk=args.bulk, batch=args.batch)
    check_config(loaded, config)  # before the database is opened (or created)
    db = open_database(args.db, home=args.home)
    remember_folder(loaded, args.home)  # the designer lists it wherever it lives

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty() and (done == total or done % max(1, total // 100) == 0):
            print(f"\r{done}/{total} participants", end="\n" if done == total else "",
                  file=sys.stderr, flush=True)

    try:
        result = simulate(loaded, db, config, progress=progress)
    finally:
        db.close()
    codes = config.codes()
    print(f"simulated {counted(result.participants, 'participant')} ({codes[0]}..{codes[-1]}): "
          f"{result.responses} new responses in {result.seconds:.1f} s "
          f"({result.responses_per_second:,.0f} responses/s) into {db.label}")
    return 0
