"""Coverage for the designer: raters per item so far (from the database) against k, and the
codes whose share of the items nobody has rated yet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.session.assignment import expected_coverage
from app.session.coverage import coverage
from app.simulate import SimulationConfig, simulate
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main


def assigned_study(folder: Path) -> LoadedStudy:
    """12 main items, 4 per participant, 2 raters each: 6 slots; plus a practice item."""
    choice = {"id": "q", "kind": "choice", "gold": "a",
              "options": [{"key": "a", "label": "A"}, {"key": "b", "label": "B"}]}
    items = [{"id": f"i{j:02d}", "stimulus": {"kind": "text", "text": f"{j}"}, "questions": [choice]}
             for j in range(12)]
    items.append({"id": "warmup", "block": "practice", "stimulus": {"kind": "text", "text": "p"},
                  "questions": [choice]})
    folder.mkdir()
    (folder / "study.json").write_text(json.dumps({
        "format_version": 1, "id": "cov", "title": "Coverage", "items": items,
        "blocks": [{"id": "practice", "kind": "practice"}, {"id": "main"}],
        "assignment": {"items_per_participant": 4, "raters_per_item": 2, "seed": 3}}))
    return load_study(folder)


def test_coverage_counts_raters_from_the_database(db: Database, tmp_path: Path) -> None:
    loaded = assigned_study(tmp_path / "cov")
    empty = coverage(loaded, db)
    assert (empty.target, empty.slots, empty.participants) == (2, 6, 0)
    assert len(empty.under) == 12 and empty.free_slots == list(range(6))

    # Three participants (slots 0, 1, 2) through the engine, marked simulated.
    simulate(loaded, db, SimulationConfig(participants=3, seed=1))
    assert coverage(loaded, db).participants == 0  # simulated people do not count by default
    cov = coverage(loaded, db, include_simulated=True)
    raters = {i.item_id: i.raters for i in cov.items}
    assert raters == expected_coverage(loaded.study, 3)  # practice item not counted
    assert "warmup" not in raters
    assert cov.participants == 3
    assert cov.free_slots == [3, 4, 5]
    assert cov.suggested_codes() == ["P004", "P005", "P006"]
    assert {i.item_id for i in cov.under} == {i for i, n in raters.items() if n < 2}
    assert sum(i.missing for i in cov.under) == 24 - 12

    # The other three slots complete the study: every item has its two raters.
    simulate(loaded, db, SimulationConfig(participants=3, seed=1, first=4, bulk=True))
    done = coverage(loaded, db, include_simulated=True)
    assert done.complete and done.free_slots == [] and done.under == []
    assert {i.raters for i in done.items} == {2}


def test_cli_coverage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    loaded = assigned_study(tmp_path / "cov")
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    assert main(["simulate", "--study", str(loaded.folder), "--db", url, "--participants", "2",
                 "--bulk"]) == 0
    capsys.readouterr()
    assert main(["coverage", "--study", str(loaded.folder), "--db", url,
                 "--include-simulated"]) == 0
    out = capsys.readouterr().out
    assert "12 scored items, 2 rater(s) wanted per item; 2 participant(s) so far" in out
    assert "0/12 items have 2 or more raters" in out
    assert "12 item(s) with fewer (16 ratings missing)" in out
    assert "codes not used yet (each takes its own share of the items): P003, P004, P005, P006" in out
