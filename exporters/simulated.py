"""Simulated participants (`baseline-studio simulate`) in an export: counted wherever a reader
reads the number of participants, and never an export that quietly holds nobody."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from app.storage.database import Database
from app.study.errors import UserInputError
from app.study.loader import LoadedStudy
from app.wording import counted


def simulated_count(frame: pd.DataFrame) -> int:
    """Simulated participants among those whose responses `frame` holds."""
    if frame.empty or "simulated" not in frame.columns:
        return 0
    return int(frame.loc[frame["simulated"].astype(bool), "participant"].nunique())


def check_withheld(loaded: LoadedStudy, db: Database, frame: pd.DataFrame, *,
                   include_simulated: bool, notice: Callable[[str], None] | None) -> None:
    """Without --include-simulated: an export left with no responses because every one was
    simulated is refused (the command line exits 2); a partial one says how many it left out."""
    if include_simulated:
        return
    withheld = {p.code for p in db.participants(loaded.study.id) if p.simulated}
    if not withheld:
        return
    if frame.empty:
        raise UserInputError(
            f"{loaded.source}: every participant with responses is simulated "
            f"({counted(len(withheld), 'simulated participant')}); nothing to export. Add "
            "--include-simulated to export them, labelled as simulated.")
    if notice:
        notice(f"note: {counted(len(withheld), 'simulated participant')} left out of the "
               "export; --include-simulated includes them, labelled as simulated")
