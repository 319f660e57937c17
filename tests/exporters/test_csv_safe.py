"""The spreadsheet-formula rule on its own (exporters/csv_safe.py): every way in (a cell, a
list of texts, an Arrow array, a frame) neutralises the same cells and only those."""

from __future__ import annotations

import math

import pandas as pd
import pyarrow as pa

from exporters.csv_safe import safe_arrow, safe_cell, safe_frame, safe_texts

HOSTILE = ["=HYPERLINK(\"http://x\")", "@SUM(1)", "+1+1", "-2-2", "\tx", "\rx", "'quoted"]
HARMLESS = ["plain", "-0.5", "+3", "1e5", "", "a=b"]


def test_a_list_whose_every_text_is_a_formula_is_neutralised_whole() -> None:
    assert safe_texts(HOSTILE) == ["'" + v for v in HOSTILE]


def test_a_list_mixing_formulas_numbers_and_plain_text() -> None:
    values = HARMLESS + HOSTILE + HARMLESS
    assert safe_texts(values) == [safe_cell(v) for v in values]
    assert safe_texts(HARMLESS) == HARMLESS


def test_missing_values_in_a_list_stay_missing_in_their_place() -> None:
    out = safe_texts(["=a", None, "b", None])  # type: ignore[list-item]
    assert [out[0], out[2]] == ["'=a", "b"] and pd.isna(out[1]) and pd.isna(out[3])


def test_arrow_keeps_the_cells_that_need_nothing() -> None:
    values = [*HARMLESS, *HOSTILE, None]
    assert safe_arrow(pa.array(values)).to_pylist() == [safe_cell(v) for v in values]
    plain = pa.array(HARMLESS)
    assert safe_arrow(plain).to_pylist() == HARMLESS


def test_a_frame_neutralises_text_and_headers_and_leaves_numbers_and_its_input() -> None:
    frame = pd.DataFrame({"=code": ["=x", "ok", None], "score": [-1.0, 2.0, math.nan]})
    out = safe_frame(frame)
    assert list(out.columns) == ["'=code", "score"]
    assert out.iloc[:, 0].tolist()[:2] == ["'=x", "ok"] and pd.isna(out.iloc[2, 0])
    assert out["score"].tolist()[:2] == [-1.0, 2.0]
    assert frame.iloc[0, 0] == "=x" and list(frame.columns) == ["=code", "score"]
