"""`baseline-studio run`: the desktop app.

The GUI is imported when this command runs, not when the command line starts, so `validate`,
`export` and the rest neither wait for Qt nor need a display (tests/test_startup_imports.py).
"""

from __future__ import annotations

import argparse

from app.study.errors import UserInputError


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("run", parents=[common], help="open the app (the default command)")
    p.add_argument("--study", metavar="S", help="study folder, study.json or study id to open")
    p.add_argument("--participant", metavar="CODE", help="participant code to start or resume")
    p.add_argument("--preview", action="store_true",
                   help="walk through --study as a participant would; answers go to a "
                        "throwaway database, deleted at the end (nothing is saved)")
    p.add_argument("--self-test", action="store_true",
                   help="open a bundled study offscreen, answer an item, export, exit 0")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "preview", False) and not args.study:
        raise UserInputError("--preview needs the study to preview: run --study S --preview")
    from widgets.launch import launch

    return launch(args)
