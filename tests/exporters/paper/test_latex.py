"""How the paper prints numbers (exporters/paper/latex.py)."""

from __future__ import annotations

from exporters.paper.latex import Numbers


def test_a_narrow_interval_is_printed_with_the_decimals_that_keep_it_an_interval() -> None:
    numbers = Numbers()
    assert numbers.interval(0.15774, 0.16337, "coef") == "[0.158, 0.163]"
    assert numbers.interval(0.1577, 0.2337, "coef") == "[0.16, 0.23]"
    assert numbers.interval(0.8001, 0.80014, "metric", "accuracy") == "[80.010, 80.014]"
    assert numbers.interval(0.5, 0.5, "coef") == "[0.50, 0.50]"  # a true point stays one
    assert numbers.interval(float("nan"), 0.5, "coef") == ""
