"""The results plots (pyqtgraph): humans and models per category with CI whiskers, response time
against model accuracy with a fit line and r, and rating distributions per author group."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from app.kinds import kind_of
from app.results.rating_means import rating_means
from app.results.rt_analysis import ALL_MODELS
from app.results.score_rows import ALL
from app.results.scorers import scorer_for
from app.results.summary import StudyResults
from widgets.plotting import pg
from widgets.qt import QFontMetrics
from widgets.results.labels import words

PER_ITEM = "(per item)"
PARTY_KINDS = ("tier", "humans", "pooled", "model", "published")
# Cool hues for people, warm for models; neighbours differ in hue, not only in shade, so a
# reader can match every bar to the legend (tiers were three close blues before).
HUMAN_COLOURS = ["#1F77B4", "#2CA02C", "#9467BD", "#17BECF", "#7F7F7F", "#BCBD22"]
MODEL_COLOURS = ["#FF7F0E", "#D62728", "#E5AE38", "#8C564B", "#E377C2", "#B07AA1"]
# The series every chart reads against: the same colour in every study.
FIXED_COLOURS = {("humans", "all raters"): "#0B2545", ("pooled", "majority vote"): "#6B8FB3",
                 ("pooled", "Dawid-Skene"): "#5E3C99", ("pooled", "MACE"): "#3D6B4F"}
BAND_SHADE = (0, 0, 0, 14)  # every other category's band, so a group's bars read as one


def party_label(kind: str, who: str, illustrative: bool) -> str:
    text = {"tier": f"tier {who}", "published": f"{who} (published)"}.get(kind, who)
    return text + (" (illustrative)" if illustrative else "")


class ResultsPlot(pg.PlotWidget):
    """A plot that can say it is empty (and why) instead of showing blank axes."""

    def __init__(self) -> None:
        super().__init__()
        self.legend = self.addLegend(offset=(-10, 5))
        self.getPlotItem().getAxis("left").enableAutoSIPrefix(False)
        self.getPlotItem().getAxis("bottom").enableAutoSIPrefix(False)
        self.empty_text = pg.TextItem("", color="#555", anchor=(0.5, 0.5))
        self.empty_message = ""  # what say_empty said last ("" while data is drawn)
        self.n_items = 0  # how many data items are drawn (for tests and the status line)

    def reset(self, title: str, x_label: str, y_label: str) -> None:
        self.clear()
        self.legend.clear()
        self.n_items = 0
        self.empty_message = ""
        self.getPlotItem().invertY(False)
        self.getPlotItem().getAxis("left").setTicks(None)
        self.getPlotItem().getAxis("left").setWidth(None)  # back to pyqtgraph's own width
        self.getPlotItem().showAxis("left")
        self.getPlotItem().showAxis("bottom")
        self.setTitle(title)
        self.setLabel("bottom", x_label)
        self.setLabel("left", y_label)

    def row_labels(self, labels: list[str]) -> None:
        """One text label per row (y = 0, 1, ...) on the left axis, the axis made wide enough
        for the longest at once. pyqtgraph widens the axis only after a first paint, and leaves
        out every label that does not fit yet: a plot saved before it is shown again had an
        empty left axis."""
        axis = self.getPlotItem().getAxis("left")
        axis.setTicks([list(enumerate(labels))])
        font = axis.style["tickFont"] or self.font()
        text = max((QFontMetrics(font).horizontalAdvance(t) for t in labels), default=0)
        width = text * 1.1 + 8 + axis.style["tickTextOffset"][0] + max(0, axis.style["tickLength"])
        if axis.label.isVisible():
            width += axis.label.boundingRect().height() * 0.8
        axis.setWidth(math.ceil(width))

    def say_empty(self, message: str) -> None:
        """The message alone, without axes (blank or upside-down axes read as data)."""
        self.empty_message = message
        plot = self.getPlotItem()
        plot.invertY(False)
        plot.hideAxis("left")
        plot.hideAxis("bottom")
        self.legend.clear()
        self.empty_text.setText(message)
        self.addItem(self.empty_text)
        self.empty_text.setPos(0.5, 0.5)
        self.getPlotItem().getAxis("bottom").setTicks(None)
        self.setXRange(0, 1)
        self.setYRange(0, 1)


class ScoresPlot(ResultsPlot):
    """Grouped horizontal bars: all items first, then one group per value of the chosen
    breakdown category; one bar per tier, all raters, the pooled human and each model, with
    whiskers for the bootstrap 95% CI. Horizontal, so long category names stay readable.

    Each category owns a band of BAND (of 1.0) on the y axis, split into one slot per series,
    so no two bars of a category overlap; the legend sits above the plot, off the data."""

    BAND = 0.8
    MIN_BAR_PX = 6  # below this a bar and its whisker blur into the next: the plot grows
    LEGEND_COLUMNS = 4
    LEGEND_ROW_PX = 24  # reserved per legend row, so the last row is never cut off

    def __init__(self) -> None:
        super().__init__()
        plot = self.getPlotItem()
        # Under the title, in columns, off the data: the bars may run to 1.0, and a long plot
        # scrolls while its top (legend, then "all items") is what the window first shows.
        # The legend takes the grid cell of the top axis, which this plot never shows.
        old = self.legend
        if old.scene() is not None:
            old.scene().removeItem(old)
        self.legend = pg.LegendItem(colCount=self.LEGEND_COLUMNS)
        plot.layout.removeItem(plot.getAxis("top"))
        plot.layout.addItem(self.legend, 1, 1)
        plot.legend = self.legend
        self.bar_spans: list[tuple[int, float, float]] = []  # (category index, y0, y1) drawn

    def reset(self, title: str, x_label: str, y_label: str) -> None:
        super().reset(title, x_label, y_label)
        self.bar_spans = []

    def show_scores(self, results: StudyResults, question_id: str, category: str = "") -> None:
        group = results.group(question_id)
        scorer = scorer_for(group)
        if scorer is None:
            self.show_rating_means(results, question_id)
            return
        metric = scorer.main
        by = f" by {words(category)}" if category else ""
        self.reset(f"{question_id}: {words(metric)}{by} (95% CI)", words(metric), "")
        self.getPlotItem().invertY(True)  # first group (all items) at the top
        rows = results.scores[(results.scores["question_id"] == question_id)
                              & (results.scores["metric"] == metric)
                              & results.scores["who_kind"].isin(PARTY_KINDS)
                              & results.scores["category"].isin([ALL, category])]
        if rows.empty:
            self.say_empty("No responses yet")
            return
        cells = list(dict.fromkeys(zip(rows["category"], rows["category_value"], strict=True)))
        cells.sort(key=lambda c: c != (ALL, ALL))
        parties = list(dict.fromkeys(zip(rows["who_kind"], rows["who"], strict=True)))
        slot = self.BAND / max(len(parties), 1)
        # Tall enough for every bar and every legend row; the results window scrolls if need be.
        legend_rows = math.ceil(len(parties) / self.LEGEND_COLUMNS)
        self.setMinimumHeight(min(4000, 150 + legend_rows * self.LEGEND_ROW_PX
                                  + int(self.MIN_BAR_PX * len(cells) * len(parties) / self.BAND)))
        for i in range(1, len(cells), 2):
            shade = pg.LinearRegionItem((i - 0.5, i + 0.5), orientation="horizontal",
                                        movable=False, brush=BAND_SHADE, hoverBrush=BAND_SHADE,
                                        pen=pg.mkPen(None))
            shade.setZValue(-10)
            self.addItem(shade)
        humans = models = 0
        extent: list[float] = []
        for p, (kind, who) in enumerate(parties):
            mine = rows[(rows["who_kind"] == kind) & (rows["who"] == who)]
            by_cell = {(c, v): r for c, v, r in zip(mine["category"], mine["category_value"],
                                                    mine.itertuples(index=False), strict=True)}
            ys, xs, lo, hi = [], [], [], []
            for i, cell in enumerate(cells):
                row = by_cell.get(cell)
                if row is None or not math.isfinite(float(row.value)):
                    continue
                y0 = i - self.BAND / 2 + slot * p  # this series' own slot in the band
                self.bar_spans.append((i, y0 + slot * 0.075, y0 + slot * 0.925))
                ys.append(y0 + slot / 2)
                xs.append(float(row.value))
                lo.append(float(row.ci_low))
                hi.append(float(row.ci_high))
            if not ys:
                continue
            if (kind, who) in FIXED_COLOURS:
                colour = FIXED_COLOURS[(kind, who)]
            elif kind in ("model", "published"):
                colour = MODEL_COLOURS[models % len(MODEL_COLOURS)]
                models += 1
            else:
                colour = HUMAN_COLOURS[humans % len(HUMAN_COLOURS)]
                humans += 1
            illustrative = bool(mine["illustrative"].fillna(False).astype(bool).any())
            bars = pg.BarGraphItem(x0=0, y=ys, width=xs, height=slot * 0.85, brush=colour,
                                   pen=pg.mkPen(colour), name=party_label(kind, who, illustrative))
            self.addItem(bars)  # named items join the legend by themselves
            self.n_items += 1
            y, x = np.array(ys), np.array(xs)
            low, high = np.array(lo), np.array(hi)
            ok = np.isfinite(low) & np.isfinite(high)
            extent += xs + list(low[ok]) + list(high[ok])
            if ok.any():
                self.addItem(pg.ErrorBarItem(x=x[ok], y=y[ok], right=high[ok] - x[ok],
                                             left=x[ok] - low[ok], beam=slot * 0.5,
                                             pen=pg.mkPen("#222", width=1.2)))
        labels = ["all items" if c == (ALL, ALL) else str(c[1]) for c in cells]
        self._bar_axis(labels)
        self.getPlotItem().getAxis("bottom").setTicks(None)
        low_x, high_x = (min(extent), max(extent)) if extent else (0.0, 1.0)
        if low_x >= 0.0 and high_x <= 1.0:
            self.setXRange(0.0, 1.0, padding=0.02)  # a proportion: always the whole scale
        else:
            self.setXRange(min(0.0, low_x), max(high_x, 1e-9), padding=0.05)
        self.setYRange(-0.5, len(cells) - 0.5, padding=0)

    def _bar_axis(self, labels: list[str]) -> None:
        self.row_labels(labels)

    def show_rating_means(self, results: StudyResults, question_id: str) -> None:
        """A question without gold has no score: for a rating, the mean rating per group of
        items (author type, author...) with its 95% CI (app.results.rating_means); for
        anything else, why there is nothing to show."""
        group = results.group(question_id)
        question = next(iter(group.questions.values()))
        points = kind_of(question).scale_points(question)
        if points is None:
            self.reset(f"{question_id}", "", "")
            self.say_empty("No gold answers for this question, so nothing to score against.\n"
                           "The answers are in the export (responses).")
            return
        self.reset(f"{question_id}: mean rating per group of items (95% CI)",
                   f"mean rating ({points[0]:g} to {points[-1]:g})", "")
        answers = results.answers.get(question_id)
        means = (rating_means(group, answers, results.options) if answers is not None
                 else pd.DataFrame())
        if means.empty:
            self.say_empty("No ratings yet: nothing to average.\n"
                           "(This statement has no gold answer, so it is described, not scored.)")
            return
        self.getPlotItem().invertY(True)  # first group at the top
        labels = [f"{words(c)}: {g}" if c else g for c, g in zip(means["group_by"], means["group"],
                                                                  strict=True)]
        y = np.arange(len(means), dtype=float)
        x = means["mean"].to_numpy(float)
        self.setMinimumHeight(min(4000, 150 + int(self.MIN_BAR_PX * 3 * len(means))))
        base = points[0]
        bars = pg.BarGraphItem(x0=base, y=y, width=x - base, height=0.7, brush=HUMAN_COLOURS[0],
                               pen=pg.mkPen(HUMAN_COLOURS[0]), name="mean human rating")
        self.addItem(bars)
        self.n_items += 1
        low, high = means["ci_low"].to_numpy(float), means["ci_high"].to_numpy(float)
        ok = np.isfinite(low) & np.isfinite(high)
        if ok.any():
            self.addItem(pg.ErrorBarItem(x=x[ok], y=y[ok], right=high[ok] - x[ok],
                                         left=x[ok] - low[ok], beam=0.35,
                                         pen=pg.mkPen("#222", width=1.2)))
        self._bar_axis(labels)
        self.getPlotItem().getAxis("bottom").setTicks([[(p, f"{p:g}") for p in points]]
                                                      if len(points) <= 11 else None)
        self.setXRange(points[0], points[-1], padding=0.02)  # always the whole scale
        self.setYRange(-0.5, len(means) - 0.5, padding=0)


class RtPlot(ResultsPlot):
    """Mean human response time against model accuracy (mean over models), per category value
    or per item, with the least-squares line and Pearson's r (from rt_analysis)."""

    def show_rt(self, results: StudyResults, question_id: str, category: str) -> None:
        unit = "item" if category == PER_ITEM else "category"
        self.reset("", "mean human RT (ms)", "model score (mean over models)")
        if unit == "item":
            table = results.rt_items
            rows = table[table["question_id"] == question_id]
            labels = rows["item_id"]
        else:
            table = results.rt_categories
            rows = table[(table["question_id"] == question_id) & (table["category"] == category)]
            labels = rows["category_value"]
        keep = (np.isfinite(rows["mean_rt_ms"].astype(float))
                & np.isfinite(rows["model_score"].astype(float)))
        rows, labels = rows[keep], labels[keep]
        metric = str(rows["metric"].iloc[0]) if len(rows) else "score"
        title = f"{question_id}: RT vs model {metric} per {category if unit == 'category' else 'item'}"
        self.setTitle(title)
        if rows.empty:
            self.say_empty("Needs response times and model predictions")
            return
        x = rows["mean_rt_ms"].to_numpy(dtype=float)
        y = rows["model_score"].to_numpy(dtype=float)
        self.addItem(pg.ScatterPlotItem(x=x, y=y, size=9, brush="#4C72B0"))
        if len(x) <= 40:  # beyond that, labels hide the points
            for xi, yi, label in zip(x, y, labels, strict=True):
                text = pg.TextItem(str(label), color="#333", anchor=(0, 1))
                text.setPos(xi, yi)
                self.addItem(text)
        self.n_items += 1
        if len(x) >= 2 and np.ptp(x) > 0:
            slope, intercept = np.polyfit(x, y, 1)
            xs = np.array([x.min(), x.max()])
            self.plot(xs, slope * xs + intercept, pen=pg.mkPen("#C44E52", width=2))
        self.setYRange(min(0.0, float(y.min())), max(1.0, float(y.max())))
        span = float(np.ptp(x)) or max(float(x.max()) * 0.1, 1.0)
        self.setXRange(float(x.min()) - 0.05 * span, float(x.max()) + 0.2 * span)  # label room
        corr = results.rt_correlations
        match = corr[(corr["question_id"] == question_id) & (corr["unit"] == unit)
                     & (corr["category"] == ("" if unit == "item" else category))
                     & (corr["model"] == ALL_MODELS) & (corr["rt_statistic"] == "mean")
                     & (corr["rt_basis"] == "all") & (corr["method"] == "pearson")]
        if not match.empty:
            r, n = float(match["r"].iloc[0]), int(match["n"].iloc[0])
            note = f"Pearson r = {r:.2f}, n = {n}" if math.isfinite(r) else f"n = {n}: too few for r"
            self.setTitle(f"{title} · {note}")


class RatingsPlot(ResultsPlot):
    """How often each rating was given to one statement, per author group (share of ratings)."""

    def show_ratings(self, results: StudyResults, question_id: str) -> None:
        self.reset(f"{question_id}: ratings per author group", "rating", "share of ratings")
        dist = results.rating_distribution
        rows = dist[dist["question_id"] == question_id]
        if rows.empty:
            self.say_empty(ratings_empty_reason(results, question_id))
            return
        values = scale_labels(results, question_id, list(dict.fromkeys(rows["rating"])))
        groups = list(dict.fromkeys(rows["group"]))
        width = 0.8 / len(groups)
        for g, name in enumerate(groups):
            mine = rows[rows["group"] == name]
            share = mine.set_index("rating")["count"] / mine["count"].sum()
            heights = [float(share.get(v, 0.0)) for v in values]
            bars = pg.BarGraphItem(x=[i - 0.4 + width * (g + 0.5) for i in range(len(values))],
                                   height=heights, width=width * 0.9,
                                   brush=(HUMAN_COLOURS + MODEL_COLOURS)[g % 11], name=str(name))
            self.addItem(bars)
            self.n_items += 1
        self.getPlotItem().getAxis("bottom").setTicks(
            [[(i, "N/A" if v == "NA" else v) for i, v in enumerate(values)]])


def ratings_empty_reason(results: StudyResults, question_id: str) -> str:
    """Why the Ratings tab has nothing for this question."""
    question = next(iter(results.group(question_id).questions.values()))
    if kind_of(question).scale_points(question) is None:
        return "This question is not a rating: its answers are on the Scores tab."
    return "No ratings yet."


def scale_labels(results: StudyResults, question_id: str, used: list[str]) -> list[str]:
    """Every point of the question's scale, lowest first, then N/A where the scale allows it
    or someone chose it: the histogram shows the whole scale, not only the ratings given."""
    question = next(iter(results.group(question_id).questions.values()))
    scale = kind_of(question).scale_points(question)
    if scale is None or len(scale) > 21:  # a fine scale: only what was used, in order
        return sorted(used, key=lambda v: math.inf if v == "NA" else float(v))
    labels = [f"{p:g}" for p in scale]
    if getattr(question, "allow_na", False) or "NA" in used:
        labels.append("NA")
    return labels + [v for v in used if v not in labels]


def breakdown_categories(results: StudyResults, question_id: str) -> list[str]:
    """The categories the question's scores are broken down by (for the Scores tab)."""
    scores = results.scores
    mine = scores[(scores["question_id"] == question_id) & (scores["category"] != ALL)]
    return list(dict.fromkeys(mine["category"]))


def rt_units(results: StudyResults, question_id: str) -> list[str]:
    """What the RT plot can show for a question: each category, then per item."""
    cats: pd.DataFrame = results.rt_categories
    return [*dict.fromkeys(cats[cats["question_id"] == question_id]["category"]), PER_ITEM]
