"""`run` and `timing-check` without a display: a plain message saying a display is needed (and,
for `run`, how to check the installation offscreen), exit 2; not Qt's abort (exit 134, "This
application failed to start... Reinstalling the application may fix this problem")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="a display server is an X11/Wayland matter")


def _headless_cli(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    clean["PYTHONPATH"] = str(REPO)
    clean.update(env)
    return subprocess.run([sys.executable, "-m", "baseline_studio", *args,
                           "--home", str(tmp_path / "home"),
                           "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}"],
                          capture_output=True, text=True, cwd=REPO, env=clean, timeout=120)


@pytest.mark.parametrize("command", [["run"], ["timing-check", "--trials", "3"]])
def test_without_a_display_says_so_and_exits_2(tmp_path: Path, command: list[str]) -> None:
    done = _headless_cli(tmp_path, *command)
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert "needs a display" in done.stderr
    assert "Reinstalling" not in done.stderr and "Traceback" not in done.stderr
    if command == ["run"]:
        assert "--self-test" in done.stderr  # the offscreen way to check an installation


def test_a_display_that_is_gone_is_named(tmp_path: Path) -> None:
    done = _headless_cli(tmp_path, "run", DISPLAY=":987")
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert "DISPLAY=:987" in done.stderr and "needs a display" in done.stderr
