"""The calibration suite's short seeded variant (benchmarks/calibration.py): in replicate
studies with a known truth (8 raters of varying skill, 60 items of varying difficulty), the
default intervals (raters and items random) cover the truth at a rate compatible with 0.95,
and the interval over items alone (the old default) does not."""

from __future__ import annotations

from benchmarks.calibration import format_table, main, run, truths


def test_default_intervals_cover_the_truth_at_95_percent() -> None:
    table = run(n_replicates=80, n_boot=300, seed=0)
    for target in ("human score", "gap"):
        low, high = table[(target, "raters+items")].band
        assert low <= 0.95 <= high, format_table(table, 8, 60)
        assert table[(target, "raters+items")].no_interval == 0
    # Conditional on these raters, the human score's interval misses the population's mean
    # over raters far more often than 5% (22 of 40 in the replicates).
    assert table[("human score", "items")].band[1] < 0.95


def test_truth_is_the_population_mean() -> None:
    human, model = truths()
    assert 0.5 < human < 1 and 0.5 < model < 1


def test_bad_arguments_exit_2(capsys: object) -> None:
    assert main(["--replicates", "0"]) == 2
