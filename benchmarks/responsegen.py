"""Hundreds of thousands of responses for a generated study, inserted directly.

The simulator's bulk path (`baseline-studio simulate --bulk`) models each rater properly and
takes minutes for 600,000 responses on this machine; the exports benchmark needs the same
volume in seconds, so this writes plausible rows straight into the tables with the driver's
executemany: every rater answers every item once (choice: right with probability 0.7, else a
random wrong option), a log-normal response time, positions in a per-rater shuffled order.
Every row is marked simulated, and exports are asked to include simulated responses.
"""

from __future__ import annotations

import json
import math
import random

from app.storage.database import Database, utc_now
from app.study.loader import LoadedStudy
from app.study.model import ChoiceQuestion

RESPONSE_COLUMNS = (
    "uuid", "study_id", "content_hash", "participant_code", "session_uuid", "item_id",
    "question_id", "block_id", "position", "answer_json", "option_order_json", "onset_ns",
    "first_interaction_ns", "answer_ns", "onset_utc", "answer_utc", "rt_ms",
    "first_interaction_ms", "excluded_ms", "n_changes", "timed_out", "practice", "simulated",
    "origin",
)


def insert_responses(loaded: LoadedStudy, db: Database, raters: int, *, seed: int = 0,
                     accuracy: float = 0.7, batch: int = 100_000) -> int:
    study = loaded.study
    rng = random.Random(seed)
    now = utc_now()
    mark = "?" if db.engine.dialect.paramstyle == "qmark" else "%s"
    insert = (f"INSERT INTO response ({', '.join(RESPONSE_COLUMNS)}) "
              f"VALUES ({', '.join([mark] * len(RESPONSE_COLUMNS))})")
    questions = [(item, q) for item in study.items for q in item.questions
                 if isinstance(q, ChoiceQuestion)]
    # Per question, once: the shown order and the answers as stored JSON.
    prepared = []
    for item, q in questions:
        keys = [o.key for o in q.options]
        wrong = [json.dumps(k) for k in keys if k != q.gold] or [json.dumps(k) for k in keys]
        prepared.append((item, q, json.dumps(keys), None if q.gold is None else json.dumps(q.gold),
                         wrong))
    db.register_study(study.id, study.version, study.title, loaded.content_hash,
                      study.model_dump_json())
    written = 0
    with db.engine.begin() as conn:
        for r in range(raters):
            code = f"SIM{r + 1:03d}"
            tier = "senior" if r % 3 == 0 else "primary"
            session = _uuid(rng)
            conn.exec_driver_sql(
                f"INSERT INTO participant (study_id, code, profile_json, simulated, created_utc, "
                f"origin) VALUES ({', '.join([mark] * 6)})",
                (study.id, code, json.dumps({"tier": tier}), True, now, db.origin))
            conn.exec_driver_sql(
                f"INSERT INTO session (uuid, study_id, content_hash, participant_code, "
                f"started_utc, ended_utc, app_version, refresh_hz, screen, origin) "
                f"VALUES ({', '.join([mark] * 10)})",
                (session, study.id, loaded.content_hash, code, now, now, "bench", 60.0,
                 "bench", db.origin))
            order = list(range(len(questions)))
            rng.shuffle(order)
            rows = []
            clock = 10**12
            for position, index in enumerate(order):
                item, question, keys_json, right, wrong = prepared[index]
                answer = right if right is not None and rng.random() < accuracy else \
                    rng.choice(wrong)
                rt = rng.lognormvariate(_LOG_MEDIAN_RT, 0.45)
                onset = clock
                answer_ns = onset + int(rt * 1e6)
                clock = answer_ns + 300_000_000
                rows.append((_uuid(rng), study.id, loaded.content_hash, code, session, item.id,
                             question.id, item.block, position, answer, keys_json, onset,
                             onset + int(rt * 0.6e6), answer_ns, now, now, rt, rt * 0.6, 0.0, 1,
                             False, False, True, db.origin))
                if len(rows) >= batch:
                    conn.exec_driver_sql(insert, rows)
                    written += len(rows)
                    rows = []
            if rows:
                conn.exec_driver_sql(insert, rows)
                written += len(rows)
    return written


_LOG_MEDIAN_RT = math.log(2500.0)


def _uuid(rng: random.Random) -> str:
    x = f"{rng.getrandbits(128):032x}"
    return f"{x[:8]}-{x[8:12]}-4{x[13:16]}-{x[16:20]}-{x[20:]}"
