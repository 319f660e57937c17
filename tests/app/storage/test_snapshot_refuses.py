"""A snapshot is checked before it gets its name (app/storage/snapshot.py): a copy whose pages
fail SQLite's integrity check, or whose tables do not hold the rows the source held at that
instant, is refused with a message and nothing is left at OUT_FILE. The damage is done to the
real copy on disk, between the copy and the check, by wrapping the real copying function."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage import snapshot as snapshot_module
from app.storage.snapshot import SnapshotError, snapshot_database
from app.study.loader import load_study

MINI = Path(__file__).resolve().parents[2] / "fixtures" / "mini-study"


@pytest.fixture
def station(tmp_path: Path) -> Path:
    path = tmp_path / "lab.sqlite3"
    db = open_database(f"sqlite:///{path}")
    simulate(load_study(MINI), db, SimulationConfig(participants=2, seed=3, bulk=True))
    db.close()
    return path


def _damaging(monkeypatch: pytest.MonkeyPatch, damage: Callable[[sqlite3.Connection], None]
              ) -> None:
    real_copy = snapshot_module.copy_self_contained

    def copy_then_damage(source: sqlite3.Connection, partial: Path) -> None:
        real_copy(source, partial)
        conn = sqlite3.connect(partial)
        try:
            damage(conn)
            conn.commit()
        finally:
            conn.close()
    monkeypatch.setattr(snapshot_module, "copy_self_contained", copy_then_damage)


def _index_out_of_order(conn: sqlite3.Connection) -> None:
    """An index whose entries no longer match its declared order: every row is still there
    (the counts agree), only PRAGMA integrity_check can tell."""
    name, table, sql = conn.execute(
        "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
        "AND tbl_name = 'response' ORDER BY name LIMIT 1").fetchone()
    head, columns = sql[:sql.index("(") + 1], sql[sql.index("(") + 1: sql.rindex(")")]
    first, *rest = columns.split(",")
    reordered = head + ",".join([f"{first.strip()} DESC", *rest]) + ")"
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?", (reordered, name))
    assert table == "response"


def test_a_copy_that_fails_the_integrity_check_is_refused(
        station: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "handover" / "lab-copy.sqlite3"
    out.parent.mkdir()
    _damaging(monkeypatch, _index_out_of_order)
    with pytest.raises(SnapshotError, match="integrity check"):
        snapshot_database(station, out)
    assert list(out.parent.iterdir()) == []  # no copy, no checksum, no .partial


def _garbage_in_the_last_page(conn: sqlite3.Connection) -> None:
    """Bytes overwritten in a table's page: the file no longer reads as a database."""
    page_size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
    path = Path(conn.execute("PRAGMA database_list").fetchone()[2])
    with path.open("r+b") as fh:
        fh.seek(page_size * (pages - 1))
        fh.write(b"\xff" * page_size)


def test_a_copy_that_no_longer_reads_as_a_database_is_refused(
        station: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "handover" / "lab-copy.sqlite3"
    out.parent.mkdir()
    _damaging(monkeypatch, _garbage_in_the_last_page)
    with pytest.raises(SnapshotError, match="nothing was written"):
        snapshot_database(station, out)
    assert list(out.parent.iterdir()) == []


def test_a_copy_missing_one_answer_is_refused_naming_the_table(
        station: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "handover" / "lab-copy.sqlite3"
    out.parent.mkdir()
    _damaging(monkeypatch, lambda conn: conn.execute(
        "DELETE FROM response WHERE rowid = (SELECT MIN(rowid) FROM response)"))
    with pytest.raises(SnapshotError, match=r"response: \d+ in the database, \d+ in the copy"):
        snapshot_database(station, out)
    assert list(out.parent.iterdir()) == []


def test_an_undamaged_copy_gets_its_name(station: Path, tmp_path: Path) -> None:
    out = tmp_path / "lab-copy.sqlite3"
    result = snapshot_database(station, out)
    assert result.path == out and out.is_file() and result.counts["response"] > 0
