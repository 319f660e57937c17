"""The humans as Inspect eval logs, so `inspect view` shows them beside the models, sample by
sample:

    inspect/humans.eval               the pooled human (all raters)
    inspect/humans-<tier>.eval        the pooled human of each tier, where the study has tiers

The pooled human is the export's own (HUME's): the majority vote of a choice question, the mean
rating of an STS-scored one; other kinds have no pooled answer and are left out. Each sample is
one item's question: its id the item id (`item/question` where the item asks several, the id
`import inspect-log` matches by), input the prompt and the text shown, target the gold answer,
output the pooled answer, and as score the value behind the question's main metric (C/I for a
choice, the mean rating for STS) with the pooled answer as `answer`. The log's results are the
pooled human's scores as the export computed them (scores.csv), per question.

Written through inspect-ai's own writer (`inspect_ai.log.write_eval_log`), on request only
(`export --inspect-log`): the writer takes ~3 ms a sample, a minute at 20,000 items. inspect-ai
is a test dependency that the installable app leaves out: without it the command refuses the
option with how to install it, and `export_all` notes that the files were not written.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from app.importers.base import identifier
from app.results.scorers import scorer_for
from app.results.summary import StudyResults
from app.results.units import QuestionGroup
from app.study.loader import LoadedStudy
from exporters.out_folder import out_path

FOLDER = "inspect"
POOLED_MODEL = "human/pooled"


def available() -> bool:
    try:
        import inspect_ai.log  # noqa: F401
    except ImportError:
        return False
    return True


def inspect_note() -> str:
    return ("the humans as Inspect eval logs (inspect/) need inspect-ai, which the installable "
            "app leaves out: install it beside Baseline Studio (pip install inspect-ai) and "
            "export from that Python")


def _sample_id(loaded: LoadedStudy, item_id: str, question_id: str) -> str:
    item = loaded.items_by_id[item_id]
    return item_id if len(item.questions) == 1 else f"{item_id}/{question_id}"


def _input(loaded: LoadedStudy, group: QuestionGroup, item_id: str) -> str:
    question = group.questions[item_id]
    text = getattr(loaded.items_by_id[item_id].stimulus, "text", None)
    return "\n\n".join(str(part) for part in (question.prompt, text) if part) or item_id


def _samples(loaded: LoadedStudy, group: QuestionGroup, answers: pd.DataFrame,
             results: StudyResults, model: str) -> tuple[list[Any], dict[str, float]]:
    """The group's pooled human as EvalSamples, and its scores; none without a pooled human."""
    from inspect_ai.log import EvalSample
    from inspect_ai.model import ModelOutput
    from inspect_ai.scorer import Score

    scorer = scorer_for(group)
    if scorer is None or answers.empty:
        return [], {}
    pooled = scorer.pooled(group, answers, results.options)
    if pooled is None or pooled.answers is None:
        return [], {}
    choice = group.kind == "choice"
    n_raters = answers.groupby("item_id")["participant"].nunique()
    samples = []
    for item_id, answer in zip(pooled.answers["item_id"], pooled.answers["answer"], strict=True):
        item_id = str(item_id)
        gold = group.gold(item_id)
        value = pooled.values.get(item_id, math.nan)
        if choice:
            score_value: Any = "C" if value == 1.0 else "I"
        else:
            score_value = None if value is None or math.isnan(value) else float(value)
        text = str(answer)
        samples.append(EvalSample(
            id=_sample_id(loaded, item_id, group.question_id), epoch=1,
            input=_input(loaded, group, item_id), target="" if gold is None else str(gold),
            output=ModelOutput.from_content(model=model, content=text),
            scores={group.question_id: Score(value=score_value, answer=text,
                                             explanation=pooled.label)},
            metadata={"question_id": group.question_id, "n_raters": int(n_raters.get(item_id, 0)),
                      "pooled": pooled.label}))
    scores = {k: float(v) for k, v in pooled.scores.items()
              if isinstance(v, (int, float)) and math.isfinite(v)}
    return samples, scores


def _log(loaded: LoadedStudy, model: str, samples: list[Any],
         scores: dict[str, dict[str, float]]) -> Any:
    from inspect_ai.log import (
        EvalConfig,
        EvalDataset,
        EvalLog,
        EvalMetric,
        EvalResults,
        EvalScore,
        EvalSpec,
    )

    study = loaded.study
    spec = EvalSpec(
        created=datetime.now(UTC).isoformat(timespec="seconds"), task=study.id,
        task_version=study.version, model=model, config=EvalConfig(),
        dataset=EvalDataset(name=study.id, samples=len(samples),
                            sample_ids=[s.id for s in samples], shuffled=False),
        metadata={"study_title": study.title, "written_by": "Baseline Studio export"},
    )
    results = EvalResults(
        total_samples=len(samples), completed_samples=len(samples),
        scores=[EvalScore(name=qid, scorer=qid, metrics={
            name: EvalMetric(name=name, value=value) for name, value in metrics.items()})
            for qid, metrics in scores.items()])
    return EvalLog(status="success", eval=spec, results=results, samples=samples)


def write_inspect_logs(loaded: LoadedStudy, results: StudyResults, out_dir: Path) -> list[Path]:
    if not available():
        results.notes.append(inspect_note())
        return []
    from inspect_ai.log import write_eval_log

    parties: dict[str, tuple[str, str | None]] = {"humans": (POOLED_MODEL, None)}
    if results.tier_field:
        tiers = sorted({str(t) for a in results.answers.values() for t in a["tier"] if t})
        for value in tiers:
            parties[f"humans-{identifier(value, 'tier')}"] = (f"human/pooled-{value}", value)
    written = []
    for name, (model, tier) in parties.items():
        samples: list[Any] = []
        scores: dict[str, dict[str, float]] = {}
        for group in results.groups:
            answers = results.answers.get(group.question_id)
            if answers is None:
                continue
            if tier is not None:
                answers = answers[answers["tier"] == tier]
            group_samples, group_scores = _samples(loaded, group, answers, results, model)
            samples += group_samples
            if group_samples:
                scores[group.question_id] = group_scores
        if not samples:
            continue
        path = out_path(out_dir, FOLDER, f"{name}.eval")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_eval_log(_log(loaded, model, samples, scores), str(path))
        written.append(path)
    return written
