"""What a merge takes in is checked as `import-responses` checks a CSV: every response's
answer valid for its question, its item and question known to the study version it was given
for, every participant code a valid pseudonym. The rules are the import's own
(`app.responses_import.find_question`, `checked_answer`, and `participant_code_problem` as
`locate_question` uses it); this module only reads an input database's rows and says which
break them (`app.storage.merge.merge_databases(check=...)`).

An answer stored as JSON null is what a session stores for an optional question left empty
or a timed-out trial; it passes when the question is optional or the trial timed out.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from app.kinds import kind_of
from app.kinds.base import AnswerError, loads_answer_json
from app.responses_import import RowProblem, checked_answer, find_question, rt_ms_problem
from app.session.codes import participant_code_problem, study_code_problem
from app.storage.merge import InvalidRow
from app.storage.merge_source import SourceDatabase
from app.study.model import Item, Study

RESPONSE_COLUMNS = ("uuid", "study_id", "content_hash", "participant_code", "item_id",
                    "question_id", "answer_json", "timed_out", "rt_ms", "condition")


def merge_row_problems(source: SourceDatabase,
                       trusted: Mapping[str, str] | None = None) -> list[InvalidRow]:
    """Every row of `source` the study does not allow, in table order.

    `trusted`: content hash -> a definition known to be that version's (the target's own
    stored copy, or one made from the study folder). An input's stored definition that differs
    from it was edited after the fact: that is a problem, and the input's rows are checked
    against the trusted definition, never against the one the input carries."""
    trusted = trusted or {}
    invalid: list[InvalidRow] = []
    studies: dict[str, dict[str, Item]] = {}
    versions: dict[str, Study] = {}
    by_id: dict[str, list[Study]] = defaultdict(list)
    for chunk in source.rows("study"):
        for row in chunk:
            content_hash = str(row["content_hash"])
            try:
                study = Study.model_validate_json(row["definition_json"] or "")
            except (ValidationError, ValueError) as exc:
                invalid.append(InvalidRow("study", content_hash,
                                          f"the stored study definition is not valid ({_first(exc)})"))
                study = None
            known = trusted.get(content_hash)
            if known is not None and (study is None or not _same(study, known)):
                if study is not None:
                    invalid.append(InvalidRow(
                        "study", content_hash, "the stored study definition is not the one "
                        f"its content hash {content_hash[:12]} names (edited after the "
                        "fact); its rows are checked against the known definition"))
                study = Study.model_validate_json(known)
            if study is None:
                continue
            studies[content_hash] = {i.id: i for i in study.items}
            versions[content_hash] = study
            by_id[study.id].append(study)
    simulated: set[tuple[Any, Any]] = set()
    for chunk in source.rows("participant"):
        for row in chunk:
            if row["simulated"]:
                simulated.add((row["study_id"], row["code"]))
            problem = (_code_problem(row["code"]) or _profile_problem(row["profile_json"])
                       or (None if row["simulated"] else
                           _issued_problem(by_id.get(row["study_id"], []), row["code"])))
            if problem:
                invalid.append(InvalidRow("participant", f"{row['study_id']}/{row['code']}", problem))
    codes: dict[Any, str | None] = {}  # each distinct code is checked once
    issued: dict[tuple[Any, Any], str | None] = {}  # and once against its study's codes

    def code_problem(study_id: Any, code: Any) -> str | None:
        if code not in codes:
            codes[code] = _code_problem(code)
        if codes[code] or (study_id, code) in simulated:
            return codes[code]
        if (study_id, code) not in issued:
            issued[(study_id, code)] = _issued_problem(by_id.get(study_id, []), code)
        return issued[(study_id, code)]

    for table in ("session", "event"):
        for chunk in source.rows(table, columns=("uuid", "study_id", "participant_code")):
            for row in chunk:
                code = row["participant_code"]
                if code is None and table == "event":
                    continue
                problem = code_problem(row["study_id"], code)
                if problem:
                    invalid.append(InvalidRow(table, row["uuid"], problem))
    # A merge moves hundreds of thousands of responses, most of them repeating a few answers
    # per question: each distinct code, and each distinct (version, item, question, answer),
    # is checked once.
    answers: dict[tuple[Any, ...], str | None] = {}
    for chunk in source.rows("response", columns=RESPONSE_COLUMNS):
        for row in chunk:
            key = (row["content_hash"], row["item_id"], row["question_id"], row["answer_json"],
                   bool(row["timed_out"]))
            if key not in answers:
                answers[key] = _answer_problem(row, studies)
            problem = (code_problem(row["study_id"], row["participant_code"]) or answers[key]
                       or _rt_problem(row["rt_ms"])
                       or _condition_problem(row["condition"], versions.get(row["content_hash"])))
            if problem:
                invalid.append(InvalidRow("response", row["uuid"], problem))
    return invalid


def _same(study: Study, known: str) -> bool:
    """The same definition, however either was written (both read through the model)."""
    return _canonical(study.model_dump_json()) == _canonical(
        Study.model_validate_json(known).model_dump_json())


def _canonical(definition: str) -> str:
    return json.dumps(json.loads(definition), sort_keys=True)


def _issued_problem(studies: list[Study], code: Any) -> str | None:
    """A real participant's code must be one the study issues (any version of it that says)."""
    if not studies or not isinstance(code, str):
        return None
    problems = [study_code_problem(study, code) for study in studies]
    if all(problems):
        return f"participant: {problems[0]}"
    return None


def _condition_problem(condition: Any, study: Study | None) -> str | None:
    """A response's reading condition must be one its study version declares (none where it
    declares none), as a session and import-responses store it."""
    declared = study.condition_ids() if study is not None else []
    if condition is None:
        return (f"condition: missing; the study reads every case under each of "
                f"{', '.join(declared)}" if declared else None)
    if str(condition) not in declared:
        return (f"condition: {str(condition)[:40]!r} is not one of the study's conditions"
                + (f" ({', '.join(declared)})" if declared else " (it declares none)"))
    return None


def _rt_problem(rt_ms: Any) -> str | None:
    problem = rt_ms_problem(rt_ms)
    return f"rt_ms: {problem}" if problem else None


def _answer_problem(row: dict[str, Any], studies: dict[str, dict[str, Item]]) -> str | None:
    items = studies.get(row["content_hash"])
    if items is None:
        return (f"study version {str(row['content_hash'])[:12]} is not in the database; the "
                "answer cannot be checked")
    if not row["question_id"]:
        return "no question id"
    try:
        item, question = find_question(items, str(row["item_id"]), str(row["question_id"]))
        if row["answer_json"] is None:
            raise RowProblem("answer", "is missing (NULL)")
        try:
            value = loads_answer_json(row["answer_json"])
        except AnswerError as exc:
            raise RowProblem("answer", str(exc)) from exc
        except (TypeError, ValueError) as exc:
            raise RowProblem("answer", f"{str(row['answer_json'])[:40]!r} is not JSON") from exc
        if value is None or kind_of(question).is_empty_answer(value):
            if question.required and not row["timed_out"]:
                raise RowProblem("answer", "empty, but the question needs an answer")
        else:
            checked_answer(item, question, value)
    except RowProblem as exc:
        return f"{exc.column}: {exc.message}" if exc.column != "answer" else f"answer {exc.message}"
    return None


def _code_problem(code: Any) -> str | None:
    if not isinstance(code, str) or not code.strip():
        return "participant: empty participant code"
    problem = participant_code_problem(code)
    return f"participant: {problem}" if problem else None


def _profile_problem(profile_json: Any) -> str | None:
    try:
        profile = json.loads(profile_json)
    except (TypeError, ValueError):
        return "profile is not JSON"
    return None if isinstance(profile, dict) else "profile is not a JSON object"


def _first(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and exc.errors():
        error = exc.errors()[0]
        return f"{'.'.join(map(str, error['loc']))}: {error['msg']}"
    return str(exc)[:80]
