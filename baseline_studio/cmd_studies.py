"""`baseline-studio studies`: the bundled and installed studies."""

from __future__ import annotations

import argparse

from app.catalog import list_studies


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("studies", parents=[common], help="list bundled and installed studies")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    entries = list_studies(args.home)
    if not entries:
        print("no studies found")
        return 0
    width = max(len(e.study_id) for e in entries)
    for e in entries:
        demo = "  [demo, illustrative]" if e.illustrative else ""
        print(f"{e.study_id:<{width}}  {e.origin:<9}  {e.title}{demo}\n{'':<{width}}  {e.path}")
    return 0
