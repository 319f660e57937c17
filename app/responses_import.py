"""Responses collected elsewhere (paper forms, a web survey, another tool), from a long CSV:

    participant,item_id,question_id,answer,rt_ms[,profile fields...]

`question_id` may be empty where the item has one question; `rt_ms` may be empty; `answer` is
an option key, a number (or NA), or JSON for structured answers (see `app.study.answers`).
Every row is checked before anything is written; all problems are reported, each with its row
and column, and then nothing is imported. A valid file is written in one transaction
(`app.storage.import_batch`): a kill or a full disk half-way leaves nothing of it behind.
"""

from __future__ import annotations

import csv
import json
import math
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app import __version__
from app.regular_files import open_regular_text
from app.session.codes import participant_code_problem, study_code_problem
from app.storage.database import Database, new_uuid, utc_now
from app.storage.import_batch import ImportedStudy, save_imported_responses
from app.storage.records import ResponseRecord
from app.study.answers import AnswerError, normalize_answer, parse_answer_text
from app.study.errors import Problem, StudyError
from app.study.loader import LoadedStudy
from app.study.model import Item, Question

REQUIRED_COLUMNS = ("participant", "item_id", "question_id", "answer", "rt_ms")
# A response time longer than a day is no measurement (a clock jump, a typo, a hostile file).
MAX_RT_MS = 24 * 3_600_000


@dataclass(frozen=True)
class ImportSummary:
    responses: int
    participants: int
    new_participants: int


def import_responses_csv(loaded: LoadedStudy, db: Database, path: Path) -> ImportSummary:
    rows, problems, profiles = _read_rows(loaded, db, path)
    if problems:
        raise StudyError(problems)
    study = loaded.study
    codes = dict.fromkeys(r.participant_code for r in rows)
    new_participants = save_imported_responses(
        db, ImportedStudy(study.id, study.version, study.title, loaded.content_hash,
                          study.model_dump_json()),
        {code: profiles.get(code, {}) for code in codes}, rows,
        app_version=f"{__version__} import-responses", source=str(path))
    return ImportSummary(len(rows), len(codes), new_participants)


def rt_ms_problem(rt_ms: Any) -> str | None:
    """Why a stored or typed response time cannot be taken in, or None (None itself: no time).
    Bounded, so that no statistic or chart divides by an infinite spread."""
    if rt_ms is None:
        return None
    if isinstance(rt_ms, bool) or not isinstance(rt_ms, (int, float)):
        return f"{str(rt_ms)[:40]!r} is not a number of milliseconds"
    if not math.isfinite(rt_ms) or rt_ms < 0:  # nan, inf and 1e309 parse as floats
        return "not a finite, non-negative number of milliseconds"
    if rt_ms > MAX_RT_MS:
        return (f"{rt_ms:g} ms is more than {MAX_RT_MS // 3_600_000} hours, the longest "
                "response time taken in")
    return None


class RowProblem(Exception):
    """What is wrong with one row, and in which column (the import names row and column, a
    merge the table and row id)."""

    def __init__(self, column: str, message: str) -> None:
        super().__init__(message)
        self.column, self.message = column, message


def locate_question(items: Mapping[str, Item], code: str, item_id: str,
                    question_id: str) -> tuple[Item, Question]:
    """The item and question a response row names, once its participant code is a valid
    pseudonym, or RowProblem. An empty `question_id` names the only question of its item.
    Shared by import-responses and merge: a row gets into the database the same way from both."""
    if not code:
        raise RowProblem("participant", "empty participant code")
    code_problem = participant_code_problem(code)  # pseudonyms only, as in a session
    if code_problem:
        raise RowProblem("participant", code_problem)
    return find_question(items, item_id, question_id)


def find_question(items: Mapping[str, Item], item_id: str, question_id: str) -> tuple[Item, Question]:
    """The item and question a row names (the second half of `locate_question`), or RowProblem."""
    item = items.get(item_id)
    if item is None:
        raise RowProblem("item_id", f"unknown item {item_id!r}")
    if not question_id:
        if len(item.questions) != 1:
            raise RowProblem("question_id", f"item {item_id!r} has {len(item.questions)} "
                             "questions; say which")
        question_id = item.questions[0].id
    question = next((q for q in item.questions if q.id == question_id), None)
    if question is None:
        raise RowProblem("question_id", f"item {item_id!r} has no question {question_id!r}; it "
                         f"has {[q.id for q in item.questions]}")
    return item, question


def checked_answer(item: Item, question: Question, value: Any, *, as_text: bool = False) -> Any:
    """`value` (as typed in a CSV cell when `as_text`, else as stored: decoded JSON) in its
    stored shape, or RowProblem("answer", why not)."""
    try:
        if as_text:
            value = parse_answer_text(question, value)
        return normalize_answer(item, question, value)
    except AnswerError as exc:
        raise RowProblem("answer", str(exc)) from exc


def _read_rows(loaded: LoadedStudy, db: Database,
               path: Path) -> tuple[list[ResponseRecord], list[Problem], dict[str, dict[str, Any]]]:
    try:
        with open_regular_text(path, "utf-8-sig", newline="") as fh:
            reader = csv.DictReader(fh)
            header = reader.fieldnames or []
            missing = [c for c in REQUIRED_COLUMNS if c not in header]
            if missing:
                raise StudyError([Problem(path, "header", f"missing column(s) {', '.join(missing)}; "
                                          f"expected {','.join(REQUIRED_COLUMNS)}")])
            records = list(reader)
    except OSError as exc:
        raise StudyError([Problem(path, "", f"cannot read: {exc.strerror or exc}")]) from exc
    except (UnicodeDecodeError, csv.Error) as exc:
        raise StudyError([Problem(path, "", f"not a readable UTF-8 CSV file: {exc}")]) from exc

    study = loaded.study
    items = loaded.items_by_id
    extra_columns = [c for c in header if c not in REQUIRED_COLUMNS]
    already = defaultdict(set)
    for response in db.responses(study.id):
        already[response.participant_code].add((response.item_id, response.question_id))
    problems: list[Problem] = []
    rows: list[ResponseRecord] = []
    profiles: dict[str, dict[str, Any]] = {}
    seen: dict[tuple[str, str, str], int] = {}
    issued: dict[str, str | None] = {}
    positions: dict[str, dict[str, int]] = defaultdict(dict)
    now = utc_now()
    blocks = {b.id: b for b in study.blocks}

    for index, record in enumerate(records):
        line = index + 2  # the header is line 1

        def bad(column: str, message: str, line: int = line) -> None:
            problems.append(Problem(path, f"row {line}, column {column}", message))

        if None in record:  # more cells than header columns
            bad("-", "more cells than the header has columns")
            continue
        code = (record["participant"] or "").strip()
        item_id = (record["item_id"] or "").strip()
        try:
            item, question = locate_question(items, code, item_id,
                                             (record["question_id"] or "").strip())
        except RowProblem as exc:
            bad(exc.column, exc.message)
            continue
        if code not in issued:  # the code screen's rule: only the codes the study issues
            issued[code] = study_code_problem(study, code)
        if issued[code]:
            bad("participant", f"{code[:80]!r}: {issued[code]}")
            continue
        question_id = question.id
        key = (code, item_id, question_id)
        if key in seen:
            bad("question_id", f"duplicate of row {seen[key]} (same participant, item, question)")
            continue
        seen[key] = line
        if (item_id, question_id) in already[code]:
            bad("participant", f"{code!r} already has a response to {item_id}/{question_id} "
                "in the database")
            continue
        try:
            answer = checked_answer(item, question, record["answer"] or "", as_text=True)
        except RowProblem as exc:
            bad(exc.column, exc.message)
            continue
        rt_text = (record["rt_ms"] or "").strip()
        rt_ms: float | None = None
        if rt_text:
            try:
                rt_ms = float(rt_text)
            except ValueError:
                bad("rt_ms", f"{rt_text[:40]!r} is not a number of milliseconds")
                continue
            rt_problem = rt_ms_problem(rt_ms)
            if rt_problem:
                bad("rt_ms", f"{rt_text[:40]!r}: {rt_problem}")
                continue
        profile = profiles.setdefault(code, {})
        for column in extra_columns:
            value = (record.get(column) or "").strip()
            if value and column not in profile:
                profile[column] = value
        position = positions[code].setdefault(item_id, len(positions[code]))
        rows.append(ResponseRecord(
            uuid=new_uuid(), study_id=study.id, content_hash=loaded.content_hash,
            participant_code=code, session_uuid="", item_id=item_id, question_id=question_id,
            block_id=item.block, position=position, answer_json=json.dumps(answer, ensure_ascii=False),
            answer_utc=now, rt_ms=rt_ms, practice=blocks[item.block].kind == "practice",
        ))
    return rows, problems, profiles
