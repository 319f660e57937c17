"""Where a long analysis is: `analyse` (and `compute_results` within it) tell a caller each
stage as they reach it, so that a window can say what it is computing (the results window's
busy bar; 2,000 participants take tens of seconds). Plain Python: the callback runs on the
thread that computes, and the caller hands it on (widgets.tasks delivers it to the GUI).

    analyse(loaded, frame, options, progress=lambda stage: print(stage.name, stage.question))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# Every stage, in the order an analysis passes them (the per-question ones once per question).
STAGES = (
    "loading",  # reading the responses (the caller's, before `analyse`)
    "screening",  # the quality rules measured on every participant
    "models",  # the models' predictions read
    "raters",  # pooled human labels (majority vote, Dawid-Skene, MACE), per question
    "scoring",  # humans' and models' scores with their intervals, per question
    "abilities",  # item difficulties and abilities (Rasch), per question
    "agreement",  # agreement between raters and the most disputed items, per question
    "response_times",  # response times against model accuracy, per question
    "gaps",  # humans against the models (gaps, human ranges, their tests)
    "sensitivity",  # what each quality rule would change
    "comments",  # the free-text answers
    "reader_study",  # a reader study's AUCs and MRMC analyses
)


@dataclass(frozen=True)
class Stage:
    """One stage reached: its name (one of STAGES) and, for a per-question stage, the
    question and its place among the study's question groups (1-based `n` of `of`)."""

    name: str
    question: str | None = None
    n: int = 0
    of: int = 0

    def __post_init__(self) -> None:
        if self.name not in STAGES:
            raise ValueError(f"unknown analysis stage {self.name!r}")


Progress = Callable[[Stage], None]


def silent(_stage: Stage) -> None:
    """No one to tell."""
