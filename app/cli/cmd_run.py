"""`baseline-studio run`: the desktop app.

The core never imports Qt (import contract in pyproject.toml); the GUI front end is looked up
by name here, at run time only, so `validate`, `export` and the rest work without a display.
"""

from __future__ import annotations

import argparse
import importlib


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("run", parents=[common], help="open the app (the default command)")
    p.add_argument("--study", metavar="S", help="study folder, study.json or study id to open")
    p.add_argument("--participant", metavar="CODE", help="participant code to start or resume")
    p.add_argument("--self-test", action="store_true",
                   help="open a bundled study offscreen, answer an item, export, exit 0")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    gui = importlib.import_module("widgets.launch")
    return int(gui.launch(args))
