"""`baseline-studio plan`: widths fall as raters grow, the recommendation is the smallest
design meeting the target width, the widths it predicts are those of replicate studies built
with the study's own assignment, every question is planned (a rating on its own scale), a
pilot database sets the rates, bad flags exit 2."""

from __future__ import annotations

import math
from itertools import pairwise
from pathlib import Path

import pandas as pd
import pytest

from app.simulation.config import SimulationConfig
from app.simulation.planning import (
    HOURS,
    PARTICIPANTS,
    RECOMMENDED,
    TARGET_HUMAN,
    WIDTH_ALPHA,
    WIDTH_GAP,
    WIDTH_HUMAN,
    WIDTHS,
    model_outcomes,
    plan_rows,
    plan_target,
)
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from baseline_studio import main
from tests.results_support import import_rows, simulated_rows

STUDIES = Path(__file__).resolve().parents[3] / "studies"


@pytest.fixture(scope="module")
def lesion() -> LoadedStudy:
    return load_study(STUDIES / "lesion-vqa-demo")


def _rows(loaded: LoadedStudy, target_width: float) -> list[dict]:
    target = plan_target(loaded)
    assert target is not None
    return plan_rows(loaded, SimulationConfig(participants=1), raters=(2, 3, 4, 6, 8),
                     n_items=40, runs=40, target_width=target_width, seed=1,
                     model_right=model_outcomes(loaded, target), per_person_items=13,
                     median_item_ms=5000)


def test_widths_fall_as_raters_grow(lesion: LoadedStudy) -> None:
    rows = _rows(lesion, 0.2)
    for column in (WIDTH_HUMAN, WIDTH_ALPHA):
        widths = [r[column] for r in rows]
        assert widths[-1] < 0.8 * widths[0], column
        # (each design has new people: the widths fall up to the runs' noise)
        assert all(b <= a + 0.03 for a, b in pairwise(widths)), widths
    assert [r[PARTICIPANTS] for r in rows] == [math.ceil(k * 40 / 13) for k in (2, 3, 4, 6, 8)]
    assert rows[1][HOURS] == pytest.approx(3 * 40 * 5000 / 3_600_000)


@pytest.mark.parametrize("pick", [0, 2, 4])
def test_recommendation_is_the_smallest_design_meeting_the_target(lesion: LoadedStudy,
                                                                  pick: int) -> None:
    reference = _rows(lesion, 1.0)
    target = max(reference[pick][c] for c in WIDTHS if not math.isnan(reference[pick][c]))
    rows = _rows(lesion, target)
    meets = [max(r[c] for c in WIDTHS if not math.isnan(r[c])) <= target for r in rows]
    assert [r[RECOMMENDED] for r in rows].count(True) == 1
    chosen = next(k for k, r in enumerate(rows) if r[RECOMMENDED])
    assert meets[chosen] and not any(meets[:chosen]) and chosen <= pick
    assert not any(r[RECOMMENDED] for r in _rows(lesion, 1e-6))


def test_cli_writes_plan_csv_and_reads_a_pilot(lesion: LoadedStudy, db: Database, db_url: str,
                                               tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the CLI test runs once, on SQLite")
    out = tmp_path / "plans"
    assert main(["plan", "--study", str(lesion.folder), "--raters-per-item", "2,4",
                 "--runs", "10", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    table = pd.read_csv(out / "plan.csv")
    assert list(table.columns) == [
        "question", "human score is", "raters per item", "items", "items per participant",
        "participants", "expected CI width of the human score",
        "expected CI width of the gap to a model (widest)",
        "expected CI width of Krippendorff's alpha", "target width of the human score",
        "target width of the gap and alpha", "hours of work", "recommended", "note"]
    # every question planned, not the first only
    assert list(table["question"]) == ["lesion", "lesion", "region", "region", "diagnosis",
                                       "diagnosis"]
    assert list(table["raters per item"]) == [2, 4] * 3
    assert "assumed accuracy 0.8" in printed and f"wrote {out / 'plan.csv'}" in printed
    assert main(["plan", "--study", str(lesion.folder), "--question", "region", "--runs", "5",
                 "--raters-per-item", "2", "--out", str(out)]) == 0
    assert list(pd.read_csv(out / "plan.csv")["question"]) == ["region"]
    capsys.readouterr()
    import_rows(lesion, db, simulated_rows(lesion, [("P1", "a", 0.5), ("P2", "a", 0.5)], seed=3),
                tmp_path)
    assert main(["plan", "--study", str(lesion.folder), "--db", db_url, "--runs", "10",
                 "--out", str(out)]) == 0
    assert "pilot responses: accuracy" in capsys.readouterr().out
    bad = main(["plan", "--study", str(lesion.folder), "--raters-per-item", "1,x",
                "--out", str(out)])
    err = capsys.readouterr().err
    assert bad == 2 and "--raters-per-item" in err and "Traceback" not in err
    assert main(["plan", "--study", str(lesion.folder), "--question", "nope",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--question 'nope'" in err and "lesion, region, diagnosis" in err
    assert main(["plan", "--study", str(lesion.folder), "--out", str(out / "plan.csv")]) == 2
    err = capsys.readouterr().err  # a file where the folder goes
    assert "is not a folder" in err and "Traceback" not in err


def test_plan_csv_goes_to_the_data_folder_by_default(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    assert main(["plan", "--study", str(STUDIES / "lesion-vqa-demo"), "--home", str(home),
                 "--question", "lesion", "--raters-per-item", "2", "--runs", "4"]) == 0
    assert (home / "plan.csv").exists()
    assert f"wrote {home / 'plan.csv'}" in capsys.readouterr().out


def test_a_rating_question_is_planned_on_its_own_scale() -> None:
    """poem-ratings-demo's ratings (1 to 5): the human score's target is 0.2 of the scale (0.8
    points), where the default 0.2 points could never be met; no gap is planned, and the row
    says why."""
    from app.simulation.planning import make_plans

    loaded = load_study(STUDIES / "poem-ratings-demo")
    plans = make_plans(loaded, raters=(2, 8), runs=30, n_items=60, question="form")
    assert [p.target.question_id for p in plans] == ["form"]
    rows = plans[0].rows
    assert all(r["human score is"] == "mean rating (1 to 5)" for r in rows)
    assert all(r[TARGET_HUMAN] == pytest.approx(0.8) for r in rows)
    assert all(math.isnan(r[WIDTH_GAP]) and "no gap" in r["note"] for r in rows)
    assert 0.2 < rows[-1][WIDTH_HUMAN] < 0.8  # on the 1-5 scale: a width of rating points
    assert any(r[RECOMMENDED] for r in rows)
    every = make_plans(loaded, raters=(2,), runs=3)
    assert len(every) == 10  # every rating statement of the study


def test_predicted_widths_are_those_of_replicate_studies_of_the_design() -> None:
    """hume-demo's emotion question, 40 items, 12 per participant, 3 raters per item: 500
    replicate studies built with the study's own assignment (`app.session.assignment.layout`
    on a copy of the study, participants P001.. in their slots), each participant a new
    simulated person, scored as human_scores.csv's "all raters" (the mean over raters of their
    accuracy). The plan's predicted 95% widths of the human score and of the gap to each model
    are within 10% of the replicates' (the plan used to simulate three people rating every
    item: 0.202 against 0.162 here)."""
    import random

    import numpy as np

    from app.session.assignment import layout
    from app.simulation.answers import Person, answer_question, expit, latent_of, logit

    loaded = load_study(STUDIES / "hume-demo")
    target = plan_target(loaded, "label")
    assert target is not None
    models = model_outcomes(loaded, target)
    n_items, per_person, raters, runs = 40, 12, 3, 500
    config = SimulationConfig(participants=1)
    (row,) = plan_rows(loaded, config, raters=(raters,), n_items=n_items, runs=runs,
                       target_width=0.2, seed=4, model_right=models,
                       per_person_items=per_person, median_item_ms=5000, target=target)

    def replicate(k: int) -> tuple[float, dict[str, float]]:
        rng = random.Random(f"replicate:{k}")
        picks = [rng.randrange(len(target.items)) for _ in range(n_items)]
        copies = [target.items[p].model_copy(update={"id": f"x{j:03d}"})
                  for j, p in enumerate(picks)]
        study = loaded.study.model_copy(update={
            "items": copies, "assignment": loaded.study.assignment.model_copy(update={
                "items_per_participant": per_person, "raters_per_item": raters, "seed": k})})
        slots = layout(study)
        position = {c.id: j for j, c in enumerate(copies)}
        means = []
        for n in range(1, slots.slots + 1):
            person = Person(logit_accuracy=logit(config.default_accuracy)
                            + rng.gauss(0, config.ability_sd), rating_bias=0.0,
                            rating_sd=config.rating_noise, speed=1.0, comment_rate=0.0)
            right = []
            for item_id in sorted(slots.assigned_item_ids(f"P{n:03d}") & position.keys()):
                j = position[item_id]
                question = target.questions[picks[j]]
                latent = latent_of(10_000_000 + k, f"{target.items[picks[j]].id}#{j}")
                answer = answer_question(rng, copies[j], question, latent, person,
                                         expit(person.logit_accuracy - latent.difficulty))
                right.append(float(answer == question.gold))
            means.append(float(np.mean(right)))
        human = float(np.mean(means))
        return human, {m: human - float(np.mean([o[target.items[p].id] for p in picks]))
                       for m, o in models.items()}

    done = [replicate(k) for k in range(runs)]
    z = 1.959963984540054
    human_width = 2 * z * float(np.std([h for h, _ in done], ddof=1))
    gap_width = max(2 * z * float(np.std([g[m] for _, g in done], ddof=1)) for m in models)
    assert row[PARTICIPANTS] == math.ceil(n_items * raters / per_person)
    assert row[WIDTH_HUMAN] == pytest.approx(human_width, rel=0.10)
    assert row[WIDTH_GAP] == pytest.approx(gap_width, rel=0.10)
