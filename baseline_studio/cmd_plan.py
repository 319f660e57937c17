"""`baseline-studio plan`: how many raters per item a study needs for the confidence intervals
it wants, from a seeded Monte Carlo on the simulator (`app.simulation.planning`)."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from app.atomic_write import write_text_atomically
from app.catalog import kept_study, open_study
from app.study.errors import UserInputError


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "plan", parents=[common], help="how many raters per item a study needs",
        description="A seeded Monte Carlo on the simulator's participant model, for every "
        "choice and rating question (or the one given with --question): for each number of "
        "raters per item, simulated studies of that design (the study's assignment of items "
        "to participants, each participant a new person) give the expected width of the 95% "
        "confidence intervals of the human score, of the gap to each model with predictions "
        "and of Krippendorff's alpha, and the participants and hours it takes. Rates come from "
        "the pilot responses in --db when it holds some, else from the options. Writes "
        "plan.csv into --out (docs/results.md).")
    p.add_argument("--study", required=True, metavar="S", help="study folder, study.json or id")
    p.add_argument("--question", metavar="ID",
                   help="plan this question only (default: every choice and rating question)")
    p.add_argument("--raters-per-item", default="2,3,4,6,8", metavar="R,R,...",
                   help="candidate numbers of raters per item (default 2,3,4,6,8)")
    p.add_argument("--items", type=int, metavar="N",
                   help="items in the planned study (default: the study's items of the question)")
    p.add_argument("--target-width", type=float, default=0.2, metavar="W",
                   help="the widest confidence interval acceptable, as a share of the score's "
                   "scale: W for an accuracy, a gap or alpha, W x (max - min) for a mean rating "
                   "(default 0.2: 0.8 points on a 1-5 scale)")
    p.add_argument("--runs", type=int, default=60, metavar="R",
                   help="simulated studies per design (default 60)")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--accuracy", type=float, default=0.8, metavar="P",
                   help="assumed human accuracy without a pilot (default 0.8)")
    p.add_argument("--rt-median-ms", type=float, default=2500.0, metavar="M",
                   help="assumed time per answer without a pilot (default 2500)")
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="folder to write plan.csv into (default: the data folder, --home)")
    p.set_defaults(handler=run)


# Bounds: beyond them a plan takes hours or the memory of the machine, and says nothing new.
MAX_RATERS = 100
MAX_DESIGNS = 20
MAX_ITEMS = 100_000
MAX_RUNS = 10_000
MAX_WORK = 200_000_000  # runs x items x raters summed over the designs: simulated answers
MAX_RT_MS = 24 * 3_600_000


def _raters(text: str) -> tuple[int, ...]:
    try:
        values = sorted({int(v) for v in text.split(",") if v.strip()})
    except ValueError:
        raise UserInputError(f"--raters-per-item: {text!r} is not a list of whole numbers "
                             "(e.g. 2,3,4)") from None
    if not values or values[0] < 2:
        raise UserInputError(f"--raters-per-item: {text!r}: at least 2 raters per item (agreement "
                             "needs two)")
    if values[-1] > MAX_RATERS or len(values) > MAX_DESIGNS:
        raise UserInputError(f"--raters-per-item: {text[:80]!r}: at most {MAX_DESIGNS} designs of "
                             f"at most {MAX_RATERS} raters per item")
    return tuple(values)


def run(args: argparse.Namespace) -> int:
    raters = _raters(args.raters_per_item)
    if not 2 <= args.runs <= MAX_RUNS:
        raise UserInputError(f"--runs: {args.runs} is not between 2 (a width needs a spread) "
                             f"and {MAX_RUNS:,}")
    if args.items is not None and not 2 <= args.items <= MAX_ITEMS:
        raise UserInputError(f"--items: {args.items} is not between 2 and {MAX_ITEMS:,}")
    if not (math.isfinite(args.target_width) and 0 < args.target_width <= 2):
        raise UserInputError(f"--target-width: {args.target_width} is not a width above 0 and "
                             "at most 2 (the scores lie between -1 and 1)")
    if not (math.isfinite(args.accuracy) and 0 < args.accuracy <= 1):
        raise UserInputError(f"--accuracy: {args.accuracy} does not lie in (0, 1]")
    if not (math.isfinite(args.rt_median_ms) and 0 < args.rt_median_ms <= MAX_RT_MS):
        raise UserInputError(f"--rt-median-ms: {args.rt_median_ms} is not a time above 0 and "
                             f"at most {MAX_RT_MS:,} ms (a day)")
    work = args.runs * (args.items or 1) * sum(raters)
    if work > MAX_WORK:
        raise UserInputError(f"--runs {args.runs} x --items {args.items} x raters {sum(raters)}: "
                             f"{work:,} simulated answers, more than {MAX_WORK:,} (hours of "
                             "work); fewer runs, items or designs")
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        raise UserInputError(f"--out {args.out}: exists and is not a folder; give the folder "
                             "to write plan.csv into")
    # numpy, pandas and scipy: imported here so the other commands start at once
    import pandas as pd

    from app.home import data_home
    from app.simulation.planning import (
        HOURS,
        PARTICIPANTS,
        PLAN_COLUMNS,
        RATERS,
        RECOMMENDED,
        TARGET_HUMAN,
        make_plans,
        plan_targets,
    )

    loaded = kept_study(lambda: open_study(args.study, args.home))
    targets = [t.question_id for t in plan_targets(loaded)]
    if not targets:
        raise UserInputError(f"{loaded.source}: no choice or rating question on a trial item to "
                             "plan for")
    if args.question is not None and args.question not in targets:
        raise UserInputError(f"--question {args.question!r}: not a choice or rating question on "
                             f"a trial item of {loaded.study.id} (those are: "
                             f"{', '.join(targets)})")
    frame = None
    if args.db:
        from app.results.frame import responses_frame
        from app.storage import open_database

        db = open_database(args.db, home=args.home)
        try:
            frame = responses_frame(loaded, db)
        finally:
            db.close()
    plans = make_plans(loaded, frame, raters=raters, n_items=args.items, runs=args.runs,
                       target_width=args.target_width, seed=args.seed, accuracy=args.accuracy,
                       rt_median_ms=args.rt_median_ms, question=args.question)
    table = pd.DataFrame([row for plan in plans for row in plan.rows], columns=PLAN_COLUMNS)
    folder = args.out if args.out is not None else data_home(args.home)
    path = folder / "plan.csv"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        table.to_csv(path, index=False, encoding="utf-8")
    except OSError as exc:
        raise UserInputError(f"--out: cannot write {path}: {exc.strerror or exc}") from None
    from app.study.checklist import PLAN_SUMMARY

    summary = folder / PLAN_SUMMARY
    try:
        write_text_atomically(summary, json.dumps(plan_summary(loaded, plans, table, args),
                                                  indent=2) + "\n")
    except OSError as exc:
        raise UserInputError(f"--out: cannot write {summary}: {exc.strerror or exc}") from None
    for plan in plans:
        rows = table[table["question"] == plan.target.question_id]
        print(f"plan for question {plan.target.question_id!r} of {loaded.study.id} "
              f"({plan.source()}; {args.runs} runs, seed {args.seed}):")
        print(rows.drop(columns=["question"]).to_string(
            index=False, float_format=lambda v: f"{v:.3f}"))
        chosen = rows[rows[RECOMMENDED]]
        if chosen.empty:
            human = float(rows[TARGET_HUMAN].iloc[0])
            print(f"no design up to {max(raters)} raters per item meets the target width "
                  f"{human:g} (human score), {args.target_width:g} (gap, alpha): more items or "
                  "more raters")
        else:
            best = chosen.iloc[0]
            hours = best[HOURS]
            print(f"recommended: {int(best[RATERS])} raters per item, "
                  f"{int(best[PARTICIPANTS])} participants, about "
                  f"{math.ceil(hours * 10) / 10:g} hours of work")
        print()
    print(f"wrote {path} and {summary} (the checklist's power analysis, item 1.8, reads it "
          "when the study's reporting.plan names this folder)")
    return 0


def plan_summary(loaded: Any, plans: list[Any], table: Any, args: argparse.Namespace
                 ) -> dict[str, Any]:
    """plan.json: the recommended design of each question and what it was planned for
    (app.study.checklist reads it for items 1.8 and 1.8.1)."""
    from app.simulation.planning import (
        HOURS,
        ITEMS,
        MEASURE,
        PARTICIPANTS,
        RATERS,
        RECOMMENDED,
        TARGET_HUMAN,
        TARGET_OTHER,
        WIDTH_ALPHA,
        WIDTH_GAP,
        WIDTH_HUMAN,
    )

    def number(value: Any) -> float | None:
        return None if value is None or not math.isfinite(float(value)) else float(value)

    questions = []
    for plan in plans:
        rows = table[table["question"] == plan.target.question_id]
        chosen = rows[rows[RECOMMENDED]]
        best = None
        if not chosen.empty:
            row = chosen.iloc[0]
            best = {"raters_per_item": int(row[RATERS]), "items": int(row[ITEMS]),
                    "participants": int(row[PARTICIPANTS]), "hours": number(row[HOURS]),
                    "width_human": number(row[WIDTH_HUMAN]), "width_gap": number(row[WIDTH_GAP]),
                    "width_alpha": number(row[WIDTH_ALPHA])}
        questions.append({"question": plan.target.question_id, "measure": str(rows[MEASURE].iloc[0]),
                          "rates": plan.source(),
                          "target_human": number(rows[TARGET_HUMAN].iloc[0]),
                          "target_other": number(rows[TARGET_OTHER].iloc[0]),
                          "recommended": best})
    return {"study": loaded.study.id, "version": loaded.study.version, "runs": args.runs,
            "seed": args.seed, "target_width": args.target_width, "questions": questions}
