"""The Human vs model plots (pyqtgraph): a forest plot of every gap (human party minus model)
with its 95% CI, rows significant after Holm filled and marked, and a strip of the individual
raters' scores with each model placed on it."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from app.results.score_rows import ALL
from app.results.scorers import scorer_for
from app.results.summary import StudyResults
from widgets.plotting import pg
from widgets.results.labels import words
from widgets.results.plots import MODEL_COLOURS, ResultsPlot

ALPHA = 0.05  # Holm-adjusted p below this: the row is marked significant
SIGNIFICANT, OTHER = "#C44E52", "#1F77B4"


def gap_label(row: Any) -> str:
    """A gaps.csv row (itertuples) as the forest plot's row label."""
    cell = "all items" if row.category == ALL else str(row.category_value)
    star = " *" if is_significant(row.p_holm, getattr(row, "significant", "yes")) else ""
    flag = " (illustrative)" if bool(row.illustrative) else ""
    return f"{cell} · {row.human} − {row.model}{flag}{star}"


def is_significant(p_holm: float, decided: object = "yes") -> bool:
    """Holm-adjusted p below ALPHA, and not within its Monte Carlo error of it (gaps.csv's
    `significant` is "yes" only then)."""
    return math.isfinite(float(p_holm)) and float(p_holm) < ALPHA and decided == "yes"


class ForestPlot(ResultsPlot):
    """One row per model x human party x breakdown value: the difference as a square, its CI as
    a line, a dashed line at 0. Significant rows (Holm) are red, filled and starred."""

    ROW_PX = 22

    def __init__(self) -> None:
        super().__init__()
        self.significant_rows = 0
        self.getPlotItem().showAxis("top")  # a long plot scrolls: a scale at both ends
        self.getPlotItem().getAxis("top").enableAutoSIPrefix(False)

    def show_gaps(self, gaps: pd.DataFrame, question_id: str, category: str = "") -> None:
        rows = gaps[(gaps["question_id"] == question_id)
                    & gaps["category"].isin([ALL, category])] if not gaps.empty else gaps
        metric = str(rows["metric"].iloc[0]) if not rows.empty else ""
        by = f" by {words(category)}" if category else ""
        # (No "<" in titles and legend entries: pyqtgraph reads them as HTML.)
        self.reset(f"{question_id}: human − model{by} ({metric}, 95% CI; * significant after Holm)",
                   f"difference in {metric}", "")
        self.significant_rows = 0
        self.getPlotItem().invertY(True)
        if rows.empty:
            self.say_empty("No model has predictions for these items")
            return
        self.setMinimumHeight(min(4000, 120 + self.ROW_PX * len(rows)))
        y = np.arange(len(rows), dtype=float)
        diff = rows["difference"].to_numpy(dtype=float)
        low = rows["ci_low"].to_numpy(dtype=float)
        high = rows["ci_high"].to_numpy(dtype=float)
        decided = rows["significant"] if "significant" in rows else ["yes"] * len(rows)
        marked = np.array([is_significant(p, s) for p, s in zip(rows["p_holm"], decided,
                                                                 strict=True)], dtype=bool)
        self.significant_rows = int(marked.sum())
        self.addItem(pg.InfiniteLine(pos=0, angle=90,
                                     pen=pg.mkPen("#888", style=pg.QtCore.Qt.PenStyle.DashLine)))
        for flag, colour in ((False, OTHER), (True, SIGNIFICANT)):
            pick = (marked == flag) & np.isfinite(diff)
            ci = pick & np.isfinite(low) & np.isfinite(high)
            if ci.any():
                self.addItem(pg.ErrorBarItem(x=diff[ci], y=y[ci], left=diff[ci] - low[ci],
                                             right=high[ci] - diff[ci], beam=0.25,
                                             pen=pg.mkPen(colour, width=1.5)))
            if pick.any():
                self.addItem(pg.ScatterPlotItem(
                    x=diff[pick], y=y[pick], symbol="s", size=9, pen=pg.mkPen(colour, width=1.5),
                    brush=colour if flag else "w",
                    name="significant (Holm p under 0.05)" if flag else "not significant"))
                self.n_items += 1
        labels = [gap_label(r) for r in rows.itertuples(index=False)]
        self.row_labels(labels)
        extent = np.concatenate([diff, low, high])
        extent = extent[np.isfinite(extent)]
        span = float(np.max(np.abs(extent))) if extent.size else 1.0
        self.setXRange(-span * 1.05 or -1, span * 1.05 or 1)
        self.setYRange(-0.6, len(rows) - 0.4, padding=0)


class RaterStrip(ResultsPlot):
    """The individual raters' main scores over all items as dots (jittered up and down), each
    model a labelled vertical line with its mid-rank percentile among the raters."""

    def show_strip(self, results: StudyResults, ranges: pd.DataFrame, question_id: str) -> None:
        scores = results.scores
        metric_rows = ranges[(ranges["question_id"] == question_id)
                             & (ranges["category"] == ALL)] if not ranges.empty else ranges
        raters = scores[(scores["question_id"] == question_id)
                        & (scores["who_kind"] == "participant")]
        scorer = scorer_for(results.group(question_id))
        metric = scorer.main if scorer else ""
        self.reset(f"{question_id}: the models among the individual raters ({metric}, all items)",
                   metric, "")
        raters = raters[raters["metric"] == metric]
        values = raters["value"].to_numpy(dtype=float)
        values = values[np.isfinite(values)]
        if values.size == 0 or metric_rows.empty:
            self.say_empty("Needs raters and model predictions")
            return
        jitter = np.random.default_rng(0).uniform(-0.25, 0.25, values.size)
        self.addItem(pg.ScatterPlotItem(x=values, y=jitter, size=10, brush="#1F77B4",
                                        pen=pg.mkPen("w"), name="raters"))
        self.n_items += 1
        for k, row in enumerate(metric_rows.itertuples(index=False)):
            value = float(row.model_value)
            if not math.isfinite(value):
                continue
            colour = MODEL_COLOURS[k % len(MODEL_COLOURS)]
            self.addItem(pg.InfiniteLine(pos=value, angle=90, pen=pg.mkPen(colour, width=2)))
            text = pg.TextItem(f"{row.model}: percentile {row.percentile:.0f}", color=colour,
                               anchor=(0, 0.5))
            text.setPos(value, 0.6 - 0.4 * (k % 4))  # staggered: close models stay readable
            self.addItem(text)
            self.n_items += 1
        every = np.concatenate([values, metric_rows["model_value"].to_numpy(dtype=float)])
        every = every[np.isfinite(every)]
        low, high = float(every.min()), float(every.max())
        pad = (high - low) * 0.1 or 0.05
        self.setXRange(low - pad, high + pad * 3)
        self.setYRange(-0.8, 0.8, padding=0)
        self.getPlotItem().getAxis("left").setTicks([[]])
