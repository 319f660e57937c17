"""`baseline-studio restore-backup`: list the rolling backups of a SQLite database, or put one
back into service. Nothing is overwritten: the current file is renamed aside first, or the
backup goes to a new path given with --to."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.home import default_db_url
from app.storage.backup import (
    BackupError,
    backup_folder,
    integrity_problems,
    list_backups,
    restore_backup,
    sqlite_file,
)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "restore-backup", parents=[common],
        help="list or restore the automatic backups of a SQLite database",
        description="Backups are taken at the end of every session into backups/ beside the "
        "database (the last 5 are kept). Restoring never overwrites a file: without --to, the "
        "current database and its -wal/-shm are renamed to NAME.damaged-TIME first. Close the "
        "app on this database before restoring.",
    )
    p.add_argument("--list", action="store_true", help="list the backups and whether each is sound")
    p.add_argument("--backup", type=Path, metavar="FILE",
                   help="which backup to restore (default: the newest one that passes its check)")
    p.add_argument("--to", type=Path, metavar="PATH",
                   help="restore into this new file instead of the database's own path")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    url = args.db or default_db_url(args.home)
    db_path = sqlite_file(url)
    if db_path is None:
        raise BackupError(f"{url}: backups are kept for SQLite files only; back up a PostgreSQL "
                          "server with pg_dump")
    if args.list:
        backups = list_backups(db_path)
        if not backups:
            print(f"no backups of {db_path} in {backup_folder(db_path)}")
            return 0
        for info in backups:
            problems = integrity_problems(info.path)
            state = "ok" if not problems else f"DAMAGED: {problems[0]}"
            print(f"{info.created_utc}  {info.size:>12,} bytes  {state}  {info.path}")
        return 0
    result = restore_backup(db_path, args.backup, to=args.to)
    if result.damaged_kept is not None:
        print(f"kept the previous file as {result.damaged_kept}")
    print(f"restored {result.backup.name} to {result.restored}")
    return 0
