"""An export refuses a study while one participant holds two different answers to one
question (two databases merged without a resolve rule): every statistic would count both,
and no file of the export could say which one the participant gave."""

from __future__ import annotations

from app.storage.database import Database
from app.storage.merge import RESOLVE_RULES, answer_conflicts
from app.study.errors import UserInputError
from app.study.loader import LoadedStudy

SHOW = 10  # conflicts named in the message; the count says how many in all


class ConflictsError(UserInputError):
    """The study's answers hold conflicts; nothing was exported."""


def refuse_conflicts(loaded: LoadedStudy, db: Database, *, include_simulated: bool) -> None:
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
