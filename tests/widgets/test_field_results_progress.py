"""The results window while it computes: a busy bar and the stage the one analysis is at
(reading, quality rules, scores per question, agreement, humans against the models...), and no
table saying "tick Include simulated participants" once it is ticked and the results with
them are being computed."""

from __future__ import annotations

from pathlib import Path

from app.results.options import ResultsOptions
from app.results.stages import STAGES
from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.study.loader import load_study
from widgets.qt import QSettings
from widgets.results import ResultsWindow
from widgets.results.window import STAGE_WORDS

TIMEOUT_MS = 60_000


def test_stages_and_a_message_true_to_the_state(qtbot, mini_study_dir: Path,
                                                tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=3, seed=1))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = ResultsWindow(loaded, db, options=ResultsOptions(n_boot=0), poll_ms=60_000,
                           settings=settings)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.compared, timeout=TIMEOUT_MS):
        window.show()
    assert not window.progress.isVisible() and "Computing" not in window.status.text()
    assert "tick Include simulated" in window.comparison.property("empty_reason")
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.simulated.setChecked(True)
        assert window.progress.isVisible() and "Computing the analysis" in window.status.text()
        reasons = [t.property("empty_reason") or "" for t in (window.comparison,
                                                              window.agreement)]
        assert not any("tick Include simulated" in r for r in reasons), reasons
    assert window.results is not None and window.results.n_participants == 3
    assert "tick Include simulated" not in (window.comparison.property("empty_reason") or "")
    qtbot.waitUntil(lambda: not window.progress.isVisible(), timeout=TIMEOUT_MS)
    assert "Computing" not in window.status.text() and "3 participants" in window.status.text()
    window.close()
    db.close()


def test_the_busy_bar_names_each_stage_of_the_analysis(qtbot, mini_study_dir: Path,
                                                       tmp_path: Path) -> None:
    """Every stage the analysis reaches is shown beside the busy bar as it begins (in
    words, with the question for a per-question stage), not one "Computing…" throughout."""
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=3, seed=1))
    window = ResultsWindow(loaded, db, options=ResultsOptions(n_boot=0, include_simulated=True),
                           poll_ms=60_000,
                           settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    shown: list[tuple[str, str, bool]] = []
    # Connected after the window's own slot: what the status says once it has the stage.
    window.model.stage.connect(lambda stage: shown.append(
        (stage.name, window.status.text(), window.progress.isVisible())))
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    names = [name for name, _, _ in shown]
    for name in ("loading", "screening", "models", "raters", "scoring", "agreement", "gaps",
                 "sensitivity"):
        assert name in names, f"stage {name!r} never shown"
    assert names.index("loading") < names.index("scoring") < names.index("gaps")
    for name, text, busy in shown:
        assert busy and text.startswith("Computing the analysis: ")
        assert STAGE_WORDS[name] in text
    scoring = next(text for name, text, _ in shown if name == "scoring")
    assert "question 1 of" in scoring or "question 2 of" in scoring
    qtbot.waitUntil(lambda: not window.progress.isVisible(), timeout=TIMEOUT_MS)
    assert "Computing" not in window.status.text()
    window.close()
    db.close()


def test_every_stage_has_words() -> None:
    assert set(STAGE_WORDS) == set(STAGES)
