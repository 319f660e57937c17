"""The installable app ships without pyarrow (docs/packaging.md): every path that uses it when
it is there has one without it. An export run with pyarrow made unimportable writes the same
bytes as one with it, so the frozen app's results are the results."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# Run the command line with pyarrow not installed, as in the bundle: a finder ahead of the
# others refuses it, so `import pyarrow` raises ImportError wherever it is tried (a None in
# sys.modules would not do: scikit-learn looks pyarrow up there and takes None for the module).
BLOCKED = """
import importlib.abc, sys

class NoArrow(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "pyarrow":
            raise ImportError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, NoArrow())
from baseline_studio import main
sys.exit(main(sys.argv[1:]))
"""


def _cli(args: list[str], *, without_pyarrow: bool) -> None:
    command = [sys.executable, "-c", BLOCKED, *args] if without_pyarrow else \
        [sys.executable, "-m", "baseline_studio", *args]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


# report.html says when it was written, to the minute: two exports may straddle one.
STAMP = re.compile(rb"\d{4}-\d\d-\d\d \d\d:\d\d UTC")


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): STAMP.sub(b"(when)", p.read_bytes())
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("study", ["hume-demo", "preference-demo"])
def test_an_export_without_pyarrow_writes_the_same_files(tmp_path: Path, study: str) -> None:
    home = tmp_path / "home"
    _cli(["simulate", "--home", str(home), "--study", f"studies/{study}", "--participants", "6",
          "--seed", "3", "--bulk"], without_pyarrow=False)
    outs = {}
    for without in (False, True):
        out = tmp_path / ("without" if without else "with")
        _cli(["export", "--home", str(home), "--study", f"studies/{study}", "--out", str(out),
              "--include-simulated"], without_pyarrow=without)
        outs[without] = _files(out)
    assert sorted(outs[True]) == sorted(outs[False])
    differ = [name for name in outs[False] if outs[True][name] != outs[False][name]]
    assert differ == []
