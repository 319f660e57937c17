"""An export refuses a study while one participant holds two different answers to one
question (two databases merged without a resolve rule): every statistic would count both,
and no file of the export could say which one the participant gave."""

from __future__ import annotations

import pandas as pd

from app.storage.database import Database
from app.storage.merge import RESOLVE_RULES, answer_conflicts
from app.study.errors import UserInputError
from app.study.loader import LoadedStudy

SHOW = 10  # conflicts named in the message; the count says how many in all


class ConflictsError(UserInputError):
    """The study's answers hold conflicts; nothing was exported."""


def refuse_conflicts(loaded: LoadedStudy, db: Database, *, include_simulated: bool,
                     frame: pd.DataFrame | None = None) -> None:
    """Raise ConflictsError if the study holds a conflict. `frame`: the study's responses as
    this export read them (`app.results.frame.responses_frame`, the same `include_simulated`).
    A conflict needs a question answered twice by one participant; where the frame has none,
    the database is not asked (its GROUP BY over 600,000 responses took 1.3-2.3 s of the
    export's read, pandas' `duplicated` on the frame ~0.05 s). Otherwise the database says
    which repeats are conflicts, as without a frame."""
    if frame is not None and not answered_twice(frame):
        return
    conflicts = answer_conflicts(db, loaded.study.id, include_simulated=include_simulated)
    if not conflicts:
        return
    named = "; ".join(f"{c.participant} {c.place}" for c in conflicts[:SHOW])
    more = f" and {len(conflicts) - SHOW} more" if len(conflicts) > SHOW else ""
    raise ConflictsError(
        f"{db.label}: study {loaded.study.id!r} holds {len(conflicts)} conflict(s), a "
        f"participant's question answered differently in two merged databases ({named}{more}); "
        "nothing was exported. Settle them first: baseline-studio merge --resolve "
        f"{'|'.join(RESOLVE_RULES)} {db.label}")


def answered_twice(frame: pd.DataFrame) -> bool:
    """Whether a participant answered one question of one item more than once in `frame`
    (missing values count as equal, as in SQL's GROUP BY). A reader study's readings under
    two conditions are two questions answered once each, as the merge keys them."""
    key = ["participant", "item_id", "question_id"]
    key += ["condition"] if "condition" in frame.columns else []
    return bool(len(frame)) and bool(frame.duplicated(key).any())
