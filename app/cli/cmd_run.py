"""`baseline-studio run`: the desktop app.

The core never imports Qt (import contract in pyproject.toml); the GUI front end is looked up
by name here, at run time only, so `validate`, `export` and the rest work without a display.
"""

from __future__ import annotations

import argparse
import importlib

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
    gui = importlib.import_module("widgets.launch")
    return int(gui.launch(args))
