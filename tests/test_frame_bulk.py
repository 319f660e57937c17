"""The column-wise responses frame (app.results.frame over app.storage.bulk_read) equals the
row-by-row build it replaced, value for value and dtype for dtype, on every response kind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from app.results.frame import RESPONSE_COLUMNS, _responses_frame, responses_frame
from app.simulate import SimulationConfig, simulate
from app.storage import Database, open_database
from app.storage.bulk_read import RESPONSE_FIELDS, answered_items, response_arrays, response_columns
from app.study.loader import LoadedStudy, load_study


def _row_by_row(loaded: LoadedStudy, db: Database, *, include_simulated: bool) -> pd.DataFrame:
    """The previous implementation (ORM rows, one record dict per response), as reference."""
    study = loaded.study
    items = loaded.items_by_id
    kinds = {(i.id, q.id): q.kind for i in study.items for q in i.questions}
    profiles = {p.code: p.profile for p in db.participants(study.id)}
    records: list[dict[str, Any]] = []
    for r in db.responses(study.id, include_simulated=include_simulated):
        item = items.get(r.item_id)
        record: dict[str, Any] = {
            "response_uuid": r.uuid, "study_id": r.study_id, "content_hash": r.content_hash,
            "participant": r.participant_code, "session_uuid": r.session_uuid,
            "item_id": r.item_id, "question_id": r.question_id,
            "question_kind": kinds.get((r.item_id, r.question_id), ""),
            "block_id": r.block_id, "position": r.position, "practice": r.practice,
            "role": item.role if item else "", "answer": json.loads(r.answer_json),
            "option_order": r.option_order_json or "", "onset_utc": r.onset_utc,
            "answer_utc": r.answer_utc, "onset_ns": r.onset_ns,
            "first_interaction_ns": r.first_interaction_ns, "answer_ns": r.answer_ns,
            "rt_ms": r.rt_ms, "first_interaction_ms": r.first_interaction_ms,
            "excluded_ms": r.excluded_ms, "n_changes": r.n_changes, "timed_out": r.timed_out,
            "simulated": r.simulated, "origin": r.origin,
        }
        for key, value in (item.categories.items() if item else ()):
            record[f"cat_{key}"] = value
        for key, value in profiles.get(r.participant_code, {}).items():
            record[f"profile_{key}"] = value
        records.append(record)
    frame = pd.DataFrame.from_records(records)
    return frame if not frame.empty else pd.DataFrame(columns=RESPONSE_COLUMNS)


def _filled(mini_study_dir: Path, db_url: str) -> tuple[LoadedStudy, Database]:
    loaded = load_study(mini_study_dir)
    db = open_database(db_url)
    simulate(loaded, db, SimulationConfig(participants=4, seed=2, comment_rate=0.5))
    # A real-looking participant too (not simulated), with a profile of their own.
    simulate(loaded, db, SimulationConfig(participants=1, seed=3, prefix="P", first=7))
    with db.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE response SET simulated = false WHERE participant_code = 'P007'")
        conn.exec_driver_sql("UPDATE participant SET simulated = false, profile_json = "
                             "'{\"tier\": \"senior\", \"years\": 12}' WHERE code = 'P007'")
    return loaded, db


def test_frame_equals_the_row_by_row_build(mini_study_dir: Path, db_url: str) -> None:
    loaded, db = _filled(mini_study_dir, db_url)
    for include_simulated in (False, True):
        fast = responses_frame(loaded, db, include_simulated=include_simulated)
        slow = _row_by_row(loaded, db, include_simulated=include_simulated)
        assert len(fast) > 0
        assert list(fast.columns) == list(slow.columns)
        pd.testing.assert_frame_equal(fast, slow, check_exact=True)
    db.close()


def test_empty_study_gives_the_empty_frame(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    frame = responses_frame(loaded, db, include_simulated=True)
    assert frame.empty and list(frame.columns) == RESPONSE_COLUMNS
    db.close()


def test_columns_match_the_orm_rows(mini_study_dir: Path, db_url: str) -> None:
    _loaded, db = _filled(mini_study_dir, db_url)
    columns = response_columns(db, "mini")
    rows = db.responses("mini")
    assert [tuple(columns[f][i] for f in RESPONSE_FIELDS) for i in range(len(rows))] == \
        [tuple(getattr(r, f) for f in RESPONSE_FIELDS) for r in rows]
    answered = answered_items(db, "mini")
    assert answered == {code: db.answered_item_ids("mini", code) for code in answered}
    assert set(answered) == {r.participant_code for r in rows}
    db.close()


def test_no_two_rows_share_a_mutable_answer(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded, db = _filled(mini_study_dir, f"sqlite:///{tmp_path / 'y.sqlite3'}")
    answers = list(responses_frame(loaded, db, include_simulated=True)["answer"])
    mutable = [a for a in answers if isinstance(a, dict | list)]
    assert len(mutable) > 4
    assert len({id(a) for a in mutable}) == len(mutable)
    db.close()


def test_answers_and_repeated_text_by_code_equal_the_list_build() -> None:
    # The fast paths (distinct values decoded once, text taken in Arrow, numbers as NumPy
    # arrays) give the column pandas infers from the plain per-row list, value and dtype.
    from app.results.frame import _as_array, _decode_answers, _decoded_answers, _factorize, _take

    stored_sets = [
        ['"A"', '"B"', '"A"', '"C"', '"A"', '"B"'],  # choice keys: text
        ["1.5", "2", "1.5", "null", "2", "2"],  # numbers and a missing answer
        ['"A"', "3", '"A"', "3", '"A"', "3"],  # text among numbers: objects
        ['["A", "B"]', '["A", "B"]', '"x"', '"x"', '"x"', '"x"'],  # lists: decoded per row
    ]
    for stored in stored_sets:
        fast = pd.Series(_decoded_answers(stored))
        pd.testing.assert_series_equal(fast, pd.Series(_decode_answers(stored)), check_exact=True)
    values = ["b", None, "a", "b", None, "a"]
    codes, uniques = _factorize(values)
    pd.testing.assert_series_equal(pd.Series(_take(uniques, codes)), pd.Series(values))
    text = ["b", "a", "b", "é,\"q\"", "a", "b"]
    codes, uniques = _factorize(text)
    pd.testing.assert_series_equal(pd.Series(_take(uniques, codes)), pd.Series(text))
    for numbers in ([1, 2, 3], [1.5, 2.0, None], [True, False, True], [1, 2.5, 3], [None, None],
                    [True, None, False], [1, "x"], [2**70, 1]):
        pd.testing.assert_series_equal(pd.Series(_as_array(list(numbers))), pd.Series(numbers))


def test_frame_leaves_the_collector_as_it_found_it(mini_study_dir: Path, tmp_path: Path) -> None:
    import gc

    loaded, db = _filled(mini_study_dir, f"sqlite:///{tmp_path / 'z.sqlite3'}")
    assert gc.isenabled()
    responses_frame(loaded, db, include_simulated=True)
    assert gc.isenabled()
    gc.disable()
    try:
        responses_frame(loaded, db, include_simulated=True)
        assert not gc.isenabled()
    finally:
        gc.enable()
    db.close()


def test_arrow_read_equals_the_list_read(mini_study_dir: Path, db_url: str) -> None:
    # app.storage.bulk_read.response_arrays: the rows converted to Arrow in one go and sorted
    # there, against response_columns (Python lists sorted in Python), value for value.
    loaded, db = _filled(mini_study_dir, db_url)
    for include_simulated in (False, True):
        arrays = response_arrays(db, "mini", include_simulated=include_simulated)
        lists = response_columns(db, "mini", include_simulated=include_simulated)
        if not db.is_sqlite:  # PostgreSQL keeps the list read
            assert arrays is None
            continue
        assert arrays is not None and list(arrays) == list(lists)
        for name, values in lists.items():
            assert arrays[name].to_pylist() == values, name
            assert [type(v) for v in arrays[name].to_pylist()] == [type(v) for v in values]
        fast = _responses_frame(loaded, db, include_simulated=include_simulated, arrow=True)
        slow = _responses_frame(loaded, db, include_simulated=include_simulated, arrow=False)
        pd.testing.assert_frame_equal(fast, slow, check_exact=True)
    db.close()


def test_arrow_read_keeps_ties_and_missing_values_as_the_list_read(mini_study_dir: Path,
                                                                   tmp_path: Path) -> None:
    # Rows equal in participant, position and question keep the table's order (both sorts are
    # stable), rows out of order are sorted (rows in order are taken as they are); missing times and option orders come through as the list read gives them.
    loaded, db = _filled(mini_study_dir, f"sqlite:///{tmp_path / 't.sqlite3'}")
    with db.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE response SET position = 0 WHERE participant_code = 'SIM001'")
        # and another participant's rows stored in reverse plan order (the sort's take)
        conn.exec_driver_sql("UPDATE response SET position = 1000 - position"
                             " WHERE participant_code = 'SIM002'")
        conn.exec_driver_sql("UPDATE response SET rt_ms = NULL, onset_ns = NULL, onset_utc = NULL,"
                             " option_order_json = NULL WHERE rowid % 3 = 0")
    arrays = response_arrays(db, "mini")
    assert arrays is not None
    for name, values in response_columns(db, "mini").items():
        assert arrays[name].to_pylist() == values, name
    pd.testing.assert_frame_equal(
        _responses_frame(loaded, db, include_simulated=True, arrow=True),
        _responses_frame(loaded, db, include_simulated=True, arrow=False), check_exact=True)
    db.close()


@pytest.mark.parametrize(("update", "steps_aside"), [
    ("position = 1.5", True),  # Arrow would make it 1
    ("rt_ms = 'slow'", True),
    ("item_id = x'71'", True),  # a blob where text is declared
    ("practice = 2.5", True),
    ("onset_ns = 2.5", True),
    ("rt_ms = 7", False),  # an integer into a REAL column: SQLite stores 7.0
    ("position = '3'", False),  # text that looks like an integer: SQLite stores 3
])
def test_a_value_of_another_type_takes_the_list_read(mini_study_dir: Path, tmp_path: Path,
                                                     update: str, steps_aside: bool) -> None:
    # SQLite stores what it is given whatever the declared type; Arrow's conversion would
    # round or refuse it, so the Arrow read steps aside and the frame is the list read's.
    loaded, db = _filled(mini_study_dir, f"sqlite:///{tmp_path / 'u.sqlite3'}")
    with db.engine.begin() as conn:
        conn.exec_driver_sql(f"UPDATE response SET {update} WHERE rowid = 2")
    assert (response_arrays(db, "mini") is None) == steps_aside
    pd.testing.assert_frame_equal(
        _responses_frame(loaded, db, include_simulated=True, arrow=True),
        _responses_frame(loaded, db, include_simulated=True, arrow=False), check_exact=True)
    db.close()


def test_the_type_check_runs_beside_the_fetch_on_a_file(mini_study_dir: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # On a database file the check runs on a second connection during the fetch: the fetch
    # with the check riding along is never needed, and the arrays are the list read's.
    from app.storage import bulk_read

    _, db = _filled(mini_study_dir, f"sqlite:///{tmp_path / 'b.sqlite3'}")
    lists = response_columns(db, "mini")

    def refused(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the check rode along")

    monkeypatch.setattr(bulk_read, "_fetch", refused)
    arrays = response_arrays(db, "mini")
    assert arrays is not None
    for name, values in lists.items():
        assert arrays[name].to_pylist() == values, name
    db.close()


def test_a_commit_while_the_check_runs_beside_takes_the_check_along(
        mini_study_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The check beside passed, then another connection stores 1.5 in an integer column before
    # the fetch reads it: the check's answer is not about the fetched rows, so the read checks
    # along with a fetch of its own and steps aside (Arrow would have made the 1.5 a 1).
    import threading

    from app.storage import bulk_read

    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    _, db = _filled(mini_study_dir, url)
    writer = open_database(url)

    class CheckThenCommit(threading.Thread):
        def start(self) -> None:
            self.run()  # the check, to the end
            with writer.engine.begin() as conn:
                conn.exec_driver_sql("UPDATE response SET position = 1.5 WHERE rowid = 2")

        def join(self, timeout: float | None = None) -> None:
            return None

    monkeypatch.setattr(bulk_read.threading, "Thread", CheckThenCommit)
    assert response_arrays(db, "mini") is None
    writer.close()
    db.close()
