"""Krippendorff's alpha on many bootstrap resamples of items at once.

Alpha only depends on the coincidence matrix o (values x values): each pairable unit u adds
(n_u n_u^T - diag(n_u)) / (m_u - 1), where n_u counts the raters giving each value and m_u is
their total (`krippendorff._coincidences`). A resample that draws item i m times adds its
units' share m times, so with the items' shares as the rows of P (items x values^2) and the
resamples' multiplicities as the rows of M (resamples x items), every resample's o is a row
of M @ P: one matrix product instead of one `krippendorff.alpha` call (and a rebuilt value
count table) per resample. The expected coincidences and distances follow from the value
totals n_v, which are M @ T with T the items' value totals (integers, so exact).

Equal to `krippendorff.alpha(value_counts=<the resample written out unit by unit>)` up to
summation order (a relative 1e-12; tests/test_results_agreement_fast.py checks it for every
level of measurement).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from app.study.model import MeasurementLevel

DENSE_LIMIT = 20_000_000  # cells of P held as a dense array; above it P stays sparse
CHUNK = 100  # resamples per matrix product (bounds the memory of M as floats)


def item_coincidences(counts: np.ndarray, unit_item: np.ndarray,
                      n_items: int) -> tuple[np.ndarray | sp.csr_matrix, np.ndarray]:
    """(P, T): per item, its pairable units' coincidences (items x V*V) and value totals
    (items x V). `counts` is units x V, `unit_item` the item index of each unit."""
    n_values = counts.shape[1]
    pairable = counts.sum(axis=1) >= 2
    totals = np.zeros((n_items, n_values))
    np.add.at(totals, unit_item[pairable], counts[pairable])
    units, values = np.nonzero(counts * pairable[:, None])  # row-major: grouped by unit
    per_unit = np.bincount(units, minlength=len(counts))
    first = np.concatenate([[0], np.cumsum(per_unit)[:-1]])
    # Every ordered pair of a unit's non-zero values (left, right), as entry positions.
    left = np.repeat(np.arange(len(units)), per_unit[units])
    offset = np.arange(len(left)) - np.repeat(np.cumsum(per_unit[units]) - per_unit[units],
                                              per_unit[units])
    right = first[units[left]] + offset
    unit = units[left]
    c_left = counts[unit, values[left]]
    c_right = counts[unit, values[right]]
    share = (c_left * c_right - np.where(left == right, c_left, 0)) / (
        counts[unit].sum(axis=1) - 1)
    shares = sp.csr_matrix((share, (unit_item[unit], values[left] * n_values + values[right])),
                           shape=(n_items, n_values * n_values))
    if n_items * n_values * n_values <= DENSE_LIMIT:
        return shares.toarray(), totals
    return shares, totals


def _distances(domain: np.ndarray, level: MeasurementLevel, n_v: np.ndarray) -> np.ndarray:
    """resamples x V x V: the squared distances `krippendorff` uses for the level."""
    v1, v2 = domain[:, None], domain[None, :]
    if level == "nominal":
        d = (v1 != v2).astype(float)
    elif level == "interval":
        d = (v1 - v2).astype(float) ** 2
    elif level == "ratio":
        total = v1 + v2
        d = np.divide(v1 - v2, total, out=np.zeros(total.shape), where=total != 0) ** 2
    else:  # ordinal: depends on how often each value occurs, so on the resample
        cum = np.cumsum(n_v, axis=1)
        idx = np.arange(len(domain))
        lo, hi = np.minimum(idx[:, None], idx[None, :]), np.maximum(idx[:, None], idx[None, :])
        below = np.where(lo > 0, cum[:, np.maximum(lo - 1, 0)], 0.0)
        between = cum[:, hi] - below
        return (between - (n_v[:, :, None] + n_v[:, None, :]) / 2) ** 2
    return np.broadcast_to(d, (len(n_v), *d.shape))


def alpha_resamples(shares: np.ndarray | sp.csr_matrix, totals: np.ndarray, domain: np.ndarray,
                    level: MeasurementLevel, draws: np.ndarray) -> np.ndarray:
    """Alpha of each resample (rows of `draws`: multiplicities of the items); NaN where it is
    undefined (fewer than two values among the pairable units)."""
    n_values = len(domain)
    out = np.full(len(draws), np.nan)
    for start in range(0, len(draws), CHUNK):
        m = draws[start:start + CHUNK].astype(float)
        o = np.asarray(shares.T @ m.T).T if sp.issparse(shares) else m @ shares
        o = o.reshape(-1, n_values, n_values)
        n_v = m @ totals
        n = n_v.sum(axis=1)
        e = (n_v[:, :, None] * n_v[:, None, :] - n_v[:, :, None] * np.eye(n_values)) / (
            n - 1)[:, None, None]
        d = _distances(domain, level, n_v)
        with np.errstate(invalid="ignore", divide="ignore"):
            alpha = 1 - (o * d).sum(axis=(1, 2)) / (e * d).sum(axis=(1, 2))
        alpha[(n_v > 0).sum(axis=1) < 2] = np.nan
        out[start:start + CHUNK] = alpha
    return out
