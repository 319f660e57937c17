"""The results part of `make screenshots` writes the PNGs the README and docs/results.md show."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import widgets.results_tour as tour
from widgets.qt import QImage


def test_a_results_shot_is_taken_from_simulated_raters(qtbot: object, tmp_path: Path, data_home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    shot = next(s for s in tour.SHOTS if s.study == "poem-ratings-demo")
    monkeypatch.setattr(tour, "SHOTS", [shot])
    (path,) = tour.take_results_shots(tmp_path, data_home, raters=3)
    assert path == tmp_path / f"{shot.name}.png"
    image = QImage(str(path))
    assert image.width() >= 1200 and image.height() >= 800


def test_every_screenshot_the_docs_show_is_made_by_the_tour() -> None:
    repo = Path(__file__).resolve().parents[2]
    text = "".join((repo / doc).read_text(encoding="utf-8") for doc in ("README.md", "docs/results.md"))
    linked = set(re.findall(r"screenshots/(results-[\w-]+)\.png", text))
    assert linked and linked <= {s.name for s in tour.SHOTS}
