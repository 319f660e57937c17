"""Nobody in: pseudonymous codes, no gold on participant screens, the designer passphrase as a
salted scrypt hash, exports without free text and identifying fields unless asked, no network."""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import json
import os
import random
import re
import socket
import stat
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from app.responses_import import import_responses_csv
from app.security import (
    check_designer_passphrase,
    hash_passphrase,
    passphrase_path,
    set_designer_passphrase,
    verify_passphrase,
)
from app.session.codes import ParticipantCodeError, participant_code_warning
from app.session.engine import (
    BlockIntroScreen,
    EndScreen,
    QuestionAnswer,
    QuestionFeedback,
    Screen,
    SessionEngine,
    TrialScreenSpec,
    TrialTiming,
)
from app.session.presentation import TrialView
from app.storage import open_database
from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import LoadedStudy, load_study
from app.study.model import ScoringSpec
from exporters import export_all
from exporters.audit_csv import WITHHELD
from tests.kill_driver import step, walk

FORBIDDEN_KEYS = {"categories", "role"}  # never part of what a screen may show
SECRET_COMMENT = "my colleague Dr Jane Roe said so"


def to_jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, Path):
        return str(value)
    return value


def keys_and_values(node: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every (key path, value) of a JSON tree."""
    out: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((f"{path}.{key}", value))
            out += keys_and_values(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += keys_and_values(value, f"{path}[{index}]")
    return out


def shown_content(loaded: LoadedStudy, item_id: str) -> str:
    """What the designer wrote for the participant to see of an item: everything but the
    categories, the role, the gold answers and the scoring settings."""
    item = loaded.items_by_id[item_id].model_dump(mode="json", exclude={"categories", "role"})
    for question in item["questions"]:
        question.pop("gold", None)
        question.pop("scoring", None)
    return json.dumps(item, ensure_ascii=False)


def mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text) is not None


def assert_screen_leaks_nothing(loaded: LoadedStudy, screen: Screen) -> None:
    tree = to_jsonable(screen)
    text = json.dumps(tree, ensure_ascii=False) + repr(screen)
    neutral_scoring = ScoringSpec().model_dump(mode="json")
    for key_path, value in keys_and_values(tree):
        key = key_path.rsplit(".", 1)[-1]
        assert key not in FORBIDDEN_KEYS, f"{key_path} reaches the screen"
        if key == "gold":
            assert value is None, f"{key_path} = {value!r} reaches the screen"
        if key == "scoring":
            assert value == neutral_scoring, f"{key_path} carries scoring settings"
    allowed = shown_content(loaded, screen.view.item_id) if isinstance(screen, TrialScreenSpec) else ""
    if isinstance(screen, BlockIntroScreen):
        allowed = screen.text + screen.title
    for item in loaded.study.items:
        for value in item.categories.values():
            if mentions(text, value):
                assert mentions(allowed, value), f"category value {value!r} leaks into {screen}"
        for question in item.questions:
            gold = getattr(question, "gold", None)
            if isinstance(gold, dict):  # relevance grades, clustering groups: never shown
                assert json.dumps(gold) not in text, f"gold {gold} of {item.id} is on {screen}"
                for label in {v for v in gold.values() if isinstance(v, str)}:
                    assert not mentions(text, label) or mentions(allowed, label), \
                        f"gold label {label!r} of {item.id} is on {screen}"


def test_no_gold_categories_or_scoring_reach_any_screen(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    engine = SessionEngine(loaded, db, "P001")
    seen: list[Screen] = []
    feedback_after: dict[str, list[QuestionFeedback]] = {}

    def check(screen: Screen, feedback: list[QuestionFeedback]) -> None:
        if seen and isinstance(seen[-1], TrialScreenSpec):
            feedback_after[seen[-1].view.item_id] = feedback
        seen.append(screen)
        assert_screen_leaks_nothing(loaded, screen)
        if isinstance(screen, TrialScreenSpec):
            names = {f.name for f in dataclasses.fields(TrialView)}
            assert not names & {"gold", "categories", "scoring", "role"}
            assert all(q.gold is None for q in screen.view.questions)

    end = walk(engine, random.Random(3), check)
    db.close()
    trials = [s for s in seen if isinstance(s, TrialScreenSpec)]
    assert len(trials) == len(loaded.study.items)
    assert isinstance(end, EndScreen) and end.score is None  # the study does not show a score
    # The right answer is given back only after practice items.
    practice = {i.id for i in loaded.study.items if i.block == "practice"}
    assert [f.correct_answer for f in feedback_after["p1"]] == ["pos"]
    assert all(feedback_after[i] == [] for i in feedback_after if i not in practice)


def test_participant_codes_are_pseudonyms(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    for code in ["jane.roe@hospital.org", "  j.roe@uni-x.de ", "+44 20 7946 0958",
                 "(555) 123-4567", "", "P\x00001", "x" * 65]:
        with pytest.raises(ParticipantCodeError) as caught:
            SessionEngine(loaded, db, code)
        assert "participant code" in str(caught.value)
    with pytest.raises(ParticipantCodeError, match="e-mail"):
        SessionEngine(loaded, db, "jane.roe@hospital.org")
    assert db.participants(loaded.study.id) == []  # nothing written for a refused code
    for code in ["P001", "site-A_017", "R2", "Site A 01", "ward 3 rater 2"]:
        SessionEngine(loaded, db, code)
    assert participant_code_warning("Maria Lopez") is not None
    assert participant_code_warning("P001") is None and participant_code_warning("Site 4") is None
    db.close()


def test_imported_responses_need_pseudonymous_codes(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    source = tmp_path / "paper.csv"
    source.write_text("participant,item_id,question_id,answer,rt_ms\n"
                      "P001,c1,,pos,\njane.roe@hospital.org,c1,,neg,\n", encoding="utf-8")
    with pytest.raises(StudyError) as caught:
        import_responses_csv(loaded, db, source)
    assert "row 3, column participant" in caught.value.report()
    assert "e-mail" in caught.value.report()
    assert db.count_responses(loaded.study.id) == 0  # nothing imported
    db.close()


def test_passphrase_is_stored_as_salted_scrypt_hash(data_home: Path) -> None:
    passphrase = "correct horse battery"
    set_designer_passphrase(passphrase)
    stored = passphrase_path().read_text(encoding="utf-8")
    assert passphrase not in stored and passphrase.encode().hex() not in stored
    record = json.loads(stored)
    assert record["scheme"] == "scrypt" and len(bytes.fromhex(record["salt"])) == 16
    assert stat.S_IMODE(passphrase_path().stat().st_mode) == 0o600
    assert check_designer_passphrase(passphrase)
    assert not check_designer_passphrase("correct horse battery ")
    assert not check_designer_passphrase("")
    one, two = hash_passphrase(passphrase), hash_passphrase(passphrase)
    assert one["salt"] != two["salt"] and one["hash"] != two["hash"]
    assert verify_passphrase(passphrase, one) and verify_passphrase(passphrase, two)


@pytest.mark.parametrize("tamper", [
    {"n": 2**24}, {"n": 3}, {"r": 0}, {"p": 1000}, {"hash": "00"}, {"salt": "zz"},
    {"scheme": "plain"}, {"hash": None},
], ids=str)
def test_tampered_passphrase_record_verifies_nothing(tamper: dict[str, Any]) -> None:
    record = {**hash_passphrase("s3cret!"), **tamper}
    assert verify_passphrase("s3cret!", record) is False


def test_passphrase_file_garbage_is_refused(data_home: Path) -> None:
    passphrase_path().write_text("[1, 2", encoding="utf-8")
    assert not check_designer_passphrase("anything")
    with pytest.raises(ValueError, match="at least"):
        set_designer_passphrase("short")


def run_with_free_text(loaded: LoadedStudy, db: Database) -> None:
    """P001 (with an e-mail in an identifying profile field) answers every item; the poem's
    comment holds a name, typed in two steps as the shell logs answer changes."""
    engine = SessionEngine(loaded, db, "P001",
                           profile={"tier": "senior", "email": "jane.roe@hospital.org"})
    rng = random.Random(5)
    while not isinstance(screen := engine.next_screen(), EndScreen):
        if not (isinstance(screen, TrialScreenSpec) and screen.view.item_id == "poem1"):
            step(engine, screen, rng)
            continue
        events = [{"kind": "answer_change", "question": "why", "value": "my colleague",
                   "mono_ns": 5},
                  {"kind": "answer_change", "question": "creative", "value": 4, "mono_ns": 6},
                  {"kind": "answer_change", "question": "why", "value": SECRET_COMMENT,
                   "mono_ns": 7}]
        engine.submit(screen.view.position,
                      [QuestionAnswer("creative", 4, answer_ns=9),
                       QuestionAnswer("why", SECRET_COMMENT, answer_ns=9)],
                      TrialTiming(onset_ns=1, events=events))
    engine.close()


def test_exports_leave_out_free_text_and_identifying_fields(mini_study_dir: Path,
                                                            tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    run_with_free_text(loaded, db)
    default = export_all(loaded, db, tmp_path / "default")
    full = export_all(loaded, db, tmp_path / "full", include_identifying=True)
    db.close()
    names = {p.name for p in default}
    assert {"responses_long.csv", "events.csv"} <= names
    for path in default:
        text = path.read_text(encoding="utf-8")
        assert "jane.roe@hospital.org" not in text, path.name
        assert SECRET_COMMENT not in text and "my colleague" not in text, path.name
    rows = list(csv.DictReader((tmp_path / "default" / "responses_long.csv").open(encoding="utf-8")))
    assert "profile_email" not in rows[0] and rows[0]["profile_tier"] == "senior"
    assert {r["answer"] for r in rows if r["question_id"] == "why"} == {WITHHELD}
    events = list(csv.DictReader((tmp_path / "default" / "events.csv").open(encoding="utf-8")))
    changes = [json.loads(e["payload"]) for e in events if e["kind"] == "answer_change"]
    assert [c["value"] for c in changes] == [WITHHELD, 4, WITHHELD]  # the rating is kept
    # Asked for explicitly, everything is there.
    full_text = "".join(p.read_text(encoding="utf-8") for p in full)
    assert "jane.roe@hospital.org" in full_text and SECRET_COMMENT in full_text


class NetworkUsed(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Any attempt to open an Internet socket, connect or resolve a name is recorded and fails."""
    attempts: list[str] = []
    real_init = socket.socket.__init__

    def guarded_init(self: socket.socket, family: int = -1, *args: Any, **kwargs: Any) -> None:
        if family in (socket.AF_INET, socket.AF_INET6, -1):
            attempts.append(f"socket({family})")
            raise NetworkUsed(f"an Internet socket was opened (family {family})")
        real_init(self, family, *args, **kwargs)

    def refuse(name: str) -> Any:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            attempts.append(f"{name}{args[:2]}")
            raise NetworkUsed(f"{name} was called")
        return guarded

    monkeypatch.setattr(socket.socket, "__init__", guarded_init)
    for name in ("connect", "connect_ex", "sendto"):
        monkeypatch.setattr(socket.socket, name, refuse(f"socket.{name}"))
    for name in ("create_connection", "getaddrinfo", "gethostbyname", "gethostbyname_ex"):
        monkeypatch.setattr(socket, name, refuse(name))
    return attempts


def test_a_whole_session_and_export_open_no_socket(no_network: list[str], mini_study_dir: Path,
                                                    tmp_path: Path) -> None:
    with pytest.raises(NetworkUsed):  # the guard itself works
        socket.create_connection(("example.org", 80))
    no_network.clear()
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    engine = SessionEngine(loaded, db, "P001", profile={"tier": "primary"})
    walk(engine, random.Random(1))
    engine.close()
    written = export_all(loaded, db, tmp_path / "out")
    db.close()
    assert written and no_network == []


def inet_sockets_held() -> list[str]:
    """Internet sockets this process holds right now, native (Qt, C libraries) ones included:
    our socket inodes from /proc/self/fd, looked up in the kernel's socket tables."""
    inodes = set()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/self/fd/{fd}")
            if target.startswith("socket:["):
                inodes.add(target[len("socket:["):-1])
    held = []
    for table in ("tcp", "tcp6", "udp", "udp6", "raw", "raw6"):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/self/net/{table}").read_text().splitlines()[1:]:
                fields = line.split()
                if len(fields) > 9 and fields[9] in inodes:
                    held.append(f"{table} {fields[1]} -> {fields[2]}")
    return held


@pytest.mark.skipif(not Path("/proc/self/net/tcp").exists(), reason="needs Linux /proc")
def test_a_whole_gui_session_opens_no_socket(qtbot: Any, no_network: list[str],
                                             mini_study_dir: Path, tmp_path: Path) -> None:
    """The real participant app, offscreen, walked through the whole mini study by key presses,
    then an export: no Python socket is created and no Internet socket is ever held."""
    from widgets.autopilot import Autopilot
    from widgets.shell.message_screens import MessageScreen
    from widgets.station_window import StationWindow

    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'gui.sqlite3'}")
    window = StationWindow(db)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window, timeout=30_000)
    pilot = Autopilot(window, loaded)
    window.flow.open_study(mini_study_dir, code="P001")
    held: list[str] = []
    for _ in range(100):
        pilot.settle()
        held += inet_sockets_held()
        page = pilot.page
        if isinstance(page, MessageScreen) and page.title.text() == "Finished":
            break
        pilot.step()
    else:
        pytest.fail("the session did not reach the Finished screen")
    window.close()
    pilot.settle()
    export_all(loaded, db, tmp_path / "out")
    held += inet_sockets_held()
    answered = {r.item_id for r in db.responses(loaded.study.id, participant_code="P001")}
    db.close()
    assert answered == set(loaded.items_by_id)
    assert no_network == [] and held == []
