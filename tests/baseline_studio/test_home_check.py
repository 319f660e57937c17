"""`--home` (or BASELINE_STUDIO_HOME) naming a file, or a folder inside a file, is one clean
message and exit 2 for every command, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from baseline_studio.main import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
STUDY = str(FIXTURES / "mini-study")


@pytest.mark.parametrize("argv", [
    ["studies"], ["coverage", "--study", STUDY], ["validate", STUDY],
    ["simulate", "--study", STUDY, "--participants", "1"], ["plan", "--study", STUDY],
    ["snapshot", "copy.sqlite3"], ["restore-backup", "--list"],
])
@pytest.mark.parametrize("inside", [False, True])
def test_a_home_that_is_a_file_is_a_clean_error_for_every_command(
        argv: list[str], inside: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    home = a_file / "sub" if inside else a_file
    assert main([argv[0], "--home", str(home), *argv[1:]]) == 2
    err = capsys.readouterr().err
    assert f"--home {home}" in err and ("not a folder" in err or "is a file" in err)
    assert "Traceback" not in err
    monkeypatch.setenv("BASELINE_STUDIO_HOME", str(home))
    assert main(argv) == 2
    assert "BASELINE_STUDIO_HOME" in capsys.readouterr().err
