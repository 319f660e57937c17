"""A forest plot for the HTML report: one row per gap (human party minus model) with its 95% CI,
a line at 0, significant rows (Holm-adjusted p < 0.05) drawn filled and marked with *.
Plain SVG text as `exporters.svg_charts`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from exporters.svg_charts import FONT, SMALL, nice_ticks, number_text

SIGNIFICANT, OTHER = "#C44E52", "#4C72B0"


@dataclass(frozen=True)
class Gap:
    label: str
    difference: float
    low: float = math.nan
    high: float = math.nan
    significant: bool = False


def forest_chart(gaps: list[Gap], *, title: str, axis_label: str, width: int = 860) -> str:
    label_w, row_h, top, bottom = 400, 20, 34, 44
    height = top + bottom + row_h * max(len(gaps), 1)
    values = [v for g in gaps for v in (g.difference, g.low, g.high) if math.isfinite(v)]
    span = max([abs(v) for v in values] + [0.05])
    ticks = nice_ticks(-span, span, 7)  # symmetric about 0, at round numbers
    lo, hi = ticks[0], ticks[-1]
    plot_w = width - label_w - 70

    def x(v: float) -> float:
        return label_w + (v - lo) / (hi - lo) * plot_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
           f'<text x="{width / 2}" y="18" text-anchor="middle" {FONT} font-weight="bold">'
           f'{escape(title)}</text>']
    bottom_y = top + row_h * max(len(gaps), 1)
    out.append(f'<line x1="{x(0):.1f}" y1="{top}" x2="{x(0):.1f}" y2="{bottom_y}" '
               'stroke="#888" stroke-dasharray="4 3"/>')
    for i, gap in enumerate(gaps):
        y = top + i * row_h
        ym = y + row_h / 2
        colour = SIGNIFICANT if gap.significant else OTHER
        mark = " *" if gap.significant else ""
        out.append(f'<text x="{label_w - 6}" y="{y + row_h * 0.7:.1f}" text-anchor="end" {SMALL}>'
                   f'{escape(gap.label)}{mark}</text>')
        if math.isfinite(gap.low) and math.isfinite(gap.high):
            out.append(f'<path d="M{x(gap.low):.1f},{ym} H{x(gap.high):.1f}" stroke="{colour}" '
                       'stroke-width="1.5" fill="none"/>')
        if math.isfinite(gap.difference):
            fill = colour if gap.significant else "white"
            out.append(f'<rect x="{x(gap.difference) - 4:.1f}" y="{ym - 4:.1f}" width="8" '
                       f'height="8" fill="{fill}" stroke="{colour}" stroke-width="1.5"/>')
        out.append(f'<text x="{label_w + plot_w + 6}" y="{y + row_h * 0.7:.1f}" {SMALL}>'
                   f'{number_text(gap.difference)}</text>')
    out.append(f'<line x1="{label_w}" y1="{bottom_y + 4}" x2="{label_w + plot_w}" '
               f'y2="{bottom_y + 4}" stroke="#444"/>')
    for tick in ticks:
        out.append(f'<text x="{x(tick):.1f}" y="{bottom_y + 18}" text-anchor="middle" '
                   f'{FONT}>{number_text(tick)}</text>')
    out.append(f'<text x="{label_w + plot_w / 2}" y="{bottom_y + 36}" text-anchor="middle" '
               f'{FONT}>{escape(axis_label)}</text></svg>')
    return "\n".join(out)
