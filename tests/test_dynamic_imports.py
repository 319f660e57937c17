"""The core and the exporters import by statement only: a module looked up by name at run time
(importlib) is one the import contracts in pyproject.toml cannot see, which is how the command
line once reached the GUI from inside app/ (issue 19)."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DYNAMIC = {"import_module", "__import__", "find_spec", "spec_from_file_location"}


def dynamic_imports(folder: Path) -> list[str]:
    """`file:line call` for every call that imports a module named by a value."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", None))
                if name in DYNAMIC:
                    found.append(f"{path.relative_to(folder)}:{node.lineno} {name}")
    return found


def test_the_core_and_the_exporters_import_nothing_by_name() -> None:
    assert dynamic_imports(REPO / "app") + dynamic_imports(REPO / "exporters") == []


def test_a_lookup_by_name_is_found(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("import importlib\nimportlib.import_module('widgets.launch')\n"
                                   "__import__('exporters')\n")
    assert dynamic_imports(tmp_path) == ["m.py:2 import_module", "m.py:3 __import__"]
