"""What a screen may show of an item: the stimulus and the questions, never the gold answers,
the categories or the scoring settings. Widgets only ever receive these objects.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.kinds import kind_of
from app.kinds.entries import Entry
from app.kinds.state import AnswerState
from app.session.plan import PlannedTrial
from app.study.model import (
    CardsStimulus,
    ConditionText,
    ImagesStimulus,
    Item,
    QueryDocumentsStimulus,
    Question,
    Study,
    TextStimulus,
)


@dataclass(frozen=True)
class TrialView:
    position: int  # 0-based place in the plan
    total: int
    item_id: str
    block_id: str
    block_title: str
    practice: bool
    language: str | None
    direction: str
    stimulus: Any  # one of the Stimulus models, documents in shown order
    questions: list[Question]  # gold removed, options in shown order
    orders: dict[str, list[str]]
    study_folder: Path
    ready_screen: bool
    fixation_ms: int
    iti_ms: int
    deadline_ms: int | None
    show_time_left: bool = False  # count the deadline down on screen
    # The answer key alone submits (no Enter): the response time is that key's (Item.submit).
    submit_on_answer: bool = False
    # Image files of the next items in the plan, for the image cache to decode while this
    # one is answered (benchmarks/bench_next_images.py). Paths only: nothing of their items.
    upcoming_images: tuple[Path, ...] = ()
    # The study's DICOM window presets: (label, centre, width).
    window_presets: tuple[tuple[str, float, float], ...] = ()

    def image_path(self, relative: str) -> Path:
        return (self.study_folder / relative).resolve()


def strip_question(question: Question, order: list[str] | None) -> Question:
    """A copy of the question without its gold answer or scoring, options in `order`."""
    return kind_of(question).shown_question(question, order)


def shown_stimulus(item: Item, planned: PlannedTrial) -> Any:
    stim = item.stimulus
    if isinstance(stim, ConditionText) and stim.condition_text:
        # Only this sitting's condition's text reaches the screen (no AI output unaided).
        extra = stim.condition_text.get(planned.condition or "")
        text = "\n\n".join(t for t in (getattr(stim, "text", None), extra) if t)
        stim = stim.model_copy(update={
            "text": text or (None if not isinstance(stim, TextStimulus) else ""),
            "condition_text": {}})
    order = next(iter(o for q, o in planned.orders.items()
                      if q in {x.id for x in item.questions if kind_of(x).uses_documents}), None)
    if order and isinstance(stim, QueryDocumentsStimulus):
        by_id = {d.id: d for d in stim.documents}
        return stim.model_copy(update={"documents": [by_id[i] for i in order]})
    if order and isinstance(stim, CardsStimulus):
        by_id = {c.id: c for c in stim.cards}
        return stim.model_copy(update={"cards": [by_id[i] for i in order]})
    for question in item.questions:  # a kind that places the stimulus's parts itself
        stim = kind_of(question).shown_stimulus(question, stim, planned.orders.get(question.id))
    return stim


def image_files(folder: Path, item: Item) -> list[Path]:
    """The image files an item shows (its stimulus' images; prompts place those same images)."""
    stim = item.stimulus
    refs = stim.images if isinstance(stim, TextStimulus | ImagesStimulus) else []
    return [(folder / ref.path).resolve() for ref in refs]


def submits_on_answer(study: Study, item: Item) -> bool:
    """Item.submit, or its default: on_answer for one choice question in a timed study (a
    deadline, a fixation cross or a ready screen: where the response time is the point, an
    Enter after the answer would be part of it)."""
    if item.submit is not None:
        return item.submit == "on_answer"
    design = study.design
    timed = design.deadline_ms is not None or design.fixation_ms > 0 or design.ready_screen
    return timed and len(item.questions) == 1 and kind_of(item.questions[0]).answer_key_submits


def trial_view(study: Study, folder: Path, item: Item, planned: PlannedTrial, total: int) -> TrialView:
    block = study.block(planned.block_id)
    return TrialView(
        position=planned.position,
        total=total,
        item_id=item.id,
        block_id=block.id,
        block_title=block.title or ("Practice" if block.kind == "practice" else "Main"),
        practice=planned.practice,
        language=item.language,
        direction=item.direction,
        stimulus=shown_stimulus(item, planned),
        questions=[strip_question(q, planned.orders.get(q.id)) for q in item.questions],
        orders=planned.orders,
        study_folder=folder,
        ready_screen=study.design.ready_screen,
        fixation_ms=study.design.fixation_ms,
        iti_ms=study.design.iti_ms,
        deadline_ms=study.design.deadline_ms,
        show_time_left=study.design.show_time_left and study.design.deadline_ms is not None,
        submit_on_answer=submits_on_answer(study, item),
        window_presets=tuple((p.label, p.center, p.width) for p in study.viewer.presets),
    )


def shown_entries(question: Question, view: TrialView) -> list[Entry]:
    """The documents or cards of the view's stimulus, in the order shown for `question`."""
    stim = view.stimulus
    if isinstance(stim, QueryDocumentsStimulus):
        entries = [Entry(d.id, d.text) for d in stim.documents]
    elif isinstance(stim, CardsStimulus):
        entries = [Entry(c.id, c.text) for c in stim.cards]
    else:
        raise ValueError(f"a {question.kind} question needs documents or cards; item "
                         f"{view.item_id!r} shows a {stim.kind} stimulus")
    order = view.orders.get(question.id)
    if order and sorted(order) == sorted(e.id for e in entries):
        by_id = {e.id: e for e in entries}
        entries = [by_id[i] for i in order]
    return entries


def state_for(question: Question, view: TrialView, clock: Callable[[], int] = time.monotonic_ns
              ) -> AnswerState:
    """The answer model for a question as shown on a trial screen: kinds that judge documents
    or cards get them from the view, in the order the participant sees them (the plan's order
    for that question, else the stimulus's)."""
    kind = kind_of(question)
    entries = shown_entries(question, view) if kind.uses_documents else []
    return kind.answer_state(question, entries, clock)
