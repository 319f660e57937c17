"""Plots of the Rasch scale (items.csv, abilities.csv): humans by tier and models on one ability
axis with the items' difficulties beneath, and item difficulty against mean human response
time (SpinBench's question: are the items people find slow the ones nobody gets right?)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.stats import pearsonr

from app.results.summary import StudyResults
from widgets.plotting import pg
from widgets.results.plots import HUMAN_COLOURS, MODEL_COLOURS, ResultsPlot

ITEM_COLOUR = "#7F7F7F"
HARDEST = 20  # items listed under the ability plot


class AbilityPlot(ResultsPlot):
    """One row per tier of participants, one for the models, one for the items; x is the
    ability (for items: the difficulty) on the Rasch logit scale. A party at an item's
    position answers it right half the time."""

    def show_abilities(self, results: StudyResults, question_id: str) -> None:
        self.reset(f"{question_id}: ability and difficulty on one scale (Rasch)",
                   "ability / difficulty (log-odds)", "")
        abilities = results.abilities[results.abilities["question_id"] == question_id]
        items = results.items[results.items["question_id"] == question_id]
        if abilities.empty:
            self.say_empty("Needs a choice question with gold answers and two or more parties")
            return
        humans = abilities[abilities["party_kind"] == "participant"]
        tiers = sorted({str(t) for t in humans["tier"].fillna("")})
        rows: list[tuple[str, pd.DataFrame, str]] = []
        for k, tier in enumerate(tiers):
            label = f"tier {tier}" if tier else "participants"
            rows.append((label, humans[humans["tier"].fillna("").astype(str) == tier],
                         HUMAN_COLOURS[k % len(HUMAN_COLOURS)]))
        models = abilities[abilities["party_kind"] == "model"]
        if not models.empty:
            rows.append(("models", models, MODEL_COLOURS[0]))
        xs: list[float] = []
        for y, (label, frame, colour) in enumerate(rows):
            x = frame["ability"].to_numpy(dtype=float)
            self.addItem(pg.ScatterPlotItem(x=x, y=np.full(len(x), float(y)), size=11,
                                            brush=colour, pen=pg.mkPen("#222"), name=label))
            self.n_items += 1
            xs += list(x)
            if label == "models":
                for xi, name in zip(x, frame["party"], strict=True):
                    text = pg.TextItem(str(name), color="#333", anchor=(0, 1), angle=20)
                    text.setPos(xi, y)
                    self.addItem(text)
        if not items.empty:
            x = items["difficulty"].to_numpy(dtype=float)
            y = len(rows) + (np.arange(len(x)) % 3) * 0.15  # a little apart, so ties show
            self.addItem(pg.ScatterPlotItem(x=x, y=y, size=7, symbol="d", brush=ITEM_COLOUR,
                                            pen=pg.mkPen(None), name="items (difficulty)"))
            self.n_items += 1
            xs += list(x)
        labels = [label for label, _, _ in rows] + (["items"] if not items.empty else [])
        self.getPlotItem().getAxis("left").setTicks([list(enumerate(labels))])
        self.getPlotItem().invertY(True)
        finite = [v for v in xs if math.isfinite(v)]
        low, high = (min(finite), max(finite)) if finite else (-1.0, 1.0)
        span = max(high - low, 1.0)
        self.setXRange(low - 0.08 * span, high + 0.25 * span)  # room for the model names
        self.setYRange(-0.6, len(labels) - 0.2)


class DifficultyRtPlot(ResultsPlot):
    """Each item's Rasch difficulty against its mean human response time, with Pearson's r."""

    def show_difficulty_rt(self, results: StudyResults, question_id: str) -> None:
        title = f"{question_id}: item difficulty against mean human RT"
        self.reset(title, "item difficulty (log-odds)", "mean human RT (ms)")
        items = results.items[results.items["question_id"] == question_id]
        rt = results.rt_items[results.rt_items["question_id"] == question_id]
        joined = items.merge(rt[["item_id", "mean_rt_ms"]], on="item_id", how="inner")
        joined = joined[np.isfinite(joined["difficulty"].astype(float))
                        & np.isfinite(joined["mean_rt_ms"].astype(float))]
        if joined.empty:
            self.say_empty("Needs item difficulties (a choice question with gold) and response "
                           "times")
            return
        x = joined["difficulty"].to_numpy(dtype=float)
        y = joined["mean_rt_ms"].to_numpy(dtype=float)
        self.addItem(pg.ScatterPlotItem(x=x, y=y, size=9, brush="#4C72B0"))
        self.n_items += 1
        if len(x) >= 3 and np.ptp(x) > 0 and np.ptp(y) > 0:
            r = float(pearsonr(x, y).statistic)
            slope, intercept = np.polyfit(x, y, 1)
            line = np.array([x.min(), x.max()])
            self.plot(line, slope * line + intercept, pen=pg.mkPen("#C44E52", width=2))
            self.setTitle(f"{title} · Pearson r = {r:.2f}, n = {len(x)}")
        self.fit_to_data()


def hardest_items(results: StudyResults, question_id: str) -> pd.DataFrame:
    """The hardest items of the question, hardest first, with their categories."""
    items = results.items[results.items["question_id"] == question_id]
    if items.empty:
        return items
    group = results.group(question_id)
    top = items.sort_values("difficulty", ascending=False).head(HARDEST).copy()
    top["categories"] = ["; ".join(f"{k}={v}" for k, v in group.items[i].categories.items())
                         if i in group.items else "" for i in top["item_id"]]
    return top.drop(columns=["question_id"])
