"""`positions` (Arrow's hash lookup of text) gives what `Index.get_indexer` gives, including
missing values, repeats, numbers, mixed values and an Arrow-backed index of a frame's slice."""

from __future__ import annotations

import gc

import numpy as np
import pandas as pd
import pytest

from app.results.lookup import _INDEXES, positions


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
