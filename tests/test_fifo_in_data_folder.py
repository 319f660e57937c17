"""A FIFO where the data folder keeps a small file (study_folders.json, an asset record, the
passphrase record) or where a CSV is expected never blocks a command: every file the app reads
is opened as a regular file, without blocking."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.study.assets import MANIFEST_DIR
from app.study.loader import load_study

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = Path(__file__).resolve().parents[1]
HANG_S = 60  # a blocked open fails the test instead of blocking the run

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "baseline_studio", *argv], capture_output=True,
                          text=True, timeout=HANG_S, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                               "BASELINE_STUDIO_MACHINE_ID": "test-station"})


def test_fifos_in_the_data_folder_do_not_block_simulate_or_import(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    study = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini-study", study)
    content_hash = load_study(study).content_hash
    os.mkfifo(home / "study_folders.json")
    (home / MANIFEST_DIR).mkdir()
    os.mkfifo(home / MANIFEST_DIR / f"{content_hash}.json")
    os.mkfifo(home / "designer.json")
    done = run("simulate", "--home", str(home), "--study", str(study), "--participants", "1")
    assert done.returncode == 0, done.stderr
    answers = tmp_path / "answers.csv"
    answers.write_text("participant,item_id,question_id,answer,rt_ms\nP001,c1,label,pos,900\n")
    done = run("import-responses", "--home", str(home), "--study", str(study), str(answers))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_a_fifo_given_as_the_responses_csv_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "answers.csv"
    os.mkfifo(fifo)
    done = run("import-responses", "--home", str(tmp_path / "home"), "--study",
               str(FIXTURES / "mini-study"), str(fifo))
    assert done.returncode == 2
    assert "answers.csv" in done.stderr and "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr
