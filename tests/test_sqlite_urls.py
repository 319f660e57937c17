"""SQLite URLs are resolved to the one file SQLite will open before anything is written; a
URL that is not one durable file (in memory, URI parameters that change what is opened, a
`file:` name without uri=true) is refused with exit 2 by every command that writes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.storage import open_database
from baseline_studio.main import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def hostile_urls(folder: Path) -> list[str]:
    return [
        f"sqlite:///file:{folder}/y.sqlite3?mode=memory&uri=true",
        f"sqlite:///{folder}/lab.sqlite3?mode=memory",
        f"sqlite:///file:{folder}/z.sqlite3",
        "sqlite:///file:?uri=true",
        f"sqlite:///file:{folder}/m.sqlite3?vfs=memdb&uri=true",
        f"sqlite:///file:{folder}/n.sqlite3?nolock=1&uri=true",
        f"sqlite:///{folder}/t.sqlite3?timeout=0",
        "sqlite:///file::memory:?uri=true",
    ]


def test_urls_that_are_not_one_durable_file_are_refused_before_anything_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / "work"
    target = tmp_path / "target"
    work.mkdir()
    target.mkdir()
    monkeypatch.chdir(work)
    study = FIXTURES / "mini-study"
    csv_file = tmp_path / "answers.csv"
    csv_file.write_text("participant,item_id,question_id,answer,rt_ms\n")
    laptop = tmp_path / "laptop.sqlite3"
    open_database(f"sqlite:///{laptop}").close()
    for url in hostile_urls(target):
        commands = {
            "import-responses": ["import-responses", "--db", url, "--study", str(study),
                                 str(csv_file)],
            "merge": ["merge", url, str(laptop)],
            "merge input": ["merge", str(tmp_path / "out.sqlite3"), url],
            "simulate": ["simulate", "--db", url, "--study", str(study), "--participants", "1"],
            "snapshot": ["snapshot", "--db", url, str(tmp_path / "copy.sqlite3")],
        }
        for name, argv in commands.items():
            assert main(argv) == 2, (name, url)
            err = capsys.readouterr().err
            assert "Traceback" not in err and url.split("?")[0] in err, (name, url, err)
        assert list(work.iterdir()) == [], url  # no folder tree named file:
        assert list(target.iterdir()) == [], url
        assert not (tmp_path / "copy.sqlite3").exists()


def test_a_uri_naming_one_file_opens_that_file(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ok.sqlite3"
    url = f"sqlite:///file:{path}?mode=rwc&uri=true"
    assert main(["simulate", "--db", url, "--study", str(FIXTURES / "mini-study"),
                 "--participants", "1"]) == 0
    assert str(path) in capsys.readouterr().out
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM response").fetchone()[0] > 0
    assert "ok.sqlite3" in {p.name for p in tmp_path.iterdir()}
