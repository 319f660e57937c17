"""The calibration suite's short seeded variant (benchmarks/calibration.py): in replicate
studies with a known truth (8 raters of varying skill, 60 items of varying difficulty), the
default intervals (raters and items random) of the human score, the gap and Krippendorff's
alpha, and the Bradley-Terry strengths' intervals, cover the truth at a rate compatible with
0.95, also as the real export writes them (database to files); the intervals over items
alone (conditional on the raters) do not, which shows the check can fail."""

from __future__ import annotations

import numpy as np
import pytest

from app.results.agreement import _alpha
from benchmarks.calibration import (
    ALPHA_TARGET,
    BT_TARGET,
    alpha_truth,
    choice_answers,
    format_table,
    main,
    reliability,
    run,
    run_alpha,
    run_bradley_terry,
    run_export,
    truths,
)


def test_default_intervals_cover_the_truth_at_95_percent() -> None:
    table = run(n_replicates=80, n_boot=300, seed=0)
    for target in ("human score", "gap"):
        low, high = table[(target, "raters+items")].band
        assert low <= 0.95 <= high, format_table(table, 8, 60)
        assert table[(target, "raters+items")].no_interval == 0
    # Conditional on these raters, the human score's interval misses the population's mean
    # over raters far more often than 5% (22 of 40 in the replicates).
    assert table[("human score", "items")].band[1] < 0.95


def test_alpha_interval_covers_the_population_alpha_and_over_items_alone_does_not() -> None:
    table = run_alpha(n_replicates=80, n_boot=200, seed=0, kinds=("raters+items", "items"))
    default = table[(ALPHA_TARGET, "raters+items")]
    assert default.band[0] <= 0.95 <= default.band[1], format_table(table, 8, 60)
    assert default.no_interval == 0
    # Over items alone alpha speaks for the eight raters who came, not for their population.
    assert table[(ALPHA_TARGET, "items")].band[1] < 0.95, format_table(table, 8, 60)


def test_bradley_terry_intervals_cover_the_true_strengths() -> None:
    table = run_bradley_terry(n_replicates=40, n_boot=100, seed=1)
    coverage = table[(BT_TARGET, "items")]
    assert coverage.band[0] <= 0.95 <= coverage.band[1], format_table(table, 8, 60)
    assert coverage.no_interval == 0


def test_exported_files_cover_the_truth() -> None:
    table = run_export(n_replicates=6, n_boot=100, seed=0)
    assert {target for target, _ in table} == {"human score", "gap", ALPHA_TARGET}
    for coverage in table.values():
        # Every replicate's files hold the interval (none missing, none a point) ...
        assert coverage.total == 6 and coverage.no_interval == 0, format_table(table, 8, 60)
        assert coverage.mean_width > 0.05
        # ... and the truth is inside it about as often as a 95% interval's should be.
        assert coverage.band[0] <= 0.95 <= coverage.band[1], format_table(table, 8, 60)


def test_truth_is_the_population_mean() -> None:
    human, model = truths()
    assert 0.5 < human < 1 and 0.5 < model < 1


def test_alpha_truth_is_alpha_of_a_large_population() -> None:
    # 400 raters x 4000 items of the same generator: alpha close to the analytical value
    # (the raters' sample still varies it by about 0.005).
    rd = reliability(choice_answers(np.random.default_rng(3), 400, 4000)[1])
    assert _alpha(rd.value_counts(), rd.domain, "nominal") == pytest.approx(alpha_truth(),
                                                                            abs=0.015)


def test_bad_arguments_exit_2(capsys: object) -> None:
    assert main(["--replicates", "0"]) == 2
    assert main(["--export-replicates", "0"]) == 2
