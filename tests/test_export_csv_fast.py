"""exporters.csv_fast.write_csv writes what DataFrame.to_csv(index=False) writes, byte for byte."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from exporters.csv_fast import _text_array, _write_text_lists, write_csv


def same_as_pandas(frame: pd.DataFrame, tmp_path: Path) -> None:
    fast, reference = tmp_path / "fast.csv", tmp_path / "pandas.csv"
    write_csv(frame, fast)
    frame.to_csv(reference, index=False)
    assert fast.read_bytes() == reference.read_bytes()
    # Without pyarrow (the installable app): the lines joined by Python, the same bytes.
    no_arrow = tmp_path / "no-arrow.csv"
    _write_text_lists(frame, no_arrow)
    assert no_arrow.read_bytes() == reference.read_bytes()


def test_text_numbers_booleans_and_missing_values(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    n = 250_003  # more than one chunk of rows
    texts = np.array(["plain", "with,comma", 'with "quote"', "line\nbreak", "cr\rhere", "",
                      "ünïcode ✓", '["A", "B"]', " lead space"], dtype=object)
    frame = pd.DataFrame({
        "text": texts[rng.integers(0, len(texts), n)],
        "plain": [f"id{i}" for i in range(n)],
        "integer": rng.integers(-10**12, 10**12, n),
        "real": rng.lognormal(7, 2, n),
        "flag": rng.random(n) < 0.5,
    })
    extremes = [0.0, -0.0, 1e16, 1e15, 9999999999999998.0, 1e-4, 1e-5, 5e-324, 1.7976931348623157e308,
                np.inf, -np.inf, 0.1, 1 / 3, 2500.0, 123456789012345678.0]
    frame.loc[:len(extremes) - 1, "real"] = extremes
    frame["tiny_and_huge"] = rng.standard_normal(n) * 10.0 ** rng.integers(-300, 300, n)
    frame.loc[::7, "real"] = np.nan
    frame.loc[::11, "plain"] = None
    frame["object"] = pd.Series(frame["text"].to_numpy(), dtype=object)
    frame.loc[::5, "object"] = np.nan
    # Text held in Arrow (pandas' str dtype) is quoted by Arrow, missing values included.
    arrow_text = pd.Series(texts[rng.integers(0, len(texts), n)], dtype=object)
    arrow_text[::9] = None
    frame["arrow_text"] = arrow_text.astype(pd.StringDtype("pyarrow", na_value=np.nan))
    frame["arrow_plain"] = pd.Series([f"u{i}" for i in range(n)],
                                     dtype=pd.StringDtype("pyarrow", na_value=np.nan))
    # Few distinct floats are written once each; -0.0 keeps its sign among them.
    frame["few_floats"] = np.array([0.0, 1.5, np.nan, 2500.0, 1e16])[rng.integers(0, 5, n)]
    frame["signed_zero"] = np.array([0.0, -0.0, 3.25])[rng.integers(0, 3, n)]
    assert all(_text_array(frame[c]) is not None for c in frame.columns)  # none left to pandas
    same_as_pandas(frame, tmp_path)


def test_columns_pandas_formats_itself_and_odd_shapes(tmp_path: Path) -> None:
    same_as_pandas(pd.DataFrame({"a": [1, 2], "b": pd.array([1, None], dtype="Int64")}), tmp_path)
    same_as_pandas(pd.DataFrame({"a": ["x", "y"], "mixed": pd.Series([1.5, "t"], dtype=object)}),
                   tmp_path)
    same_as_pandas(pd.DataFrame({"only": ["", "x"]}), tmp_path)
    same_as_pandas(pd.DataFrame({"f32": np.array([0.1, np.nan, 3e38], dtype=np.float32),
                                 "b": ["x", "y", "z"]}), tmp_path)
    same_as_pandas(pd.DataFrame(columns=["a", "b,c"]), tmp_path)
    same_as_pandas(pd.DataFrame({'head "1"': ["a"], "head\n2": [0.1]}), tmp_path)
