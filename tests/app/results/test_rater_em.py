"""Our Dawid-Skene and MACE give crowd-kit's labels, posteriors, confusion matrices and
competences on the same answers (crowd-kit is a test dependency: app/results/rater_em.py)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from app.results.rater_em import Coded, dawid_skene, mace, mace_restarts

crowdkit = pytest.importorskip("crowdkit.aggregation")
# (crowd-kit's own pandas deprecation warnings are not ours)
pytestmark = pytest.mark.filterwarnings("ignore::Warning")


def _answers(seed: int, n_items: int = 40, accuracy: tuple[float, ...] = (0.9, 0.8, 0.7, 0.6, 0.4,
                                                                           0.35)) -> pd.DataFrame:
    """Simulated raters of known accuracy; one label set, sorted as crowd-kit numbers its
    raters and labels by first appearance (its MACE indexes some sums in sort order)."""
    rng = np.random.default_rng(seed)
    labels = ["a", "b", "c"]
    truth = {f"i{k:02d}": str(rng.choice(labels)) for k in range(n_items)}
    rows = []
    for r, acc in enumerate(accuracy):
        for item, true in truth.items():
            if rng.random() < 0.85:
                rows.append((item, f"r{r}", true if rng.random() < acc else str(rng.choice(labels))))
    frame = pd.DataFrame(rows, columns=["task", "worker", "label"])
    frame = frame.sort_values(["worker", "label", "task"]).reset_index(drop=True)
    assert set(frame[frame["worker"] == "r0"]["label"]) == set(labels)  # first rater gave all
    return frame


def _coded(frame: pd.DataFrame) -> Coded:
    return Coded.of(frame["task"].tolist(), frame["worker"].tolist(), frame["label"].tolist())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dawid_skene_equals_crowdkit(seed: int) -> None:
    frame = _answers(seed)
    coded = _coded(frame)
    ours = dawid_skene(coded)
    theirs = crowdkit.DawidSkene().fit(frame)
    assert theirs.labels_.loc[coded.item_names].tolist() == ours.labels
    probas = theirs.probas_.loc[coded.item_names, coded.label_names].to_numpy(float)
    np.testing.assert_allclose(ours.probas, probas, atol=1e-12)
    for w, rater in enumerate(coded.rater_names):
        for y, label in enumerate(coded.label_names):
            if (rater, label) in theirs.errors_.index:
                np.testing.assert_allclose(
                    ours.confusion[w, y],
                    theirs.errors_.loc[(rater, label), coded.label_names].to_numpy(float),
                    atol=1e-12)
    # competence: expected accuracy under the fitted priors and confusion matrices
    priors = theirs.priors_.loc[coded.label_names].to_numpy(float)
    for w, rater in enumerate(coded.rater_names):
        diagonal = [theirs.errors_.loc[(rater, lab), lab] if (rater, lab) in theirs.errors_.index
                    else 0.0 for lab in coded.label_names]
        assert ours.competence[w] == pytest.approx(float(np.dot(priors, diagonal)), abs=1e-12)


@pytest.mark.parametrize("seed", [1, 2])
def test_one_mace_restart_equals_crowdkit(seed: int) -> None:
    # crowd-kit's restarts all draw the same seeded start (random_state=0), so one restart is
    # its result, and our first restart draws that start; 20 rounds instead of 50 keep its
    # pandas loop fast, the rules are the same.
    frame = _answers(seed, n_items=30)
    coded = _coded(frame)
    ours = mace(coded, n_iter=20, n_restarts=1)
    theirs = crowdkit.MACE(n_restarts=1, n_iter=20).fit(frame)
    assert theirs.labels_.loc[coded.item_names].tolist() == ours.labels
    probas = theirs.probas_.loc[coded.item_names, coded.label_names].to_numpy(float)
    np.testing.assert_allclose(ours.probas, probas, atol=1e-12)
    spamming = theirs.spamming_
    np.testing.assert_allclose(ours.competence, spamming[:, 1] / spamming.sum(axis=1), atol=1e-12)


@pytest.mark.parametrize("seed", [1, 3])
def test_mace_with_restarts_equals_crowdkit_where_every_start_reaches_one_optimum(
        seed: int) -> None:
    """Our ten restarts draw ten starts, crowd-kit's one ten times: the results can only be
    compared where every start ends at the same optimum, which these answers are (checked
    here, the ten log-likelihoods within 1e-8); there the fits agree to 1e-9."""
    frame = _answers(seed, n_items=30)
    coded = _coded(frame)
    ends = [run.log_likelihood for run in mace_restarts(coded, seeds=list(range(10)))]
    assert max(ends) - min(ends) < 1e-8
    ours = mace(coded)
    assert ours.log_likelihood == max(ends)
    theirs = crowdkit.MACE(n_restarts=1).fit(frame)
    assert theirs.labels_.loc[coded.item_names].tolist() == ours.labels
    probas = theirs.probas_.loc[coded.item_names, coded.label_names].to_numpy(float)
    np.testing.assert_allclose(ours.probas, probas, atol=1e-9)
    spamming = theirs.spamming_
    np.testing.assert_allclose(ours.competence, spamming[:, 1] / spamming.sum(axis=1), atol=1e-9)


def test_mace_keeps_the_restart_of_the_highest_likelihood() -> None:
    """Ten distinct starts (not one drawn ten times), the best of them kept."""
    coded = _coded(_answers(5, n_items=30))
    runs = mace_restarts(coded, seeds=list(range(10)))
    alone = mace_restarts(coded, seeds=[3])[0]  # a restart's numbers are its own
    np.testing.assert_allclose(alone.probas, runs[3].probas, atol=1e-12)
    assert len({r.competence.tobytes() for r in runs}) == 10
    best = max(runs, key=lambda r: r.log_likelihood)
    fit = mace(coded)
    assert fit.log_likelihood == best.log_likelihood
    assert np.array_equal(fit.probas, best.probas)


def _hume_demo_answers(n_raters: int, seed: int) -> tuple[list[str], list[str], list[str],
                                                           dict[str, str]]:
    """hume-demo's emotion question (its 40 items, 6 labels and gold) answered by `n_raters`
    simulated raters who each answer every item, right with a probability of their own
    between 0.3 and 0.9 and otherwise at random: (items, raters, labels, gold)."""
    from pathlib import Path

    from app.results.units import question_groups
    from app.study.loader import load_study

    study = load_study(Path(__file__).resolve().parents[3] / "studies" / "hume-demo")
    group = next(g for g in question_groups(study.study) if g.kind == "choice")
    gold = group.gold_texts
    labels = sorted({str(o.key) for o in group.questions[next(iter(group.items))].options})
    rng = np.random.default_rng(seed)
    skill = rng.uniform(0.3, 0.9, n_raters)
    items, raters, given = [], [], []
    for r in range(n_raters):
        for item in group.items:
            items.append(item)
            raters.append(f"P{r:04d}")
            given.append(gold[item] if rng.random() < skill[r] else str(rng.choice(labels)))
    return items, raters, given, gold


def test_2000_raters_neither_overflow_nor_collapse() -> None:
    """2,000 raters on hume-demo: an item's product over its answers underflowed to 0 / 0 in
    MACE (every item the first label, "anger", empty posteriors, a RuntimeWarning the only
    sign). Both models now label every item right, posteriors are numbers, and nothing warns."""
    import warnings

    items, raters, given, gold = _hume_demo_answers(2_000, seed=1)
    coded = Coded.of(items, raters, given)
    truth = [gold[i] for i in coded.item_names]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fits = (mace(coded), dawid_skene(coded))
    for fit in fits:
        assert fit.failure == ""
        assert fit.labels == truth
        assert np.isfinite(fit.probas).all() and np.isfinite(fit.competence).all()
        np.testing.assert_allclose(fit.probas.sum(axis=1), 1.0, atol=1e-12)
        assert (fit.posterior > 0.99).all()


def test_fits_do_not_depend_on_the_order_of_the_rows() -> None:
    """The same answers in another order give the same fit, to the last bit; the raters
    renamed in reverse (each drawing another start) the same labels and, to 1e-6, the same
    probabilities."""
    items, raters, given, _ = _hume_demo_answers(300, seed=2)
    coded = Coded.of(items, raters, given)
    order = np.random.default_rng(3).permutation(len(items))
    shuffled = Coded.of([items[k] for k in order], [raters[k] for k in order],
                        [given[k] for k in order])
    for method in (mace, dawid_skene):
        a, b = method(coded), method(shuffled)
        assert np.array_equal(a.probas, b.probas) and np.array_equal(a.competence, b.competence)
    renamed = Coded.of(items, [f"P{299 - int(r[1:]):04d}" for r in raters], given)
    a, b = mace(coded), mace(renamed)
    assert a.labels == b.labels
    np.testing.assert_allclose(a.probas, b.probas, atol=1e-6)


def test_good_raters_get_the_higher_competence() -> None:
    coded = _coded(_answers(4, n_items=60, accuracy=(0.95, 0.9, 0.9, 0.3)))
    for fit in (dawid_skene(coded), mace(coded)):
        assert fit.competence[3] < min(fit.competence[:3])


def _sorted_codes(values: list[object]) -> tuple[list[int], list[str]]:
    """The coding `Coded.of` replaced: every value made text, then pandas' sorted factorize."""
    codes, names = pd.factorize(pd.Series(values, dtype=object).astype(str), sort=True)
    return codes.tolist(), [str(n) for n in names]


@pytest.mark.parametrize("values", [
    ["b", "a", "c", "a", "B", "é", "ab"], [3, 1, "1", 2.5], ["x", None, "y"],
    [float("nan"), "nan", "a"], list("zyxzyx"),
])
def test_codes_equal_the_sorted_factorize_of_the_text(values: list[object]) -> None:
    coded = Coded.of(values, values, values)
    assert (coded.items.tolist(), coded.item_names) == _sorted_codes(values)
    texts = [str(v) for v in values]
    arrow = pd.Series(texts).astype(str)  # a text column as frames hold it
    assert (Coded.of(arrow, arrow, arrow).labels.tolist(),
            Coded.of(arrow, arrow, arrow).label_names) == _sorted_codes(texts)


def test_same_as_compares_codes_and_names() -> None:
    frame = _answers(4)
    assert _coded(frame).same_as(_coded(frame))
    other = frame.assign(label=frame["label"].where(frame.index != 0, "zz"))
    assert not _coded(frame).same_as(_coded(other))


def _mace_before(coded: Coded) -> tuple[np.ndarray, np.ndarray]:
    """MACE as crowd-kit computes it, one start, products of probabilities per item:
    (probas, competence)."""
    from scipy.stats import uniform

    from app.results.rater_em import _sums, _variational_normalize

    n_items, n_raters, n_labels = coded.shape
    t, w, lab = coded.items, coded.raters, coded.labels

    def e_step(spamming: np.ndarray, thetas: np.ndarray) -> tuple[np.ndarray, ...]:
        guess = spamming[w, 0] * thetas[w, lab]
        know = spamming[w, 1]
        log_guess = _sums(t, np.log(guess), n_items)
        own = _sums(t * n_labels + lab, np.log(guess + know) - np.log(guess), n_items * n_labels)
        marginals = np.exp(log_guess[:, None] + own.reshape(n_items, n_labels)) / n_labels
        instance = marginals.sum(axis=1)
        knowing_marginal = marginals[t, lab] / instance[t] * know / (guess + know)
        strategy_marginal = 1.0 - knowing_marginal
        knowing = np.stack([_sums(w, strategy_marginal, n_raters),
                            _sums(w, knowing_marginal, n_raters)], axis=1)
        strategy = _sums(w * n_labels + lab, strategy_marginal, n_raters * n_labels
                         ).reshape(n_raters, n_labels)
        return marginals, knowing, strategy

    start = uniform(1, 1.5)
    spamming = start.rvs(size=(n_raters, 2), random_state=0)
    thetas = start.rvs(size=(n_raters, n_labels), random_state=0)
    spamming /= spamming.sum(axis=1, keepdims=True)
    thetas /= thetas.sum(axis=1, keepdims=True)
    for _ in range(50):
        _, knowing, strategy = e_step(spamming, thetas)
        spamming = _variational_normalize(knowing, np.array([0.5, 0.5]))
        thetas = _variational_normalize(strategy, np.full(n_labels, 10.0))
    marginals, _, _ = e_step(spamming, thetas)
    return marginals / marginals.sum(axis=1, keepdims=True), spamming[:, 1] / spamming.sum(axis=1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_restart_in_log_space_equals_the_products_where_they_do_not_underflow(
        seed: int) -> None:
    """The e-step's logsumexp against the products it replaced, on answers few enough per
    item for the products to be exact: the same fit to 1e-12."""
    for frame in (_answers(seed), _answers(seed, n_items=2_000)):
        coded = _coded(frame)
        probas, competence = _mace_before(coded)
        fit = mace(coded, n_restarts=1)
        np.testing.assert_allclose(fit.probas, probas, atol=1e-12)
        np.testing.assert_allclose(fit.competence, competence, atol=1e-12)
