"""The headline table (humans by tier and models, over all items and per value of the first
breakdown category, with CIs, bold bests and Holm daggers) and the agreement table.

Read from the same objects the CSV writers write: `StudyResults.scores` (human_scores.csv,
model_scores.csv), `StudyResults.agreement` (agreement.csv) and `StudyAnalysis.gaps`
(gaps.csv)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from app.results.score_rows import ALL
from app.results.scorers import scorer_for
from app.results.summary import StudyResults
from app.results.units import QuestionGroup
from exporters.analysis_words import interval_words, metric_words, significance_tests
from exporters.paper.blocks import Table
from exporters.paper.latex import Numbers, better, escape, label, real_number

PARTY_KINDS = ("tier", "humans", "pooled", "model")
HUMAN_PARTIES = ("tier", "humans", "pooled")
ALPHA = 0.05
HEADLINE_COLUMNS = 4  # value columns per stacked tabular (each cell: value and CI)
DAGGER = r"\textsuperscript{\dag}"
STATISTIC_WORDS = {
    "krippendorff_alpha": "Krippendorff's alpha", "fleiss_kappa": "Fleiss' kappa",
    "mean_pairwise_cohen_kappa": "Cohen's kappa (mean over pairs)",
    "mean_percent_agreement": "percent agreement (mean over pairs)",
    "mean_pairwise_spearman": "Spearman (mean over pairs)",
    "mean_pairwise_ari": "adjusted Rand index (mean over pairs)",
    "mean_query_spearman": "Spearman per query (mean)",
    "mean_query_kendall_tau": "Kendall's tau per query (mean)",
    "mean_query_binary_kappa": "Cohen's kappa, relevant or not (mean)",
}
COEFFICIENT_STATISTICS = frozenset(STATISTIC_WORDS) - {"mean_percent_agreement"}


def statistic_words(name: str) -> str:
    return STATISTIC_WORDS.get(name, name.replace("_", " "))


def party_label(kind: str, who: str) -> str:
    if kind == "tier":
        return f"{escape(who)} (tier)"
    if kind == "humans":
        return "all raters (mean)"
    if kind == "pooled":
        return f"{escape(who)} (pooled)"
    return escape(who)


@dataclass
class Column:
    category: str
    value: str

    @property
    def title(self) -> str:
        return "All items" if self.category == ALL else label(self.value)


def columns_of(group: QuestionGroup) -> list[Column]:
    """All items, then each value of the first breakdown category."""
    out = [Column(ALL, ALL)]
    breakdown = group.breakdown()
    if breakdown:
        out += [Column(breakdown[0], v) for v in group.category_values(breakdown[0])]
    return out


def main_rows(results: StudyResults, group: QuestionGroup) -> pd.DataFrame:
    """Score rows of the group's main metric for the parties the table shows."""
    scorer = scorer_for(group)
    if scorer is None:
        return results.scores.iloc[0:0]
    rows = results.scores
    return rows[(rows["question_id"] == group.question_id) & (rows["metric"] == scorer.main)
                & rows["who_kind"].isin(PARTY_KINDS)]


def significant_models(gaps: pd.DataFrame, question_id: str, column: Column) -> set[str]:
    """Models whose gap to the best human tier (every human party when there are no tiers)
    is significant after Holm (gaps.csv's p_holm < 0.05)."""
    cell = gaps[(gaps["question_id"] == question_id) & (gaps["category"] == column.category)
                & (gaps["category_value"].astype(str) == column.value)]
    if cell.empty:
        return set()
    humans = cell[cell["human_kind"] == "tier"]
    if humans.empty:
        humans = cell
    metric = str(cell["metric"].iloc[0])
    values = humans.drop_duplicates("human").set_index("human")["human_value"].dropna()
    if values.empty:
        return set()
    best = values.idxmin() if better(0.0, 1.0, metric) else values.idxmax()
    # Significant after Holm, and not within the Monte Carlo error of alpha (gaps.csv's
    # `significant` says "yes" only then).
    decided = (humans["significant"] == "yes") if "significant" in humans else True
    rows = humans[(humans["human"] == best) & (humans["p_holm"] < ALPHA) & decided]
    return set(rows["model"].astype(str))


def headline_table(results: StudyResults, group: QuestionGroup, gaps: pd.DataFrame,
                   numbers: Numbers) -> Table | None:
    rows = main_rows(results, group)
    if rows.empty:
        return None
    metric = str(rows["metric"].iloc[0])
    columns = [c for c in columns_of(group) if ((rows["category"] == c.category)
               & (rows["category_value"].astype(str) == c.value)).any()]
    parties = list(dict.fromkeys(zip(rows["who_kind"], rows["who"].astype(str), strict=True)))
    parties.sort(key=lambda p: PARTY_KINDS.index(p[0]))
    cells: dict[tuple[str, str, str, str], Any] = {
        (str(r.who_kind), str(r.who), str(r.category), str(r.category_value)): r
        for r in rows.itertuples(index=False)}
    bold: set[tuple[str, str, str, str]] = set()
    for column in columns:
        for side in (HUMAN_PARTIES, ("model",)):
            shown = {}
            for kind, who in parties:
                key = (kind, who, column.category, column.value)
                row = cells.get(key)
                if kind in side and row is not None and real_number(row.value) is not None:
                    shown[key] = float(row.value)
            if shown:
                best = shown[max(shown, key=lambda k: shown[k] * (-1 if better(0, 1, metric)
                                                                   else 1))]
                # Ties as printed are all bold: the table cannot tell them apart either.
                text = numbers.metric(best, metric)
                bold |= {k for k, v in shown.items() if numbers.metric(v, metric) == text}
    daggers = {c.value: significant_models(gaps, group.question_id, c) for c in columns}
    humans, models = [], []
    illustrative = False
    for kind, who in parties:
        line = [party_label(kind, who)]
        for column in columns:
            key = (kind, who, column.category, column.value)
            row = cells.get(key)
            if row is None:
                line.append("--")
                continue
            text = numbers.metric(row.value, metric)
            if key in bold:
                text = rf"\textbf{{{text}}}"
            if kind == "model" and who in daggers[column.value]:
                text += DAGGER
            ci = numbers.interval(row.ci_low, row.ci_high, "metric", metric)
            line.append(f"{text} {{\\scriptsize {ci}}}" if ci else text)
        if kind == "model":
            illustrative = illustrative or bool(row is not None and row.illustrative)
            models.append(line)
        else:
            humans.append(line)
    scale = " (\\%)" if numbers.scale(metric) == 100 else ""
    breakdown = columns[1].category if len(columns) > 1 else ""
    tiers = any(kind == "tier" for kind, _ in parties)
    words = escape(metric_words(metric))
    caption = (f"{label(group.question_id)}: {words}{scale} of "
               + ("each tier of raters, " if tiers else "")
               + "all raters, the pooled human answer and each model on the same items"
               + (f", over all items and per {label(breakdown)}" if breakdown else "") + ".")
    own_gaps = gaps[gaps["question_id"] == group.question_id] if not gaps.empty else gaps
    intervals = "; ".join(interval_words(own_gaps)) or "bootstrap over items"
    tests = "; ".join(significance_tests(own_gaps)) or "paired test"
    notes = (f"Cells: {words} [{int(results.options.confidence * 100)}\\% CI: "
             f"{escape(intervals)}]. Bold: best human and best model per column. {DAGGER}: the "
             f"gap to the best human {'tier' if tiers else 'party'} is significant "
             f"({escape(tests)}, Holm-adjusted $p<0.05$).")
    if illustrative:
        notes += " Model predictions are illustrative (demo data), not published results."
    return Table(f"headline-{group.question_id}", caption,
                 ["", *[c.title for c in columns]], "l" + "r" * len(columns),
                 [humans, models], notes, split=HEADLINE_COLUMNS)


def agreement_table(results: StudyResults, numbers: Numbers) -> Table | None:
    rows = results.agreement
    if rows.empty:
        return None
    sections = []
    for question_id, block in rows.groupby("question_id", sort=False):
        lines = []
        for k, r in enumerate(block.itertuples(index=False)):
            value = (numbers.coef(r.value) if r.statistic in COEFFICIENT_STATISTICS
                     else numbers.metric(r.value, "accuracy"))
            ci = numbers.interval(r.ci_low, r.ci_high, "coef")
            words = "" if not isinstance(r.interpretation, str) else escape(r.interpretation)
            lines.append([label(question_id) if not k else "",
                          escape(statistic_words(str(r.statistic))),
                          f"{value} {ci}".strip(), numbers.count(r.n_items),
                          numbers.count(r.n_raters), words])
        sections.append(lines)
    return Table("agreement", "Agreement between raters, per question.",
                 ["Question", "Statistic", "Value [95\\% CI]", "Items", "Raters",
                  "Reading"], "llrrrl", sections,
                 "Percent agreement in \\%; coefficients on their own scale. Reading: "
                 "Krippendorff's bands for alpha, Landis and Koch's for Fleiss' kappa.")
