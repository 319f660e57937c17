"""What each kind of study's own paper shows, chosen by the shape of the results rather than
by the study's name: per question and category value (HUME's tasks by language, the lesion
study's steps by lesion type), rating statements by author group (POEMetric), accuracy and
median response time per category with the RT-accuracy correlation (SpinBench)."""

from __future__ import annotations

from app.results.rt_analysis import ALL_MODELS
from app.results.score_rows import ALL
from app.results.summary import StudyResults
from exporters.analysis_words import metric_words
from exporters.paper.blocks import Table, marker_name
from exporters.paper.latex import Numbers, escape, label, real_number
from exporters.paper.tables import columns_of, main_rows, party_label

RATING_RATER = "humans"


def by_question_table(results: StudyResults, numbers: Numbers) -> Table | None:
    """Rows: question x value of its first breakdown category; columns: every party."""
    blocks = [(g, main_rows(results, g)) for g in results.groups]
    blocks = [(g, r) for g, r in blocks if not r.empty]
    if len(blocks) < 2:
        return None  # one question: the headline table says it all
    parties = list(dict.fromkeys((k, str(w)) for _, r in blocks
                                 for k, w in zip(r["who_kind"], r["who"], strict=True)))
    sections = []
    for group, rows in blocks:
        metric = str(rows["metric"].iloc[0])
        values = {(str(r.who_kind), str(r.who), str(r.category), str(r.category_value)): r.value
                  for r in rows.itertuples(index=False)}
        lines = []
        for column in columns_of(group):
            line = [label(group.question_id) if column.category == ALL else "",
                    f"all ({escape(metric_words(metric))})" if column.category == ALL else column.title]
            cells = [values.get((k, w, column.category, column.value)) for k, w in parties]
            if all(c is None for c in cells):
                continue
            line += ["--" if c is None else numbers.metric(c, metric) for c in cells]
            lines.append(line)
        sections.append(lines)
    return Table("by-question", "Main score of each party per question and per value of the "
                 "first breakdown category (the same items for humans and models).",
                 ["Question", "Items", *[_two_lines(party_label(k, w)) for k, w in parties]],
                 "ll" + "r" * len(parties), sections,
                 "Proportions in \\%; correlations and adjusted indices on their own scale. "
                 "Confidence intervals: Table~\\ref{tab:"
                 + marker_name(f"headline-{blocks[0][0].question_id}") + "} and "
                 "human\\_scores.csv.")


def _two_lines(label: str) -> str:
    """`primary (tier)` as two lines of a column head, so nine parties fit across the page."""
    head, sep, tail = label.partition(" (")
    return rf"\shortstack{{{head}\\({tail}}}" if sep else label


def ratings_table(results: StudyResults, numbers: Numbers) -> Table | None:
    """Mean (SD) of each rating statement per author group, by the human raters."""
    rows = results.rating_summary
    rows = rows[(rows["rater"] == RATING_RATER) & (rows["group_by"] != "")]
    if rows.empty:
        return None
    # The grouping with the fewest groups (POEMetric: human poet vs LLM).
    by = min(rows["group_by"].unique(), key=lambda g: (rows[rows["group_by"] == g]["group"]
                                                       .nunique(), str(g)))
    rows = rows[rows["group_by"] == by]
    groups = list(dict.fromkeys(rows["group"].astype(str)))
    lines = []
    for question_id, block in rows.groupby("question_id", sort=False):
        cells = {str(r.group): r for r in block.itertuples(index=False)}
        line = [label(question_id), escape(str(block["prompt"].iloc[0]))]
        for g in groups:
            r = cells.get(g)
            line.append("--" if r is None else f"{numbers.mean(r.mean)} ({numbers.mean(r.sd)})")
        lines.append(line)
    return Table("ratings", f"Mean (SD) rating of each statement by {label(by)}, human raters.",
                 ["Statement", "Wording", *[label(g) for g in groups]],
                 r"lp{0.45\linewidth}" + "r" * len(groups), [lines],
                 "N/A answers excluded; n per cell in rating\\_summary.csv.")


def rt_table(results: StudyResults, numbers: Numbers) -> Table | None:
    """The humans' and the models' main score (the question's metric, the headline table's)
    and median response time per category value, with the correlation between a category's
    median response time and the models' score on it."""
    rows = results.rt_categories
    rows = rows[rows["human_score"].notna() & rows["median_rt_ms"].notna()]
    # Each question's first breakdown category, as in the headline table (rt_categories.csv
    # has them all).
    first = {g.question_id: g.breakdown()[0] for g in results.groups if g.breakdown()}
    rows = rows[[first.get(q) == c for q, c in zip(rows["question_id"], rows["category"],
                                                   strict=True)]]
    if rows.empty:
        return None
    corr = results.rt_correlations
    corr = corr[(corr["unit"] == "category") & (corr["model"] == ALL_MODELS)
                & (corr["rt_statistic"] == "median") & (corr["rt_basis"] == "all")
                & (corr["method"] == "spearman")]
    sections = []
    notes = []
    for (question_id, category), block in rows.groupby(["question_id", "category"], sort=False):
        lines = [[label(question_id) if not k else "", label(category) if not k else "",
                  label(r.category_value), numbers.count(r.n_items), escape(metric_words(r.metric)),
                  numbers.metric(r.human_score, str(r.metric)),
                  numbers.metric(r.model_score, str(r.metric)), numbers.ms(r.median_rt_ms)]
                 for k, r in enumerate(block.itertuples(index=False))]
        sections.append(lines)
        found = corr[(corr["question_id"] == question_id) & (corr["category"] == category)]
        for r in found.itertuples(index=False):
            if real_number(r.r) is not None:
                notes.append(f"{label(question_id)}, {label(category)}: "
                             f"$\\rho$ = {numbers.coef(r.r)}, $p$ = {numbers.p(r.p)}, "
                             f"$n$ = {numbers.count(r.n)}")
    text = ("Spearman correlation of the median response time per category value with the "
            "models' mean score: " + "; ".join(notes) + ".") if notes else ""
    return Table("response-times", "Main score of the humans (mean over raters) and of the "
                 "models (mean over models), in the question's metric as in the headline "
                 "table, and median response time per category.",
                 ["Question", "Category", "Value", "Items", "Metric", "Humans", "Models",
                  "Median RT (ms)"], "llllrrrr", sections, text)


def kind_tables(results: StudyResults, numbers: Numbers) -> list[Table]:
    made = [by_question_table(results, numbers), ratings_table(results, numbers),
            rt_table(results, numbers)]
    return [t for t in made if t is not None]

