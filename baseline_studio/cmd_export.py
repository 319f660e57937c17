"""`baseline-studio export`: responses, scores, agreement and comparisons as files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.catalog import kept_study, open_study
from app.home import data_home
from app.results.options import AUTO, HOLM_FAMILIES, INTERVAL_KINDS, TIE_RULES, ResultsOptions
from app.storage import open_database
from app.study.assets import recorded_asset_changes
from app.study.errors import UserInputError


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("export", parents=[common], help="write results files for a study",
                       description="Write every results file of a study into a folder: "
                       "responses (long and wide), human and model scores, the comparison "
                       "table, agreement, response times, an MTEB results folder for HUME-kind "
                       "studies and report.html. docs/results.md describes every column.")
    p.add_argument("--study", required=True, metavar="S", help="study folder, study.json or id")
    p.add_argument("--out", required=True, type=Path, metavar="DIR", help="folder to write into")
    p.add_argument("--include-simulated", action="store_true",
                   help="also export responses of simulated participants")
    p.add_argument("--include-identifying", action="store_true",
                   help="also export free-text comments and profile fields marked identifying")
    p.add_argument("--tier-field", metavar="FIELD", default=AUTO,
                   help="profile field that splits raters into tiers (default: `tier` when the "
                   "study has it; `none` for no tiers)")
    p.add_argument("--tie-rule", choices=TIE_RULES, default="first_sorted",
                   help="majority-vote tie rule where a question does not set one (default: "
                   "HUME's, the first tied label in sort order)")
    p.add_argument("--bootstrap", type=int, default=1000, metavar="N",
                   help="bootstrap resamples for the 95%% confidence intervals (0: none)")
    p.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    p.add_argument("--interval", choices=INTERVAL_KINDS, default="raters+items",
                   help="what the confidence intervals treat as sampled: raters and items "
                   "(default: the CI speaks for new raters on new items), items only "
                   "(conditional on these raters) or raters only (conditional on these items)")
    p.add_argument("--holm-family", choices=HOLM_FAMILIES, default="table",
                   help="gaps.csv's Holm family: every gap of a table (default: the all-items "
                   "gaps of every question; each breakdown category's) or every gap of one "
                   "question")
    p.add_argument("--exclude", metavar="RULE[,RULE...]", default="",
                   help="leave out the participants these quality rules exclude (attention_failed, "
                   "too_fast, straight_lining, incomplete, low_competence, or all) from every file but "
                   "exclusions.csv and sensitivity.csv")
    p.add_argument("--alt-test-epsilon", type=float, default=0.2, metavar="E",
                   help="llm_annotators.csv: how much worse than a human a model may align and "
                   "still stand in for one (default 0.2, the paper's choice for expert raters; "
                   "0.1 for crowd workers)")
    p.add_argument("--inspect-log", action="store_true",
                   help="also write the pooled humans (and each tier) as Inspect eval logs in "
                   "inspect/ (needs inspect-ai)")
    p.add_argument("--digits", type=int, default=1, metavar="N",
                   help="decimals of percentages in paper/ (coefficients get N+1, p values N+2; "
                   "default 1: 61.4, 0.55, 0.031)")
    p.set_defaults(handler=run)


def _check_paths(args: argparse.Namespace) -> None:
    """Clean messages for an --out or --home that cannot be a folder (before any work)."""
    if args.out.exists() and not args.out.is_dir():
        raise UserInputError(f"--out {args.out}: exists and is not a folder; give a folder to "
                             "export into (it is created if missing)")
    if args.home is not None and args.home.exists() and not args.home.is_dir():
        raise UserInputError(f"--home {args.home}: exists and is not a folder")




def run(args: argparse.Namespace) -> int:
    if not 0 <= args.digits <= 6:
        raise UserInputError(f"--digits: {args.digits} is not between 0 and 6")
    if args.bootstrap < 0:
        raise UserInputError(f"--bootstrap: {args.bootstrap} is negative")
    _check_paths(args)
    if not 0 <= args.alt_test_epsilon <= 1:
        raise UserInputError(f"--alt-test-epsilon: {args.alt_test_epsilon} is not between 0 and 1")
    loaded = kept_study(lambda: open_study(args.study, args.home))
    fields = {f.id for f in loaded.study.profile_fields}
    tier = None if args.tier_field == "none" else args.tier_field
    if tier not in (None, AUTO) and tier not in fields:
        raise UserInputError(f"--tier-field: {loaded.source} has no profile field {tier!r} "
                             f"(it has: {', '.join(sorted(fields)) or 'none'})")
    exclude: tuple[str, ...] = ()
    if args.exclude:
        from app.results.quality import parse_rules  # (pandas: see the import below)

        exclude = parse_rules(args.exclude)
    options = ResultsOptions(tier_field=tier, tie_rule=args.tie_rule, n_boot=args.bootstrap,
                             seed=args.seed, include_simulated=args.include_simulated,
                             interval=args.interval, holm_family=args.holm_family,
                             alt_test_epsilon=args.alt_test_epsilon)
    # Imported here: pandas, scipy and scikit-learn take seconds, and every other command
    # (and --help) would pay for them at start-up.
    from exporters import export_all
    from exporters.inspect_log import available as inspect_log_available
    from exporters.inspect_log import inspect_note
    from exporters.mteb_results import missing_mteb_languages

    no_mteb = missing_mteb_languages(loaded)
    if no_mteb:
        print(f"warning: no MTEB results folder: {no_mteb}; every other file is written",
              file=sys.stderr)
    db = open_database(args.db, home=args.home, read_only=True)  # a locked stick reads too
    recorded = db.study_assets_digest(loaded.content_hash)  # the files when answers were given
    for change in recorded_asset_changes(loaded, recorded, data_home(args.home)):
        print(f"warning: {loaded.folder}: {change} since this version's answers were recorded "
              f"in {db.label}: the export may not show the files people saw", file=sys.stderr)
    if args.inspect_log and not inspect_log_available():
        raise UserInputError(inspect_note())
    try:
        written = export_all(loaded, db, args.out, include_simulated=args.include_simulated,
                             include_identifying=args.include_identifying, options=options,
                             notice=lambda text: print(text, file=sys.stderr),
                             exclude=exclude, digits=args.digits, inspect_log=args.inspect_log)
    except OSError as exc:  # a read-only or full disk, a folder that cannot be made
        raise UserInputError(f"--out {args.out}: cannot write the export: "
                             f"{exc.strerror or exc}"
                             + (f" ({exc.filename})" if exc.filename else "")
                             ) from exc
    finally:
        db.close()
    for path in written:
        print(path)
    from exporters.responses_csv import withheld_description

    withheld = None if args.include_identifying else withheld_description(loaded)
    if withheld:
        print(f"note: withheld from the export: {withheld}. Add --include-identifying to "
              "include them.")
    return 0
