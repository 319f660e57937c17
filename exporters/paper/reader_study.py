"""The reader study in paper/: a methods paragraph (how the readings were collected and the
Obuchowski-Rockette analysis, with its numbers) and a table of the reader-averaged figures of
merit and their differences, random readers and random cases. Both read mrmc.csv's and
reader_auc.csv's tables (`StudyAnalysis.mrmc`, `.reader_auc`); a study without them gets
neither. (`used` is methods.tex's `Used`, which imports this module: typed Any here.)"""

from __future__ import annotations

from typing import Any

import pandas as pd

from app.results.analysis import StudyAnalysis
from app.results.mrmc import ANALYSES
from app.study.model import Study
from exporters.analysis_words import metric_words
from exporters.paper.blocks import Table
from exporters.paper.latex import Numbers, escape, label, real_number

RANDOM = ANALYSES[0]  # random readers and random cases: the population claim
CITATIONS = "obuchowski1995,hillis2005,hillis2007,hillis2008"
FOM_WORDS = {"auc": "the empirical (trapezoidal, Wilcoxon) area under the ROC curve of their "
                    "confidence ratings", "accuracy": "their accuracy"}


def is_reader_study(analysis: StudyAnalysis) -> bool:
    return analysis.mrmc is not None and analysis.reader_auc is not None \
        and not analysis.mrmc.empty


def design_sentence(study: Study | None, analysis: StudyAnalysis, used: Any) -> str:
    """How many readers read how many cases, under which conditions and in which order."""
    assert analysis.mrmc is not None
    rows = analysis.mrmc[analysis.mrmc["analysis"] == RANDOM]
    readers = int(rows["n_readers"].max())
    cases = int(rows["n_cases"].max())
    text = (f"The study was analysed as a multi-reader multi-case (MRMC) reader study: "
            f"{used.count('reader_study.readers', readers, 'mrmc.csv n_readers')} readers read "
            f"{used.count('reader_study.cases', cases, 'mrmc.csv n_cases')} cases")
    conditions = study.conditions if study is not None else []
    if conditions:
        listed = " and ".join(label(c.id) for c in conditions)
        text += (f" under each of {used.count('reader_study.conditions', len(conditions), 'the study conditions')} "
                 f"reading conditions ({listed}), one condition per sitting, the order of the "
                 "conditions counterbalanced across readers (a Latin square over the "
                 "participant codes)")
        washout = study.design.washout_days if study is not None else 0
        if washout:
            text += (f", with at least {used.put('reader_study.washout_days', washout, used.numbers.count(washout) if float(washout).is_integer() else used.numbers.mean(washout), 'study.json design.washout_days')} "
                     "days between a reader's sittings")
    return text + "."


def analysis_sentence(analysis: StudyAnalysis, used: Any) -> str:
    """Each question's figure of merit and the random-readers, random-cases difference between
    the conditions; the comparisons with models are in the table."""
    assert analysis.mrmc is not None and analysis.reader_auc is not None
    metrics = _metrics(analysis)
    foms = "; ".join(f"on {label(q)}, {FOM_WORDS.get(m, escape(metric_words(m)))}"
                     for q, m in metrics.items())
    text = (f"Each reader's figure of merit under each condition was, {foms}. Readers and cases "
            "were treated as random in the Obuchowski-Rockette model, with the jackknife "
            "covariance over cases and Hillis' denominator degrees of freedom "
            f"\\citep{{{CITATIONS}}}; mrmc.csv adds the analyses with fixed readers and with "
            "fixed cases.")
    parts = []
    for question_id, metric in metrics.items():
        rows = _random_rows(analysis, str(question_id))
        unit = "~percentage points" if used.numbers.scale(metric) == 100 else ""
        for r in rows[rows["comparison"] == "conditions"].itertuples(index=False):
            pair = f"reader_study.{question_id}.{r.condition_a}-{r.condition_b}"
            a = used.put(f"{pair}.fom_a", r.fom_a, _value(used.numbers, r.fom_a, metric),
                         "mrmc.csv fom_a")
            b = used.put(f"{pair}.fom_b", r.fom_b, _value(used.numbers, r.fom_b, metric),
                         "mrmc.csv fom_b")
            d = used.put(f"{pair}.difference", r.difference,
                         used.numbers.metric(r.difference, metric), "mrmc.csv difference")
            ci = used.put(f"{pair}.ci", r.ci_high, used.numbers.interval(
                r.ci_low, r.ci_high, "metric", metric), "mrmc.csv ci_low, ci_high")
            parts.append(
                f"on {label(question_id)}, the readers' mean {_metric_name(metric)} was {a} "
                f"{label(r.condition_a)} and {b} {label(r.condition_b)}, a difference of "
                f"{d}{unit} (95\\% CI {ci}; {_test(r, pair, used)})")
    if parts:
        text += " O" + "; ".join(parts)[1:] + "."
    if (analysis.mrmc["comparison"] == "readers_vs_model").any():
        text += (" Table~\\ref{tab:reader-study} compares the readers with each standalone model "
                 "read on the same cases, by the single-condition analysis of the "
                 "reader-minus-model differences (which includes the model's own case "
                 "variance).")
    return text


def _metrics(analysis: StudyAnalysis) -> pd.Series:
    """Question id -> the figure of merit reader_auc.csv scores it by (auc, accuracy)."""
    assert analysis.reader_auc is not None
    return analysis.reader_auc.drop_duplicates("question_id").set_index(
        "question_id")["fom_metric"].astype(str)


def _random_rows(analysis: StudyAnalysis, question_id: str) -> pd.DataFrame:
    assert analysis.mrmc is not None
    return analysis.mrmc[(analysis.mrmc["question_id"] == question_id)
                         & (analysis.mrmc["analysis"] == RANDOM)]


def _metric_name(metric: str) -> str:
    return "AUC" if metric == "auc" else escape(metric_words(metric))


def _value(numbers: Numbers, value: Any, metric: str) -> str:
    return numbers.metric(value, metric) + ("\\%" if numbers.scale(metric) == 100 else "")


def _test(r: Any, key: str, used: Any) -> str:
    p = used.put(f"{key}.p", r.p_value, used.numbers.p(r.p_value), "mrmc.csv p_value")
    df = used.put(f"{key}.df_den", r.df_den, used.numbers.mean(r.df_den), "mrmc.csv df_den")
    statistic = real_number(r.statistic)
    if statistic is None:
        return f"$p$ = {p}"
    value = used.put(f"{key}.statistic", statistic, used.numbers.mean(statistic), "mrmc.csv statistic")
    num = used.numbers.count(r.df_num)
    return f"$F({num}, {df})$ = {value}, $p$ = {p}"


def reader_study_paragraph(study: Study | None, analysis: StudyAnalysis, used: Any) -> str:
    if not is_reader_study(analysis):
        return ""
    return design_sentence(study, analysis, used) + " " + analysis_sentence(analysis, used)


def mrmc_table(analysis: StudyAnalysis, numbers: Numbers) -> Table | None:
    """Per question: each condition's reader-averaged figure of merit and every difference
    (conditions, readers minus model), with the 95% interval, Hillis' df and p."""
    if not is_reader_study(analysis):
        return None
    assert analysis.mrmc is not None and analysis.reader_auc is not None
    sections = []
    illustrative = False
    for question_id, metric in _metrics(analysis).items():
        rows = _random_rows(analysis, str(question_id))
        lines: list[list[str]] = []
        for r in rows.itertuples(index=False):
            a = label(r.condition_a)
            if r.comparison == "single_condition":
                what, value = f"readers' mean, {a}", r.fom_a
            elif r.comparison == "conditions":
                what, value = f"{a} $-$ {label(r.condition_b)}", r.difference
            else:
                what, value = f"readers ({a}) $-$ {escape(r.condition_b)}", r.difference
                illustrative = illustrative or _true(r.illustrative)
            ci = numbers.interval(r.ci_low, r.ci_high, "metric", metric)
            lines.append([label(question_id) if not lines else "", _metric_name(metric)
                          if not lines else "", what,
                          f"{numbers.metric(value, metric)} {ci}".strip(),
                          numbers.mean(r.df_den), numbers.p(r.p_value)])
        sections.append(lines)
    notes = ("Obuchowski-Rockette analysis, random readers and random cases: jackknife "
             "covariance over cases, Hillis' denominator degrees of freedom (df); a "
             "condition's interval is the single-condition one; intervals are $t$ intervals, "
             "not clipped to the figure of merit's range. Accuracy in \\%.")
    if illustrative:
        notes += " Model predictions are illustrative (demo data), not published results."
    return Table("reader-study", "Reader study: the readers' mean figure of merit under each "
                 "condition and the differences, with 95\\% CIs.",
                 ["Question", "Figure of merit", "Reading", "Value [95\\% CI]", "df", "$p$"],
                 "lllrrr", sections, notes)


def _true(value: object) -> bool:
    return bool(value) and not (isinstance(value, float) and value != value)
