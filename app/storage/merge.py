"""Merging databases copied from other laptops (or stations) into one.

Rows are keyed by what they are, never by local row numbers: a study by its content hash, a
participant by (study, code), a session, response or event by its UUID. So a merge inserts
what the target lacks and nothing else, and merging the same input twice changes nothing
(the second time there is nothing new, so not even a `merge` event is written).

- Versions: a study id with two content hashes (the study was changed between laptops) is
  refused before anything is written, unless `allow_version_mix`; responses keep their
  content hash either way.
- Conflicts: the same participant answering the same question of the same item differently
  in two databases (a code reused on two laptops, say). Both rows are kept; the report and
  the `merge` event list them. The same answer twice is counted as `repeated`.
- Provenance: rows keep their `origin` (the database they were first written in); each merge
  that adds something writes a `merge` event per study with the input's label, origin and
  counts. The inputs are only read (`app.storage.merge_source`).
- Each input is merged in one transaction: an input either arrives whole or not at all.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, text
from sqlalchemy.exc import OperationalError

from app.storage.database import Database, new_uuid, utc_now
from app.storage.merge_assets import asset_digest_warnings
from app.storage.merge_source import SourceDatabase, open_source, same_database
from app.storage.rows import insert_rows
from app.storage.unavailable import storage_problem
from app.study.errors import UserInputError
from app.wording import counted

ID_CHUNK = 500  # ids per IN (...) lookup
MAX_LOGGED_CONFLICTS = 200  # in the merge event's payload; the report has them all

Progress = Callable[[str, int, int], None]  # message, inputs done, inputs in all
# How a conflict (one participant, one question, different answers) is settled: the answer
# given first or last (answer_utc, then uuid), or neither. Without a rule both are kept and
# `export` refuses the study until they are settled (`answer_conflicts`).
RESOLVE_RULES = ("keep-first", "keep-latest", "drop-both")


class VersionMixError(UserInputError):
    """Two versions of one study (same id, different content hash) would end up together."""


@dataclass(frozen=True)
class InvalidRow:
    """A row of an input that the study does not allow (an answer off the scale, an unknown
    item, a code that is not a pseudonym). `row_id`: the row's key (uuid, or study/code)."""

    table: str
    row_id: str
    problem: str

    def line(self, label: str) -> str:
        return f"{label}: {self.table}, row {self.row_id}: {self.problem}"


# Checks an input's rows against the studies they belong to; lives above the storage layer
# (it needs the study model and the participant-code rules): `app.merge_check`.
# Its second argument: content hash -> a definition known to be that version's (the target's
# stored copies, and any the caller made from study folders), to check the input's against.
RowCheck = Callable[[SourceDatabase, Mapping[str, str]], list[InvalidRow]]
SHOW_INVALID = 50  # rows listed in the refusal message; the count says how many in all


class InvalidRowsError(UserInputError):
    """An input holds rows the study does not allow; nothing was merged."""


@dataclass(frozen=True)
class Conflict:
    study_id: str
    participant: str
    item_id: str
    question_id: str
    condition: str  # the reading condition ("" without one): two conditions never conflict
    answers: tuple[tuple[str, str, str], ...]  # (response uuid, answer JSON, origin) each

    @property
    def key(self) -> ConflictKey:
        return (self.study_id, self.participant, self.item_id, self.question_id, self.condition)

    @property
    def place(self) -> str:
        """item/question, and the condition where there is one."""
        where = f"{self.item_id}/{self.question_id}"
        return f"{where} ({self.condition})" if self.condition else where

    def __str__(self) -> str:
        given = "; ".join(f"{a} (from {o[:8]})" for _, a, o in self.answers)
        return f"{self.study_id} {self.participant} {self.place}: {given}"


# (study, participant, item, question, condition): what one answer is an answer to.
ConflictKey = tuple[str, str, str, str, str]


@dataclass
class SourceReport:
    label: str
    origin: str
    responses_new: int = 0
    responses_present: int = 0
    participants_new: int = 0
    sessions_new: int = 0
    sessions_completed: int = 0  # sessions the target had as unfinished and the input as ended
    events_new: int = 0
    studies_new: int = 0
    repeated: int = 0  # same participant, item and question, same answer, two response ids
    conflicts: list[Conflict] = field(default_factory=list)
    profile_conflicts: list[str] = field(default_factory=list)  # (study, code): profiles differ
    invalid: list[InvalidRow] = field(default_factory=list)  # left out (skip_invalid)
    warnings: list[str] = field(default_factory=list)  # e.g. a live copy made without its -wal
    per_study: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))

    @property
    def changed(self) -> bool:
        return bool(self.responses_new or self.participants_new or self.sessions_new
                    or self.sessions_completed or self.events_new or self.studies_new)


@dataclass
class MergeReport:
    target: str
    sources: list[SourceReport]
    mixed_versions: list[str]  # studies kept in more than one version (allow_version_mix)
    asset_warnings: list[str] = field(default_factory=list)  # one version, different files
    resolved: list[Conflict] = field(default_factory=list)  # settled by the --resolve rule
    rule: str | None = None

    def total(self, name: str) -> int:
        return sum(int(getattr(s, name)) for s in self.sources)

    @property
    def conflicts(self) -> list[Conflict]:
        """Each conflicting question once (two inputs can both take part in one), those a
        resolve rule settled left out."""
        settled = {c.key for c in self.resolved}
        unique = {c.key: c for s in self.sources for c in s.conflicts if c.key not in settled}
        return list(unique.values())

    def summary_lines(self) -> list[str]:
        lines = [f"{s.label}: {s.responses_new} new responses, {s.responses_present} already "
                 f"present, {counted(len(s.conflicts), 'conflict')}, "
                 f"{counted(s.participants_new, 'new participant')}, "
                 f"{s.sessions_new} new sessions, {s.events_new} new events" for s in self.sources]
        lines.append(f"merged into {self.target}: {self.total('responses_new')} new responses, "
                     f"{self.total('responses_present')} already present, "
                     f"{counted(len(self.conflicts), 'conflict')}, "
                     f"{counted(self.total('participants_new'), 'new participant')}, "
                     f"{self.total('events_new')} new events")
        if self.resolved:
            dropped = sum(len(c.answers) for c in self.resolved) - (
                0 if self.rule == "drop-both" else len(self.resolved))
            lines.append(f"{counted(len(self.resolved), 'conflict')} settled ({self.rule}): "
                         f"{counted(dropped, 'answer')} dropped, each recorded in a "
                         "conflicts_resolved event")
        return lines


def merge_databases(target: Database, inputs: Sequence[str], *, allow_version_mix: bool = False,
                    progress: Progress | None = None, check: RowCheck | None = None,
                    skip_invalid: bool = False,
                    definitions: Mapping[str, str] | None = None,
                    resolve: str | None = None) -> MergeReport:
    """Merge every input (SQLite path or URL) into `target`; see the module docstring.

    `check` finds the rows of an input the study does not allow: with any, nothing at all is
    merged (InvalidRowsError lists them), or with `skip_invalid` they are left out (with the
    rows that hang on them) and listed in the report. The stored definitions of an input are
    checked against the target's own copies and `definitions` (content hash -> definition JSON,
    e.g. made from the study folders). `resolve` (one of RESOLVE_RULES): every conflict in the
    target afterwards, old ones included, is settled by that rule (`resolve_conflicts`)."""
    if resolve is not None and resolve not in RESOLVE_RULES:
        raise UserInputError(f"--resolve: {resolve!r} is not one of {', '.join(RESOLVE_RULES)}")
    if not inputs and resolve is None:
        raise UserInputError("nothing to merge: give one or more input databases")
    target_url = target.engine.url.render_as_string(hide_password=False)
    for ref in inputs:
        if same_database(ref, target_url):
            raise UserInputError(f"{ref}: is the output database itself; give another file")
    sources: list[SourceDatabase] = []
    try:
        for index, ref in enumerate(inputs):
            if progress:
                progress(f"checking {ref}", index, len(inputs))
            sources.append(open_source(ref))
        mixed = _check_versions(target, sources, allow_version_mix)
        asset_warnings = asset_digest_warnings(target, sources)
        trusted = {**(definitions or {}), **_stored_definitions(target)}
        invalid = {s.label: check(s, trusted) if check else [] for s in sources}
        bad = [row.line(label) for label, rows in invalid.items() for row in rows]
        if bad and not skip_invalid:
            shown = bad[:SHOW_INVALID]
            more = f" | ... and {len(bad) - len(shown)} more" if len(bad) > len(shown) else ""
            raise InvalidRowsError(f"{len(bad)} row(s) the study does not allow; nothing was "
                                   "merged (use --skip-invalid to leave them out): | "
                                   + " | ".join(shown) + more)
        reports = []
        for index, source in enumerate(sources):
            if progress:
                progress(f"merging {source.label}", index, len(sources))
            try:
                report = _merge_one(target, source, allow_version_mix, invalid[source.label])
            except OperationalError as exc:  # a full disk or a read-only medium: say so
                path = Path(target.label) if target.is_sqlite else None
                raise (storage_problem(exc, target.label, path) or exc) from exc
            report.warnings = list(source.warnings)
            reports.append(report)
        resolved = resolve_conflicts(target, resolve) if resolve else []
        if progress:
            progress("done", len(sources), len(sources))
        return MergeReport(target.label, reports, mixed, asset_warnings, resolved, resolve)
    finally:
        for source in sources:
            source.close()


def _stored_definitions(target: Database) -> dict[str, str]:
    with target.engine.connect() as conn:
        return {str(h): str(d) for h, d in conn.execute(
            text("SELECT content_hash, definition_json FROM study"))}


def _check_versions(target: Database, sources: list[SourceDatabase], allow: bool) -> list[str]:
    """Study ids that would have two content hashes after the merge (refused unless allowed)."""
    where: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    versions: dict[str, str] = {}
    in_inputs: set[str] = set()
    with target.engine.connect() as conn:
        for study_id, content_hash, version in conn.execute(
                text("SELECT study_id, content_hash, version FROM study")):
            where[study_id][content_hash].append(target.label)
            versions[content_hash] = version
    for source in sources:
        for chunk in source.rows("study"):
            for row in chunk:
                where[row["study_id"]][row["content_hash"]].append(source.label)
                versions[row["content_hash"]] = row["version"]
                in_inputs.add(row["study_id"])
    mixed = sorted(s for s in in_inputs if len(where[s]) > 1)
    if mixed and not allow:
        lines = [f"study {s!r}: " + "; ".join(
            f"version {versions[h]} (sha256 {h[:12]}) in {', '.join(dict.fromkeys(labels))}"
            for h, labels in where[s].items()) for s in mixed]
        raise VersionMixError("different versions of a study would be mixed; nothing was merged. "
                              + " | ".join(lines) + " (use --allow-version-mix to keep both)")
    return mixed


def _merge_one(target: Database, source: SourceDatabase, allow_version_mix: bool,
               invalid: list[InvalidRow]) -> SourceReport:
    report = SourceReport(source.label, source.origin, invalid=invalid)
    skip = _Skip(invalid)
    with target.engine.begin() as conn:
        report.studies_new = _copy_new(conn, source, "study", ("content_hash",), skip=skip)
        _merge_participants(conn, source, report, skip)
        _merge_sessions(conn, source, report, skip)
        # Stations' timing certificates travel with their sessions (timing.csv after a merge).
        _copy_new(conn, source, "timing_profile", ("uuid",), skip=skip)
        source_uuids, studies = _merge_responses(conn, source, report, skip)
        report.events_new = _copy_new(conn, source, "event", ("uuid",), skip=skip,
                                      on_new=lambda r: report.per_study[r["study_id"]].update(["events"]))
        _find_conflicts(conn, report, source_uuids, studies)
        if report.changed:
            _log_merge(conn, target, report, allow_version_mix)
    return report


def _existing(conn: Connection, table: str, key: str, values: Iterable[str]) -> set[str]:
    """Which of `values` the table already holds (driver-level IN lookups, ID_CHUNK at a time)."""
    values = list(values)
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    found: set[str] = set()
    for start in range(0, len(values), ID_CHUNK):
        part = tuple(values[start:start + ID_CHUNK])
        sql = f"SELECT {key} FROM {table} WHERE {key} IN ({', '.join([mark] * len(part))})"
        found.update(str(r[0]) for r in conn.exec_driver_sql(sql, part))
    return found


def _insert(conn: Connection, table: str, rows: list[dict[str, Any]]) -> int:
    """Insert rows, skipping any a concurrent writer added meanwhile (same key); returns how
    many were written, which is what the report and the merge event count."""
    return insert_rows(conn, table, rows, skip_existing=True)


def _first_of_each(rows: Iterable[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """One row per key: an input repeating a row counts it once."""
    unique: dict[Any, dict[str, Any]] = {}
    for row in rows:
        unique.setdefault(row[key], row)
    return list(unique.values())


class _Skip:
    """Which rows of an input to leave out: the invalid ones, and the rows that hang on a left
    out participant (their sessions, responses and events), so nothing points at nothing."""

    def __init__(self, invalid: list[InvalidRow]) -> None:
        self.keys = {(r.table, r.row_id) for r in invalid}
        self.participants = {r.row_id for r in invalid if r.table == "participant"}

    def __call__(self, table: str, row: dict[str, Any]) -> bool:
        if not self.keys:
            return False
        if table == "participant":
            return f"{row['study_id']}/{row['code']}" in self.participants
        key = row["content_hash"] if table == "study" else row["uuid"]
        code = row.get("participant_code")
        return (table, str(key)) in self.keys or (
            code is not None and f"{row['study_id']}/{code}" in self.participants)

    def rows(self, source: SourceDatabase, table: str) -> Iterator[list[dict[str, Any]]]:
        for chunk in source.rows(table):
            yield [r for r in chunk if not self(table, r)]


def _copy_new(conn: Connection, source: SourceDatabase, table: str, key: tuple[str], *,
              skip: _Skip, on_new: Callable[[dict[str, Any]], None] | None = None) -> int:
    added = 0
    for chunk in skip.rows(source, table):
        present = _existing(conn, table, key[0], (r[key[0]] for r in chunk))
        new = _first_of_each((r for r in chunk if r[key[0]] not in present), key[0])
        written = _insert(conn, table, new)
        for row in new[:written]:
            if on_new:
                on_new(row)
        added += written
    return added


def _merge_participants(conn: Connection, source: SourceDatabase, report: SourceReport,
                        skip: _Skip) -> None:
    known: dict[tuple[str, str], tuple[str, bool]] = {
        (s, c): (p, bool(sim)) for s, c, p, sim in conn.execute(
            text("SELECT study_id, code, profile_json, simulated FROM participant"))}
    for chunk in skip.rows(source, "participant"):
        new = []
        for row in chunk:
            key = (row["study_id"], row["code"])
            if key not in known:
                new.append(row)
                known[key] = (row["profile_json"], bool(row["simulated"]))
                report.per_study[row["study_id"]]["participants"] += 1
            elif known[key] != (row["profile_json"], bool(row["simulated"])):
                report.profile_conflicts.append(
                    f"{row['study_id']} {row['code']}: profile {row['profile_json']} in "
                    f"{source.label}, {known[key][0]} kept")
        report.participants_new += _insert(conn, "participant", new)


def _merge_sessions(conn: Connection, source: SourceDatabase, report: SourceReport,
                    skip: _Skip) -> None:
    for chunk in skip.rows(source, "session"):
        by_uuid = {r["uuid"]: r for r in chunk}
        present = _existing(conn, "session", "uuid", by_uuid)
        report.sessions_new += _insert(conn, "session",
                                       [r for u, r in by_uuid.items() if u not in present])
        ended = [{"u": u, "e": by_uuid[u]["ended_utc"]} for u in present if by_uuid[u]["ended_utc"]]
        if ended:  # copied mid-session earlier, ended since: the target learns the end time
            result = conn.execute(text(
                "UPDATE session SET ended_utc = :e WHERE uuid = :u AND ended_utc IS NULL"), ended)
            report.sessions_completed += max(0, result.rowcount or 0)


def _merge_responses(conn: Connection, source: SourceDatabase, report: SourceReport,
                     skip: _Skip) -> tuple[set[str], set[str]]:
    """Insert the input's new responses; returns the input's response ids and studies."""
    uuids: set[str] = set()
    studies: set[str] = set()
    for chunk in skip.rows(source, "response"):
        present = _existing(conn, "response", "uuid", (r["uuid"] for r in chunk))
        new = _first_of_each((r for r in chunk if r["uuid"] not in present), "uuid")
        written = _insert(conn, "response", new)
        for row in new[:written]:
            report.per_study[row["study_id"]]["responses"] += 1
        report.responses_new += written
        report.responses_present += len(present)
        uuids.update(r["uuid"] for r in chunk)
        studies.update(r["study_id"] for r in chunk)
    return uuids, studies


def _canonical(answer_json: str) -> str:
    try:
        return json.dumps(json.loads(answer_json), sort_keys=True)
    except ValueError:
        return answer_json


def _conflict_groups(conn: Connection, studies: Iterable[str], *, real_only: bool = False,
                     ) -> dict[ConflictKey, list[tuple[str, str, str, str]]]:
    """(study, participant, item, question, condition) answered more than once -> (uuid,
    answer JSON, origin, answer_utc) of each answer, in answer order. A reader's answers to one
    case under two reading conditions are two answers, not one given twice."""
    groups: dict[ConflictKey, list[tuple[str, str, str, str]]] = defaultdict(list)
    real = "AND simulated = :f " if real_only else ""
    for study_id in sorted(studies):
        rows = conn.execute(text(
            "SELECT r.participant_code, r.item_id, r.question_id, COALESCE(r.condition, ''), "
            "r.uuid, r.answer_json, r.origin, r.answer_utc "
            "FROM response r JOIN (SELECT participant_code, item_id, question_id, "
            "  COALESCE(condition, '') AS cond FROM response "
            f"  WHERE study_id = :s {real}GROUP BY participant_code, item_id, question_id, "
            "  COALESCE(condition, '') HAVING COUNT(*) > 1) d "
            "  ON r.participant_code = d.participant_code "
            "  AND r.item_id = d.item_id AND r.question_id = d.question_id "
            "  AND COALESCE(r.condition, '') = d.cond "
            f"WHERE r.study_id = :s {real.replace('simulated', 'r.simulated')}"
            "ORDER BY r.participant_code, r.item_id, r.question_id, COALESCE(r.condition, ''), "
            "r.answer_utc, r.uuid"),
            {"s": study_id, "f": False})
        for code, item_id, question_id, condition, uuid, answer, origin, utc in rows:
            groups[(study_id, code, item_id, question_id, condition)].append(
                (uuid, answer, origin, utc))
    return groups


def _find_conflicts(conn: Connection, report: SourceReport, source_uuids: set[str],
                    studies: set[str]) -> None:
    """Questions answered more than once by one participant, where the input took part."""
    for key, answers in _conflict_groups(conn, studies).items():
        if not any(u in source_uuids for u, _, _, _ in answers):
            continue
        if len({_canonical(a) for _, a, _, _ in answers}) > 1:
            report.conflicts.append(Conflict(*key, tuple((u, a, o) for u, a, o, _ in answers)))
        else:
            report.repeated += 1


def answer_conflicts(db: Database, study_id: str, *, include_simulated: bool = False,
                     ) -> list[Conflict]:
    """The questions of `study_id` one participant answered differently more than once (two
    databases merged without a resolve rule): an export would count each answer."""
    with db.engine.connect() as conn:
        groups = _conflict_groups(conn, [study_id], real_only=not include_simulated)
    return [Conflict(*key, tuple((u, a, o) for u, a, o, _ in answers))
            for key, answers in groups.items() if len({_canonical(a) for _, a, _, _ in answers}) > 1]


def resolve_conflicts(target: Database, rule: str) -> list[Conflict]:
    """Settle every conflict in `target` by `rule` (RESOLVE_RULES), in one transaction: the
    answers not kept are deleted and recorded, answer by answer, in a `conflicts_resolved`
    event per study (events cannot be deleted, so what was dropped stays on record)."""
    if rule not in RESOLVE_RULES:
        raise UserInputError(f"--resolve: {rule!r} is not one of {', '.join(RESOLVE_RULES)}")
    settled: list[Conflict] = []
    with target.engine.begin() as conn:
        studies = [str(s) for s in conn.execute(text("SELECT DISTINCT study_id FROM response")).scalars()]
        dropped: dict[str, list[list[str]]] = defaultdict(list)
        for key, answers in _conflict_groups(conn, studies).items():
            if len({_canonical(a) for _, a, _, _ in answers}) < 2:
                continue  # the same answer twice: a repeat, counted once by the results
            keep = {"keep-first": answers[:1], "keep-latest": answers[-1:], "drop-both": []}[rule]
            losers = [a for a in answers if a not in keep]
            conn.execute(text("DELETE FROM response WHERE uuid = :u"), [{"u": u} for u, *_ in losers])
            # (the condition follows the old fields, so a reader of the log before it still can)
            dropped[key[0]] += [[key[1], key[2], key[3], u, a, o, key[4]]
                                for u, a, o, _ in losers]
            settled.append(Conflict(*key, tuple((u, a, o) for u, a, o, _ in answers)))
        for study_id, rows in dropped.items():
            _insert(conn, "event", [{
                "uuid": new_uuid(), "study_id": study_id, "participant_code": None,
                "session_uuid": None, "kind": "conflicts_resolved", "item_id": None,
                "payload_json": json.dumps({"rule": rule, "dropped": rows}, sort_keys=True),
                "mono_ns": None, "utc": utc_now(), "origin": target.origin}])
    return settled


def _log_merge(conn: Connection, target: Database, report: SourceReport, allow_mix: bool) -> None:
    studies = sorted(set(report.per_study) | {c.study_id for c in report.conflicts}) or [""]
    for study_id in studies:
        counts = report.per_study.get(study_id, Counter())
        conflicts = [c for c in report.conflicts if c.study_id == study_id]
        payload = {
            "source": report.label, "source_origin": report.origin,
            "responses_new": counts["responses"], "participants_new": counts["participants"],
            "events_new": counts["events"], "responses_present_all_studies": report.responses_present,
            "sessions_new_all_studies": report.sessions_new,
            "conflicts": len(conflicts), "allow_version_mix": allow_mix,
            "conflict_list": [[c.participant, c.item_id, c.question_id,
                               [u for u, _, _ in c.answers], c.condition]
                              for c in conflicts[:MAX_LOGGED_CONFLICTS]],
        }
        _insert(conn, "event", [{
            "uuid": new_uuid(), "study_id": study_id, "participant_code": None,
            "session_uuid": None, "kind": "merge", "item_id": None,
            "payload_json": json.dumps(payload, sort_keys=True), "mono_ns": None,
            "utc": utc_now(), "origin": target.origin}])
