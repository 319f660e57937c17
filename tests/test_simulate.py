"""The simulator: through the real engine or in bulk, the same answers; accuracy per tier and
category, rating noise, log-normal times; simulated rows marked and kept out of exports."""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from app.results.frame import responses_frame
from app.simulate import SimulationConfig, parse_accuracy, parse_category_accuracy, simulate
from app.storage import open_database
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from app.study.model import FORMAT_VERSION
from baseline_studio.main import main

# Differ between the engine path (random ids, real wall time, introductions and breaks take
# virtual time) and the bulk path (seeded ids, virtual wall time): everything else must match.
PATH_DEPENDENT = {"uuid", "session_uuid", "onset_ns", "first_interaction_ns", "answer_ns",
                  "onset_utc", "answer_utc", "origin"}


def write_study(folder: Path, items: list[dict[str, Any]], **extra: Any) -> LoadedStudy:
    folder.mkdir(parents=True, exist_ok=True)
    study = {"format_version": FORMAT_VERSION, "id": "simstudy", "title": "Simulated", "items": items,
             "profile_fields": [{"id": "tier", "label": "Tier", "options": [
                 {"key": "primary", "label": "Primary"}, {"key": "senior", "label": "Senior"}]}],
             **extra}
    (folder / "study.json").write_text(json.dumps(study), encoding="utf-8")
    return load_study(folder)


def choice_items(n: int) -> list[dict[str, Any]]:
    return [{"id": f"c{j:03d}", "categories": {"kind": "hard" if j % 4 == 0 else "easy"},
             "stimulus": {"kind": "text", "text": f"Item {j}"},
             "questions": [{"id": "q", "kind": "choice", "gold": "ABCD"[j % 4],
                            "options": [{"key": k, "label": k} for k in "ABCD"]}]}
            for j in range(n)]


def rows_by_key(db: Database, study_id: str) -> dict[tuple[str, str, str], dict[str, Any]]:
    return {(r.participant_code, r.item_id, r.question_id): asdict(r)
            for r in db.responses(study_id)}


def test_engine_path_marks_everything_simulated_and_times_add_up(db: Database) -> None:
    loaded = load_study(Path(__file__).parent / "fixtures" / "mini-study")
    result = simulate(loaded, db, SimulationConfig(participants=3, seed=5,
                                                   accuracy={"primary": 0.6, "senior": 0.9}))
    rows = db.responses("mini")
    assert result.responses == len(rows) == 3 * sum(len(i.questions) for i in loaded.study.items)
    assert all(r.simulated for r in rows)
    people = db.participants("mini")
    assert [p.code for p in people] == ["SIM001", "SIM002", "SIM003"]
    assert all(p.simulated for p in people)
    assert [p.profile["tier"] for p in people] == ["primary", "senior", "primary"]
    for r in rows:
        if r.answer_ns is not None:  # rt_ms is exactly the sampled onset-to-answer time
            assert r.rt_ms == pytest.approx((r.answer_ns - r.onset_ns) / 1e6, abs=1e-9)
            assert r.onset_ns < r.first_interaction_ns < r.answer_ns
    kinds = {e.kind for e in db.events("mini")}
    assert {"session_started", "block_intro_seen", "break_start", "session_closed"} <= kinds
    # Exports leave simulated participants out unless asked.
    assert responses_frame(loaded, db).empty
    assert len(responses_frame(loaded, db, include_simulated=True)) == len(rows)
    # Running again adds nothing: everyone has finished.
    assert simulate(loaded, db, SimulationConfig(participants=3, seed=5,
                                                 accuracy={"primary": 0.6, "senior": 0.9})).responses == 0
    assert db.count_responses() == len(rows)


def test_bulk_path_writes_what_the_engine_writes(tmp_path: Path) -> None:
    loaded = load_study(Path(__file__).parent / "fixtures" / "mini-study")
    config = SimulationConfig(participants=6, seed=11, accuracy={"primary": 0.5, "senior": 0.95},
                              category_accuracy={("task", "sts"): 0.3}, comment_rate=0.5)
    via_engine = open_database(f"sqlite:///{tmp_path / 'engine.sqlite3'}")
    in_bulk = open_database(f"sqlite:///{tmp_path / 'bulk.sqlite3'}")
    simulate(loaded, via_engine, config)
    simulate(loaded, in_bulk, SimulationConfig(**{**config.__dict__, "bulk": True, "batch": 7}))
    a, b = rows_by_key(via_engine, "mini"), rows_by_key(in_bulk, "mini")
    assert a.keys() == b.keys() and len(a) == 60
    for key in a:
        differing = {c for c in a[key] if a[key][c] != b[key][c]} - PATH_DEPENDENT
        assert not differing, (key, {c: (a[key][c], b[key][c]) for c in differing})
    assert [p.profile for p in via_engine.participants("mini")] == [
        p.profile for p in in_bulk.participants("mini")]
    assert all(p.simulated for p in in_bulk.participants("mini"))
    via_engine.close()
    in_bulk.close()


def test_bulk_ids_are_seeded_and_a_second_run_adds_nothing(db: Database, tmp_path: Path) -> None:
    loaded = load_study(Path(__file__).parent / "fixtures" / "mini-study")
    config = SimulationConfig(participants=4, seed=2, bulk=True, batch=5)
    assert simulate(loaded, db, config).responses == 40
    assert simulate(loaded, db, config).responses == 0
    other = open_database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    simulate(loaded, other, config)
    assert {r.uuid for r in db.responses("mini")} == {r.uuid for r in other.responses("mini")}
    assert {s.uuid for s in db.sessions("mini")} == {s.uuid for s in other.sessions("mini")}
    # Different seed: different people, different ids.
    simulate(loaded, other, SimulationConfig(participants=4, seed=3, bulk=True, first=5))
    assert len({r.uuid for r in other.responses("mini")}) == 80
    other.close()


def accuracy_by(db: Database, loaded: LoadedStudy, column: str) -> dict[str, float]:
    frame = responses_frame(loaded, db, include_simulated=True)
    gold = {i.id: i.questions[0].gold for i in loaded.study.items}  # type: ignore[union-attr]
    frame["correct"] = [a == gold[i] for a, i in zip(frame["answer"], frame["item_id"], strict=True)]
    return frame.groupby(column)["correct"].mean().to_dict()


def test_accuracy_follows_tier_and_category(tmp_path: Path) -> None:
    loaded = write_study(tmp_path / "s", choice_items(80))
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=40, seed=1, bulk=True,
                                          accuracy={"primary": 0.6, "senior": 0.9},
                                          category_accuracy={("kind", "hard"): 0.35}))
    by_tier = accuracy_by(db, loaded, "profile_tier")
    by_kind = accuracy_by(db, loaded, "cat_kind")
    # Item difficulty and ability spread pull the means a little towards 0.5.
    assert by_tier["senior"] > by_tier["primary"] + 0.15
    assert by_kind["easy"] > 0.5 and by_kind["hard"] < 0.5
    frame = responses_frame(loaded, db, include_simulated=True)
    easy_primary = frame[(frame.cat_kind == "easy") & (frame.profile_tier == "primary")]
    correct = [a == loaded.items_by_id[i].questions[0].gold  # type: ignore[union-attr]
               for a, i in zip(easy_primary.answer, easy_primary.item_id, strict=True)]
    assert statistics.mean(correct) == pytest.approx(0.6, abs=0.08)
    db.close()


def rating_items(n: int, gold: bool) -> list[dict[str, Any]]:
    return [{"id": f"r{j:03d}", "stimulus": {"kind": "pair", "text_a": "a", "text_b": "b"},
             "questions": [{"id": "sim", "kind": "rating", "min": 0, "max": 5, "step": 0.5,
                            **({"gold": 2.5} if gold else {})}]} for j in range(n)]


@pytest.mark.parametrize(("noise", "low", "high"), [(0.0, 0.0, 0.0), (0.5, 0.35, 0.7), (1.0, 0.75, 1.3)])
def test_rating_noise_around_gold(tmp_path: Path, noise: float, low: float, high: float) -> None:
    loaded = write_study(tmp_path / "s", rating_items(40, gold=True))
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=20, seed=4, bulk=True, rating_noise=noise))
    errors = [json.loads(r.answer_json) - 2.5 for r in db.responses("simstudy")]
    assert abs(statistics.mean(errors)) < 0.25
    assert low <= statistics.pstdev(errors) <= high
    db.close()


def test_confidence_ratings_scored_by_auc_separate_the_truths(tmp_path: Path) -> None:
    """A rating whose gold is the case's truth (scoring.metric auc) is simulated as a reader's
    confidence: higher for the positive cases (not snapped to the gold 0/1, off the scale)."""
    from sklearn.metrics import roc_auc_score

    items = [{"id": f"k{j:03d}", "stimulus": {"kind": "text", "text": "case"},
              "questions": [{"id": "conf", "kind": "rating", "min": 1, "max": 5, "gold": j % 2,
                             "scoring": {"metric": "auc"}}]} for j in range(40)]
    loaded = write_study(tmp_path / "s", items)
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=6, seed=5, bulk=True))
    rows = db.responses("simstudy")
    truth = [int(r.item_id[1:]) % 2 for r in rows]
    ratings = [json.loads(r.answer_json) for r in rows]
    assert set(ratings) <= {1.0, 2.0, 3.0, 4.0, 5.0} and len(set(ratings)) >= 3
    assert roc_auc_score(truth, ratings) > 0.75
    db.close()


def test_ratings_without_gold_agree_around_each_items_latent_mean(tmp_path: Path) -> None:
    loaded = write_study(tmp_path / "s", rating_items(30, gold=False))
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=30, seed=8, bulk=True, rating_noise=0.4))
    frame = responses_frame(loaded, db, include_simulated=True)
    means = frame.groupby("item_id")["answer"].mean()
    within = frame.groupby("item_id")["answer"].std().mean()
    assert means.std() > 2 * within / math.sqrt(30)  # items differ more than chance would make them
    db.close()


@pytest.mark.parametrize("sigma", [0.2, 0.8])
def test_response_times_are_log_normal_around_the_median(tmp_path: Path, sigma: float) -> None:
    loaded = write_study(tmp_path / "s", choice_items(60))
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=25, seed=6, bulk=True, rt_median_ms=1800,
                                          rt_sigma=sigma))
    logs = [math.log(r.rt_ms) for r in db.responses("simstudy") if r.rt_ms]
    assert math.exp(statistics.median(logs)) == pytest.approx(1800, rel=0.2)
    # Total spread: the trial noise plus person speed (0.2) and item difficulty (0.4 * 0.5).
    assert statistics.pstdev(logs) == pytest.approx(math.sqrt(sigma**2 + 0.2**2 + 0.2**2), rel=0.2)
    db.close()


def test_deadline_times_out_slow_trials(tmp_path: Path) -> None:
    loaded = write_study(tmp_path / "s", choice_items(30), design={"deadline_ms": 1500})
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    simulate(loaded, db, SimulationConfig(participants=5, seed=1, rt_median_ms=1500))
    rows = db.responses("simstudy")
    late = [r for r in rows if r.timed_out]
    assert 0 < len(late) < len(rows)
    assert all(r.answer_json == "null" and r.rt_ms is None for r in late)
    assert all(r.rt_ms is not None and r.rt_ms <= 1500 for r in rows if not r.timed_out)
    db.close()


def test_every_kind_is_answered_validly_in_bulk(db: Database) -> None:
    """The bulk path has no engine to refuse a bad answer: each stored answer must be valid."""
    from app.study.answers import normalize_answer

    loaded = load_study(Path(__file__).parent / "fixtures" / "mini-study")
    simulate(loaded, db, SimulationConfig(participants=12, seed=9, bulk=True, comment_rate=1.0))
    for r in db.responses("mini"):
        item = loaded.items_by_id[r.item_id]
        question = next(q for q in item.questions if q.id == r.question_id)
        value = json.loads(r.answer_json)
        if question.kind != "text":
            assert normalize_answer(item, question, value) == value
        else:
            assert value.startswith("[simulated]")


def test_option_parsing_and_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_accuracy("primary=0.6, senior=0.73") == {"primary": 0.6, "senior": 0.73}
    assert parse_category_accuracy(["lesion_type=macule:0.4,task=a=b:1"]) == {
        ("lesion_type", "macule"): 0.4, ("task", "a=b"): 1.0}
    study = str(Path(__file__).parent / "fixtures" / "mini-study")
    db = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    for args, message in [
        (["--accuracy", "senior"], "is not tier=accuracy"),
        (["--accuracy", "senior=high"], "is not a number"),
        (["--accuracy", "senior=0"], "lies in (0, 1]"),
        (["--accuracy", "junior=0.5"], "no profile field"),
        (["--category-accuracy", "task:0.5"], "is not key=value:accuracy"),
        (["--category-accuracy", "task=nothing:0.5"], "no item of study 'mini' has the category"),
        (["--participants", "0"], "at least 1"),
    ]:
        argv = ["simulate", "--study", study, "--db", db, "--participants", "2", *args]
        assert main(argv) == 2, args
        assert message in capsys.readouterr().err
    assert main(["simulate", "--study", study, "--db", db, "--participants", "3", "--bulk",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "simulated 3 participants (SIM001..SIM003): 30 new responses" in out
    assert "responses/s" in out
