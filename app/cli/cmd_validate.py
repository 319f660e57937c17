"""`baseline-studio validate STUDY`: every problem of a study, with file and JSON path."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.catalog import find_study
from app.study.loader import load_study
from app.wording import counted


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("validate", parents=[common], help="check a study folder or study.json",
                       description="Check a study and list every problem with its file and place.")
    p.add_argument("study", help="study folder, its study.json, or a known study id")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    loaded = load_study(find_study(args.study, args.home))
    study = loaded.study
    n_questions = sum(len(i.questions) for i in study.items)
    n_images = sum(len(getattr(i.stimulus, "images", [])) for i in study.items)
    print(f"{Path(loaded.source)}: ok")
    print(f"  {study.id} v{study.version}: {study.title}")
    print(f"  {counted(len(study.items), 'item')}, {counted(n_questions, 'question')}, "
          f"{counted(n_images, 'image')}, {counted(len(study.blocks), 'block')}; "
          f"sha256 {loaded.content_hash[:12]}")
    if study.illustrative:
        print("  demo study: content and model scores are illustrative")
    return 0
