"""Responses collected elsewhere (paper forms, a web survey, another tool), from a long CSV:

    participant,item_id,question_id,answer,rt_ms[,condition][,profile fields...]

`question_id` may be empty where the item has one question; `rt_ms` may be empty; `answer` is
an option key, a number (or NA), or JSON for structured answers (see `app.study.answers`).
`condition`: the reading condition of the answer, one of the study's `conditions` (required
when the study declares them, refused when it does not).
Every row is checked before anything is written; all problems are reported, each with its row
and column, and then nothing is imported. A valid file is written in one transaction
(`app.storage.import_batch`): a kill or a full disk half-way leaves nothing of it behind.
"""

from __future__ import annotations

import contextlib
import csv
import json
import math
import sys
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app import __version__
from app.regular_files import open_regular_text
from app.session.codes import participant_code_problem, study_code_problem
from app.storage.database import Database, new_uuid, utc_now
from app.storage.import_batch import ImportedStudy, ImportWriter
from app.storage.records import ResponseRecord
from app.study.answers import AnswerError, normalize_answer, parse_answer_text
from app.study.errors import Problem, StudyError
from app.study.loader import LoadedStudy
from app.study.model import Item, Question

REQUIRED_COLUMNS = ("participant", "item_id", "question_id", "answer", "rt_ms")
CONDITION_COLUMN = "condition"  # optional; not a profile field
# A response time longer than a day is no measurement (a clock jump, a typo, a hostile file).
MAX_RT_MS = 24 * 3_600_000


@dataclass(frozen=True)
class ImportSummary:
    responses: int
    participants: int
    new_participants: int


IMPORT_BATCH = 5_000  # responses checked and written at a time (memory bounded by it)


def import_responses_csv(loaded: LoadedStudy, db: Database, path: Path, *,
                         batch: int = IMPORT_BATCH) -> ImportSummary:
    """Check and write the file's responses `batch` rows at a time inside one transaction:
    memory stays bounded by the batch, not the file. After the first problem nothing more is
    written, every row is still checked, and the transaction is rolled back: all problems are
    reported and nothing is imported."""
    study = loaded.study
    target = ImportedStudy(study.id, study.version, study.title, loaded.content_hash,
                           study.model_dump_json())
    with _csv_rows(path) as (header, records):
        rows = _RowChecker(loaded, db, path, header)
        with ImportWriter(db, target, app_version=f"{__version__} import-responses",
                          source=str(path)) as writer:
            pending: list[ResponseRecord] = []
            for index, record in records:
                row = rows.check(index, record)
                if rows.problems:
                    pending = []  # nothing more is written; the rest is still checked
                elif row is not None:
                    pending.append(row)
                    if len(pending) >= batch:
                        writer.write(pending)
                        pending = []
            if rows.problems:
                raise StudyError(rows.problems)  # (leaving the block rolls back)
            writer.write(pending)
            new_participants = writer.finish(rows.profiles)
    return ImportSummary(writer.responses, len(writer.sessions), new_participants)


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


@contextlib.contextmanager
def _csv_rows(path: Path) -> Iterator[tuple[list[str], Iterator[tuple[int, dict[str, Any]]]]]:
    """The header and the rows (index, record) of a responses CSV, read as they are needed;
    what cannot be read is a StudyError naming the file."""
    try:
        with open_regular_text(path, "utf-8-sig", newline="") as fh:
            reader = csv.DictReader(fh)
            try:
                header = list(reader.fieldnames or [])
            except (UnicodeDecodeError, csv.Error) as exc:
                raise StudyError([Problem(path, "", f"not a readable UTF-8 CSV file: {exc}")]) from exc
            missing = [c for c in REQUIRED_COLUMNS if c not in header]
            if missing:
                raise StudyError([Problem(path, "header", f"missing column(s) {', '.join(missing)}; "
                                          f"expected {','.join(REQUIRED_COLUMNS)}")])

            def records() -> Iterator[tuple[int, dict[str, Any]]]:
                try:
                    yield from enumerate(reader)
                except (UnicodeDecodeError, csv.Error) as exc:
                    raise StudyError([Problem(path, "", f"not a readable UTF-8 CSV file: {exc}")]
                                     ) from exc
                except OSError as exc:
                    raise StudyError([Problem(path, "", f"cannot read: {exc.strerror or exc}")]
                                     ) from exc

            yield header, records()
    except OSError as exc:
        raise StudyError([Problem(path, "", f"cannot read: {exc.strerror or exc}")]) from exc


class _RowChecker:
    """Checks one row at a time, keeping only what later rows are checked against (which
    question each participant answered, their positions and profiles), not the rows."""

    def __init__(self, loaded: LoadedStudy, db: Database, path: Path, header: list[str]) -> None:
        self.loaded, self.path = loaded, path
        self.study = loaded.study
        self.items = loaded.items_by_id
        self.extra_columns = [c for c in header if c not in (*REQUIRED_COLUMNS, CONDITION_COLUMN)]
        self.conditions = set(self.study.condition_ids())
        self.already: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
        for response in db.responses(self.study.id):
            self.already[response.participant_code].add(
                (response.item_id, response.question_id, response.condition or ""))
        self.problems: list[Problem] = []
        self.profiles: dict[str, dict[str, Any]] = {}
        self.seen: dict[tuple[str, str, str, str], int] = {}
        self.issued: dict[str, str | None] = {}
        self.positions: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
        self.now = utc_now()
        self.blocks = {b.id: b for b in self.study.blocks}

    def check(self, index: int, record: dict[str, Any]) -> ResponseRecord | None:
        """The row as a response to write, or None (its problem recorded)."""
        line = index + 2  # the header is line 1

        def bad(column: str, message: str) -> None:
            self.problems.append(Problem(self.path, f"row {line}, column {column}", message))

        if None in record:  # more cells than header columns
            bad("-", "more cells than the header has columns")
            return None
        code = sys.intern((record["participant"] or "").strip())
        item_id = sys.intern((record["item_id"] or "").strip())
        try:
            item, question = locate_question(self.items, code, item_id,
                                             (record["question_id"] or "").strip())
        except RowProblem as exc:
            bad(exc.column, exc.message)
            return None
        if code not in self.issued:  # the code screen's rule: only the codes the study issues
            self.issued[code] = study_code_problem(self.study, code)
        if self.issued[code]:
            bad("participant", f"{code[:80]!r}: {self.issued[code]}")
            return None
        question_id = question.id
        condition = (record.get(CONDITION_COLUMN) or "").strip()
        problem = self._condition_problem(condition)
        if problem:
            bad(CONDITION_COLUMN, problem)
            return None
        key = (code, item_id, question_id, condition)
        if key in self.seen:
            same = "same participant, item, question" + (", condition" if condition else "")
            bad("question_id", f"duplicate of row {self.seen[key]} ({same})")
            return None
        self.seen[key] = line
        if (item_id, question_id, condition) in self.already[code]:
            under = f" under {condition}" if condition else ""
            bad("participant", f"{code!r} already has a response to {item_id}/{question_id}"
                f"{under} in the database")
            return None
        try:
            answer = checked_answer(item, question, record["answer"] or "", as_text=True)
        except RowProblem as exc:
            bad(exc.column, exc.message)
            return None
        rt_text = (record["rt_ms"] or "").strip()
        rt_ms: float | None = None
        if rt_text:
            try:
                rt_ms = float(rt_text)
            except ValueError:
                bad("rt_ms", f"{rt_text[:40]!r} is not a number of milliseconds")
                return None
            rt_problem = rt_ms_problem(rt_ms)
            if rt_problem:
                bad("rt_ms", f"{rt_text[:40]!r}: {rt_problem}")
                return None
        profile = self.profiles.setdefault(code, {})
        for column in self.extra_columns:
            value = (record.get(column) or "").strip()
            if value and column not in profile:
                profile[column] = value
        positions = self.positions[(code, condition)]
        position = positions.setdefault(item_id, len(positions))
        return ResponseRecord(
            uuid=new_uuid(), study_id=self.study.id, content_hash=self.loaded.content_hash,
            participant_code=code, session_uuid="", item_id=item_id, question_id=question_id,
            block_id=item.block, position=position,
            answer_json=json.dumps(answer, ensure_ascii=False), answer_utc=self.now, rt_ms=rt_ms,
            practice=self.blocks[item.block].kind == "practice", condition=condition or None,
        )

    def _condition_problem(self, condition: str) -> str | None:
        declared = ", ".join(self.study.condition_ids())
        if not self.conditions:
            return (f"{condition[:40]!r}: the study declares no reading conditions"
                    if condition else None)
        if not condition:
            return f"empty; the study reads every case under each of {declared}"
        if condition not in self.conditions:
            return f"{condition[:40]!r} is not one of the study's conditions ({declared})"
        return None
