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
        out[start:start + CHUNK] = _alpha_of(o.reshape(-1, n_values, n_values), m @ totals,
                                             domain, level)
    return out


def _alpha_of(o: np.ndarray, n_v: np.ndarray, domain: np.ndarray,
              level: MeasurementLevel) -> np.ndarray:
    """Alpha of each resample from its coincidences (resamples x V x V) and value totals."""
    n_values = len(domain)
    n = n_v.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        e = (n_v[:, :, None] * n_v[:, None, :] - n_v[:, :, None] * np.eye(n_values)) / (
            n - 1)[:, None, None]
        d = _distances(domain, level, n_v)
        alpha = 1 - (o * d).sum(axis=(1, 2)) / (e * d).sum(axis=(1, 2))
    alpha[(n_v > 0).sum(axis=1) < 2] = np.nan
    return alpha


def alpha_two_way(counts_of: sp.csr_matrix, present: sp.csr_matrix, unit_item: np.ndarray,
                  domain: np.ndarray, level: MeasurementLevel, rater_draws: np.ndarray,
                  item_draws: np.ndarray) -> np.ndarray:
    """Alpha of each resample that draws raters as well as items: row b of `rater_draws`
    (resamples x raters) says how often each rater is drawn, row b of `item_draws` (resamples
    x items) how often each item.

    `counts_of` is raters x (units * V), 1 where the rater gave value v on unit u (column
    u * V + v); `present` raters x units, 1 where the rater gave a value. A rater drawn w
    times counts w times, but a value is never paired with its own copies: two copies of
    one rater agree by construction, and pairing them would make agreement look higher the
    more often the draw repeats a rater. So a unit's coincidences are the pairs of distinct
    raters, weighted w_r * w_s, scaled as Krippendorff scales a unit's pairs (they add up to
    the unit's number of values): with N_uv = sum_r w_r [r gave v on u], S_uv the same with
    w_r^2, M_u = sum_r w_r [r rated u] and Q_u with w_r^2, unit u adds
    (N_u N_u^T - diag(S_u)) * M_u / (M_u^2 - Q_u), times its item's multiplicity. With every
    rater drawn once this is `alpha_resamples` exactly (tests/test_results_agreement_fast.py).
    The value totals are the margins of the coincidences, as Krippendorff defines them."""
    n_values = len(domain)
    n_units = present.shape[1]
    # One product per chunk for both weightings (w and w^2) and both tables; dense where
    # the table is small enough (BLAS: about twice as fast as the sparse product).
    tables = sp.hstack([counts_of, present], format="csr")
    if tables.shape[0] * tables.shape[1] <= DENSE_LIMIT:
        tables = tables.toarray()
    out = np.full(len(rater_draws), np.nan)
    step = max(1, min(CHUNK, DENSE_LIMIT // max(1, 2 * n_units * (n_values + 1))))
    for start in range(0, len(rater_draws), step):
        w = rater_draws[start:start + step].astype(float)
        mult = item_draws[start:start + step].astype(float)[:, unit_item]  # per unit
        both = np.vstack([w, w * w])
        summed = both @ tables if isinstance(tables, np.ndarray) else np.asarray(
            (tables.T @ both.T).T)
        split = n_units * n_values
        n_uv = summed[:len(w), :split].reshape(len(w), n_units, n_values)
        s_uv = summed[len(w):, :split].reshape(len(w), n_units, n_values)
        m_u = summed[:len(w), split:]
        pairs = m_u * m_u - summed[len(w):, split:]
        with np.errstate(invalid="ignore", divide="ignore"):
            g = np.where(pairs > 0, mult * m_u / pairs, 0.0)
        o = np.matmul((g[:, :, None] * n_uv).transpose(0, 2, 1), n_uv)
        o -= np.einsum("bu,buc->bc", g, s_uv)[:, :, None] * np.eye(n_values)
        out[start:start + step] = _alpha_of(o, o.sum(axis=2), domain, level)
    return out


def rater_tables(data: np.ndarray, domain: np.ndarray) -> tuple[sp.csr_matrix, sp.csr_matrix]:
    """(`counts_of`, `present`) of `alpha_two_way` from a raters x units table of values
    (NaN: none), the values looked up in the sorted `domain`."""
    n_raters, n_units = data.shape
    raters, units = np.nonzero(~np.isnan(data))
    codes = np.searchsorted(domain, data[raters, units])
    ones = np.ones(len(raters))
    counts_of = sp.csr_matrix((ones, (raters, units * len(domain) + codes)),
                              shape=(n_raters, n_units * len(domain)))
    present = sp.csr_matrix((ones, (raters, units)), shape=(n_raters, n_units))
    return counts_of, present
