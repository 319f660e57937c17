"""Where a preview keeps its answers: a throwaway SQLite database in a temporary folder of its
own, deleted when the preview ends. The real database is never opened, not even for reading:
a preview of a study cannot change or lock the data a station is collecting.
"""

from __future__ import annotations

import importlib
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from app.storage import open_database
from app.storage.database import Database
from app.study.model import Study

# The standard library's regex parser (re._parser; no public name, and sre_parse warns).
re_parser: Any = importlib.import_module("re._parser")
PREFIX = "baseline-studio-preview-"
PREVIEW_CODE = "PREVIEW"


def preview_code(study: Study) -> str:
    """A participant code the study accepts: the first it issues; for a pattern, the simplest
    code it matches (P[0-9]{3}: P000); else PREVIEW."""
    codes = study.participants.codes
    if codes is not None:
        if codes.listed:
            return codes.listed[0]
        if codes.ranges:
            return codes.ranges[0].first
        if codes.pattern is not None:
            example = pattern_example(codes.pattern)
            if example is not None and codes.issues(example):
                return example
    return PREVIEW_CODE


def pattern_example(pattern: str) -> str | None:
    """The shortest plain string `pattern` matches, built from its parse (first branch, first
    character of each class, fewest repeats); None for what this does not cover."""
    try:
        parsed = re_parser.parse(pattern)
    except re.error:
        return None
    try:
        text = _example(parsed)
    except (KeyError, TypeError, ValueError):
        return None
    return text if text and re.fullmatch(pattern, text) else None


_CATEGORY = {"CATEGORY_DIGIT": "0", "CATEGORY_WORD": "A", "CATEGORY_NOT_SPACE": "A",
             "CATEGORY_NOT_DIGIT": "A", "CATEGORY_NOT_WORD": "-", "CATEGORY_SPACE": " "}


def _example(parsed: Any) -> str:
    out = []
    for op, arg in parsed:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "ANY":
            out.append("A")
        elif name == "IN":
            out.append(_first_of(arg))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, _high, sub = arg
            out.append(_example(sub) * low)
        elif name == "SUBPATTERN":
            out.append(_example(arg[-1]))
        elif name == "BRANCH":
            out.append(_example(arg[1][0]))
        elif name == "AT":
            continue
        else:
            raise ValueError(name)
    return "".join(out)


def _first_of(items: Any) -> str:
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            return chr(arg)
        if name == "RANGE":
            return chr(arg[0])
        if name == "CATEGORY":
            return _CATEGORY[str(arg)]
        if name == "NEGATE":
            raise ValueError(name)
    raise ValueError("empty class")


class PreviewSession:
    """The temporary folder (also the preview's data folder: settings and backups land there
    too) and the database in it. `close` is safe to call more than once."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        self.db: Database = open_database(f"sqlite:///{self.folder / 'preview.sqlite3'}",
                                          home=self.folder)
        self.closed = False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.db.close()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
