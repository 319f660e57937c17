"""The seeded draws the results and the response kinds share (app/resampling.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from app import resampling
from app.results import bootstrap


def test_the_results_draw_with_the_same_functions() -> None:
    for name in ("resample_counts", "seed_number", "percentile_interval"):
        assert getattr(bootstrap, name) is getattr(resampling, name)


def test_draws_are_seeded_multiplicities() -> None:
    counts = resampling.resample_counts(7, 250, "3:q")
    assert counts.shape == (250, 7) and (counts.sum(axis=1) == 7).all()
    assert np.array_equal(counts, resampling.resample_counts(7, 250, "3:q"))
    assert not np.array_equal(counts, resampling.resample_counts(7, 250, "4:q"))
    assert resampling.resample_counts(0, 10, 0).shape == (0, 0)


def test_percentile_interval() -> None:
    low, high = resampling.percentile_interval(np.arange(101, dtype=float), 0.9)
    assert (low, high) == (pytest.approx(5.0), pytest.approx(95.0))
    assert all(math.isnan(v) for v in resampling.percentile_interval(np.array([1.0, np.nan])))


def test_kept_tables_are_the_draws_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table asked for again comes from the kept copy: equal, value and dtype, to drawing it
    again with nothing kept, whoever wrote to an earlier copy; past the budget the oldest go."""
    monkeypatch.setattr(resampling, "_KEPT", type(resampling._KEPT)())
    asks = [(7, 250, "3:q", np.int64), (300, 40, 5, float), (2_000, 30, "x:all=all", float),
            (1, 3, "one", np.int64)]
    first = [resampling.resample_counts(n, b, s, dtype=d) for n, b, s, d in asks]
    for table in first:
        table[...] = -1  # the callers' own arrays
    again = [resampling.resample_counts(n, b, s, dtype=d) for n, b, s, d in asks]
    assert len(resampling._KEPT) == len(asks)
    monkeypatch.setattr(resampling, "_KEPT", type(resampling._KEPT)())
    fresh = [resampling._drawn(n, b, resampling.seed_number(s), d)[0] for n, b, s, d in asks]
    for kept, made in zip(again, fresh, strict=True):
        assert kept.dtype == made.dtype and np.array_equal(kept, made)
    assert resampling.resample_counts(2_000, 30, "x:all=all", dtype=np.int64).dtype == np.int64
    monkeypatch.setattr(resampling, "_KEPT_BYTES", 2_000 * 30)
    for seed in range(3):
        resampling.resample_counts(2_000, 30, seed)
    assert list(resampling._KEPT) == [(2_000, 30, resampling.seed_number(2))]


def test_every_character_of_the_key_reaches_the_draws() -> None:
    """The key's whole text seeds the stream: the seed prefix of a cell's key (`--seed 0` ...
    `--seed 6`) and a question id in the middle of it ('label' and 'group' end alike) each
    give other draws; a seed folded from the key's last bytes gave these the same."""
    keys = [f"{seed}:label:hf_subset=eng" for seed in range(7)] + ["0:group:hf_subset=eng"]
    numbers = {resampling.seed_number(k) for k in keys}
    assert len(numbers) == len(keys)
    tables = [resampling.resample_counts(30, 50, k) for k in keys]
    for a in range(len(tables)):
        for b in range(a + 1, len(tables)):
            assert not np.array_equal(tables[a], tables[b]), (keys[a], keys[b])
    assert resampling.seed_number(3) == resampling.seed_number("3")
    first = resampling.seeded_rng("0:raters:q").random(5)
    assert np.array_equal(first, resampling.seeded_rng("0:raters:q").random(5))
    assert not np.array_equal(first, resampling.seeded_rng("1:raters:q").random(5))


@pytest.fixture
def nothing_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """No table kept from an earlier ask (another test's, or the same process's)."""
    monkeypatch.setattr(resampling, "_KEPT", type(resampling._KEPT)())


@pytest.mark.usefixtures("nothing_kept")
def test_the_draws_are_one_stream_of_whole_resamples() -> None:
    """Drawn in blocks, the table is the stream of one big call: resample r is the r-th row of
    `integers(0, n, (n_boot, n))`, counted; past the first block too (250 resamples: three
    blocks of 100, 100 and 50)."""
    n_items, n_boot, seed = 9, 250, "0:q:all=all"
    rng = np.random.default_rng(resampling.seed_number(seed))
    draws = rng.integers(0, n_items, size=(n_boot, n_items))
    expected = np.stack([np.bincount(row, minlength=n_items) for row in draws])
    counts = resampling.resample_counts(n_items, n_boot, seed)
    assert counts.dtype == np.int64 and np.array_equal(counts, expected)
    assert np.array_equal(resampling.resample_counts(n_items, n_boot, seed, dtype=float),
                          expected.astype(float))


@pytest.mark.usefixtures("nothing_kept")
def test_one_resample_is_a_resample_and_none_is_an_empty_table() -> None:
    one = resampling.resample_counts(5, 1, 7)
    assert one.shape == (1, 5) and one.sum() == 5
    for n_boot in (0, -3):
        empty = resampling.resample_counts(5, n_boot, 7)
        assert empty.shape == (0, 5) and empty.dtype == np.int64
        assert resampling.resample_counts(5, n_boot, 7, dtype=float).dtype == np.float64
    assert resampling.resample_counts(0, 10, 0).dtype == np.int64


@pytest.mark.usefixtures("nothing_kept")
def test_a_table_asked_for_again_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept copy answers the second ask (the draws are the export's slowest step); a
    table beyond the budget is not kept, and so does not push out the ones kept before it."""
    drawn: list[tuple[int, int]] = []
    real = resampling._drawn

    def counted(n_items: int, n_boot: int, seed: int, dtype: type) -> tuple[np.ndarray, int]:
        drawn.append((n_items, n_boot))
        return real(n_items, n_boot, seed, dtype)

    monkeypatch.setattr(resampling, "_drawn", counted)
    first = resampling.resample_counts(40, 20, "a")
    again = resampling.resample_counts(40, 20, "a", dtype=float)
    assert drawn == [(40, 20)] and np.array_equal(first, again)
    monkeypatch.setattr(resampling, "_KEPT_BYTES", 40 * 20)
    resampling.resample_counts(41, 20, "b")  # 820 bytes: over the budget
    assert list(resampling._KEPT) == [(40, 20, resampling.seed_number("a"))]


def test_the_interval_of_two_values_and_the_default_confidence() -> None:
    assert resampling.percentile_interval(np.array([0.0, 1.0]), 0.9) == (
        pytest.approx(0.05), pytest.approx(0.95))
    assert resampling.percentile_interval(np.arange(101, dtype=float)) == (
        pytest.approx(2.5), pytest.approx(97.5))
