"""Load test: N stations (separate processes) with simulated participants writing at the same
time to one PostgreSQL database and to one SQLite file; then a check that no response was lost
or written twice.

Each process opens the database as a station does and runs simulated participants through
the real SessionEngine, every answered item committed in its own transaction (WAL and
synchronous=FULL on SQLite). All processes start together (a barrier). Afterwards every
(participant, item, question) of every plan must be in the database exactly once, every
session ended, and the row count must match.

    python -m benchmarks.load_test [--processes 8] [--participants 2] [--study hume-demo]
                                   [--backends sqlite,postgres] [--pg URL] [--json]

PostgreSQL: --pg, else $BASELINE_STUDIO_TEST_PG (`eval "$(.ci/postgres start)"` gives one); the
test runs in a fresh schema that is dropped afterwards. Exit status 1 if a check fails.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from queue import Empty
from typing import Any

from sqlalchemy import create_engine, text

from app.catalog import open_study
from app.session.plan import build_plan
from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage.records import EventRecord, ResponseRecord
from benchmarks.common import percentile

PREFIX = "LOAD"


@dataclass
class LoadResult:
    backend: str
    processes: int
    participants: int
    responses: int
    expected: int
    missing: int
    duplicated: int
    sessions_open: int
    wall_s: float
    responses_per_s: float
    items_per_s: float
    commit_ms_median: float
    commit_ms_p95: float
    commit_ms_max: float
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _station(url: str, study: str, first: int, participants: int, seed: int, barrier: Any,
             queue: Any) -> None:
    """One station: open the database, wait for the others, run its participants."""
    loaded = open_study(study)
    db = open_database(url)
    latencies: list[float] = []
    save = db.save_responses

    def timed_save(rows: list[ResponseRecord], events: list[EventRecord] | tuple[()] = ()) -> None:
        started = time.perf_counter()
        save(rows, events)
        latencies.append((time.perf_counter() - started) * 1000)

    db.save_responses = timed_save  # type: ignore[method-assign]
    barrier.wait(300)
    result = simulate(loaded, db, SimulationConfig(participants=participants, first=first,
                                                   seed=seed, prefix=PREFIX))
    db.close()
    queue.put({"responses": result.responses, "latencies": latencies})


def _collect(queue: Any, procs: list[Any], limit_s: float = 1800) -> list[dict[str, Any]]:
    """Each station's report; a station that died without one ends the wait at once (its exit
    code is reported below) instead of leaving the run hanging until the limit."""
    reports: list[dict[str, Any]] = []
    deadline = time.monotonic() + limit_s
    while len(reports) < len(procs) and time.monotonic() < deadline:
        try:
            reports.append(queue.get(timeout=1))
        except Empty:
            finished = sum(1 for p in procs if p.exitcode is not None)
            if finished > len(reports) and all(p.exitcode is not None for p in procs):
                break
            if any(p.exitcode not in (None, 0) for p in procs):
                break
    return reports


def expected_keys(study: str, codes: list[str]) -> set[tuple[str, str, str]]:
    loaded = open_study(study)
    items = loaded.items_by_id
    return {(code, p.item_id, q.id) for code in codes for p in build_plan(loaded.study, code)
            for q in items[p.item_id].questions}


def run_load(url: str, backend: str, *, study: str = "hume-demo", processes: int = 8,
             participants: int = 2, seed: int = 1) -> LoadResult:
    loaded = open_study(study)
    open_database(url).close()  # schema created once, as the first station of the day would
    ctx = multiprocessing.get_context("spawn")
    barrier, queue = ctx.Barrier(processes + 1), ctx.Queue()
    procs = [ctx.Process(target=_station, args=(url, str(loaded.folder), 1 + i * participants,
                                                participants, seed, barrier, queue))
             for i in range(processes)]
    for p in procs:
        p.start()
    barrier.wait(300)
    started = time.perf_counter()
    reports = _collect(queue, procs)
    wall = time.perf_counter() - started
    for p in procs:
        p.join(60)
    problems = [f"station {i} exited with {p.exitcode}" for i, p in enumerate(procs) if p.exitcode]

    codes = [f"{PREFIX}{n:03d}" for n in range(1, processes * participants + 1)]
    want = expected_keys(str(loaded.folder), codes)
    db = open_database(url)
    with db.engine.connect() as conn:
        counts = {(c, i, q): int(n) for c, i, q, n in conn.execute(text(
            "SELECT participant_code, item_id, question_id, COUNT(*) FROM response "
            "WHERE study_id = :s GROUP BY participant_code, item_id, question_id"),
            {"s": loaded.study.id})}
        total = int(conn.execute(text("SELECT COUNT(*) FROM response WHERE study_id = :s"),
                                 {"s": loaded.study.id}).scalar_one())
        sessions_open = int(conn.execute(text(
            "SELECT COUNT(*) FROM session WHERE study_id = :s AND ended_utc IS NULL"),
            {"s": loaded.study.id}).scalar_one())
    db.close()
    missing = len(want - counts.keys())
    duplicated = sum(n - 1 for n in counts.values() if n > 1)
    unexpected = len(counts.keys() - want)
    if missing:
        problems.append(f"{missing} responses lost")
    if duplicated:
        problems.append(f"{duplicated} responses written twice")
    if unexpected:
        problems.append(f"{unexpected} responses nobody was asked for")
    if total != len(want):
        problems.append(f"{total} rows, expected {len(want)}")
    if sessions_open:
        problems.append(f"{sessions_open} sessions never ended")
    written = sum(r["responses"] for r in reports)
    if written != total:
        problems.append(f"stations report {written} responses, the database holds {total}")
    latencies = [x for r in reports for x in r["latencies"]]
    return LoadResult(
        backend=backend, processes=processes, participants=len(codes), responses=total,
        expected=len(want), missing=missing, duplicated=duplicated, sessions_open=sessions_open,
        wall_s=round(wall, 2), responses_per_s=round(total / wall, 1),
        items_per_s=round(len(latencies) / wall, 1),
        commit_ms_median=round(statistics.median(latencies), 2) if latencies else 0.0,
        commit_ms_p95=round(percentile(latencies, 95), 2) if latencies else 0.0,
        commit_ms_max=round(max(latencies), 2) if latencies else 0.0, problems=problems)


@contextmanager
def fresh_schema(base_url: str) -> Iterator[str]:
    """A new schema on the server for one run, dropped afterwards."""
    schema = f"load_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{base_url}{'&' if '?' in base_url else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def describe(r: LoadResult) -> str:
    verdict = "OK: no response lost or duplicated" if r.ok else "FAILED: " + "; ".join(r.problems)
    return (f"{r.backend:<10} {r.processes} processes x {r.participants // r.processes} participants: "
            f"{r.responses}/{r.expected} responses in {r.wall_s:.1f} s = {r.responses_per_s:.0f} "
            f"responses/s ({r.items_per_s:.0f} item commits/s; commit median {r.commit_ms_median} ms, "
            f"p95 {r.commit_ms_p95} ms, max {r.commit_ms_max} ms)  {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--participants", type=int, default=2, help="per process")
    parser.add_argument("--study", default="hume-demo")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--pg", default=os.environ.get("BASELINE_STUDIO_TEST_PG", ""))
    parser.add_argument("--json", action="store_true", help="one JSON object per backend")
    args = parser.parse_args(argv)
    results: list[LoadResult] = []
    for backend in args.backends.split(","):
        kwargs = {"study": args.study, "processes": args.processes,
                  "participants": args.participants, "seed": args.seed}
        if backend == "sqlite":
            with tempfile.TemporaryDirectory(prefix="baseline-load-") as folder:
                results.append(run_load(f"sqlite:///{Path(folder) / 'load.sqlite3'}", backend, **kwargs))
        elif backend == "postgres":
            if not args.pg:
                print("postgres: skipped (no --pg and BASELINE_STUDIO_TEST_PG is not set)")
                continue
            with fresh_schema(args.pg) as url:
                results.append(run_load(url, backend, **kwargs))
        else:
            parser.error(f"unknown backend {backend!r}")
    for r in results:
        print(json.dumps(asdict(r)) if args.json else describe(r))
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
