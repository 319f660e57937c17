"""app.atomic_write: a file is replaced whole, and a failed write leaves the old one and no
temporary file behind."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from app.atomic_write import write_text_atomically


def test_replaces_whole_and_sets_the_mode(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text("old", encoding="utf-8")
    write_text_atomically(path, "new ✓", mode=0o600)
    assert path.read_text(encoding="utf-8") == "new ✓"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomically(path, "\ud800")  # a lone surrogate cannot be written as UTF-8
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]
