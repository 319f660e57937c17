"""Argument parsing and dispatch for `baseline-studio`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from app import __version__
from app.study.errors import StudyError, UserInputError
from baseline_studio import commands

PROG = "baseline-studio"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Run human-baseline studies for AI benchmarks, offline, and score them.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="URL",
                        help="database URL (default: SQLite in the data folder), e.g. "
                             "sqlite:///path/file.sqlite3 or postgresql+psycopg://user@host/db")
    common.add_argument("--home", type=Path, metavar="DIR",
                        help="data folder (default: $BASELINE_STUDIO_HOME, else the user data dir)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in commands.REGISTRY:
        register(sub, common)
    return parser


def _check_home(home: Path | None) -> None:
    """One check of the data folder for every command, before any of them starts."""
    from app.home import HOME_ENV, home_problem

    given = f"--home {home}" if home is not None else None
    if home is None and os.environ.get(HOME_ENV):
        home, given = Path(os.environ[HOME_ENV]), f"{HOME_ENV}={os.environ[HOME_ENV]}"
    problem = home_problem(home) if home is not None else None
    if problem:
        raise UserInputError(f"{given}: {problem}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        # No command: open the app, as a double-click would.
        args = parser.parse_args(["run", *(argv or sys.argv[1:])])
        handler = args.handler
    try:
        _check_home(getattr(args, "home", None))
        return handler(args)
    except StudyError as exc:
        print(exc.report(), file=sys.stderr)
        n = len(exc.problems)
        print(f"{PROG}: {n} problem{'s' if n != 1 else ''} found", file=sys.stderr)
        return 2
    except UserInputError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
