"""The command line starts without the heavy libraries: `--help`, `validate`, `studies` and
the start of `run` must not wait seconds for pandas, scipy or scikit-learn
(benchmarks/bench_cold_start.py; docs/performance.md)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "pandas", "scipy", "sklearn", "statsmodels", "pyarrow", "PySide6", "cv2")


def _loaded_after(code: str) -> set[str]:
    probe = (f"import sys\n{code}\n"
             f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=120)
    return set(out.stdout.split())


def test_the_command_line_imports_nothing_heavy() -> None:
    assert _loaded_after("from app.cli.main import build_parser; build_parser()") == set()


def test_results_options_alone_stay_light() -> None:
    assert _loaded_after("from app.results.options import ResultsOptions, TIE_RULES") == set()


def test_the_scoring_is_still_there_when_asked_for() -> None:
    assert "pandas" in _loaded_after("from app.results import compute_results")
