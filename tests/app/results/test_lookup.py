"""`positions` (Arrow's hash lookup of text) gives what `Index.get_indexer` gives, including
missing values, repeats, numbers, mixed values and an Arrow-backed index of a frame's slice."""

from __future__ import annotations

import gc

import numpy as np
import pandas as pd
import pytest

from app.results.lookup import _INDEXES, isin, positions


@pytest.mark.parametrize("values", [
    ["b", "z", "a", "a"], [], ["é", "日本", ""], np.array(["c", None], dtype=object),
    [1, "a"], [float("nan"), "b"], pd.Series(["c", "a", "q"]), pd.Index(["a", "q"]),
])
def test_equals_get_indexer(values: object) -> None:
    index = pd.Index(["a", "b", "c", "é", "日本", ""])
    assert positions(index, values).tolist() == index.get_indexer(values).tolist()


def test_random_item_ids_and_a_frame_slice() -> None:
    rng = np.random.default_rng(3)
    ids = [f"item{k:05d}" for k in range(2_000)]
    index = pd.Index(ids, dtype=object)
    frame = pd.DataFrame({"item_id": list(rng.choice([*ids, "absent"], size=5_000))})
    rows = frame[frame.index % 3 == 1]["item_id"]
    assert positions(index, rows).tolist() == index.get_indexer(rows).tolist()
    assert positions(index, rows.to_numpy(dtype=object)).tolist() == \
        index.get_indexer(pd.Index(rows.to_numpy(dtype=object))).tolist()


def test_an_index_with_repeats_or_numbers_falls_back() -> None:
    numbers = pd.Index([3, 1, 2])
    assert positions(numbers, [2, 5]).tolist() == [2, -1]
    with pytest.raises(pd.errors.InvalidIndexError):  # as get_indexer refuses it
        positions(pd.Index(["a", "a", "b"]), ["b"])


def test_the_cached_text_goes_with_its_index() -> None:
    index = pd.Index(["x", "y"])
    positions(index, ["y"])
    key = id(index)
    assert key in _INDEXES
    del index
    gc.collect()
    assert key not in _INDEXES


@pytest.mark.parametrize("series", [
    pd.Series(["b", "z", None, "a", "é", ""]),  # text in Arrow, a missing value
    pd.Series(["b", "z", None, "a"], dtype="string[pyarrow]"),
    pd.Series(["b", "z", None, "a"], dtype=object),
    pd.Series([1, 2, 3]),
    pd.Series(["a", "b", "c", "a"]).iloc[1:],  # a slice: its own index
])
@pytest.mark.parametrize("wanted", [
    ["a", "z"], {"a", "é", "q"}, [], ["a", None], [1, "a"], ("", "b"), (v for v in ["a"]),
    [float("nan"), "b"],
])
def test_isin_equals_pandas(series: pd.Series, wanted: object) -> None:
    asked = list(wanted) if not isinstance(wanted, list | tuple | set) else wanted  # (a generator once)
    mask = isin(series, asked)
    assert mask.dtype == np.bool_
    assert mask.tolist() == series.isin(asked).tolist()
    assert series[mask].equals(series[series.isin(asked)])


def test_isin_on_many_item_ids() -> None:
    rng = np.random.default_rng(5)
    ids = [f"item{k:05d}" for k in range(5_000)]
    column = pd.DataFrame({"item_id": list(rng.choice([*ids, "absent"], size=20_000))})["item_id"]
    wanted = set(rng.choice(ids, size=1_000).tolist())
    assert isin(column, wanted).tolist() == column.isin(wanted).tolist()
