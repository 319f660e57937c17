"""Test support for results: responses made by the tests themselves, through the real import
path (`app.responses_import`), so they land in a real SQLite file exactly as collected ones do."""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from app.kinds import kind_of
from app.kinds.simulated import Person
from app.responses_import import import_responses_csv
from app.results.units import QuestionGroup, question_groups
from app.simulation.answers import item_latent, logit
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from app.study.model import Item, Question

Row = tuple[str, str, str, Any, float | None, str]  # participant, item, question, answer, rt, tier
# ... and the reading condition, for a study that declares `conditions`
ConditionRow = tuple[str, str, str, Any, float | None, str, str]


def _issued_codes(loaded: LoadedStudy) -> Callable[[str], str]:
    """The helpers' rater codes (R0, R1, ...) as codes the study issues, where it says which
    (import-responses refuses others): P900, P901, ... in the same order."""
    codes = loaded.study.participants.codes
    given: dict[str, str] = {}

    def issued(code: str) -> str:
        if codes is None or codes.issues(code):
            return code
        if code not in given:
            n = 900 + len(given)
            while not codes.issues(f"P{n:03d}") and n < 999:
                n += 1
            given[code] = f"P{n:03d}"
        return given[code]
    return issued


def import_rows(loaded: LoadedStudy, db: Database, rows: Iterable[Row | ConditionRow],
                folder: Path, name: str = "responses.csv") -> Path:
    """Write rows as an import CSV and import them; the CSV path is returned. Rows of a study
    with conditions carry the condition last."""
    path = folder / name
    issued = _issued_codes(loaded)
    conditions = bool(loaded.study.conditions)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["participant", "item_id", "question_id", "answer", "rt_ms", "tier",
                         *(["condition"] if conditions else [])])
        for participant, item_id, question_id, answer, rt, tier, *condition in rows:
            text = answer if isinstance(answer, str) else json.dumps(answer)
            writer.writerow([issued(participant), item_id, question_id, text,
                             "" if rt is None else rt, tier, *condition])
    import_responses_csv(loaded, db, path)
    return path


def plausible_answer(item: Item, question: Question, rng: random.Random, p: float) -> Any:
    """The answer of a seeded simulated person who is right with probability `p`, drawn by the
    question's kind (`Kind.simulate`), so a new kind needs nothing here. The person writes
    every comment they may (a free-text answer is never blank)."""
    person = Person(logit_accuracy=logit(p), rating_bias=0.0, rating_sd=0.6, speed=1.0,
                    comment_rate=1.0)
    return kind_of(question).simulate(rng, item, question, item_latent(0, item), person, p)


def simulated_rows(loaded: LoadedStudy, raters: Sequence[tuple[str, str, float]],
                   seed: int = 0, rt_base: float = 1500.0) -> list[Row | ConditionRow]:
    """Every rater (code, tier, p) answers every trial item of the study (a study with
    `conditions`: under each condition, practice under the first only)."""
    rng = random.Random(seed)
    rows: list[Row | ConditionRow] = []
    study = loaded.study
    practice = {b.id for b in study.blocks if b.kind == "practice"}
    for code, tier, p in raters:
        for index, condition in enumerate(study.condition_ids() or [None]):
            for item in study.items:
                if index and item.block in practice:
                    continue
                for question in item.questions:
                    answer = plausible_answer(item, question, rng, p)
                    row: Row = (code, item.id, question.id, answer,
                                round(rt_base * rng.uniform(0.5, 2.0)), tier)
                    rows.append(row if condition is None else (*row, condition))
    return rows


def text_study_groups(tmp_path: Path, study_id: str, title: str,
                      items: list[dict[str, Any]]) -> dict[str, QuestionGroup]:
    """The question groups of a study of `items` written in order (no shuffling) to
    tmp_path/study, by question id."""
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "study.json").write_text(json.dumps({
        "format_version": 1, "id": study_id, "title": title,
        "design": {"shuffle_items": False}, "items": items}))
    return {g.question_id: g for g in question_groups(load_study(folder).study)}


def window_study(folder: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    """The mini study with models and three simulated raters (P01 primary, P02 and P03
    senior): what the results window's tests open, on SQLite only (the window is tested
    once; its reads are the core's, tested on both backends)."""
    import pytest

    from tests.test_results_study import with_models  # it imports this module

    if db.engine.dialect.name != "sqlite":
        pytest.skip("the window is tested once, on SQLite")
    loaded = with_models(folder)
    rows = simulated_rows(loaded, [("P01", "primary", 0.9), ("P02", "senior", 0.6),
                                   ("P03", "senior", 0.8)], seed=2)
    import_rows(loaded, db, rows, tmp_path)
    return loaded
