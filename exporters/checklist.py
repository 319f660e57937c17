"""The human-baseline reporting checklist filled from the study, its responses and the
analysis (app.study.checklist holds the items and their source): checklist.csv, the report's
section, paper/checklist.tex, and the study's instructions and consent texts written beside
them (materials.md), so that 5.1.2 is answered by the export itself.

Every computed answer is read from a table the export also writes (responses_long.csv,
exclusions.csv, sensitivity.csv, gaps.csv, human_scores.csv), so a reader can check it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import numpy as np
import pandas as pd

from app.importers.harness import SAMPLES_SUFFIX
from app.results.analysis import StudyAnalysis
from app.storage.database import Database, ParticipantInfo
from app.storage.records import SessionRecord
from app.study.checklist import (
    BY_NUMBER,
    ITEMS,
    Answer,
    ChecklistItem,
    applies,
    declared_answer,
    study_answers,
)
from app.study.loader import LoadedStudy
from app.study.model_quality import RULE_WORDS
from app.wording import counted
from exporters.analysis_words import interval_words, metric_words, significance_tests
from exporters.checklist_render import checklist_tex
from exporters.csv_files import write_frames
from exporters.simulated import simulated_count

CHECKLIST_COLUMNS = ["item", "title", "answer", "source", "where"]
MATERIALS_FILE = "materials.md"
TEXT_STIMULI = {"text", "poem", "pair", "cards", "query_documents"}


@dataclass
class ChecklistInputs:
    """What the export knows when the checklist is filled: the analysis (its `responses` are
    the scored ones, after any applied exclusion; its quality tables cover everyone), the
    study's sessions and every registered participant."""

    loaded: LoadedStudy
    results: StudyAnalysis
    sessions: list[SessionRecord]
    participants: list[ParticipantInfo] = field(default_factory=list)

    @property
    def hvm(self) -> StudyAnalysis:
        return self.results

    @property
    def frame(self) -> pd.DataFrame:
        return self.results.responses


def samples_per_item(loaded: LoadedStudy) -> dict[str, int]:
    """Per model, the most samples (a harness' epochs) any item has in the `.samples.csv` an
    import wrote beside a predictions file; models without one are left out. A file that
    cannot be read says nothing here (the predictions file itself was checked on load)."""
    most: dict[str, int] = {}
    for ref in loaded.study.models.predictions:
        path = loaded.folder / ref.file
        samples = path.with_name(path.name.removesuffix(".csv") + SAMPLES_SUFFIX)
        if not samples.is_file():
            continue
        try:
            frame = pd.read_csv(samples, usecols=["model", "item_id", "question_id"], dtype=str)
        except (OSError, ValueError, pd.errors.ParserError):
            continue
        counts = frame.groupby(["model", "item_id", "question_id"]).size()
        for model, n in counts.groupby(level="model").max().items():
            most[str(model)] = max(most.get(str(model), 0), int(n))
    return most


def _main(frame: pd.DataFrame) -> pd.DataFrame:
    if frame.empty:
        return frame
    return frame[~frame["practice"].astype(bool) & (frame["role"].astype(str) == "trial")]


def _spread(values: Sequence[float], unit: str = "") -> str:
    """'median 12 (range 10-14)': a count per something, as a reader of methods expects."""
    if not len(values):
        return "none"
    median, low, high = float(np.median(values)), min(values), max(values)
    text = f"{median:g}{unit}" if low == high else (
        f"median {median:g}{unit} (range {low:g}-{high:g})")
    return text


def completion_minutes(sessions: Sequence[SessionRecord], finished: set[str]) -> list[float]:
    """Time to completion: the start to the end of each closed session of a participant who
    answered every assigned item, in minutes (imported sessions have no length)."""
    return [(datetime.fromisoformat(s.ended_utc) - datetime.fromisoformat(s.started_utc))
            .total_seconds() / 60 for s in sessions
            if s.ended_utc and s.participant_code in finished and s.ended_utc != s.started_utc]


def computed_answers(inputs: ChecklistInputs) -> dict[str, Answer]:
    """The items the app answers itself, from the study file and the export's tables."""
    study, results, hvm = inputs.loaded.study, inputs.results, inputs.hvm
    out = study_answers(study, inputs.loaded.folder)
    scored = _main(inputs.frame)

    def put(number: str, text: str, where: str, word: str = "") -> None:
        out[number] = Answer(text, "computed", where, word)

    kinds = {i.stimulus.kind for i in study.items}
    modes = sorted({"visual" if k == "images" else "text" if k in TEXT_STIMULI else "other"
                    for k in kinds})
    put("0.6", ", ".join(modes), "study.json items[].stimulus")
    languages = list(study.languages) or sorted({i.language for i in study.items if i.language})
    if languages:
        put("0.7", ", ".join(languages), "study.json languages")
    model_rows = results.model_scores
    model_items = {item for q in results.predictions.by_question.values()
                   for pairs in q.values() for item, _ in pairs}
    if results.predictions.models:
        put("0.9", f"{len(model_items)} items ({counted(len(results.predictions.models), 'model')})",
            "the study's predictions files")
        runs = samples_per_item(inputs.loaded)
        if any(n > 1 for n in runs.values()):
            said = "; ".join(f"{model}: {n}" for model, n in sorted(runs.items()))
            put("0.10", f"samples per item, as the harness ran them ({said}); the first sample "
                "of each item is the one scored, every sample is in its .samples.csv",
                "the study's predictions/*.samples.csv")
        else:
            put("0.10", "1 (one prediction per model, item and question)",
                "the study's predictions files")
    else:
        put("0.9", "no model predictions in the study", "study.json models")
        put("0.10", "N/A: no model predictions", "study.json models", "n/a")
    n_sim = simulated_count(inputs.frame)
    n = results.n_participants
    put("1.1", f"{n}" + (f" ({n_sim} of them simulated, not people)" if n_sim else ""),
        "responses_long.csv participant, simulated")
    n_items = int(scored["item_id"].nunique()) if not scored.empty else 0
    n_trials = sum(1 for i in study.items if i.role == "trial" and i.block in
                   {b.id for b in study.blocks if b.kind == "main"})
    put("1.2", f"{n_items} of the study's {n_trials} items", "responses_long.csv item_id")
    if not scored.empty:
        per_item = scored.groupby("item_id")["participant"].nunique()
        put("1.3", _spread(per_item.tolist()), "responses_long.csv, raters per item")
        per_rater = scored.groupby("participant")["item_id"].nunique()
        put("1.4", _spread(per_rater.tolist()), "responses_long.csv, items per participant")
        per_sitting = scored.groupby("session_uuid")["item_id"].nunique()
        put("3.1", _spread(per_sitting.tolist()), "responses_long.csv, items per session")
    shuffled = [b.shuffle if b.shuffle is not None else study.design.shuffle_items
                for b in study.blocks if b.kind == "main"]
    order = ("Yes: every participant saw the items in an order drawn for them" if all(shuffled)
             else "Partial: some blocks in the study's order" if any(shuffled)
             else "No: the study's order for everyone")
    put("3.1.1", order, "study.json design.shuffle_items, blocks[].shuffle",
        "yes" if all(shuffled) else "partial" if any(shuffled) else "no")
    checks = sum(1 for i in study.items if i.role != "trial")
    rules = hvm.exclusions
    active = rules[rules["threshold"].notna()] if not rules.empty else rules
    rule_names = list(dict.fromkeys(str(r) for r in active["rule"])) if not active.empty else []
    criteria = [f"participants who {RULE_WORDS.get(r, r)}" for r in rule_names]
    if checks:
        criteria.insert(0, f"{counted(checks, 'attention or gold-check item')}")
    if criteria:
        put("3.2", "Yes", "study.json quality, items[].role; exclusions.csv", "yes")
        put("3.2.1", "; ".join(criteria), "study.json quality; exclusions.csv")
        answers_of = hvm.answers_of
        counts = []
        for rule in rule_names:
            rows = active[(active["rule"] == rule) & active["excluded"].astype(bool)]
            flagged = set(rows["participant"].astype(str))
            n_answers = sum(answers_of.get(p, 0) for p in flagged)
            counts.append(f"{len(flagged)} {RULE_WORDS.get(rule, rule)} "
                          f"({counted(n_answers, 'response')})")
        total = sum(answers_of.values())
        left_out = sum(answers_of.get(p, 0) for p in hvm.excluded)
        applied = (f"applied to the scores: {', '.join(hvm.applied)}; "
                   f"{counted(len(hvm.excluded), 'participant')} and their "
                   f"{counted(left_out, 'response')} of {total} left out" if hvm.applied else
                   f"none applied to the scores, so 0 of the {total} responses were excluded "
                   "(each rule's effect in sensitivity.csv)")
        put("3.2.2", f"{'; '.join(counts) or 'no participant'} (of "
            f"{int(rules['participant'].nunique()) if not rules.empty else 0}"
            f" participants); {applied}", "exclusions.csv, responses_long.csv, sensitivity.csv")
    else:
        put("3.2", "No", "study.json quality", "no")
    if results.predictions.models:
        put("3.3.1", "Yes: humans answered in Baseline Studio's graphical interface; the models' "
            "predictions were imported from files", "study.json models", "yes")
    text_questions = sorted({q.id for i in study.items for q in i.questions if q.kind == "text"})
    named = ", ".join(q.replace("_", " ") for q in text_questions)
    put("3.6", (f"Yes: free-text question{'s' if len(text_questions) > 1 else ''} {named}"
                if text_questions
                else "No: no free-text question"), "study.json items[].questions",
        "yes" if text_questions else "no")
    gaps = hvm.gaps
    tests = significance_tests(gaps)
    if tests and gaps["p_value"].notna().any():
        put("4.1", "Yes", "gaps.csv p_value", "yes")
        put("4.1.1", "; ".join(tests) + "; Holm-adjusted", "gaps.csv method, p_holm")
    else:
        put("4.1", "No: no model compared with the humans", "gaps.csv", "no")
    intervals = interval_words(gaps)
    has_ci = bool(results.scores["ci_low"].notna().any()) if not results.scores.empty else False
    put("4.2", f"Yes: 95% intervals, {'; '.join(intervals) or 'bootstrap'}" if has_ci else "No",
        "human_scores.csv, gaps.csv ci_low, ci_high, method", "yes" if has_ci else "no")
    put("4.2.1", "point and interval estimates" if has_ci else "point estimate",
        "human_scores.csv")
    if not gaps.empty:
        metrics = sorted({metric_words(m) for m in gaps["metric"].dropna()})
        cells = gaps[gaps["category"] == "all"]
        n_same = int(cells["n_items"].max()) if not cells.empty else 0
        put("4.3", f"Yes: {', '.join(metrics)} for both, on the same {n_same} items",
            "gaps.csv metric, n_items", "yes")
        put("4.4", "Yes: both scored against the same gold answers of the study", "study.json "
            "items[].questions[].gold", "yes")
        put("4.5", "Yes: both scored by the same function of Baseline Studio (docs/results.md)",
            "gaps.csv metric", "yes")
    elif not model_rows.empty:
        put("4.3", "Partial: published model scores only, not on the same items",
            "model_scores.csv", "partial")
    if not results.predictions.models and model_rows.empty:
        for number in ("3.3.1", "4.3", "4.4", "4.5"):
            put(number, "N/A: no model in the study", "study.json models", "n/a")
    sens = hvm.sensitivity
    if not sens.empty and not (sens["n_excluded"].fillna(0) > 0).any():
        put("4.6", "Yes: no quality rule excluded anyone, so no score depends on the choice "
            "(sensitivity.csv)", "sensitivity.csv n_excluded", "yes")
    elif not sens.empty and sens["difference_from_none"].notna().any():
        worst = sens.iloc[int(np.nanargmax(sens["difference_from_none"].abs().to_numpy(float)))]
        put("4.6", f"Reported: each rule's effect on every human score (sensitivity.csv); the "
            f"largest change is {float(worst['difference_from_none']):+.3f} ({worst['rule']}, "
            f"{worst['question_id']})", "sensitivity.csv difference_from_none", "yes")
    demographics = _demographics(inputs)
    put("5.1.1", demographics or "No: the participants gave no profile answers to summarise",
        "participants' profile fields (non-identifying)", "yes" if demographics else "no")
    put("5.1.2", f"Yes: the study's instructions and consent text are in {MATERIALS_FILE}",
        MATERIALS_FILE, "yes")
    minutes = completion_minutes(inputs.sessions, finished_participants(hvm))
    if minutes:
        q1, q3 = np.percentile(minutes, [25, 75])
        put("5.1.3", f"median {np.median(minutes):.1f} minutes per finished session (IQR "
            f"{q1:.1f}-{q3:.1f}, {counted(len(minutes), 'session')})", "the sessions' start "
            "and end times", "yes")
    else:
        put("5.1.3", "No: no timed session (imported responses only)", "responses_long.csv", "no")
    put("5.1.5", _completion(inputs), "the database's sessions and participants", "yes")
    put("5.1", "See 5.1.1 to 5.1.5", "this checklist")
    return out


def _demographics(inputs: ChecklistInputs) -> str:
    """Per profile field the counts of each answer (numbers: median and range) over the
    scored participants; identifying and free-text fields are never listed."""
    scored = set(inputs.frame["participant"].astype(str)) if not inputs.frame.empty else set()
    profiles = [p.profile for p in inputs.participants if p.code in scored]
    parts = []
    for f in inputs.loaded.study.profile_fields:
        if f.identifying or f.kind == "text":
            continue
        values = [p.get(f.id) for p in profiles if p.get(f.id) not in (None, "")]
        if not values:
            continue
        if f.kind == "number":
            numbers = [float(v) for v in values if isinstance(v, int | float)]
            if numbers:
                parts.append(f"{f.label}: {_spread(numbers)}")
            continue
        labels = {o.key: o.label for o in f.options}
        counts = pd.Series([labels.get(str(v), str(v)) for v in values]).value_counts()
        parts.append(f"{f.label}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return "; ".join(parts)


def finished_participants(hvm: StudyAnalysis) -> set[str]:
    """Who answered every item assigned to them (exclusions.csv, rule incomplete, value 1)."""
    rows = hvm.exclusions
    rows = rows[rows["rule"] == "incomplete"] if not rows.empty else rows
    return {str(p) for p, v in zip(rows["participant"], rows["value"], strict=True)
            if v is not None and float(v) >= 1 - 1e-9}


def _completion(inputs: ChecklistInputs) -> str:
    """Recruited but not finished: a participant with a code (and consent) and a session
    who did not answer every item assigned to them."""
    started = {s.participant_code for s in inputs.sessions}
    finished = finished_participants(inputs.hvm) & started
    return (f"{len(started)} started a session, {len(finished)} answered every item assigned "
            f"to them, {len(started) - len(finished)} recruited but did not finish")


def checklist_rows(inputs: ChecklistInputs) -> pd.DataFrame:
    """checklist.csv: one row per item of the checklist, in its order."""
    reporting = inputs.loaded.study.reporting
    computed = computed_answers(inputs)
    tag = " (illustrative)" if reporting.illustrative else ""
    answers: dict[str, Answer] = {}
    for item in ITEMS:
        declared = declared_answer(reporting, item)
        if item.number in computed and (item.source == "computed" or declared is None):
            answers[item.number] = computed[item.number]
        elif declared is not None:
            answers[item.number] = Answer(declared[0], "declared",
                                          f"study.json reporting.{item.field}{tag}", declared[1])
    if "2.7.1" in answers and reporting.pay and reporting.pay.amount and \
            reporting.pay.unit != "hour":
        minutes = completion_minutes(inputs.sessions, finished_participants(inputs.hvm))
        if minutes and np.median(minutes) > 0:
            hours = float(np.median(minutes)) / 60 * (1 if reporting.pay.unit == "session" else
                                                       max(1, len(inputs.sessions)))
            rate = reporting.pay.amount / hours if reporting.pay.unit == "session" else math.nan
            if math.isfinite(rate):
                a = answers["2.7.1"]
                answers["2.7.1"] = Answer(f"{a.text}; {rate:.2f} {reporting.pay.currency} per "
                                          "hour at the median time per session", "declared",
                                          a.where + "; responses_long.csv times", a.word)
    words = {k: a.word for k, a in answers.items()}
    rows = []
    for item in ITEMS:
        if not applies(item, words):
            parent = _deciding_parent(item, answers, words)
            said = answers[parent.number]
            rows.append([item.number, item.title, f"N/A ({parent.number} answered "
                         f"{said.text.split(':')[0]})", said.source, said.where])
            continue
        found = answers.get(item.number)
        if found is None:
            where = f"study.json reporting.{item.field}" if item.field else ""
            rows.append([item.number, item.title, "", "missing", where])
        else:
            rows.append([item.number, item.title, found.text, found.source, found.where])
    return pd.DataFrame(rows, columns=CHECKLIST_COLUMNS)


def _deciding_parent(item: ChecklistItem, answers: dict[str, Answer], words: dict[str, str]
                     ) -> ChecklistItem:
    """The ancestor whose answer leaves `item` unasked (2.7 "No" for 2.7.2.1)."""
    assert item.only_if is not None
    parent = BY_NUMBER[item.only_if[0]]
    return parent if applies(parent, words) else _deciding_parent(parent, answers, words)


def materials_text(loaded: LoadedStudy) -> str:
    """What the participants read: instructions, consent and each block's introduction."""
    study = loaded.study
    parts = [f"# {study.title}: what participants read", ""]
    for title, text in (("Instructions", study.instructions), ("Consent", study.consent)):
        parts += [f"## {title}", "", text.strip() or "(none)", ""]
    for block in study.blocks:
        if block.intro:
            parts += [f"## Block {block.title or block.id}", "", block.intro.strip(), ""]
    return "\n".join(parts)


def write_checklist(rows: pd.DataFrame, loaded: LoadedStudy, out_dir: Path) -> list[Path]:
    written = write_frames(out_dir, {"checklist.csv": rows})
    materials = out_dir / MATERIALS_FILE
    materials.write_text(materials_text(loaded), encoding="utf-8")
    return [*written, materials]


def filled_checklist(loaded: LoadedStudy, analysis: StudyAnalysis, db: Database, out_dir: Path,
                     keep: list[pd.DataFrame]) -> list[Path]:
    """The export's step: checklist.csv, materials.md and paper/checklist.tex written, the
    rows appended to `keep` for the report."""
    study_id = loaded.study.id
    inputs = ChecklistInputs(loaded, analysis, db.sessions(study_id), db.participants(study_id))
    rows = checklist_rows(inputs)
    keep.append(rows)
    written = write_checklist(rows, loaded, out_dir)
    paper = out_dir / "paper"
    paper.mkdir(parents=True, exist_ok=True)
    tex = paper / "checklist.tex"
    tex.write_text(checklist_tex(rows, loaded.study.reporting.illustrative), encoding="utf-8")
    return [*written, tex]
