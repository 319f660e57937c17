"""The command line starts without the heavy libraries: `--help`, `validate`, `studies` and
the start of `run` must not wait seconds for pandas, scipy or scikit-learn
(benchmarks/bench_cold_start.py; docs/performance.md); and the commands without a window never
import Qt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HEAVY = ("numpy", "pandas", "scipy", "sklearn", "statsmodels", "pyarrow", "PySide6", "cv2")


def _loaded_after(code: str) -> set[str]:
    probe = (f"import sys\n{code}\n"
             f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=120)
    return set(out.stdout.split())


def test_the_command_line_imports_nothing_heavy() -> None:
    assert _loaded_after("from baseline_studio.main import build_parser; build_parser()") == set()


def test_results_options_alone_stay_light() -> None:
    assert _loaded_after("from app.results.options import ResultsOptions, TIE_RULES") == set()


def test_the_scoring_is_still_there_when_asked_for() -> None:
    assert "pandas" in _loaded_after("from app.results import compute_results")


def test_validate_and_export_never_import_the_gui(tmp_path) -> None:
    """The entry point imports the GUI only for the commands that open a window."""
    study = Path(__file__).resolve().parents[1] / "studies" / "hume-demo"
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    probe = ("import sys\nfrom baseline_studio.main import main\n"
             f"assert main(['validate', {str(study)!r}]) == 0\n"
             f"assert main(['export', '--study', {str(study)!r}, '--db', {db!r}, "
             f"'--home', {str(tmp_path)!r}, '--out', {str(tmp_path / 'out')!r}]) == 0\n"
             "print('loaded:', ' '.join(m for m in sys.modules "
             "if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6', 'widgets')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.splitlines()[-1].split() == ["loaded:"]


def test_the_asset_digest_child_imports_the_hashing_alone() -> None:
    """The child that hashes a big study's files (app.session.asset_child) imports no study
    models, database or session: less of its CPU beside the session's start."""
    probe = ("import sys\nimport app.session.asset_child, app.study.assets\n"
             "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('pydantic', 'pydantic_core', 'msgspec', 'sqlalchemy', 'sqlmodel', 'numpy')"
             " or m.startswith(('app.storage', 'app.study.model', 'app.study.loader', "
             "'app.session.engine')))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.split() == []


def test_the_command_line_leaves_other_commands_work_to_them() -> None:
    """`run` builds the whole parser: merging and importing answers load only for their own
    commands."""
    probe = ("import sys\nfrom baseline_studio.main import build_parser; build_parser()\n"
             "print(' '.join(m for m in ('app.responses_import', 'app.merge_check', "
             "'app.storage.merge') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.split() == []
