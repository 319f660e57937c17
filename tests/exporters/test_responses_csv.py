"""`answer_texts` (the text of each answer, those already text passed as they are) equals
`Series.map(answer_text)`, which it replaced in responses_wide.csv and responses_long.csv:
values, dtype and index, for text, numbers, missing values, lists and dicts."""

from __future__ import annotations

import pandas as pd
import pytest

from exporters.responses_csv import answer_text, answer_texts

CASES = [
    ["A", "B", None, "C"], [1.0, 2.5, None, "x"], [1e16, 3.0, float("nan"), -0.0, 0.0],
    [["a", "b"], {"z": 1, "a": 2}, "é"], [], ["a", "b"], [None, None], [True, 1, "x"],
    [2**70, 1.5],
]


@pytest.mark.parametrize("values", CASES)
@pytest.mark.parametrize("dtype", [object, None])
def test_answer_texts_equal_map(values: list[object], dtype: object) -> None:
    try:
        answers = pd.Series(values, dtype=dtype, index=range(10, 10 + len(values)))
    except (TypeError, ValueError, OverflowError):
        pytest.skip("pandas makes no such column")
    pd.testing.assert_series_equal(answer_texts(answers), answers.map(answer_text),
                                   check_exact=True)


def test_answer_texts_of_a_frame_slice() -> None:
    frame = pd.DataFrame({"answer": ["A", 2.0, None, ["x"], "B", 7.5] * 50})
    part = frame[frame.index % 4 != 1]["answer"]
    pd.testing.assert_series_equal(answer_texts(part), part.map(answer_text), check_exact=True)
