"""The study format: models, loading with full validation, asset paths, answers.

The names below are loaded on first use (PEP 562): the response kinds (`app.kinds`) build on
the format's shared pieces (`app.study.model_base`, `model_stimuli`) while the loader checks
answers through the kinds, so importing this package must not load the loader yet.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.study.errors import Problem, StudyError
    from app.study.loader import LoadedStudy, load_study
    from app.study.model import FORMAT_VERSION, Item, Study

_WHERE = {"Problem": "errors", "StudyError": "errors", "LoadedStudy": "loader",
          "load_study": "loader", "FORMAT_VERSION": "model", "Item": "model", "Study": "model"}

__all__ = ["FORMAT_VERSION", "Item", "LoadedStudy", "Problem", "Study", "StudyError", "load_study"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"app.study.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'app.study' has no attribute {name!r}")
