"""methods.tex: a methods paragraph with the real numbers, and summary.json, every number it
prints. Each number goes through `Used.put`, which keeps the raw value, the printed text and
where it came from, so summary.json is exactly what the text uses."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
import pandas as pd

from app import __version__
from app.results.analysis import StudyAnalysis
from app.results.intervals import KIND_TEXT, MIN_ITEMS, MIN_RATERS
from app.results.summary import StudyResults
from app.storage.records import SessionRecord
from app.study.model import Study
from app.study.model_quality import RULE_WORDS
from exporters.analysis_words import interval_words, metric_words, significance_tests
from exporters.paper.latex import Numbers, escape, label, real_number
from exporters.paper.reader_study import reader_study_paragraph
from exporters.paper.tables import STATISTIC_WORDS, main_rows
from exporters.simulated import simulated_count
from exporters.timing_csv import NOT_RECORDED


@dataclass
class Used:
    """Every number the text prints: key -> {value, text, source}."""

    numbers: Numbers
    values: dict[str, dict[str, Any]] = field(default_factory=dict)

    def put(self, key: str, value: Any, text: str, source: str) -> str:
        number = real_number(value)
        raw = int(number) if number is not None and number.is_integer() else number
        self.values[key] = {"value": raw, "text": text, "source": source}
        return text

    def count(self, key: str, value: Any, source: str) -> str:
        return self.put(key, value, self.numbers.count(value), f"count: {source}")


def session_minutes(frame: pd.DataFrame) -> list[float]:
    """Each session's length, first item on screen to last answer (responses_long.csv's
    onset_utc and answer_utc); imported responses have no onset and so no length."""
    timed = frame[frame["onset_utc"].notna() & frame["answer_utc"].notna()]
    if timed.empty:
        return []
    spans = timed.groupby("session_uuid").agg(start=("onset_utc", "min"),
                                              end=("answer_utc", "max"))
    return [(datetime.fromisoformat(str(e)) - datetime.fromisoformat(str(b))).total_seconds()
            / 60.0 for b, e in zip(spans["start"], spans["end"], strict=True)]


def participants_sentence(results: StudyResults, frame: pd.DataFrame, used: Used) -> str:
    scored = frame[~frame["practice"].astype(bool)] if not frame.empty else frame
    n = used.count("participants", results.n_participants, "participants in the scores")
    k = simulated_count(scored)
    text = f"{n} participants took part"
    if k:
        text = (f"{n} participants took part, {used.count('participants.simulated', k, 'simulated participants (responses_long.csv simulated)')} "
                "of them simulated by Baseline Studio (answers drawn at random, not given by "
                "people)")
    column = f"profile_{results.tier_field}" if results.tier_field else ""
    if column and column in scored.columns:
        tiers = scored.drop_duplicates("participant")[column].astype(str).value_counts()
        parts = [f"{used.count(f'participants.{t}', int(k), f'participants in tier {t}')} "
                 f"{escape(t)}" for t, k in sorted(tiers.items())]
        text += f" ({', '.join(parts)})"
    items = int(scored["item_id"].nunique()) if not scored.empty else 0
    text += f". They answered {used.count('items', items, 'items answered')} items"
    if not scored.empty:
        per_item = scored.groupby("item_id")["participant"].nunique()
        text += (f", each by a median of {used.count('raters_per_item.median', float(np.median(per_item)), 'raters per item')} raters "
                 f"(range {used.count('raters_per_item.min', int(per_item.min()), 'raters per item')}"
                 f"--{used.count('raters_per_item.max', int(per_item.max()), 'raters per item')})")
    return text + "."


def sessions_sentence(sessions: list[SessionRecord], frame: pd.DataFrame, used: Used) -> str:
    if not sessions:
        return ""
    lengths = session_minutes(frame)
    text = f"Responses were collected in {used.count('sessions', len(sessions), 'sessions')} sessions"
    if not frame.empty and "simulated" in frame.columns:
        fake = int(frame.loc[frame["simulated"].astype(bool), "session_uuid"].nunique())
        if fake:
            text += f", {used.count('sessions.simulated', fake, 'simulated sessions')} of them simulated"
    if lengths:
        median = float(np.median(lengths))
        text += (f" (median length {used.put('sessions.median_minutes', median, used.numbers.mean(median), 'minutes, first onset to last answer per session (responses_long.csv)')} minutes)")
    return text + "."


def exclusions_sentence(hvm: StudyAnalysis, used: Used) -> str:
    rows = hvm.exclusions
    if rows.empty:
        return ""
    parts = []
    for rule, block in rows.groupby("rule", sort=False):
        if block["threshold"].isna().all():
            continue  # a rule the study leaves off (low_competence without a share)
        k = int(block["excluded"].astype(bool).sum())
        parts.append(f"{used.count(f'exclusions.{rule}', k, f'participants the rule {rule} excludes')} "
                     f"who {RULE_WORDS.get(str(rule), escape(rule))}")
    listed = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    applied = (f"Participants who {' or '.join(RULE_WORDS.get(r, r) for r in hvm.applied)} "
               "were left out of every score." if hvm.applied else
               "None was left out of the scores; the effect of each rule is reported "
               "separately (sensitivity.csv).")
    return f"The study's quality rules count {listed}. {applied}"


# Each agreement statistic's source, cited only where the statistic was computed.
STATISTIC_CITATIONS = {"fleiss_kappa": "fleiss1971", "mean_pairwise_cohen_kappa": "cohen1960",
                       "mean_query_binary_kappa": "cohen1960"}
STATISTIC_EXTRA_WORDS = {
    "split_half_reliability": "split-half reliability (random halves of the raters, "
    "Spearman-Brown corrected)"}


def agreement_sentence(results: StudyResults, used: Used) -> str:
    rows = results.agreement
    alpha_rows = rows[rows["statistic"] == "krippendorff_alpha"]
    parts = []
    for r in alpha_rows.itertuples(index=False):
        q = str(r.question_id)
        value = used.put(f"agreement.{q}.alpha", r.value, used.numbers.coef(r.value), "agreement.csv")
        ci = ""
        if real_number(r.ci_low) is not None and real_number(r.ci_high) is not None:
            ci = (f", 95\\% CI [{used.put(f'agreement.{q}.ci_low', r.ci_low, used.numbers.coef(r.ci_low), 'agreement.csv')}, "
                  f"{used.put(f'agreement.{q}.ci_high', r.ci_high, used.numbers.coef(r.ci_high), 'agreement.csv')}]")
        reading = f"; {escape(r.interpretation)}" if isinstance(r.interpretation, str) else ""
        parts.append(f"{label(q)} $\\alpha$ = {value}{ci}{reading}")
    others = sorted({str(s) for s in rows["statistic"] if s != "krippendorff_alpha"})
    named = []
    for statistic in others:
        words = STATISTIC_EXTRA_WORDS.get(statistic) or STATISTIC_WORDS.get(
            statistic, statistic.replace("_", " "))
        cite = STATISTIC_CITATIONS.get(statistic)
        named.append(escape(words) + (f" \\citep{{{cite}}}" if cite else ""))
    banded = rows[(rows["statistic"] == "fleiss_kappa") & rows["interpretation"].notna()
                  & (rows["interpretation"].astype(str) != "")]
    bands = (" Fleiss' kappa is read on the bands of \\citet{landis1977} (slight, fair, "
             "moderate, substantial, almost perfect)." if not banded.empty else "")
    text = ""
    if parts:
        text = ("Agreement between raters was measured with Krippendorff's alpha "
                "\\citep{krippendorff2011,castro2017} at each question's level of measurement "
                f"({'; '.join(parts)})")
        text += (f"; Table~\\ref{{tab:agreement}} adds {', '.join(named)}." if named else ".")
        text += alpha_interval_sentence(alpha_rows)
    elif named:
        text = f"Agreement between raters was measured by {', '.join(named)}."
    return text + bands if text else ""


def alpha_interval_sentence(alpha_rows: pd.DataFrame) -> str:
    """What alpha's intervals drew, from agreement.csv's ci_kind of the rows that have one."""
    with_ci = alpha_rows[alpha_rows["ci_low"].map(real_number).notna()
                         & alpha_rows["ci_high"].map(real_number).notna()]
    kinds = {kind for kind, words in KIND_TEXT.items()
             if any(str(k).startswith(words) for k in with_ci.get("ci_kind", []))}
    said = [ALPHA_INTERVAL_WORDS[kind] for kind in ALPHA_INTERVAL_WORDS if kind in kinds]
    if not said:
        return ""
    return (" The 95\\% intervals of alpha are percentile bootstrap intervals that treat "
            + "; or ".join(said) + "; agreement.csv names the kind of each.")


ALPHA_INTERVAL_WORDS = {
    "raters+items": "both the raters and the items as samples of their populations (a two-way "
                    "bootstrap in which a rater drawn twice is never paired with their own copy)",
    "items": "the items as sampled and the raters as fixed",
    "raters": "the raters as sampled and the items as fixed",
}


def family_words(gaps: pd.DataFrame) -> str:
    """The Holm families as gaps.csv's holm_family names them (categories in words)."""
    column = "holm_family" if "holm_family" in gaps.columns else "family"
    if column in gaps.columns:
        names = list(dict.fromkeys(part.strip().replace("_", " ")
                                   for f in gaps[column].dropna() for part in str(f).split(";")
                                   if part.strip()))
        if names:
            return "each Holm family gaps.csv lists (" + escape("; ".join(names)) + ")"
    return "the models compared with the same human party and cell"


def scores_sentence(results: StudyAnalysis, used: Used) -> str:
    """The best scores, then how intervals and tests were made, as gaps.csv's method column
    says for each question (a rating question's gap is not a permutation test)."""
    parts = []
    for group in results.groups:
        rows = main_rows(results, group)
        rows = rows[rows["category"] == "all"]
        if rows.empty:
            continue
        metric = str(rows["metric"].iloc[0])
        for side, kinds in (("human", ("tier", "humans", "pooled")), ("model", ("model",))):
            part = rows[rows["who_kind"].isin(kinds)].dropna(subset=["value"])
            if part.empty:
                continue
            best = part.sort_values("value", ascending=False, kind="stable").iloc[0]
            key = f"best_{side}.{group.question_id}"
            text = used.put(key, best["value"], used.numbers.metric(best["value"], metric),
                            f"{side}_scores.csv, {best['who']}")
            unit = "\\%" if used.numbers.scale(metric) == 100 else ""
            parts.append(f"the best {side} {escape(metric_words(metric))} on "
                         f"{label(group.question_id)} was {text}{unit} ({escape(best['who'])})")
    if not parts:
        return ""
    text = ("Humans and models were scored with the benchmark's own metrics on the same items "
            "\\citep{scikit-learn,scipy}; " + "; ".join(parts) + ".")
    if results.options.n_boot > 0:
        boot = used.count("bootstrap_resamples", results.options.n_boot, "bootstrap resamples")
        text += (f" Confidence intervals ({boot} bootstrap resamples) treat "
                 f"{INTERVAL_SENTENCE[results.options.interval]}; a cell with fewer than "
                 f"{MIN_ITEMS} items (or, for an interval over raters, fewer than {MIN_RATERS} "
                 "raters) gets none.")
    gaps = results.gaps
    methods: dict[str, list[str]] = {}
    for question_id in dict.fromkeys(gaps["question_id"].astype(str)) if not gaps.empty else []:
        method = "; ".join(interval_words(gaps, question_id) + significance_tests(gaps, question_id))
        methods.setdefault(method, []).append(label(question_id))
    said = [f"for {', '.join(qs)}, {escape(m)}" if len(methods) > 1 else escape(m)
            for m, qs in methods.items() if m]
    if said:
        tested = bool(gaps["p_value"].notna().any())
        text += (" Each model was compared with each human party on the items both answered "
                 "(gaps.csv): " + "; and ".join(said) + "."
                 + (f" The p values are Holm-adjusted over {family_words(gaps)} "
                    "\\citep{holm1979,statsmodels}." if tested else ""))
    return text


INTERVAL_SENTENCE = {
    "raters+items": "both the raters and the items as samples of their populations (a two-way "
                    "bootstrap; a participant, a pooled answer and a model over items)",
    "items": "the items as sampled and the raters as fixed (intervals conditional on these "
             "raters)",
    "raters": "the raters as sampled and the items as fixed (intervals conditional on these "
              "items)",
}


def timing_sentence(frame: pd.DataFrame, timing: pd.DataFrame, used: Used) -> str:
    scored = frame[~frame["practice"].astype(bool)] if not frame.empty else frame
    rts = scored["rt_ms"].dropna() if "rt_ms" in scored.columns else pd.Series(dtype=float)
    text = ("Response time was measured from the first paint of each item to the key press "
            "or click that gave the answer, on the monotonic clock, leaving out time the window "
            "was unfocused")
    if len(rts):
        median = float(np.median(rts.astype(float)))
        text += f" (median {used.put('rt.median_ms', median, used.numbers.ms(median), 'responses_long.csv rt_ms')}~ms)"
    text += ". "
    profiles = timing[timing["profile"].astype(str) != ""]
    if profiles.empty:
        return text + "No station ran the timing check (timing.csv)."
    cites = []
    for k, r in enumerate(profiles.itertuples(index=False), 1):
        p = f"timing.{k}"
        cites.append(
            f"station {escape(r.machine_id)} ({escape(r.os)}, {escape(r.screen)}"
            + (f" at {used.put(p + '.refresh_hz', r.refresh_hz, used.numbers.count(r.refresh_hz), 'timing.csv')}~Hz"
               if real_number(r.refresh_hz) is not None else "")
            + f"; {used.count(p + '.n', r.n, 'timing.csv')} injected keys: median stamp error "
            f"{used.put(p + '.median_error_ms', r.median_error_ms, used.numbers.mean(r.median_error_ms), 'timing.csv')}~ms, "
            f"95th percentile {used.put(p + '.p95_error_ms', r.p95_error_ms, used.numbers.mean(r.p95_error_ms), 'timing.csv')}~ms, "
            f"maximum {used.put(p + '.max_error_ms', r.max_error_ms, used.numbers.mean(r.max_error_ms), 'timing.csv')}~ms; "
            f"median onset {used.put(p + '.median_onset_ms', r.median_onset_ms, used.numbers.mean(r.median_onset_ms), 'timing.csv')}~ms; "
            f"{used.count(p + '.n_sessions', r.n_sessions, 'timing.csv')} sessions)")
    uncovered = timing[timing["profile"].astype(str) == ""]
    missing = int(uncovered["n_sessions"].sum()) if not uncovered.empty else 0
    text += ("Following \\citet{bridges2020}, each station's timing was checked with key events "
             "injected at known times: " + "; ".join(cites) + ".")
    if missing:
        names = ", ".join(escape(m) for m in uncovered["machine_id"] if m != NOT_RECORDED)
        text += (f" {used.count('timing.uncovered_sessions', missing, 'timing.csv')} sessions ran "
                 f"on stations without a check{(' (' + names + ')') if names else ''}.")
    return text


# Checklist items the paragraphs above do not state, in the words checklist.csv gives them.
CHECKLIST_SENTENCES = (("3.1.1", "Item order"), ("2.6.1", "Training"),
                       ("5.1.3", "Time to completion"), ("5.1.5", "Completion"))


def checklist_sentence(checklist: pd.DataFrame | None) -> str:
    """The computed checklist answers methods does not already say, and where the rest is."""
    if checklist is None or checklist.empty:
        return ""
    answers = {str(r.item): (str(r.answer), str(r.source))
               for r in checklist.itertuples(index=False)}
    parts = []
    for number, title in CHECKLIST_SENTENCES:
        answer, source = answers.get(number, ("", ""))
        if source == "computed" and answer and not answer.startswith("N/A"):
            parts.append(f"{title}: {escape(answer)}.")
    missing = sum(1 for _, s in answers.values() if s == "missing")
    tail = ("The human-baseline reporting checklist of \\citet{wei2025} is filled in "
            "Table~\\ref{tab:checklist}"
            + (f"; {missing} of its items are not yet answered." if missing else "."))
    return " ".join([*parts, tail])


def methods_tex(results: StudyAnalysis, sessions: list[SessionRecord], timing: pd.DataFrame,
                used: Used, checklist: pd.DataFrame | None = None,
                study: Study | None = None) -> str:
    """`results.responses`: the scored responses (after the applied quality rules);
    `sessions`: theirs; `study`: the study they answered (its reading conditions and washout,
    said for a reader study)."""
    frame = results.responses
    paragraphs = [
        " ".join(s for s in (participants_sentence(results, frame, used),
                             sessions_sentence(sessions, frame, used),
                             exclusions_sentence(results, used)) if s),
        agreement_sentence(results, used),
        scores_sentence(results, used),
        reader_study_paragraph(study, results, used),
        checklist_sentence(checklist),
        timing_sentence(frame, timing, used),
        f"The study ran in Baseline Studio {escape(__version__)} \\citep{{baselinestudio}}; "
        "agreement statistics come from the krippendorff and statsmodels packages "
        "\\citep{krippendorffpy,statsmodels}.",
    ]
    head = f"%% Methods of {escape(results.title)}: generated by baseline-studio export\n"
    return head + "\n\n".join(p for p in paragraphs if p) + "\n"
