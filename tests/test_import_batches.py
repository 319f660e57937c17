"""import-responses checks and writes in bounded batches inside its one transaction: no batch
of responses is larger than the batch size, and a problem in a row after batches were written
still leaves the database exactly as it was. (The million-row figure is a benchmark:
benchmarks/bench_import_memory.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event

from app.responses_import import import_responses_csv
from app.storage import open_database
from app.study.errors import StudyError
from app.study.loader import load_study
from tests.test_storage_unavailable import counts, many_answers

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def response_batches(db: Any) -> list[int]:
    """The size of every INSERT INTO response the engine runs (listened to, not replaced)."""
    sizes: list[int] = []

    @event.listens_for(db.engine, "before_cursor_execute")
    def _seen(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any,
              executemany: bool) -> None:
        if statement.startswith("INSERT INTO response "):
            sizes.append(len(parameters) if executemany else 1)
    return sizes


def test_responses_are_written_in_batches_of_at_most_the_batch_size(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'lab.sqlite3'}")
    sizes = response_batches(db)
    summary = import_responses_csv(load_study(FIXTURES / "mini-study"), db,
                                   many_answers(tmp_path / "a.csv", participants=4), batch=3)
    db.close()
    assert summary.responses == 20 and summary.participants == 4
    assert sum(sizes) == 20 and max(sizes) <= 3 and len(sizes) >= 7
    assert counts(tmp_path / "lab.sqlite3")["response"] == 20


def test_a_bad_row_after_written_batches_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "lab.sqlite3"
    open_database(f"sqlite:///{path}").close()
    before = counts(path)
    source = many_answers(tmp_path / "a.csv", participants=4)
    with source.open("a", encoding="utf-8") as fh:
        fh.write("P9999,c1,label,maybe,800,\n")  # the last row: an answer that is no option
    db = open_database(f"sqlite:///{path}")
    sizes = response_batches(db)
    try:
        import_responses_csv(load_study(FIXTURES / "mini-study"), db, source, batch=3)
    except StudyError as exc:
        assert "row 22, column answer" in str(exc)
    else:
        raise AssertionError("the bad row was taken in")
    finally:
        db.close()
    assert sum(sizes) >= 18  # batches were written before the bad row was read
    assert counts(path) == before
