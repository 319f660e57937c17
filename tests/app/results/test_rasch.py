"""The Rasch scale: parameters recovered from simulated answers of known ability and
difficulty, the same fit as statsmodels' Logit on the same person and item dummies, and
items.csv / abilities.csv of a real study with models."""

from __future__ import annotations

import numpy as np
import pandas as pd
import statsmodels.api as sm

from app.results.rasch import Party, fit_rasch, rasch_rows


def _simulate(n_persons: int, n_items: int, seed: int) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(seed)
    theta = rng.normal(0, 1, n_persons)
    b = np.linspace(-2, 2, n_items)
    b -= b.mean()
    persons = np.repeat(np.arange(n_persons), n_items)
    items = np.tile(np.arange(n_items), n_persons)
    p = 1 / (1 + np.exp(-(theta[persons] - b[items])))
    return theta, b, persons, items, (rng.random(p.size) < p).astype(float)


def test_known_parameters_recovered() -> None:
    theta, b, persons, items, y = _simulate(300, 25, seed=1)
    fit = fit_rasch(persons, items, y, 300, 25)
    assert abs(fit.difficulties.sum()) < 1e-9  # the identification: mean difficulty 0
    assert np.max(np.abs(fit.difficulties - b)) < 0.35
    assert np.corrcoef(fit.difficulties, b)[0, 1] > 0.99
    # (25 items: an ability is measured to about +-0.45, so r near 0.9 is what to expect)
    assert np.corrcoef(fit.abilities, theta)[0, 1] > 0.85
    # the reported standard errors are about the size of the actual errors
    assert 0.5 < np.std(fit.difficulties - b) / np.mean(fit.difficulty_se) < 1.6


def test_equals_statsmodels_logit_on_the_same_design() -> None:
    _, _, persons, items, y = _simulate(60, 12, seed=2)
    totals = np.bincount(persons, y, 60)
    keep = (totals > 0) & (totals < 12)  # plain ML has no finite estimate for perfect scores
    codes = np.cumsum(keep) - 1
    mask = keep[persons]
    persons, items, y = codes[persons[mask]], items[mask], y[mask]
    n_persons = int(keep.sum())
    ours = fit_rasch(persons, items, y, n_persons, 12, ridge=1e-9)
    # logit P = theta_p - b_i, item 0's difficulty fixed at 0 (one dummy left out)
    design = np.zeros((len(y), n_persons + 11))
    design[np.arange(len(y)), persons] = 1.0
    rest = items > 0
    design[np.flatnonzero(rest), n_persons + items[rest] - 1] = -1.0
    result = sm.Logit(y, design).fit(disp=0, method="newton", maxiter=100, tol=1e-12)
    b_sm = np.concatenate([[0.0], result.params[n_persons:]])
    theta_sm = result.params[:n_persons]
    shift = b_sm.mean()
    np.testing.assert_allclose(ours.difficulties, b_sm - shift, atol=1e-4)
    np.testing.assert_allclose(ours.abilities, theta_sm - shift, atol=1e-4)


def test_rows_put_humans_and_models_on_one_scale() -> None:
    rng = np.random.default_rng(3)
    items = [f"i{k}" for k in range(20)]
    hard = {i: k / 19 for k, i in enumerate(items)}  # later items are harder

    def party(kind: str, name: str, skill: float) -> Party:
        right = [float(rng.random() < skill * (1 - 0.6 * hard[i])) for i in items]
        return Party(kind, name, "t" if kind == "participant" else "", pd.Series(right, index=items))

    parties = [party("participant", f"P{k}", 0.9) for k in range(8)]
    parties += [party("model", "strong", 1.0), party("model", "weak", 0.3)]
    item_rows, ability_rows = rasch_rows("label", parties)
    assert [r["item_id"] for r in item_rows] == sorted(items)
    frame = pd.DataFrame(ability_rows).set_index("party")
    assert frame.loc["strong", "ability"] > frame.loc["weak", "ability"]
    assert set(frame["party_kind"]) == {"participant", "model"}
    by_item = pd.DataFrame(item_rows).set_index("item_id")
    assert by_item.loc["i19", "difficulty"] > by_item.loc["i0", "difficulty"]
    assert by_item["p_correct_models"].isin([0.0, 0.5, 1.0]).all()
    assert rasch_rows("label", parties[:1]) == ([], [])


def test_item_means_equal_the_per_item_means() -> None:
    """`_item_means` (one bincount) against the per-item scan it replaced, bit for bit."""
    from app.results.rasch import _item_means, _mean

    rng = np.random.default_rng(5)
    items = rng.integers(0, 40, size=900)
    chosen = rng.random(900) < 0.6
    for correct in (rng.integers(0, 2, size=900).astype(float),
                    rng.random(900)):  # (not 0/1: the per-item path itself)
        expected = [_mean(correct[(items == k) & chosen]) for k in range(45)]
        got = _item_means(items, correct, chosen, 45)
        assert np.array_equal(np.array(got), np.array(expected), equal_nan=True)
        assert all(np.isnan(got[k]) for k in range(40, 45))


def _penalised_nll_and_gradient(x: np.ndarray, persons: np.ndarray, items: np.ndarray,
                                y: np.ndarray, n_persons: int, ridge: float
                                ) -> tuple[float, np.ndarray]:
    """fit_rasch's objective written out anew, the last difficulty minus the sum of the others
    (the constraint), with its gradient, for scipy."""
    theta, free = x[:n_persons], x[n_persons:]
    b = np.append(free, -free.sum())
    eta = theta[persons] - b[items]
    value = np.sum(np.logaddexp(0, eta) - y * eta) + ridge / 2 * (theta @ theta + b @ b)
    residual = 1 / (1 + np.exp(-eta)) - y
    g_theta = np.bincount(persons, residual, n_persons) + ridge * theta
    g_b = -np.bincount(items, residual, len(b)) + ridge * b
    return float(value), np.concatenate([g_theta, g_b[:-1] - g_b[-1]])


def test_reaches_the_optimum_scipy_finds_on_hume_demo_like_answers() -> None:
    """Eight raters and three models on 40 items, a third of them answered right by everyone
    (as on hume-demo, where the fit used to stop 0.26 logit short on such an item): the same
    minimum as scipy's L-BFGS-B on the same penalised objective, to 1e-6 logit."""
    from scipy.optimize import minimize

    from app.results.rasch import RIDGE

    rng = np.random.default_rng(11)
    n_persons, n_items = 11, 40
    theta = np.concatenate([rng.normal(1.5, 0.7, 8), [3.0, 1.0, -0.5]])
    b = np.concatenate([rng.normal(0, 1, 27), np.full(13, -6.0)])  # 13 items all right
    persons = np.repeat(np.arange(n_persons), n_items)
    items = np.tile(np.arange(n_items), n_persons)
    keep = (rng.random(persons.size) < 0.7) | (persons >= 8)  # models answer every item
    persons, items = persons[keep], items[keep]
    y = (rng.random(persons.size) < 1 / (1 + np.exp(-(theta[persons] - b[items])))).astype(float)
    y[items >= 27] = 1.0
    ours = fit_rasch(persons, items, y, n_persons, n_items)
    result = minimize(_penalised_nll_and_gradient, np.zeros(n_persons + n_items - 1),
                      args=(persons, items, y, n_persons, RIDGE), jac=True, method="L-BFGS-B",
                      options={"maxiter": 50_000, "maxcor": 50, "gtol": 1e-12, "ftol": 0})
    theta_sp = result.x[:n_persons]
    b_sp = np.append(result.x[n_persons:], -result.x[n_persons:].sum())
    ours_value, _ = _penalised_nll_and_gradient(
        np.concatenate([ours.abilities, ours.difficulties[:-1]]), persons, items, y, n_persons,
        RIDGE)
    assert ours_value <= result.fun + 1e-9
    np.testing.assert_allclose(ours.difficulties, b_sp, atol=1e-6)
    np.testing.assert_allclose(ours.abilities, theta_sp, atol=1e-6)
    assert abs(ours.difficulties.sum()) < 1e-9
