"""exporters.responses_csv.privacy_filter on the column shapes the results frame really has:
all-numeric answers (a float64 column, where pandas 3 refuses a string) and mixed ones."""

from __future__ import annotations

import pandas as pd
from conftest import FIXTURES

from app.study.loader import load_study
from exporters.responses_csv import answer_text, privacy_filter


def test_only_numeric_answers_pass_through_unchanged() -> None:
    # The self-test's first item is often a rating: one response, answer column float64.
    loaded = load_study(FIXTURES / "mini-study")
    frame = pd.DataFrame({"question_kind": ["rating", "rating"], "answer": [3.0, 5.0]})
    assert frame["answer"].dtype == "float64"
    out = privacy_filter(loaded, frame, include_identifying=False)
    assert [answer_text(v) for v in out["answer"]] == ["3", "5"]


def test_free_text_is_withheld_beside_numbers() -> None:
    loaded = load_study(FIXTURES / "mini-study")
    frame = pd.DataFrame({"question_kind": ["rating", "text"], "answer": [4.0, "my own words"]})
    out = privacy_filter(loaded, frame, include_identifying=False)
    assert list(out["answer"]) == [4.0, "[withheld: free text]"]
    assert list(frame["answer"]) == [4.0, "my own words"]  # the caller's frame is left alone
    kept = privacy_filter(loaded, frame, include_identifying=True)
    assert list(kept["answer"]) == [4.0, "my own words"]
