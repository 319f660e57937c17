"""Bradley-Terry strengths (choix) on datasets whose answer is known by hand, ties as half a
win, seeded bootstrap intervals over items, and the counts."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from app.kinds.bradley_terry import Judgment, count_tables, fit, strengths


def _judgments(spec: list[tuple[str, str, str]], per_item: int = 1) -> list[Judgment]:
    """(system_a, system_b, outcome) triples, `per_item` judgments to an item."""
    return [Judgment(f"item-{k // per_item}", a, b, o) for k, (a, b, o) in enumerate(spec)]


def test_two_systems_strength_gap_is_the_log_odds_of_winning() -> None:
    # x beats y 3 times of 4: the ML estimate has P(x > y) = 3/4, so s_x - s_y = log 3.
    data = _judgments([("x", "y", "a"), ("y", "x", "b"), ("x", "y", "a"), ("x", "y", "b")])
    exact = fit(data, n_boot=0, alpha=0)
    assert [r.strength for r in exact.rows] == pytest.approx([math.log(3) / 2, -math.log(3) / 2])
    default = fit(data, n_boot=0)  # the regulariser moves it by less than 0.01
    assert [r.strength for r in default.rows] == pytest.approx(
        [r.strength for r in exact.rows], abs=0.01)


def test_a_tie_is_half_a_win_for_each_side() -> None:
    # 2 wins, 1 loss, 2 ties for x: 3 "wins" against 2, so s_x - s_y = log(3 / 2).
    data = _judgments([("x", "y", "a"), ("y", "x", "b"), ("x", "y", "b"),
                       ("x", "y", "tie"), ("y", "x", "tie")])
    result = fit(data, n_boot=0, alpha=0)
    x, y = result.rows
    assert x.strength - y.strength == pytest.approx(math.log(1.5))
    assert (x.wins, x.losses, x.ties, x.n_comparisons) == (2, 1, 2, 5)
    assert (y.wins, y.losses, y.ties, y.n_comparisons) == (1, 2, 2, 5)
    assert x.win_rate == pytest.approx(3 / 5)


def test_three_systems_solve_the_likelihood_equations() -> None:
    """The ML estimate makes each system's expected wins equal its observed wins."""
    wins = np.array([[0, 3, 2], [1, 0, 2], [1, 1, 0.0]])
    s = strengths(wins, np.zeros_like(wins), alpha=0)
    n = wins + wins.T
    p = 1 / (1 + np.exp(s[None, :] - s[:, None]))  # p[i, j] = P(i beats j)
    np.fill_diagonal(p, 0)
    assert (n * p).sum(axis=1) == pytest.approx(wins.sum(axis=1))
    assert s.sum() == pytest.approx(0)


def test_a_system_that_wins_everything_gets_a_finite_strength() -> None:
    data = _judgments([("x", "y", "a")] * 4)
    x, y = fit(data, n_boot=0).rows
    assert math.isfinite(x.strength) and x.strength > 2 and y.strength == -x.strength


def test_counts_and_win_matrix_equal_hand_counts() -> None:
    data = _judgments([("x", "y", "a"), ("y", "z", "a"), ("z", "x", "tie"), ("x", "z", "b"),
                       ("y", "x", "a"), ("x", "x", "a")])  # the last: a system against itself
    result = fit(data, n_boot=0)
    assert result.systems == ["x", "y", "z"]
    # x beat y once; y beat z once and x once; z beat x once; z and x tied once
    assert result.wins.tolist() == [[0, 1, 0], [1, 0, 1], [1, 0, 0]]
    assert result.ties.tolist() == [[0, 0, 1], [0, 0, 0], [1, 0, 0]]
    rows = {r.system: (r.wins, r.losses, r.ties, r.n_comparisons) for r in result.rows}
    assert rows == {"x": (1, 2, 1, 4), "y": (2, 1, 0, 3), "z": (1, 1, 1, 3)}


def test_count_tables_keep_each_item_apart_for_the_bootstrap() -> None:
    data = _judgments([("x", "y", "a"), ("x", "y", "b"), ("x", "y", "tie")], per_item=2)
    units, wins, ties = count_tables(data, ["x", "y"])
    assert units == ["item-0", "item-1"]
    assert wins[0].tolist() == [[0, 1], [1, 0]] and ties[1].tolist() == [[0, 1], [1, 0]]


def _random_study(seed: int, n_items: int = 30) -> list[Judgment]:
    rng = random.Random(seed)
    true = {"x": 0.8, "y": 0.0, "z": -0.8}
    data = []
    for k in range(n_items * 3):
        a, b = rng.sample(sorted(true), 2)
        p = 1 / (1 + math.exp(true[b] - true[a]))
        u = rng.random()
        data.append(Judgment(f"item-{k // 3}", a, b,
                             "tie" if u > 0.85 else "a" if u < p * 0.85 else "b"))
    return data


def test_bootstrap_intervals_contain_the_estimate_and_are_seeded() -> None:
    data = _random_study(1)
    result = fit(data, n_boot=300, seed="7:q")
    for row in result.rows:
        assert row.ci_low < row.strength < row.ci_high
    assert [r.strength for r in result.rows] == sorted(
        (r.strength for r in result.rows), reverse=True)  # x > y > z, as simulated
    again = fit(data, n_boot=300, seed="7:q")
    assert [(r.ci_low, r.ci_high) for r in again.rows] == [
        (r.ci_low, r.ci_high) for r in result.rows]
    other = fit(data, n_boot=300, seed="8:q")
    assert [r.ci_low for r in other.rows] != [r.ci_low for r in result.rows]


def test_one_item_or_no_resamples_give_no_interval() -> None:
    data = _judgments([("x", "y", "a"), ("x", "y", "b")], per_item=2)
    assert all(math.isnan(r.ci_low) for r in fit(data, n_boot=200).rows)
    assert all(math.isnan(r.ci_high) for r in fit(_random_study(2), n_boot=0).rows)


def test_no_judgments_give_no_rows() -> None:
    assert fit([], n_boot=10).rows == []
