"""The OR analysis against a published worked example: the Van Dyke et al. (1993) data
(tests/fixtures/mrmc/README.md) and OR-DBM MRMC 2.51's printout of them, compared at the
digits printed there."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import roc_auc_score

from app.results.mrmc import (
    ANALYSES,
    MrmcError,
    accuracy_with_jackknife,
    analyse_ratings,
    auc_with_jackknife,
    readers_vs_standalone,
)

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mrmc" / "vandyke_1993.csv"
RRRC, FRRC, RRFC = ANALYSES


@pytest.fixture(scope="module")
def vandyke() -> tuple[np.ndarray, np.ndarray]:
    data = pd.read_csv(FIXTURE)
    wide = data.pivot_table(index=["treatment", "reader"], columns="case", values="rating")
    truth = data.drop_duplicates("case").set_index("case")["truth"].loc[wide.columns]
    return truth.to_numpy(), wide.to_numpy().reshape(2, 5, -1)


@pytest.fixture(scope="module")
def result(vandyke):  # type: ignore[no-untyped-def]
    truth, ratings = vandyke
    return analyse_ratings(truth, ratings, ["1", "2"], ["1", "2", "3", "4", "5"])


def at(value: float, printed: str) -> bool:
    """`value` rounded to the digits `printed` shows equals it."""
    decimals = len(printed.partition(".")[2])
    return f"{value:.{decimals}f}" == printed


def test_reader_aucs_and_means(result) -> None:  # type: ignore[no-untyped-def]
    printed = [["0.91964573", "0.85877617", "0.90386473", "0.97310789", "0.82979066"],
               ["0.94782609", "0.90531401", "0.92173913", "0.99935588", "0.92995169"]]
    for t in range(2):
        for r in range(5):
            assert at(result.fom[t, r], printed[t][r])
    assert at(result.fom_means[0], "0.89703704") and at(result.fom_means[1], "0.94083736")
    assert at(result.fom_means[0] - result.fom_means[1], "-0.04380032")


def test_anova_and_variance_components(result) -> None:  # type: ignore[no-untyped-def]
    assert at(result.ms_t, "0.00479617") and at(result.ms_r, "0.00383620")
    assert at(result.ms_tr, "0.00055103")
    c = result.components
    assert at(result.var_r, "0.00153500") and at(result.var_tr, "0.00020040")
    assert at(c.cov1, "0.00034661") and at(c.cov2, "0.00034407") and at(c.cov3, "0.00023903")
    assert at(c.var_error, "0.00080229")


def test_random_readers_random_cases(result) -> None:  # type: ignore[no-untyped-def]
    test = {t.analysis: t for t in result.tests()}[RRRC]
    assert at(test.statistic, "4.46") and test.df_num == 1 and at(test.df_den, "15.26")
    assert at(test.p_value, "0.0517")
    d = test.difference
    assert at(d.estimate, "-0.04380") and at(d.se, "0.02075") and at(d.df, "15.26")
    assert at(d.ci_low, "-0.08796") and at(d.ci_high, "0.00036") and at(d.p_value, "0.0517")
    one, two = result.single(0)[RRRC], result.single(1)[RRRC]
    assert at(one.se, "0.03317360") and at(one.df, "12.74")
    assert at(one.ci_low, "0.82522360") and at(one.ci_high, "0.96885048")
    assert at(two.se, "0.02156637") and at(two.df, "12.71")
    assert at(two.ci_low, "0.89413783") and at(two.ci_high, "0.98753689")


def test_fixed_readers_random_cases(result) -> None:  # type: ignore[no-untyped-def]
    test = {t.analysis: t for t in result.tests()}[FRRC]
    assert at(test.statistic, "5.47595") and test.df_num == 1 and at(test.p_value, "0.0193")
    d = test.difference
    assert at(d.se, "0.01872") and at(d.ci_low, "-0.08049") and at(d.ci_high, "-0.00711")
    one, two = result.single(0)[FRRC], result.single(1)[FRRC]
    assert at(one.se, "0.02428971") and at(one.ci_low, "0.84943008")
    assert at(one.ci_high, "0.94464399")
    assert at(two.se, "0.01677632") and at(two.ci_low, "0.90795637")
    assert at(two.ci_high, "0.97371835")
    # The per-condition error variances and Cov2 printed beside them.
    for index, (var, cov2) in enumerate([("0.00101410", "0.00048396"),
                                         ("0.00059047", "0.00020419")]):
        block = result.cov[index * 5:(index + 1) * 5, index * 5:(index + 1) * 5]
        assert at(np.diag(block).mean(), var)
        assert at(block[~np.eye(5, dtype=bool)].mean(), cov2)


def test_random_readers_fixed_cases(result) -> None:  # type: ignore[no-untyped-def]
    test = {t.analysis: t for t in result.tests()}[RRFC]
    assert at(test.statistic, "8.70") and (test.df_num, test.df_den) == (1, 4)
    assert at(test.p_value, "0.0420")
    d = test.difference
    assert at(d.se, "0.01485") and at(d.ci_low, "-0.08502") and at(d.ci_high, "-0.00258")
    one, two = result.single(0)[RRFC], result.single(1)[RRFC]
    assert at(one.se, "0.02482994") and at(one.ci_low, "0.82809808")
    assert at(one.ci_high, "0.96597599")
    assert at(two.se, "0.01615303") and at(two.ci_low, "0.89598936")
    assert at(two.ci_high, "0.98568536")


def test_auc_and_its_jackknife_equal_scikit_learn(vandyke) -> None:  # type: ignore[no-untyped-def]
    truth, ratings = vandyke
    scores = ratings.reshape(10, -1)
    auc, jack = auc_with_jackknife(truth, scores)
    for row in range(10):
        assert auc[row] == pytest.approx(roc_auc_score(truth, scores[row]), abs=1e-15)
        for k in (0, 68, 69, 113):  # a case of each truth at each end
            keep = np.arange(len(truth)) != k
            assert jack[row, k] == pytest.approx(
                roc_auc_score(truth[keep], scores[row, keep]), abs=1e-15)


def test_accuracy_jackknife() -> None:
    acc, jack = accuracy_with_jackknife(np.array([[1, 0, 1, 1]]))
    assert acc[0] == 0.75 and list(jack[0]) == [2 / 3, 1.0, 2 / 3, 2 / 3]


def test_readers_vs_a_fixed_ai_is_the_single_condition_interval_shifted(vandyke, result) -> None:  # type: ignore[no-untyped-def]
    """An AI whose score separates the cases perfectly has AUC 1 on every jackknife sample: a
    fixed comparator, so the difference's interval is the readers' single-condition interval
    minus 1 (the printed one, above)."""
    truth, ratings = vandyke
    auc, jack = auc_with_jackknife(truth, ratings[0])
    ai_auc, ai_jack = auc_with_jackknife(truth, truth.astype(float) + 0.5)
    versus = readers_vs_standalone(auc, jack, float(ai_auc[0]), ai_jack[0])
    assert versus.ai_fom == 1.0 and at(versus.reader_fom, "0.89703704")
    d = versus.difference[RRRC]
    assert at(d.se, "0.03317360") and at(d.df, "12.74")
    assert at(d.ci_low + 1, "0.82522360") and at(d.ci_high + 1, "0.96885048")


def test_readers_vs_an_ai_reading_the_cases_counts_its_case_variance(vandyke) -> None:  # type: ignore[no-untyped-def]
    """With reader 1 of modality 2 as the "AI", the four others' differences have their own
    jackknife covariance: not the fixed-comparator interval."""
    truth, ratings = vandyke
    auc, jack = auc_with_jackknife(truth, ratings[0])
    ai_auc, ai_jack = auc_with_jackknife(truth, ratings[1, 0])
    versus = readers_vs_standalone(auc, jack, float(ai_auc[0]), ai_jack[0])
    fixed = readers_vs_standalone(auc, jack, float(ai_auc[0]), np.full(len(truth), ai_auc[0]))
    assert versus.difference[RRRC].estimate == pytest.approx(0.89703704 - 0.94782609, abs=1e-8)
    assert versus.difference[FRRC].se != pytest.approx(fixed.difference[FRRC].se)


def test_too_few_readers_or_cases_are_refused() -> None:
    with pytest.raises(MrmcError, match="two cases of each truth"):
        auc_with_jackknife(np.array([1, 0, 0]), np.array([[1.0, 2.0, 3.0]]))
    with pytest.raises(MrmcError, match="two readers"):
        analyse_ratings(np.array([1, 1, 0, 0]), np.ones((2, 1, 4)), ["a", "b"], ["r"])
