"""`baseline-studio designer --set-passphrase / --reset-passphrase`: the passphrase typed twice
(read from standard input when it is not a terminal), a reset logged, the data untouched."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from app.security import check_designer_passphrase, has_designer_passphrase
from baseline_studio.main import main

REPO = Path(__file__).resolve().parents[2]



def _run(monkeypatch: pytest.MonkeyPatch, typed: str, *args: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return main(["designer", *args])


def test_set_passphrase_from_the_command_line(capsys: pytest.CaptureFixture[str],
                                              data_home: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "baseline_studio", "designer", "--set-passphrase"],
                          input="correct horse\ncorrect horse\n", text=True, cwd=REPO,
                          capture_output=True, timeout=60,
                          env={"BASELINE_STUDIO_HOME": str(data_home), "PYTHONPATH": str(REPO),
                               "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "Ctrl+Shift+D" in done.stdout
    assert check_designer_passphrase("correct horse")
    assert "passphrase set on the command line" in (data_home / "designer.log").read_text()


def test_set_refuses_short_differing_or_a_second_passphrase(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(monkeypatch, "short\nshort\n", "--set-passphrase") == 2
    assert "at least 6 characters" in capsys.readouterr().err and not has_designer_passphrase()
    assert _run(monkeypatch, "open sesame\nopen barley\n", "--set-passphrase") == 2
    assert "differ" in capsys.readouterr().err and not has_designer_passphrase()
    assert _run(monkeypatch, "open sesame\nopen sesame\n", "--set-passphrase") == 0
    assert _run(monkeypatch, "other one\nother one\n", "--set-passphrase") == 2
    assert "--reset-passphrase" in capsys.readouterr().err
    assert check_designer_passphrase("open sesame")


def test_reset_replaces_a_forgotten_passphrase_logs_it_and_keeps_the_data(
        monkeypatch: pytest.MonkeyPatch, mini_study_dir: Path, data_home: Path) -> None:
    from app.home import DB_FILE
    from app.session.engine import SessionEngine
    from app.storage import open_database
    from app.study.loader import load_study

    assert _run(monkeypatch, "forgotten!\nforgotten!\n", "--set-passphrase") == 0
    db = open_database(f"sqlite:///{data_home / DB_FILE}")
    SessionEngine(load_study(mini_study_dir), db, "P001").close()
    db.close()
    before = hashlib.sha256((data_home / DB_FILE).read_bytes()).hexdigest()
    assert _run(monkeypatch, "new words\nnew words\n", "--reset-passphrase") == 0
    assert check_designer_passphrase("new words") and not check_designer_passphrase("forgotten!")
    assert hashlib.sha256((data_home / DB_FILE).read_bytes()).hexdigest() == before
    log = (data_home / "designer.log").read_text().splitlines()
    assert "passphrase reset on the command line" in log[-1] and "account=" in log[-1]
    assert "new words" not in (data_home / "designer.log").read_text()
