"""Synthetic participants: N of them answer a study, so that demos, load tests and benchmarks
have data (`baseline-studio simulate`).

Every simulated participant and response is marked `simulated` in the database, and exports
leave them out unless asked (`export --include-simulated`). How they answer and how long they
take is `app.simulation.answers`; all of it is drawn from generators seeded by (seed, study,
participant code, item), so participant SIM007 answers alike whichever machine simulates it
and whoever else is simulated with it.

Two ways to write:
- by default each participant goes through a real `SessionEngine` (simulated=True), every item
  committed on its own exactly as at a station (the load test relies on this);
- `bulk=True` builds the same rows directly and saves them in large transactions
  (`app.simulation.bulk`): for the hundreds of thousands of responses a benchmark wants.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from app.simulation.bulk import BulkWriter, simulate_bulk
from app.simulation.config import (
    DEFAULT_BATCH,
    SimulationConfig,
    check_config,
    parse_accuracy,
    parse_category_accuracy,
)
from app.simulation.participant import SimulatedParticipant
from app.storage.database import Database
from app.study.assets import registering_digest
from app.study.loader import LoadedStudy

__all__ = ["DEFAULT_BATCH", "SimulationConfig", "SimulationResult", "parse_accuracy",
           "parse_category_accuracy", "simulate"]

Progress = Callable[[int, int], None]  # participants done, participants in all


@dataclass(frozen=True)
class SimulationResult:
    participants: int
    responses: int  # written by this run (participants already done are skipped)
    seconds: float

    @property
    def responses_per_second(self) -> float:
        return self.responses / self.seconds if self.seconds > 0 else 0.0


def simulate(loaded: LoadedStudy, db: Database, config: SimulationConfig, *,
             progress: Progress | None = None) -> SimulationResult:
    """Simulate participants PREFIX+first ... PREFIX+(first+participants-1) into `db`."""
    check_config(loaded, config)
    started = time.perf_counter()
    numbers = range(config.first, config.first + config.participants)
    written = 0
    # A reader study's sittings (one per condition) are the engine's: no bulk path for them.
    if config.bulk and not loaded.study.conditions:
        study = loaded.study
        db.register_study(study.id, study.version, study.title, loaded.content_hash,
                          study.model_dump_json(), assets_digest=registering_digest(loaded))
        writer = BulkWriter(db, study.id, config.batch)
        for index, number in enumerate(numbers):
            simulate_bulk(SimulatedParticipant(loaded, config, number), writer, loaded.content_hash)
            writer.maybe_flush()
            if progress:
                progress(index + 1, len(numbers))
        writer.flush()
        written = writer.written
    else:
        for index, number in enumerate(numbers):
            written += SimulatedParticipant(loaded, config, number).run_engine(db)
            if progress:
                progress(index + 1, len(numbers))
    return SimulationResult(len(numbers), written, time.perf_counter() - started)
