"""#4 A durable response write: WAL, synchronous=FULL (target median <= 5 ms).

Measured: Database.save_responses with what one answered item produces (one response row and
two answer-change events), one transaction, committed to disk when it returns; the database
already holds a participant's worth of rows, so the indexes are not empty.
Baseline: a bare write + fsync of a small file (the same ~1 KB) in the same folder, i.e. what
the disk itself charges for one durable write right now.
Also reported: SessionEngine.submit end to end (answer check, rows, the same write).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from app.session.engine import QuestionAnswer, SessionEngine, TrialTiming
from app.storage.database import Database, new_uuid, utc_now
from app.storage.opening import open_database
from app.storage.reads import record_values
from app.storage.records import EventRecord, ResponseRecord
from app.study.loader import load_study
from benchmarks.common import Row, main_for, median, ms, paired, percentile
from benchmarks.studygen import write_text_study

WHAT = "a durable response write (WAL, synchronous=FULL)"
TARGET = "median <= 5 ms"


def _rows(i: int) -> tuple[list[ResponseRecord], list[EventRecord]]:
    now = utc_now()
    response = ResponseRecord(
        uuid=new_uuid(), study_id="bench", content_hash="h" * 64, participant_code="P001",
        session_uuid="s1", item_id=f"q{i:05d}", question_id="answer", block_id="main",
        position=i, answer_json='"B"', option_order_json='["A", "B", "C", "D", "E"]',
        onset_ns=10**15 + i, first_interaction_ns=10**15 + i + 400_000_000,
        answer_ns=10**15 + i + 900_000_000, onset_utc=now, answer_utc=now, rt_ms=900.0,
        first_interaction_ms=400.0)
    events = [EventRecord(uuid=new_uuid(), study_id="bench", participant_code="P001",
                          session_uuid="s1", kind="answer_changed", item_id=f"q{i:05d}",
                          payload_json=json.dumps({"question": "answer", "to": key}),
                          mono_ns=10**15 + i, utc=now) for key in ("A", "B")]
    return [response], events


def _prefill(db: Database, n: int) -> None:
    """n earlier answers, inserted in one transaction (not what is measured)."""
    db.insert_bulk({"response": [
        {**record_values(_rows(10**6 + i)[0][0]), "origin": db.origin, "participant_code": "P000"}
        for i in range(n)]})


def bench(args: argparse.Namespace, folder: Path) -> Row:
    db = open_database(f"sqlite:///{folder / 'bench.sqlite3'}")
    _prefill(db, 2_000 if args.quick else 20_000)
    payload = b"x" * 1024
    counter = iter(range(10**6))
    probe = folder / "fsync-probe.bin"

    def durable_write() -> None:
        rows, events = _rows(next(counter))
        db.save_responses(rows, events)

    def bare_fsync() -> None:
        with open(probe, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())

    n = 60 if args.quick else 300
    measured, baseline = paired(durable_write, bare_fsync, n, warmup=5)
    submit_ms = _engine_submit(folder, 20 if args.quick else 100)
    db.close()
    m, b = median(measured), median(baseline)
    return Row(
        4, WHAT, TARGET,
        baseline=f"write+fsync of 1 KB in the same folder: median {ms(b)}, p95 {ms(percentile(baseline, 95))}",
        measured=f"median {ms(m)}, p95 {ms(percentile(measured, 95))} (n={n})",
        ratio=m / b, met=m <= 0.005,
        note=f"SessionEngine.submit end to end: median {ms(median(submit_ms))}, "
             f"p95 {ms(percentile(submit_ms, 95))}",
        extra={"median_s": m, "p95_s": percentile(measured, 95), "baseline_median_s": b,
               "submit_median_s": median(submit_ms)},
    )


def _engine_submit(folder: Path, n: int) -> list[float]:
    import time

    loaded = load_study(write_text_study(folder / "text-study", n_items=n + 5))
    db = open_database(f"sqlite:///{folder / 'engine.sqlite3'}")
    engine = SessionEngine(loaded, db, "P-bench")
    out = []
    for planned in engine.plan[:n]:
        start = time.perf_counter()
        engine.submit(planned.position, [QuestionAnswer("label", "pos", answer_ns=2, n_changes=1)],
                      TrialTiming(onset_ns=1))
        out.append(time.perf_counter() - start)
    engine.close()
    db.close()
    return out


if __name__ == "__main__":
    main_for(4, WHAT, TARGET, bench)
