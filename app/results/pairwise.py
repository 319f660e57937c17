"""Pairwise statistics between raters as matrix operations, not one library call per pair.

HUME reports means over every pair of raters (Spearman of ratings, per-query Spearman,
Kendall and binary kappa, ARI of groupings). Called once per pair, scipy and scikit-learn
cost ~0.1-5 ms each: 1,000 raters are 499,500 pairs, and an export took over ten minutes.
Here every pair's value comes out of a few array operations over all raters at once, with
the libraries' own formulas and special cases (what makes a value NaN), so the numbers equal
theirs to the last bit or two (tests/test_results_pairwise.py compares each with
`scipy.stats.spearmanr`, `kendalltau`, `sklearn.metrics.cohen_kappa_score` and
`adjusted_rand_score` pair by pair):

- Spearman: ranks per row (`scipy.stats.rankdata`), then Pearson of the ranks as one product
  of the centred, scaled rows (spearmanr is Pearson of the ranks).
- Kendall's tau-b: a row's signs over every pair of positions (`sign(x_j - x_i)`, i < j);
  the concordant minus discordant pairs of two rows is the product of their sign rows, and
  `tot - ties` of a row is its non-zero signs (scipy's `con_minus_dis / sqrt(tot - xtie) /
  sqrt(tot - ytie)`).
- Cohen's kappa of two raters' choices on the items both answered: the items in common, the
  agreements and each rater's label counts on the other's items are three sparse products
  over all raters; kappa is sklearn's 1 - observed / expected disagreement, the expected one
  `(n^2 - sum_l rows_l * cols_l) / n` (sklearn's sum of the off-diagonal expected cells).
- Cohen's kappa of two yes/no rows: the 2x2 table from products of the rows, then sklearn's
  formula (1 - observed disagreement / expected disagreement).
- ARI: two groupings of the same cards as 0/1 "together" rows over card pairs; the pair
  confusion counts are products of those rows, then sklearn's formula (it counts ordered
  pairs, twice these: the ratio is the same float).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import scipy.sparse as sp
from scipy.stats import rankdata

Pairs = tuple[np.ndarray, np.ndarray]


def upper_pairs(n: int) -> Pairs:
    """Row indices (a, b) of every pair a < b, a-major (the order of itertools.combinations)."""
    return np.triu_indices(n, k=1)


def _pearson_rows(ranks: np.ndarray) -> np.ndarray:
    """rows x rows Pearson correlation of complete rows; NaN where a row is constant."""
    centred = ranks - ranks.mean(axis=1, keepdims=True)
    norm = np.sqrt((centred * centred).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        scaled = centred / norm[:, None]
        corr = scaled @ scaled.T
    corr[norm == 0, :] = np.nan
    corr[:, norm == 0] = np.nan
    return np.clip(corr, -1.0, 1.0)


def spearman_rows(values: np.ndarray) -> np.ndarray:
    """Spearman correlation of every pair of complete rows (n x d), upper triangle a-major;
    NaN where either row is constant (as spearmanr)."""
    n, d = values.shape
    if n < 2:
        return np.empty(0)
    if d < 2:
        return np.full(n * (n - 1) // 2, np.nan)
    corr = _pearson_rows(rankdata(values, axis=1))
    return corr[upper_pairs(n)]


def masked_spearman(matrix: np.ndarray) -> np.ndarray:
    """For every pair of rows of a raters x items matrix (NaN: not rated) sharing at least two
    rated items on which neither row is constant, Spearman over those shared items (each pair
    ranked on its own shared items, as spearmanr of the pair's values); a-major order.

    Rows with the same rated items form blocks ranked once and correlated by one product;
    the other pairs are ranked per first rater against all later ones at once."""
    n = matrix.shape[0]
    rated = ~np.isnan(matrix)
    found = np.full((n, n), np.nan)
    patterns: dict[bytes, list[int]] = {}
    for row in range(n):
        patterns.setdefault(np.packbits(rated[row]).tobytes(), []).append(row)
    same = np.zeros((n, n), dtype=bool)
    for rows in patterns.values():
        index = np.array(rows)
        same[np.ix_(index, index)] = True
        cols = np.flatnonzero(rated[rows[0]])
        if len(rows) > 1 and len(cols) > 1:
            found[np.ix_(index, index)] = _pearson_rows(rankdata(matrix[np.ix_(index, cols)],
                                                                 axis=1))
    for a in range(n - 1):
        later = np.flatnonzero(~same[a, a + 1:]) + a + 1
        cols = np.flatnonzero(rated[a])
        if len(later) == 0 or len(cols) < 2:
            continue
        other = matrix[np.ix_(later, cols)]
        shared = ~np.isnan(other)
        keep = shared.sum(axis=1) > 1
        if not keep.any():
            continue
        later, other, shared = later[keep], other[keep], shared[keep]
        mine = np.where(shared, matrix[a, cols][None, :], np.nan)
        found[a, later] = _masked_pearson_of_ranks(mine, other, shared)
    values = found[upper_pairs(n)]
    return values[~np.isnan(values)]


def _masked_pearson_of_ranks(x: np.ndarray, y: np.ndarray, shared: np.ndarray) -> np.ndarray:
    """Row by row: Pearson of the ranks of x and y over the shared cells (NaN elsewhere);
    NaN where either is constant there."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        rx = np.where(shared, rankdata(x, axis=1, nan_policy="omit"), 0.0)
        ry = np.where(shared, rankdata(y, axis=1, nan_policy="omit"), 0.0)
        count = shared.sum(axis=1)
        cx = np.where(shared, rx - (rx.sum(axis=1) / count)[:, None], 0.0)
        cy = np.where(shared, ry - (ry.sum(axis=1) / count)[:, None], 0.0)
        nx = np.sqrt((cx * cx).sum(axis=1))
        ny = np.sqrt((cy * cy).sum(axis=1))
        r = (cx / nx[:, None] * (cy / ny[:, None])).sum(axis=1)
    constant = (np.nanmax(x, axis=1) == np.nanmin(x, axis=1)) | (
        np.nanmax(y, axis=1) == np.nanmin(y, axis=1))
    return np.where(constant, np.nan, np.clip(r, -1.0, 1.0))


def _signs(values: np.ndarray) -> np.ndarray:
    """n x d -> n x d(d-1)/2: sign(x_j - x_i) over every pair of positions i < j."""
    i, j = np.triu_indices(values.shape[1], k=1)
    return np.sign(values[:, j] - values[:, i]).astype(np.int64)


def kendall_rows(values: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of every pair of complete rows, a-major; NaN where either row is
    constant or has fewer than two values (as scipy.stats.kendalltau)."""
    n, d = values.shape
    if n < 2:
        return np.empty(0)
    if d < 2:
        return np.full(n * (n - 1) // 2, np.nan)
    signs = _signs(values)
    untied = (signs != 0).sum(axis=1)
    a, b = upper_pairs(n)
    con_minus_dis = (signs @ signs.T)[a, b]
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = con_minus_dis / np.sqrt(untied[a]) / np.sqrt(untied[b])
    tau = np.where((untied[a] == 0) | (untied[b] == 0), np.nan, tau)
    return np.minimum(1.0, np.maximum(-1.0, tau))


def binary_kappa_rows(flags: np.ndarray) -> np.ndarray:
    """Cohen's kappa of every pair of yes/no rows (n x d booleans), a-major; NaN where the
    expected disagreement is zero (both rows all one label, as sklearn)."""
    n, d = flags.shape
    if n < 2:
        return np.empty(0)
    x = flags.astype(np.int64)
    ones = x.sum(axis=1)
    a, b = upper_pairs(n)
    both = (x @ x.T)[a, b]
    a_only, b_only = ones[a] - both, ones[b] - both
    neither = d - both - a_only - b_only
    # sklearn: confusion rows are rater a's labels; expected = outer(column sums, row sums) / n.
    col0, col1 = neither + a_only, b_only + both
    row0, row1 = neither + b_only, a_only + both
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = col0 * row1 / d + col1 * row0 / d
        kappa = 1 - (b_only + a_only) / expected
    return np.where(expected == 0, np.nan, kappa)


def ari_rows(labels: np.ndarray) -> np.ndarray:
    """Adjusted Rand index of every pair of groupings of the same cards (n x cards, any
    label codes), a-major; sklearn's formula, 1.0 where the groupings agree on every pair."""
    n, d = labels.shape
    if n < 2:
        return np.empty(0)
    if d < 2:
        return np.full(n * (n - 1) // 2, math.nan)
    i, j = np.triu_indices(d, k=1)
    together = (labels[:, i] == labels[:, j]).astype(np.int64)
    total = together.shape[1]
    sizes = together.sum(axis=1)
    a, b = upper_pairs(n)
    tp = (together @ together.T)[a, b]  # together in both
    fn = sizes[a] - tp  # together only in a (the "true" grouping)
    fp = sizes[b] - tp  # together only in b
    tn = total - tp - fn - fp
    tp, fn, fp, tn = (x.astype(float) for x in (tp, fn, fp, tn))
    with np.errstate(invalid="ignore", divide="ignore"):
        ari = 2.0 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))
    return np.where((fn == 0) & (fp == 0), 1.0, ari)


def choice_pairs(raters: np.ndarray, items: np.ndarray, labels: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Cohen's kappa and the share of agreement of every pair of raters with an item in
    common, a-major, from one answer per (rater, item): integer codes of rater, item, label.
    Kappa is NaN where the expected disagreement is zero (one label between them)."""
    n_raters, n_items, k = int(raters.max()) + 1, int(items.max()) + 1, int(labels.max()) + 1
    ones = np.ones(len(raters))
    present = sp.csr_matrix((ones, (raters, items)), shape=(n_raters, n_items))
    flat = sp.csr_matrix((ones, (raters, labels * n_items + items)),
                         shape=(n_raters, k * n_items))
    common = (present @ present.T).toarray()
    agree = (flat @ flat.T).toarray()
    # dot[a, b] = sum over labels l of (a's items b gave l) * (b's items a gave l): one
    # raters x raters product per label (raters^2 memory, not raters^2 x labels).
    dot_all = np.zeros_like(common)
    for label in range(k):
        mine = labels == label
        gave = sp.csr_matrix((ones[mine], (raters[mine], items[mine])),
                             shape=(n_raters, n_items))
        counted = (present @ gave.T).toarray()  # [a, b]: items a answered that b gave label
        dot_all += counted * counted.T
    a, b = upper_pairs(n_raters)
    n = common[a, b]
    keep = n > 0
    a, b, n = a[keep], b[keep], n[keep]
    same = agree[a, b]
    dot = dot_all[a, b]
    expected = (n * n - dot) / n
    with np.errstate(invalid="ignore", divide="ignore"):
        kappa = 1 - (n - same) / expected
    return np.where(expected == 0, np.nan, kappa), same / n
