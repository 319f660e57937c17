"""`baseline-studio designer`: set designer mode's passphrase, or reset a forgotten one.

The designer sets the passphrase here before the first participant comes (the start screen
can too, until a participant session has started); afterwards the app never offers to choose
one, so a participant at the station cannot open designer mode. A forgotten passphrase is
replaced with --reset-passphrase: whoever can run this command on the machine already holds
its data folder, so the reset asks nothing more, and it is logged in designer.log. Only
designer.json changes; the database and its responses are not touched.

The passphrase is typed twice at the terminal (not echoed); when the input is not a terminal
(a script, a test) the two lines are read from standard input.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from app.security import (
    MIN_LENGTH,
    designer_log_path,
    has_designer_passphrase,
    log_designer_event,
    passphrase_path,
    set_designer_passphrase,
)
from app.study.errors import UserInputError


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "designer", parents=[common],
        help="set or reset designer mode's passphrase",
        description="Designer mode (Ctrl+Shift+D in the app) shows every participant, the results "
        "and the gold answers, behind a passphrase. Set it here before the first participant "
        "session; reset a forgotten one with --reset-passphrase (logged in designer.log in the "
        "data folder). Responses are never changed.",
    )
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--set-passphrase", action="store_true",
                      help="choose the passphrase (where none is set yet)")
    what.add_argument("--reset-passphrase", action="store_true",
                      help="replace a forgotten passphrase with a new one")
    p.set_defaults(handler=run)


def _read_twice() -> str:
    if sys.stdin.isatty():
        first = getpass.getpass(f"New designer passphrase (at least {MIN_LENGTH} characters): ")
        second = getpass.getpass("The same passphrase again: ")
    else:  # piped: two lines, as a script or a test gives them
        first, second = sys.stdin.readline().rstrip("\r\n"), sys.stdin.readline().rstrip("\r\n")
    if len(first) < MIN_LENGTH:
        raise UserInputError(f"a passphrase has at least {MIN_LENGTH} characters; nothing changed")
    if first != second:
        raise UserInputError("the two entries differ; nothing changed")
    return first


def run(args: argparse.Namespace) -> int:
    home = args.home
    if args.set_passphrase and has_designer_passphrase(home):
        raise UserInputError(
            f"a designer passphrase is already set ({passphrase_path(home)}); to replace a "
            "forgotten one, run: baseline-studio designer --reset-passphrase")
    passphrase = _read_twice()
    set_designer_passphrase(passphrase, home)
    action = "passphrase reset on the command line" if args.reset_passphrase else \
        "passphrase set on the command line"
    log_designer_event(action, home)
    print(f"designer passphrase {'reset' if args.reset_passphrase else 'set'} "
          f"({passphrase_path(home)}); logged in {designer_log_path(home)}")
    print("open designer mode in the app with Ctrl+Shift+D (menu Designer > Designer mode)")
    return 0
