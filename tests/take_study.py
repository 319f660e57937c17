"""Taking a study with the real session engine, as a participant would: for the tests that
prove a bundled or imported study is runnable, not only valid. The screens are stepped through
with the kill test's driver (tests/kill_driver.py), which answers every kind validly."""

from __future__ import annotations

import random
from typing import Any

from app.session.engine import EndScreen, SessionEngine, TrialScreenSpec
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.kill_driver import step


def profile_for(loaded: LoadedStudy) -> dict[str, Any]:
    """A valid answer to every profile field."""
    out: dict[str, Any] = {}
    for field in loaded.study.profile_fields:
        if field.kind == "choice":
            out[field.id] = field.options[0].key
        elif field.kind == "number":
            out[field.id] = field.min if field.min is not None else 1
        else:
            out[field.id] = "test"
    return out


def take(loaded: LoadedStudy, db: Database, code: str = "P001", *,
         max_items: int | None = None) -> SessionEngine:
    """Answer items (all, or the first `max_items`) through every intro and break screen."""
    engine = SessionEngine(loaded, db, code, profile=profile_for(loaded))
    rng = random.Random(code)
    answered = 0
    while not isinstance(screen := engine.next_screen(), EndScreen):
        if max_items is not None and answered >= max_items:
            break
        step(engine, screen, rng)
        answered += isinstance(screen, TrialScreenSpec)
    return engine
