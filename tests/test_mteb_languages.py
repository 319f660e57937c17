"""An MTEB source without a language column: `import --language` sets it; without it,
`validate` warns and `export` writes everything but the MTEB folder, naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baseline_studio.main import main


def sts_source(tmp_path: Path) -> Path:
    source = tmp_path / "sts12.jsonl"  # as MTEB's own STS12: no language column
    rows = [{"sentence1": f"A man plays {n}.", "sentence2": f"Someone plays {n}.", "score": n % 5}
            for n in range(6)]
    source.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return source


def test_import_language_sets_the_study_languages(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "study"
    assert main(["import", "mteb-sts", str(sts_source(tmp_path)), "--out", str(out),
                 "--language", "eng-Latn"]) == 0, capsys.readouterr().err
    assert json.loads((out / "study.json").read_text())["languages"] == ["eng-Latn"]


def test_without_languages_validate_warns_and_export_writes_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "study"
    assert main(["import", "mteb-sts", str(sts_source(tmp_path)), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["validate", str(out)]) == 0
    assert "export` cannot write its MTEB results folder" in capsys.readouterr().err
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    assert main(["simulate", "--db", db, "--study", str(out), "--participants", "2"]) == 0
    export = tmp_path / "export"
    assert main(["export", "--db", db, "--study", str(out), "--include-simulated",
                 "--bootstrap", "0", "--out", str(export)]) == 0
    err = capsys.readouterr().err
    assert "warning: no MTEB results folder" in err and "languages" in err
    assert (export / "responses_long.csv").exists() and not (export / "mteb").exists()
