"""Small, dependency-free SVG charts for the HTML report: horizontal bars with confidence
whiskers, and a scatter with a least-squares line. Plain SVG text, so the report stays one
self-contained file that any browser shows (the results window draws its own with pyqtgraph).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

import numpy as np

PALETTE = {"tier": "#4C72B0", "humans": "#4C72B0", "pooled": "#2A4D8F", "model": "#DD8452",
           "published": "#B0B0B0", "rating_group": "#55A868"}
FONT = 'font-family="sans-serif" font-size="12"'
SMALL = 'font-family="sans-serif" font-size="10"'


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    low: float = math.nan
    high: float = math.nan
    kind: str = "humans"  # colour family (PALETTE keys)


def _nice_ceiling(value: float) -> float:
    """An axis end at or above value: 1 for shares and correlations, else a round number."""
    if value <= 1:
        return 1.0
    scale = 10 ** math.floor(math.log10(value))
    return math.ceil(value / scale * 2) / 2 * scale


def number_text(x: float) -> str:
    """A value or tick as the charts print it (no minus sign on zero)."""
    if not math.isfinite(x):
        return "n/a"
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round ticks (1, 2, 2.5 or 5 times a power of ten apart) from at or below `lo` to at or
    above `hi`, at most `most` of them: an axis reads -0.5, -0.25, 0, 0.25, 0.5, not -0.261."""
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        return [lo, hi] if math.isfinite(lo) and math.isfinite(hi) else [0.0, 1.0]
    raw = (hi - lo) / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10)
                if math.ceil(hi / (m * power) - 1e-9) - math.floor(lo / (m * power) + 1e-9)
                <= most - 1)
    first, last = math.floor(lo / step + 1e-9), math.ceil(hi / step - 1e-9)
    return [round(k * step, 12) for k in range(first, last + 1)]


def bar_chart(bars: list[Bar], *, title: str, axis_label: str, width: int = 640) -> str:
    """Horizontal bars, one per row, with the CI as a whisker when there is one."""
    label_w, row_h, top, bottom = 210, 24, 34, 40
    height = top + bottom + row_h * max(len(bars), 1)
    values = [v for b in bars for v in (b.value, b.low, b.high) if math.isfinite(v)]
    ticks = nice_ticks(min([0.0, *values]), _nice_ceiling(max([0.0, *values])))
    lo, hi = ticks[0], ticks[-1]
    plot_w = width - label_w - 60

    def x(v: float) -> float:
        return label_w + (v - lo) / (hi - lo) * plot_w if hi > lo else label_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
           f'<text x="{width / 2}" y="18" text-anchor="middle" {FONT} font-weight="bold">'
           f'{escape(title)}</text>']
    for i, bar in enumerate(bars):
        y = top + i * row_h
        out.append(f'<text x="{label_w - 6}" y="{y + row_h * 0.65:.1f}" text-anchor="end" {FONT}>'
                   f'{escape(bar.label)}</text>')
        if math.isfinite(bar.value):
            x0, x1 = sorted((x(max(lo, 0.0)), x(bar.value)))
            out.append(f'<rect x="{x0:.1f}" y="{y + 4}" width="{max(x1 - x0, 1):.1f}" '
                       f'height="{row_h - 8}" fill="{PALETTE.get(bar.kind, "#888")}"/>')
        if math.isfinite(bar.low) and math.isfinite(bar.high):
            ym = y + row_h / 2
            out.append(f'<path d="M{x(bar.low):.1f},{ym} H{x(bar.high):.1f} '
                       f'M{x(bar.low):.1f},{ym - 5} V{ym + 5} M{x(bar.high):.1f},{ym - 5} '
                       f'V{ym + 5}" stroke="#222" stroke-width="1.5" fill="none"/>')
        ends = [v for v in (bar.value, bar.high) if math.isfinite(v)]
        label_x = x(max(ends)) + 6 if ends else label_w + 4
        out.append(f'<text x="{label_x:.1f}" y="{y + row_h * 0.65:.1f}" {FONT}>'
                   f'{number_text(bar.value)}</text>')
    axis_y = top + row_h * max(len(bars), 1) + 4
    out.append(f'<line x1="{label_w}" y1="{axis_y}" x2="{label_w + plot_w}" y2="{axis_y}" '
               'stroke="#444"/>')
    for tick in ticks:
        out.append(f'<text x="{x(tick):.1f}" y="{axis_y + 16}" text-anchor="middle" '
                   f'{FONT}>{number_text(tick)}</text>')
    out.append(f'<text x="{label_w + plot_w / 2}" y="{axis_y + 32}" text-anchor="middle" {FONT}>'
               f'{escape(axis_label)}</text></svg>')
    return "\n".join(out)


def scatter_chart(points: list[tuple[float, float, str]], *, title: str, x_label: str,
                  y_label: str, note: str = "", width: int = 520, height: int = 380) -> str:
    """Points with their labels and a least-squares line through them."""
    left, right, top, bottom = 60, 20, 34, 50
    pts = [(a, b, t) for a, b, t in points if math.isfinite(a) and math.isfinite(b)]
    xs = [p[0] for p in pts] or [0.0, 1.0]
    ys = [p[1] for p in pts] or [0.0, 1.0]
    x_lo, x_hi = min(xs), max(xs)
    y_lo, y_hi = min(0.0, min(ys)), max(1.0, max(ys))
    if x_hi == x_lo:  # one value: a span around it that stays a span at any magnitude
        half = max(1.0, abs(x_lo) * 0.01)
        x_lo, x_hi = x_lo - half, x_hi + half
    pad = (x_hi - x_lo) * 0.08  # room for the points' labels at both ends
    x_lo, x_hi = x_lo - pad, x_hi + pad
    pw, ph = width - left - right, height - top - bottom

    def sx(v: float) -> float:
        return left + (v - x_lo) / (x_hi - x_lo) * pw

    def sy(v: float) -> float:
        return top + ph - (v - y_lo) / (y_hi - y_lo) * ph

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
           f'<text x="{width / 2}" y="18" text-anchor="middle" {FONT} font-weight="bold">'
           f'{escape(title)}</text>',
           f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>']
    for tick in np.linspace(x_lo, x_hi, 5):
        out.append(f'<text x="{sx(float(tick)):.1f}" y="{top + ph + 16}" text-anchor="middle" '
                   f'{FONT}>{float(tick):.0f}</text>')
    for tick in np.linspace(y_lo, y_hi, 5):
        out.append(f'<text x="{left - 6}" y="{sy(float(tick)) + 4:.1f}" text-anchor="end" '
                   f'{FONT}>{number_text(float(tick))}</text>')
    if len(pts) >= 2 and len(set(xs)) > 1:
        slope, intercept = np.polyfit(xs, ys, 1)
        out.append(f'<line x1="{sx(x_lo):.1f}" y1="{sy(slope * x_lo + intercept):.1f}" '
                   f'x2="{sx(x_hi):.1f}" y2="{sy(slope * x_hi + intercept):.1f}" '
                   'stroke="#C44E52" stroke-width="2"/>')
    for a, b, label in pts:
        out.append(f'<circle cx="{sx(a):.1f}" cy="{sy(b):.1f}" r="4" fill="#4C72B0">'
                   f'<title>{escape(label)}</title></circle>')
        out.append(f'<text x="{sx(a) + 6:.1f}" y="{sy(b) - 6:.1f}" {SMALL}>'
                   f'{escape(label)}</text>')
    out.append(f'<text x="{left + pw / 2}" y="{height - 12}" text-anchor="middle" {FONT}>'
               f'{escape(x_label)}</text>')
    out.append(f'<text x="14" y="{top + ph / 2}" text-anchor="middle" {FONT} '
               f'transform="rotate(-90 14 {top + ph / 2})">{escape(y_label)}</text>')
    if note:
        out.append(f'<text x="{left + 8}" y="{top + 16}" {FONT}>{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out)
