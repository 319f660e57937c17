"""The human-baseline reporting checklist: its items, numbered as the authors number them, and
which of them the study file answers.

Source: K. L. Wei, P. Paskov, S. Dev, M. J. Byun et al., "Recommendations and Reporting
Checklist for Rigorous & Transparent Human Baselines in Model Evaluations", ICML 2025
position paper, arXiv:2506.13776; the checklist is reporting_checklist/reporting_checklist.tex
in the authors' repository https://github.com/kevinlwei/human-baselines (sections 0 to 5, the
items' titles and questions below are theirs, shortened only where a question repeats its
examples).

Each item is answered from one of three places: `computed` (the app measures it: the study
file, the responses, the analysis; exporters.checklist), `declared` (the study's `reporting`
block, app.study.model_reporting) or `either` (computed when the study shows it, else
declared). An item that only applies after a given answer of its parent ("If yes: ...") is
not asked otherwise. Qt-free: `validate`, the export and the designer share it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from app.study.model import Study
from app.study.model_reporting import Declared, ItemSampling, Pay, Reporting

Source = Literal["computed", "declared", "either"]
CHECKLIST_SOURCE = ("Wei, Paskov, Dev, Byun et al. (2025), Recommendations and Reporting "
                    "Checklist for Rigorous & Transparent Human Baselines in Model Evaluations, "
                    "arXiv:2506.13776")
YES, NO = frozenset({"yes", "partial"}), frozenset({"no"})


@dataclass(frozen=True)
class ChecklistItem:
    number: str
    title: str
    question: str
    source: Source
    field: str | None = None  # the `reporting` field that declares it
    only_if: tuple[str, frozenset[str]] | None = None  # (parent item, its answers that ask this)

    @property
    def section(self) -> str:
        return self.number.split(".", 1)[0]


def _item(number: str, title: str, question: str, source: Source, field: str | None = None,
          only_if: tuple[str, frozenset[str]] | None = None) -> ChecklistItem:
    return ChecklistItem(number, title, question, source, field, only_if)


SECTIONS = {"0": "Paper information", "1": "Baseline design and implementation",
            "2": "Baseliner recruitment", "3": "Baseline execution", "4": "Baseline analysis",
            "5": "Baseline documentation"}

ITEMS: tuple[ChecklistItem, ...] = (
    _item("0.1", "Paper Title", "The paper's title.", "computed"),
    _item("0.2", "Paper Link", "The paper's link.", "declared", "paper_link"),
    _item("0.3", "Publication Year", "The year of publication.", "declared", "publication_year"),
    _item("0.4", "Publication Venue", "The publication venue.", "declared", "venue"),
    _item("0.5", "Type of Eval", "Knowledge, capabilities, propensity or agent (all that "
          "apply).", "declared", "eval_type"),
    _item("0.6", "Mode of Eval", "Text, visual (photo/video), audio or other (all that apply).",
          "computed"),
    _item("0.7", "Language of Eval", "The languages of the evaluation.", "computed"),
    _item("0.8", "Evaluation Dataset Size", "What is the total number of items in the "
          "evaluation dataset?", "either", "dataset_size"),
    _item("0.9", "AI Test Set Size", "What is the number of items that the AI evaluation is run "
          "on?", "computed"),
    _item("0.10", "AI Samples per Item", "What is the number of AI responses (samples or runs) "
          "that is collected for each item?", "computed"),
    _item("1.1", "Number of Baseliners", "How many baseliners were there total?", "computed"),
    _item("1.2", "Baseline Test Set Size", "What is the number of items that the human baseline "
          "is run on?", "computed"),
    _item("1.2.1", "Baseline Test Set Sampling Strategy", "If the baseline is only run on a "
          "sample of the total dataset: what is the sampling strategy behind how the items were "
          "selected?", "either", "item_sampling"),
    _item("1.3", "Baseline Samples per Item", "What was the number of human baseliner responses "
          "that is collected for each item?", "computed"),
    _item("1.4", "Items per Baseliner", "What is the number of items that each baseliner "
          "responded to?", "computed"),
    _item("1.5", "Explicit Human/AI Adjustment", "Do the eval/baseline instructions and items "
          "account for both humans and AI models completing the items, e.g. is the eval "
          "designed so as not to advantage either humans or AI models?", "declared",
          "designed_fair"),
    _item("1.6", "Iterative Design", "Was the experimental setup of the baseline iteratively "
          "designed with participatory methods (a pilot study, expert validation of the "
          "items)?", "declared", "iterative_design"),
    _item("1.7", "Amount of Effort", "Does the baseline control for the amount of effort by "
          "human baseliners and AIs (cost, time)?", "declared", "effort_control"),
    _item("1.8", "Power Analysis", "Did the authors conduct power analysis in order to "
          "determine baseline size?", "either", "power_analysis"),
    _item("1.8.1", "Minimum Detectable Effect Size", "If yes, what is the minimum detectable "
          "effect size and power?", "either", "power_analysis", ("1.8", YES)),
    _item("1.9", "Ethics Review", "Was the study approved or exempted by an IRB, or did it "
          "undergo other ethics review?", "declared", "ethics_review"),
    _item("1.10", "Pre-Registration", "Was the baseline/eval design pre-registered?",
          "declared", "preregistration"),
    _item("2.1", "Population of Interest Identification", "Does the reporting identify human "
          "populations for which these results may be valid?", "declared", "population"),
    _item("2.1.1", "Population of Interest Identification Criteria", "Which factors were used "
          "to scope the target human population of interest?", "declared",
          "population_criteria", ("2.1", YES)),
    _item("2.2", "Baseliner Sampling Strategy", "How were the human baseliners recruited?",
          "declared", "recruitment"),
    _item("2.3", "Quality Control in Recruitment", "Were human baseliners pre-qualified or "
          "excluded during the recruitment process for any reason?", "declared",
          "prequalification"),
    _item("2.3.1", "Quality Control Criteria for Baseliners", "If yes: the inclusion/exclusion "
          "criteria for human baseliners.", "declared", "prequalification", ("2.3", YES)),
    _item("2.3.2", "Recruitment Exclusion Rate", "If yes: how many baseliners were excluded "
          "from the final baseline based on these criteria?", "declared",
          "recruitment_excluded", ("2.3", YES)),
    _item("2.4", "Author Baseliners", "Did the authors or members of the research team also "
          "serve as human baseliners?", "declared", "authors_as_baseliners"),
    _item("2.5", "Baseliner Train/Test Contamination", "Did the recruitment process exclude "
          "baseliners who had been exposed to the eval questions previously?", "declared",
          "prior_exposure"),
    _item("2.6", "Baseliner Training", "Did the human baseliners receive training for the "
          "baseline, distinct from the reported data?", "computed"),
    _item("2.6.1", "Baseliner Training Type", "If yes: the type of training received.",
          "computed", None, ("2.6", YES)),
    _item("2.6.2", "Baseliner Training Compensation", "If yes: were the baseliners compensated "
          "for the training?", "declared", "training_pay", ("2.6", YES)),
    _item("2.6.2.1", "Baseliner Training Compensation Amount", "If yes: the compensation per "
          "baseliner (preferably $/hour).", "declared", "training_pay", ("2.6.2", YES)),
    _item("2.7", "Baseliner Testing Compensation", "Were the human baseliners compensated for "
          "completing the baseline?", "declared", "pay"),
    _item("2.7.1", "Baseliner Testing Compensation Amount", "If yes: how much was "
          "compensation (preferably $/hour)?", "declared", "pay", ("2.7", YES)),
    _item("2.7.2", "Baseliner Testing Performance Bonus", "If yes: was a performance bonus "
          "offered to baseliners?", "declared", "bonus", ("2.7", YES)),
    _item("2.7.2.1", "Baseliner Testing Performance Bonus Amount", "If yes: how much was the "
          "performance bonus, and how was it determined?", "declared", "bonus",
          ("2.7.2", YES)),
    _item("2.7.3", "Baseliner Testing Compensation Structure", "If yes: were compensation "
          "rates and structures constant across baseliners?", "declared", "same_pay",
          ("2.7", YES)),
    _item("2.7.3.1", "Baseliner Testing Compensation Structure Details", "If not compensated "
          "equally: how were compensation amounts determined?", "declared", "same_pay",
          ("2.7.3", frozenset({"no", "partial"}))),
    _item("3.1", "Instrument Length", "How many items did the human baseliners complete in a "
          "single sitting/session?", "computed"),
    _item("3.1.1", "Item Randomization", "If not 1: was the order of the questions "
          "randomized?", "computed"),
    _item("3.2", "Quality Control in Execution", "Were quality checks implemented or data "
          "cleaned/excluded during the data collection process (attention checks, answers too "
          "fast, ...)?", "computed"),
    _item("3.2.1", "Quality Control in Execution Criteria", "If yes: what factors were used to "
          "determine data quality or to exclude low-quality data?", "computed", None,
          ("3.2", YES)),
    _item("3.2.2", "Execution Exclusion Rate", "If yes: how many samples were excluded from "
          "the final baseline based on these criteria?", "computed", None, ("3.2", YES)),
    _item("3.3", "UI Equivalence", "Did the human baseliners and AIs have access to the same UI "
          "for each item?", "declared", "ui_equivalence"),
    _item("3.3.1", "GUI vs. API", "Did the humans have access to a graphical UI and the AIs "
          "only API inputs?", "computed"),
    _item("3.3.2", "UI Equivalence Adjustment", "If no: does the eval attempt to adjust for "
          "the differences?", "declared", "ui_equivalence", ("3.3", frozenset({"no",
                                                                                "partial"}))),
    _item("3.4", "Instruction Equivalence", "Did the human baseliners and AIs have access to "
          "the same instructions/prompt/question for each item?", "declared",
          "instruction_equivalence"),
    _item("3.4.1", "Instruction Equivalence Adjustment", "If no: does the eval attempt to "
          "adjust for the differences?", "declared", "instruction_equivalence",
          ("3.4", frozenset({"no", "partial"}))),
    _item("3.5", "Tool Access Equivalence", "Did the human baseliners and AIs have access to "
          "the same (technical) tools for each item?", "declared", "tool_access"),
    _item("3.5.1", "Tool Access Equivalence Enforcement", "If the baseliners' tool access was "
          "limited: was there an oversight mechanism for ensuring that they only used the tools "
          "permitted?", "declared", "tool_enforcement"),
    _item("3.6", "Explanations", "Did the eval/baseline collect explanations from the human "
          "baseliners for why they responded the way they did?", "computed"),
    _item("4.1", "Statistical Significance", "Did the eval test for statistically significant "
          "differences between AI and human performance?", "computed"),
    _item("4.1.1", "Statistical Significance Test", "If yes: what statistical test was used?",
          "computed", None, ("4.1", YES)),
    _item("4.2", "Uncertainty Estimate", "Did the paper present a measure of uncertainty for "
          "the AI and human baseline results?", "computed"),
    _item("4.2.1", "Estimate Type", "Is the reported baseline a point estimate, an interval "
          "estimate, or a distribution?", "computed"),
    _item("4.3", "Evaluation Metric Equivalence", "Was the same evaluation metric "
          "measured/compared for both humans and AIs?", "computed"),
    _item("4.4", "Evaluation Scoring Criteria Equivalence", "Was the same scoring rubric used "
          "for both AI and human results?", "computed"),
    _item("4.5", "Evaluation Scoring Method Equivalence", "Was the same scoring method used "
          "for both AI and human results?", "computed"),
    _item("4.6", "Quality Control Robustness", "If quality controls were implemented: are "
          "analyses robust to different choices of exclusion criteria?", "computed"),
    _item("5.1", "Additional Reporting", "Were the following (5.1.1 to 5.1.5) reported?",
          "computed"),
    _item("5.1.1", "Reporting Sample Demographics", "Demographics of the human baseliners "
          "within the sample.", "computed"),
    _item("5.1.2", "Reporting Baseline Instructions", "Instructions/guidelines given to human "
          "baseliners.", "computed"),
    _item("5.1.3", "Reporting Time to Completion", "Time to completion for the eval items.",
          "computed"),
    _item("5.1.4", "AI Tool Versions", "AI tools and versions (if baseliners had AI access).",
          "declared", "ai_tools"),
    _item("5.1.5", "Completion Rate", "How many human baseliners were recruited but did not "
          "complete the tasks?", "computed"),
    _item("5.2", "Baseline Data Availability", "Is the (anonymized) human baseline data "
          "publicly available?", "declared", "data_availability"),
    _item("5.2.1", "Individual Baseline Data Availability", "If yes: is data available at the "
          "individual baseliner level?", "declared", "individual_data", ("5.2", YES)),
    _item("5.2.2", "Baseline Data Non-Availability Justification", "If no: is there a "
          "reasonable justification for non-disclosure of the baseline dataset?", "declared",
          "data_availability", ("5.2", NO)),
    _item("5.3", "Experimental Materials Availability", "Are experimental materials used to "
          "implement the eval/baseline publicly available?", "declared",
          "materials_availability"),
    _item("5.4", "Analysis Code Availability", "Is the code used to analyze the eval/baseline "
          "publicly available?", "declared", "code_availability"),
)
BY_NUMBER = {item.number: item for item in ITEMS}

RECRUITMENT_WORDS = {"crowdsource": "crowdsourced", "convenience": "convenience sample",
                     "simple_random": "simple random sample",
                     "stratified_random": "stratified random sample", "other": "other",
                     "unknown": "unknown/unreported"}
ANSWER_WORDS = {"yes": "Yes", "partial": "Partial", "no": "No", "unknown": "Unknown/Unreported",
                "n/a": "N/A"}


@dataclass(frozen=True)
class Answer:
    """One row of checklist.csv: the answer in words, its checklist word where it has one
    (yes, no, ...: what a sub-item's `only_if` reads), where it came from."""

    text: str
    source: Literal["computed", "declared", "missing", "not asked"]
    where: str
    word: str = ""


def _declared(value: Declared, *, detail_only: bool = False) -> tuple[str, str]:
    if detail_only:
        return value.detail or ANSWER_WORDS[value.answer], value.answer
    words = ANSWER_WORDS[value.answer]
    return (f"{words}: {value.detail}" if value.detail else words), value.answer


def _pay(pay: Pay, amount: bool) -> tuple[str, str]:
    if not amount:
        return _declared(Declared(answer=pay.answer, detail=pay.detail))
    if pay.amount is None:
        return (pay.detail or ANSWER_WORDS[pay.answer]), pay.answer
    text = f"{pay.amount:g} {pay.currency} per {pay.unit}"
    return (f"{text} ({pay.detail})" if pay.detail else text), pay.answer


def declared_answer(reporting: Reporting, item: ChecklistItem) -> tuple[str, str] | None:
    """The designer's answer to `item` from the `reporting` block, (text, checklist word), or
    None when the block does not give it."""
    if item.field is None:
        return None
    value = getattr(reporting, item.field)
    if value is None or value == []:
        return None
    number = item.number
    if isinstance(value, Declared):
        sub = number in {"1.8.1", "2.3.1", "2.7.3.1", "3.3.2", "3.4.1", "5.2.2"}
        if sub and not value.detail:
            return None
        return _declared(value, detail_only=sub)
    if isinstance(value, Pay):
        return _pay(value, amount=number in {"2.6.2.1", "2.7.1"})
    if item.field == "bonus":
        if number == "2.7.2.1":
            return (value.amount, "") if value.amount else None
        return ANSWER_WORDS[value.answer], value.answer
    if item.field == "recruitment":
        words = RECRUITMENT_WORDS[value]
        detail = reporting.recruitment_detail
        return (f"{words}: {detail}" if detail else words), ""
    if isinstance(value, list):
        return ", ".join(str(v).replace("_", " ") for v in value), ""
    return str(value), ""


def applies(item: ChecklistItem, words: dict[str, str]) -> bool:
    """False for a sub-item whose parent's answer does not ask it (an unanswered parent asks:
    the designer should answer both)."""
    if item.only_if is None:
        return True
    parent, wanted = item.only_if
    if not applies(BY_NUMBER[parent], words):
        return False
    word = words.get(parent, "")
    return not word or word in wanted


def sampling_words(sampling: ItemSampling) -> str:
    """1.2.1 in words: how `import` drew the study's items from the benchmark's file."""
    of = f"of the {sampling.population:,} {sampling.unit} of {sampling.source}"
    if sampling.method == "all":
        return f"All {sampling.population:,} {sampling.unit} of {sampling.source}: no sample"
    if sampling.method == "simple_random":
        return f"Simple random sample of {sampling.size:,} {of} (seed {sampling.seed})"
    allocation = ("proportional allocation" if sampling.allocation == "proportional"
                  else "the same number from each in turn")
    strata = ", ".join(f"{k} {v}" for k, v in sampling.strata.items())
    return (f"Stratified random sample of {sampling.size:,} {of}, by {sampling.by} "
            f"({allocation}, seed {sampling.seed})" + (f": {strata}" if strata else ""))


def sampling_answers(sampling: ItemSampling) -> dict[str, Answer]:
    where = "study.json sampling (written by baseline-studio import)"
    return {"0.8": Answer(f"{sampling.population:,} {sampling.unit} in {sampling.source}",
                          "computed", where),
            "1.2.1": Answer(sampling_words(sampling), "computed", where)}


PLAN_SUMMARY = "plan.json"  # what `baseline-studio plan --out DIR` writes beside plan.csv
POWER = 0.8  # the power the minimum detectable gap is given at (two-sided, alpha 0.05)


def read_plan(study: Study, folder: Path | None) -> tuple[dict[str, Any] | None, str | None]:
    """The stored plan `reporting.plan` names: (its plan.json, None), or (None, why it cannot
    be read) for validate to say; (None, None) when the study names none."""
    relative = study.reporting.plan
    if relative is None or folder is None:
        return None, None
    from app.study.paths import UnsafePathError, resolve_asset

    where = f"reporting.plan {relative!r}"
    try:
        target = resolve_asset(folder, relative)
    except UnsafePathError as exc:
        return None, f"{where}: {exc}"
    path = target / PLAN_SUMMARY if target.is_dir() or target.suffix != ".json" else target
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return None, (f"{where}: cannot read {path} ({exc.strerror or exc}); write it with "
                      f"baseline-studio plan --study {folder} --out {folder / relative}")
    except ValueError as exc:
        return None, f"{where}: {path} is not JSON ({exc})"
    if not isinstance(data, dict) or not isinstance(data.get("questions"), list):
        return None, f"{where}: {path} is not the plan.json baseline-studio plan writes"
    if data.get("study") != study.id:
        return None, f"{where}: {path} is the plan of study {data.get('study')!r}, not {study.id!r}"
    return data, None


def detectable_gap(width: float) -> float:
    """The smallest gap a two-sided test at alpha 0.05 detects with 80% power, from the
    expected width of the gap's 95% interval (width = 2 z_0.975 SE, MDE = (z_0.975 + z_0.8) SE,
    the normal approximation)."""
    from scipy.stats import norm

    z = float(norm.ppf(0.975))
    return width / (2 * z) * (z + float(norm.ppf(POWER)))


def plan_answers(plan: dict[str, Any], relative: str) -> dict[str, Answer]:
    """1.8 and 1.8.1 from a stored plan: the planned design per question, its target widths
    and the minimum detectable gap it gives."""
    where = f"{relative}/{PLAN_SUMMARY} (baseline-studio plan)"
    designs, gaps = [], []
    for q in plan["questions"]:
        best = q.get("recommended")
        if not isinstance(best, dict):
            designs.append(f"question {q.get('question')}: no design met the target width "
                           f"{q.get('target_human')}")
            continue
        text = (f"question {q.get('question')}: {best['raters_per_item']} raters per item on "
                f"{best['items']} items, {best['participants']} participants, so that the 95% "
                f"interval of the human score ({q.get('measure')}) is at most "
                f"{q.get('target_human'):g} wide (expected {best['width_human']:.3f})")
        gap = best.get("width_gap")
        if isinstance(gap, int | float) and math.isfinite(gap):
            text += (f" and that of the gap to a model at most {q.get('target_other'):g} "
                     f"(expected {gap:.3f})")
            gaps.append(f"question {q.get('question')}: a gap of {detectable_gap(gap):.3f}")
        designs.append(text)
    met = any(isinstance(q.get("recommended"), dict) for q in plan["questions"])
    word = "yes" if met else "partial"
    answers = {"1.8": Answer(("Yes" if met else "Partial") + ": a precision plan by simulation "
                             f"({plan.get('runs')} simulated studies per design, seed "
                             f"{plan.get('seed')}); " + "; ".join(designs), "computed", where,
                             word)}
    answers["1.8.1"] = Answer(
        (f"minimum detectable gap to a model at {POWER:.0%} power (two-sided test, alpha "
         "0.05, from the planned interval width): " + "; ".join(gaps)) if gaps else
        "no model gap planned: the plan sized the human score's interval only (see 1.8)",
        "computed", where)
    return answers


def study_answers(study: Study, folder: Path | None = None) -> dict[str, Answer]:
    """The items the study file answers by itself (before any response): what validate can
    know. The export adds what the responses and the analysis measure. `folder`: the study's
    folder, where a stored plan (reporting.plan) is read."""
    answers: dict[str, Answer] = {"0.1": Answer(study.title, "computed", "study.json title")}
    plan, _ = read_plan(study, folder)
    if plan is not None and study.reporting.plan is not None:
        answers.update(plan_answers(plan, study.reporting.plan))
    if study.sampling is not None:
        answers.update(sampling_answers(study.sampling))
    practice = [b for b in study.blocks if b.kind == "practice"]
    items_of = {b.id: sum(1 for i in study.items if i.block == b.id) for b in practice}
    if practice and sum(items_of.values()):
        n = sum(items_of.values())
        feedback = any(b.feedback is not False for b in practice)
        text = (f"practice block of {n} item{'s' if n != 1 else ''}"
                + (" with the right answer shown after each" if feedback else "")
                + (", after the written instructions" if study.instructions.strip() else ""))
        answers["2.6"] = Answer("Yes", "computed", "study.json blocks (kind practice)", "yes")
        answers["2.6.1"] = Answer(text, "computed", "study.json blocks (kind practice)")
    else:
        answers["2.6"] = Answer("No: no practice block", "computed", "study.json blocks", "no")
    return answers


def missing_declarations(study: Study, folder: Path | None = None) -> list[ChecklistItem]:
    """The checklist items a paper needs that the study neither declares in `reporting` nor
    can measure (validate's warnings)."""
    known = study_answers(study, folder)
    words = {number: a.word for number, a in known.items()}
    for item in ITEMS:
        found = declared_answer(study.reporting, item)
        if found is not None:
            words.setdefault(item.number, found[1])
    missing = []
    for item in ITEMS:
        if item.source == "computed" or item.number in known or not applies(item, words):
            continue
        if declared_answer(study.reporting, item) is None:
            missing.append(item)
    return missing


Status = Literal["computed", "declared", "missing", "not asked"]


@dataclass(frozen=True)
class ItemStatus:
    """Where one item's answer will come from, as far as the study file tells (the designer's
    Design tab): `computed` items the app answers from the study or, at export, from the
    responses and the analysis; `declared` ones the `reporting` block answers; `missing` ones
    neither; `not asked` sub-items the parent's answer leaves out."""

    item: ChecklistItem
    status: Status
    answer: str = ""  # what the study file says already (empty for what the export measures)


def checklist_status(study: Study, folder: Path | None = None) -> list[ItemStatus]:
    """Every item of the checklist, in its order, with where its answer comes from."""
    known = study_answers(study, folder)
    words = {number: a.word for number, a in known.items()}
    declared = {item.number: found for item in ITEMS
                if (found := declared_answer(study.reporting, item)) is not None}
    for number, (_, word) in declared.items():
        words.setdefault(number, word)
    missing = {item.number for item in missing_declarations(study, folder)}
    out = []
    for item in ITEMS:
        if not applies(item, words):
            out.append(ItemStatus(item, "not asked"))
        elif item.number in known and (item.source != "either" or item.number not in declared):
            out.append(ItemStatus(item, "computed", known[item.number].text))
        elif item.number in missing:
            out.append(ItemStatus(item, "missing"))
        elif item.number in declared and item.source != "computed":
            out.append(ItemStatus(item, "declared", declared[item.number][0]))
        else:
            out.append(ItemStatus(item, "computed"))
    return out
