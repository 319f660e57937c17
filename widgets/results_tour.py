"""The results part of `make screenshots`: the designer's results window on each demo study.

Each study gets simulated raters (marked simulated; the window is told to include them) in a
database of its own, then the window is shown on the tab that study's paper table needs and
saved as docs/screenshots/results-*.png (the README and docs/results.md show these).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from app.catalog import find_study
from app.results.options import ResultsOptions
from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.study.loader import load_study
from widgets.qt import QApplication
from widgets.results.window import ResultsWindow

WAIT_S = 180  # results of a demo study take seconds; a loaded machine gets some slack


HUMAN_VS_MODEL = 5  # the tab's index


@dataclass(frozen=True)
class ResultsShot:
    study: str
    question: str | None  # None: the window's first question
    tab: int  # 0 scores, 1 response times, 2 ratings, 3 agreement, 4 most disputed, 5 human vs model
    choice: str | None  # breakdown category (scores) or unit (response times)
    name: str


SHOTS = [
    ResultsShot("lesion-vqa-demo", "lesion", 0, "lesion_type", "results-lesion-scores-by-lesion-type"),
    ResultsShot("spinbench-timing-demo", "answer", 1, "task", "results-spinbench-rt-vs-model-accuracy"),
    ResultsShot("poem-ratings-demo", "overall", 2, None, "results-poem-ratings-by-author-type"),
    ResultsShot("hume-demo", None, 4, None, "results-hume-disputed-items"),
    ResultsShot("lesion-vqa-demo", "lesion", HUMAN_VS_MODEL, "lesion_type",
                "results-lesion-human-vs-model"),
    ResultsShot("hume-demo", "similarity", HUMAN_VS_MODEL, None, "results-hume-human-vs-model"),
    ResultsShot("spinbench-timing-demo", "answer", HUMAN_VS_MODEL, None,
                "results-spinbench-human-vs-model"),
    ResultsShot("poem-ratings-demo", "authorship", HUMAN_VS_MODEL, None,
                "results-poem-human-vs-model"),
]


def take_results_shots(out: Path, home: Path, *, raters: int = 10) -> list[Path]:
    saved: list[Path] = []
    for shot in SHOTS:
        loaded = load_study(find_study(shot.study, home))
        db = open_database(f"sqlite:///{home / f'results-{shot.study}.sqlite3'}")
        simulate(loaded, db, SimulationConfig(participants=raters, seed=1, bulk=True))
        window = ResultsWindow(loaded, db, options=ResultsOptions(include_simulated=True))
        window.resize(1560, 980)
        window.show()
        _wait_for(lambda w=window: w.results is not None)
        if shot.tab == HUMAN_VS_MODEL:  # computed after the scores
            _wait_for(lambda w=window: not w.human_vs_model.gaps.empty)
        if shot.question is not None:
            window.question.setCurrentIndex(max(window.question.findData(shot.question), 0))
        window.tabs.setCurrentIndex(shot.tab)
        combo = {0: window.breakdown, HUMAN_VS_MODEL: window.human_vs_model.breakdown}.get(
            shot.tab, window.rt_category)
        if shot.choice is not None and combo.findText(shot.choice) >= 0:
            combo.setCurrentIndex(combo.findText(shot.choice))
        _settle()
        path = out / f"{shot.name}.png"
        window.grab().save(str(path))
        saved.append(path)
        window.close()
        db.close()
    return saved


def _wait_for(condition: object) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        QApplication.processEvents()
        time.sleep(0.02)
    if not condition():  # type: ignore[operator]
        raise TimeoutError(f"the results window did not compute within {WAIT_S} s")


def _settle() -> None:
    for _ in range(10):
        QApplication.processEvents()
        time.sleep(0.02)
