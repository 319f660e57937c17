"""SIGKILL the app process at random moments of a scripted session, restart it, and prove that
no committed answer is lost or duplicated and that the session resumes on the first
unanswered item. The app process is tests/kill_driver.py (a real SessionEngine on a real
SQLite file); see its docstring for the line protocol.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from app.session.plan import build_plan
from app.storage.backup import latest_good_backup
from app.study.loader import LoadedStudy, load_study
from tests.conftest import REPO

DRIVER = Path(__file__).resolve().parent / "kill_driver.py"
LINE_TIMEOUT_S = 60.0  # a hung driver fails the test instead of hanging it
ENV = {**os.environ, "PYTHONPATH": str(REPO)}  # the driver imports `app` from this checkout


def write_large_study(folder: Path, n_items: int) -> Path:
    """A study with a practice block, breaks, and items of one, two and three questions."""
    items = []
    for i in range(n_items):
        kind = i % 3
        if kind == 0:
            stimulus = {"kind": "text", "text": f"Sentence number {i}."}
            questions = [{"id": "label", "kind": "choice", "prompt": "Sentiment?", "gold": "pos",
                          "options": [{"key": "pos", "label": "Positive"},
                                      {"key": "neg", "label": "Negative"},
                                      {"key": "neu", "label": "Neutral"}]}]
        elif kind == 1:
            stimulus = {"kind": "pair", "text_a": f"A{i}", "text_b": f"B{i}"}
            questions = [{"id": "sim", "kind": "rating", "min": 0, "max": 5, "step": 0.5},
                         {"id": "why", "kind": "text"}]
        else:
            stimulus = {"kind": "query_documents", "query": f"query {i}",
                        "documents": [{"id": f"d{j}", "text": f"doc {j}"} for j in range(3)]}
            questions = [{"id": "rel", "kind": "relevance"},
                         {"id": "order", "kind": "ranking"},
                         {"id": "note", "kind": "text"}]
        items.append({"id": f"it{i:04d}", "block": "practice" if i < 2 else "main",
                      "categories": {"task": f"t{kind}"}, "stimulus": stimulus,
                      "questions": questions})
    study = {
        "format_version": 1, "id": "killtest", "title": "Kill test (generated)",
        "blocks": [{"id": "practice", "kind": "practice", "intro": "Two practice items."},
                   {"id": "main", "kind": "main", "intro": "Now the real ones."}],
        "design": {"seed": 11, "shuffle_items": True, "shuffle_options": True, "break_every": 40},
        "items": items,
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "study.json").write_text(json.dumps(study), encoding="utf-8")
    return folder


class Driver:
    """tests/kill_driver.py in `serve` mode, its stdout read line by line by a thread."""

    def __init__(self, db_url: str, study: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(DRIVER), "serve", "--db", db_url, "--study", str(study)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=REPO, env=ENV,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.next_line() == "ready"

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def next_line(self, timeout: float = LINE_TIMEOUT_S) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"driver said nothing for {timeout} s (hung?)") from None
        if line is None:
            stderr = self.proc.stderr.read() if self.proc.stderr else ""
            raise AssertionError(f"driver exited: {stderr}")
        assert not line.startswith("error "), line
        return line

    def go(self, code: str) -> tuple[int, list[str]]:
        """Fork a child for `code`: its pid and what it said before the server named it."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"go {code}\n")
        self.proc.stdin.flush()
        early = []
        while not (line := self.next_line()).startswith("child "):
            early.append(line)
        return int(line.split()[1]), early

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@dataclass
class Run:
    """What one child process said before it died or finished."""

    lines: list[str] = field(default_factory=list)
    exit_status: int | None = None
    stderr_tail: str = ""  # the GUI driver's last words, for the failure message

    def values(self, word: str) -> list[str]:
        return [line.split(" ", 1)[1] for line in self.lines if line.startswith(word + " ")]

    @property
    def session(self) -> str | None:
        found = self.values("session")
        return found[0] if found else None

    @property
    def committed(self) -> list[str]:
        return [v.split()[1] for v in self.values("committed")]

    @property
    def in_flight(self) -> str | None:
        """The item whose submit had started but not returned when the process died."""
        submits = [v.split()[1] for v in self.values("submit")]
        if submits and submits[-1] not in self.committed:
            return submits[-1]
        return None

    @property
    def killed(self) -> bool:
        return self.exit_status is not None and os.WIFSIGNALED(self.exit_status) \
            and os.WTERMSIG(self.exit_status) == signal.SIGKILL


def collect(driver: Driver, pid: int, run: Run, *, until: str | None = None) -> None:
    """Read the child's lines (optionally stopping at the first line starting with `until`)."""
    if until and any(line.startswith(until) for line in run.lines):
        return
    while True:
        line = driver.next_line()
        if line.startswith(f"exit {pid} "):
            run.exit_status = int(line.split()[2])
            return
        run.lines.append(line)
        if until and line.startswith(until):
            return


class Ledger:
    """The test's own account of the database, checked against the file after every kill."""

    def __init__(self, loaded: LoadedStudy, db_path: Path) -> None:
        self.loaded = loaded
        self.db_path = db_path
        self.questions = {i.id: {q.id for q in i.questions} for i in loaded.study.items}
        self.committed: dict[tuple[str, str], str] = {}  # (participant, item) -> session
        self.kills = self.kills_in_submit = self.in_flight_landed = self.kills_before_session = 0

    def rows(self, code: str) -> list[tuple[str, str, str]]:
        if not self.db_path.exists():
            return []
        # Read-write, as the app's next start opens it: a kill in the middle of the very first
        # open can leave a hot rollback journal (before the database is switched to WAL), which
        # only a connection that may write can roll back; read-only, SQLite refuses to read it
        # ("attempt to write a readonly database"). The killed process is gone by now.
        conn = sqlite3.connect(self.db_path, timeout=30)
        try:
            # A kill during the very first open leaves the file without a schema: creating it
            # is one transaction, rolled back whole (test_storage proves it). Nothing was saved.
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'response'").fetchone():
                return []
            return conn.execute(
                "SELECT item_id, question_id, session_uuid FROM response "
                "WHERE study_id = ? AND participant_code = ?", (self.loaded.study.id, code),
            ).fetchall()
        finally:
            conn.close()

    def record(self, code: str, run: Run) -> None:
        for item in run.committed:
            assert (code, item) not in self.committed, f"{item} committed twice"
            self.committed[(code, item)] = run.session or ""
        if run.killed:
            self.kills += 1
            self.kills_before_session += run.session is None
            self.kills_in_submit += run.in_flight is not None

    def check(self, code: str, run: Run | None = None) -> tuple[int, str] | None:
        """Assert the invariants; return the plan entry a restart must resume on."""
        rows = self.rows(code)
        counts = Counter((item, q) for item, q, _ in rows)
        dupes = [k for k, n in counts.items() if n > 1]
        assert not dupes, f"duplicated answers: {dupes[:5]}"
        by_item: dict[str, set[str]] = {}
        session_of: dict[str, str] = {}
        for item, q, session in rows:
            by_item.setdefault(item, set()).add(q)
            session_of[item] = session
        for item, qs in by_item.items():
            assert qs == self.questions[item], f"{item}: only {sorted(qs)} stored (torn item)"
        for (who, item), session in self.committed.items():
            if who == code:
                assert session_of.get(item) == session, f"committed {item} lost or rewritten"
        if run is not None and run.in_flight and run.in_flight in session_of:
            # Killed after the commit, before "committed" was printed: durable, by this session.
            assert session_of[run.in_flight] == run.session
            self.in_flight_landed += 1
            self.committed[(code, run.in_flight)] = session_of[run.in_flight]
        plan = build_plan(self.loaded.study, code)
        answered = [p.item_id in by_item for p in plan]
        first_gap = answered.index(False) if False in answered else len(plan)
        assert not any(answered[first_gap:]), "answers after a gap: the session skipped an item"
        return (plan[first_gap].position, plan[first_gap].item_id) if first_gap < len(plan) else None


def assert_resumed_on(run: Run, expected: tuple[int, str] | None) -> None:
    """The engine's next_trial() after a restart is the first unanswered plan entry."""
    resumed = run.values("resume")
    if not resumed:
        return  # killed before the engine was up: nothing to compare
    want = "end" if expected is None else f"{expected[0]} {expected[1]}"
    assert resumed[0] == want, f"resumed on {resumed[0]}, first unanswered is {want}"


def kill_campaign(tmp_path: Path, *, kills: int, n_items: int, seed: int) -> Ledger:
    rng = random.Random(seed)
    study_dir = write_large_study(tmp_path / "study", n_items)
    loaded = load_study(study_dir)
    db_path = tmp_path / "kill.sqlite3"
    db_url = f"sqlite:///{db_path}"
    ledger = Ledger(loaded, db_path)
    driver = Driver(db_url, study_dir)
    codes = [f"K{n:03d}" for n in range(1, 100)]
    code = codes.pop(0)
    used = [code]
    expected = ledger.check(code)
    try:
        while ledger.kills < kills:
            pid, early = driver.go(code)
            run = Run(early)
            if rng.random() < 0.25:  # anywhere, start-up included
                time.sleep(rng.uniform(0, 0.15))
            else:  # in the answering loop
                collect(driver, pid, run, until="resume")
                time.sleep(rng.uniform(0, 0.12))
            if run.exit_status is None:
                with contextlib.suppress(ProcessLookupError):  # it may have finished first
                    os.kill(pid, signal.SIGKILL)
                collect(driver, pid, run)
            assert_resumed_on(run, expected)
            ledger.record(code, run)
            expected = ledger.check(code, run)
            if "done" in run.lines:
                code = codes.pop(0)
                used.append(code)
                expected = ledger.check(code)
        for code in used:  # let every participant finish, then the whole file must be sound
            pid, early = driver.go(code)
            run = Run(early)
            collect(driver, pid, run)
            assert run.exit_status == 0 and "done" in run.lines, run.lines[-3:]
            ledger.record(code, run)
            assert ledger.check(code, run) is None
    finally:
        driver.close()
    check_final_database(loaded, db_path, used)
    return ledger


def check_final_database(loaded: LoadedStudy, db_path: Path, codes: list[str]) -> None:
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        n_questions = sum(len(i.questions) for i in loaded.study.items)
        for code in codes:
            (count,) = conn.execute("SELECT COUNT(*) FROM response WHERE participant_code = ?",
                                    (code,)).fetchone()
            assert count == n_questions
        # Every session that never ended is named by exactly one crash_recovered event.
        unended = {r[0] for r in conn.execute("SELECT uuid FROM session WHERE ended_utc IS NULL")}
        markers = [json.loads(r[0])["session"] for r in conn.execute(
            "SELECT payload_json FROM event WHERE kind = 'crash_recovered'")]
        assert len(markers) == len(set(markers))
        assert set(markers) == unended
    finally:
        conn.close()
    assert latest_good_backup(db_path) is not None  # the finished sessions left a backup


def test_sigkill_at_random_points_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    ledger = kill_campaign(tmp_path, kills=52, n_items=300, seed=20240601)
    print(f"kills={ledger.kills} in_submit={ledger.kills_in_submit} "
          f"in_flight_landed={ledger.in_flight_landed} before_session={ledger.kills_before_session} "
          f"committed={len(ledger.committed)}")
    assert ledger.kills >= 50
    assert ledger.kills_in_submit > 0  # some kills did land inside a transaction


@pytest.mark.slow
def test_sigkill_many_times_long_variant(tmp_path: Path) -> None:
    ledger = kill_campaign(tmp_path, kills=400, n_items=600, seed=int(time.time()))
    assert ledger.kills >= 400
    assert ledger.kills_in_submit > 10


def test_fresh_interpreter_killed_and_restarted(tmp_path: Path) -> None:
    """The same guarantee without fork: a new interpreter per run, as a user restarts the app."""
    study_dir = write_large_study(tmp_path / "study", 60)
    loaded = load_study(study_dir)
    db_path = tmp_path / "plain.sqlite3"
    ledger = Ledger(loaded, db_path)
    cmd = [sys.executable, str(DRIVER), "run", "--db", f"sqlite:///{db_path}",
           "--study", str(study_dir), "--participant", "F001"]
    expected = ledger.check("F001")
    for _ in range(2):
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=REPO, env=ENV)
        assert proc.stdout is not None
        run = Run()
        for line in proc.stdout:
            run.lines.append(line.rstrip("\n"))
            if len(run.values("committed")) >= 5:
                break
        proc.send_signal(signal.SIGKILL)
        assert proc.wait() == -signal.SIGKILL
        run.exit_status = signal.SIGKILL  # the waitpid status of a process killed by SIGKILL
        assert_resumed_on(run, expected)
        ledger.record("F001", run)
        expected = ledger.check("F001", run)
    assert ledger.kills == 2
    final = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, env=ENV, timeout=120)
    assert final.returncode == 0, final.stdout[-500:]
    run = Run(final.stdout.splitlines(), 0)
    ledger.record("F001", run)
    assert ledger.check("F001", run) is None
    check_final_database(loaded, db_path, ["F001"])


GUI_DRIVER = Path(__file__).resolve().parent / "gui_kill_driver.py"


def gui_run(cmd: list[str], rng: random.Random, *, kill: bool) -> Run:
    """One start of the real GUI app; SIGKILLed at a random moment when `kill`."""
    errors = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed below, after the run)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errors, text=True,
                            cwd=REPO, env={**ENV, "QT_QPA_PLATFORM": "offscreen"})
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    run = Run()
    line: str | None = ""
    if kill and rng.random() < 0.75:  # in the answering, not only during Qt's start-up
        while line is not None and not (line or "").startswith("resume"):
            line = lines.get(timeout=120)
            if line is not None:
                run.lines.append(line)
    deadline = time.monotonic() + (rng.uniform(0.05, 2.5) if kill else 300)
    while line is not None and time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            break
        if line is None:
            break
        assert not line.startswith("error"), line
        run.lines.append(line)
    if kill and proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    code = proc.wait(timeout=60)
    while line is not None and (line := lines.get(timeout=30)) is not None:
        run.lines.append(line)
    run.exit_status = signal.SIGKILL if code == -signal.SIGKILL else code << 8
    errors.seek(0)
    run.stderr_tail = errors.read()[-3000:]
    errors.close()
    return run


def test_sigkill_the_real_gui_app(tmp_path: Path) -> None:
    """The participant app itself (offscreen, its writer thread, real widgets answered by
    key presses) killed at random moments, restarted, and finally run to the end."""
    # Long enough that no killed run can reach the end (~8 items/s here, kills come within
    # 2.5 s of the first trial): with 24 items a run after the first kill could finish
    # before its kill, leaving fewer than two kills (the test then failed now and then).
    study_dir = write_large_study(tmp_path / "study", 100)
    loaded = load_study(study_dir)
    db_path = tmp_path / "gui.sqlite3"
    ledger = Ledger(loaded, db_path)
    cmd = [sys.executable, str(GUI_DRIVER), "--db", f"sqlite:///{db_path}",
           "--study", str(study_dir), "--participant", "G001"]
    rng = random.Random(7)
    expected = ledger.check("G001")
    for _ in range(3):
        run = gui_run(cmd, rng, kill=True)
        assert_resumed_on(run, expected)
        ledger.record("G001", run)
        expected = ledger.check("G001", run)
        if "done" in run.lines:
            break
    print(f"gui kills={ledger.kills} in_submit={ledger.kills_in_submit} "
          f"committed before the last run={len(ledger.committed)}")
    assert ledger.kills >= 2
    final = gui_run(cmd, rng, kill=False)
    assert "done" in final.lines, (final.lines[-5:], final.exit_status, final.stderr_tail)
    assert_resumed_on(final, expected)
    ledger.record("G001", final)
    assert ledger.check("G001", final) is None
    check_final_database(loaded, db_path, ["G001"])
