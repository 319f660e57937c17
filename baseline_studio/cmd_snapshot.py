"""`baseline-studio snapshot [--db URL] OUT_FILE`: a safe copy of the database to hand over
(to a USB stick, another laptop), made while the app may be running."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.home import default_db_url
from app.storage.snapshot import snapshot_database, snapshot_source


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "snapshot", parents=[common], help="write a verified copy of the database to hand over",
        description="Copy the database to OUT_FILE the safe way, even while the app is open: a "
        "consistent copy from one instant (SQLite's online backup), one self-contained file (no "
        "-wal beside it), checked (integrity check, same row counts as the database) and only "
        "then given its name. Its SHA-256 is written beside it as OUT_FILE.sha256. Copying the "
        "database file by hand can leave answers behind in its -wal file.")
    p.add_argument("out", type=Path, metavar="OUT_FILE", help="the copy to write, e.g. "
                   "/media/usb/laptop1.sqlite3 (an older file there is replaced)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    url = args.db or default_db_url(args.home)
    db_path = snapshot_source(url)
    result = snapshot_database(db_path, args.out)
    for leftover in result.cleaned:
        print(f"removed {leftover}: left by a snapshot that was stopped before it finished")
    rows = ", ".join(f"{n} {t}" for t, n in result.counts.items() if t != "schema_info")
    verb = "replaced" if result.replaced else "wrote"
    print(f"{verb} {result.path} ({result.size:,} bytes; {rows})")
    print(f"checked: integrity ok, row counts equal to {db_path}")
    print(f"sha256 {result.sha256} written to {result.checksum_path}")
    return 0
