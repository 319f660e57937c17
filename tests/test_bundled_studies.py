"""The five bundled demo studies: valid, as large as issue 4 asks, with illustrative model
predictions for every item, takeable end to end, and regenerated identically by their
scripts in studies/_make."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.home import bundled_studies_dir
from app.importers.poemetric_survey import COMMENT_IDS, RATING_IDS
from app.importers.predictions import read_predictions
from app.session.assignment import slot_count
from app.session.engine import EndScreen, TrialScreenSpec
from app.session.plan import build_plan
from app.study.loader import LoadedStudy, load_study
from app.study.model import ImagesStimulus, TextStimulus
from tests.take_study import take

STUDIES = ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo",
           "preference-demo", "chest-reader-demo"]
# Rough seconds a careful participant spends per question kind (per document / card where
# the work grows with them): used to check that a session stays within 5-10 minutes.
SECONDS = {"choice": 6, "rating": 8, "relevance_doc": 6, "clustering_card": 7, "text": 12,
           "pairwise": 20, "best_worst_card": 4}


@pytest.fixture(scope="module", params=STUDIES)
def bundled(request: pytest.FixtureRequest) -> LoadedStudy:
    return load_study(bundled_studies_dir() / request.param)


def _main(loaded: LoadedStudy) -> list:
    practice = {b.id for b in loaded.study.blocks if b.kind == "practice"}
    return [i for i in loaded.study.items if i.block not in practice]


def test_validates_and_is_marked_illustrative(bundled: LoadedStudy) -> None:
    assert bundled.study.illustrative
    assert "demo" in bundled.study.instructions.lower()


def test_predictions_are_illustrative_and_cover_every_item(bundled: LoadedStudy) -> None:
    refs = bundled.study.models.predictions
    assert refs and all(ref.illustrative for ref in refs)
    assert all(ref.note and "made up" in ref.note for ref in refs)
    predictions = [p for ref in refs for p in read_predictions(bundled, bundled.asset(ref.file))]
    models = {p.model for p in predictions}
    assert len(models) >= 3 and all(m.startswith("demo-model-") for m in models)
    for model in models:
        covered = {p.item_id for p in predictions if p.model == model}
        assert covered == {i.id for i in bundled.study.items}, model


def test_a_session_takes_five_to_ten_minutes(bundled: LoadedStudy) -> None:
    for slot in range(slot_count(bundled.study)):  # every participant slot of the assignment
        code = f"P{slot + 1:03d}"
        seconds = 0.0
        for planned in build_plan(bundled.study, code):
            item = bundled.items_by_id[planned.item_id]
            n = len(getattr(item.stimulus, "documents", None) or getattr(item.stimulus, "cards", []))
            images = len(getattr(item.stimulus, "images", []))
            for q in item.questions:
                key = {"relevance": "relevance_doc", "clustering": "clustering_card",
                       "best_worst": "best_worst_card"}.get(q.kind, q.kind)
                seconds += SECONDS[key] * (n if key.endswith(("_doc", "_card")) else 1)
            seconds += 4 * images  # looking at each picture
        assert 5 * 60 <= seconds <= 10 * 60, (bundled.study.id, code, seconds / 60)


def test_every_item_can_be_answered_with_the_engine(bundled: LoadedStudy, db: object) -> None:
    engine = take(bundled, db)  # type: ignore[arg-type]
    assert isinstance(engine.next_screen(), EndScreen)
    assert engine.done == engine.total == len(engine.plan)
    rows = db.responses(bundled.study.id)  # type: ignore[attr-defined]
    expected = sum(len(bundled.items_by_id[p.item_id].questions) for p in engine.plan)
    assert len(rows) == expected
    assert all(json.loads(r.answer_json) is not None for r in rows)


def test_hume_demo_sizes() -> None:
    loaded = load_study(bundled_studies_dir() / "hume-demo")
    study = loaded.study
    assert study.mteb is not None
    for subset, language, direction in (("eng", "eng-Latn", "ltr"), ("ara", "ara-Arab", "rtl")):
        items = [i for i in _main(loaded) if i.categories.get("hf_subset") == subset]
        assert all(i.language == language and i.direction == direction for i in items)
        by_type = {t: [i for i in items if i.categories["task_type"] == t]
                   for t in ("classification", "sts", "reranking", "clustering")}
        assert all(i.categories["mteb_task"].startswith("HUMEDemo") for i in items)
        classification = by_type["classification"]
        assert len(classification) >= 20
        assert len({i.questions[0].gold for i in classification}) >= 3
        assert len(classification[0].questions[0].options) >= 3
        sts = by_type["sts"]
        assert len(sts) >= 20
        for item in sts:
            q = item.questions[0]
            assert (q.min, q.max) == (0, 5) and q.step in (0.5, 1) and q.gold is not None
        reranking = by_type["reranking"]
        assert len(reranking) >= 8
        for item in reranking:
            assert len(item.stimulus.documents) == 7
            assert set(item.questions[0].gold) == {d.id for d in item.stimulus.documents}
            assert 1 in item.questions[0].gold.values()
        cards = [c for i in by_type["clustering"] for c in i.stimulus.cards]
        assert len(cards) >= 24
        for item in by_type["clustering"]:
            assert item.questions[0].n_groups is None  # free grouping
            assert 4 <= len(set(item.questions[0].gold.values())) <= 6


def _image_size(loaded: LoadedStudy, path: str) -> tuple[int, int]:
    with Image.open(loaded.asset(path)) as image:
        return image.size


def test_lesion_demo_sizes() -> None:
    loaded = load_study(bundled_studies_dir() / "lesion-vqa-demo")
    items = _main(loaded)
    assert len(items) >= 10
    sizes = [_image_size(loaded, ref.path) for i in loaded.study.items for ref in i.stimulus.images]
    assert sum(1 for w, h in sizes if w >= 4000 and h >= 3000) >= 2
    assert any(len(i.stimulus.images) == 2 for i in items)
    for item in loaded.study.items:
        assert isinstance(item.stimulus, ImagesStimulus)
        assert [q.id for q in item.questions] == ["lesion", "region", "diagnosis"]
        assert all(4 <= len(q.options) <= 5 and q.gold for q in item.questions)
        assert set(item.categories) == {"lesion_type", "body_region", "disease"}
        shown = json.dumps([r.model_dump() for r in item.stimulus.images])
        assert item.categories["disease"] not in shown  # captions and alt never tell
    tier = next(f for f in loaded.study.profile_fields if f.id == "tier")
    assert {o.key for o in tier.options} == {"primary", "senior", "resident", "other"}
    assert any(f.kind == "number" for f in loaded.study.profile_fields)
    lesion_types = Counter(i.categories["lesion_type"] for i in items)
    assert {"macule", "papule", "plaque", "vesicle"} <= set(lesion_types)


def test_poem_demo_survey_and_blinding(db: object) -> None:
    loaded = load_study(bundled_studies_dir() / "poem-ratings-demo")
    items = loaded.study.items
    assert len(items) >= 12
    assert len({i.categories["form"] for i in items}) >= 5
    assert {i.categories["author_type"] for i in items} == {"human", "llm"}
    for item in items:
        ratings = [q for q in item.questions if q.kind == "rating"]
        comments = [q for q in item.questions if q.kind == "text"]
        assert [q.id for q in ratings] == RATING_IDS and [q.id for q in comments] == COMMENT_IDS
        assert all((q.min, q.max, q.step) == (1, 5, 1) for q in ratings)
        assert {q.id for q in ratings if q.allow_na} == {"imagery", "literary_devices"}
        assert all(q.scoring.group_by == "author_type" for q in ratings)
    authorship = next(q for q in items[0].questions if q.id == "authorship")
    assert authorship.scoring.metric == "authorship"
    assert authorship.scoring.options == {"truth_category": "author_type",
                                          "positive_value": "human", "threshold": 4}
    engine = take(loaded, db, max_items=0)  # type: ignore[arg-type]
    screen = engine.next_screen()
    while not isinstance(screen, TrialScreenSpec):
        engine.acknowledge_intro(screen.block_id)  # type: ignore[union-attr]
        screen = engine.next_screen()
    shown = screen.view.stimulus.model_dump_json() + json.dumps(
        [q.model_dump() for q in screen.view.questions])
    assert "demo-poet" not in shown and "demo-model" not in shown and "llm" not in shown


def test_spinbench_demo_shape() -> None:
    loaded = load_study(bundled_studies_dir() / "spinbench-timing-demo")
    study = loaded.study
    assert study.design.ready_screen and any(b.kind == "practice" for b in study.blocks)
    keys = set()
    for item in study.items:
        assert isinstance(item.stimulus, TextStimulus)
        assert item.stimulus.text.count("<image>") == len(item.stimulus.images) >= 1
        assert {"task_type", "source", "task", "prompt_style"} <= set(item.categories)
        keys.add(tuple(o.key for o in item.questions[0].options))
    assert {("A", "B", "C", "D"), ("Y", "N")} <= keys
    tasks = Counter(i.categories["task"] for i in _main(loaded))
    assert len(tasks) >= 4 and sum(tasks.values()) >= 20


def test_preference_demo_design() -> None:
    """What a reviewer asks of a preference study: the systems take turns as a and b, the
    better one changes from pair to pair (and some pairs are equal), the sides are drawn per
    participant, and the sets of lines form a balanced design."""
    study = load_study(bundled_studies_dir() / "preference-demo").study
    pairs = [i for i in study.items if i.questions[0].kind == "pairwise"]
    sets = [i for i in study.items if i.questions[0].kind == "best_worst"]
    assert len(pairs) >= 10 and len(sets) >= 10
    assert Counter(i.categories["system_a"] for i in pairs) == {"demo-system-1": 6,
                                                                 "demo-system-2": 6}
    gold = Counter(i.questions[0].gold for i in pairs)
    assert gold["a"] == gold["b"] and gold["tie"] >= 1
    better = Counter(i.categories[f"system_{i.questions[0].gold}"] for i in pairs
                     if i.questions[0].gold != "tie")
    assert len(better) == 2 and min(better.values()) >= 3
    assert all(i.questions[0].shuffle_sides for i in pairs)
    assert all(i.stimulus.label_a != i.stimulus.label_b for i in pairs)  # labels name sides
    cards = [[c.id for c in i.stimulus.cards] for i in sets]
    assert all(len(c) == 4 for c in cards)
    assert set(Counter(c for s in cards for c in s).values()) == {4}
    together = Counter(frozenset((a, b)) for s in cards for a in s for b in s if a < b)
    assert set(together.values()) == {1}  # every two lines share exactly one set
    assert study.illustrative and "demo-system" not in json.dumps(
        [i.stimulus.model_dump() for i in study.items])


def _same_files(ours: Path, regenerated: Path, suffixes: tuple[str, ...]) -> None:
    for path in sorted(ours.rglob("*")):
        if path.suffix in suffixes:
            again = regenerated / path.relative_to(ours)
            if path.suffix == ".png":
                assert np.array_equal(np.asarray(Image.open(path)), np.asarray(Image.open(again)))
            elif path.suffix == ".dcm":
                # The same attributes and pixels (pydicom names its own version in the meta).
                import pydicom
                mine, theirs = pydicom.dcmread(path), pydicom.dcmread(again)
                assert mine == theirs and np.array_equal(mine.pixel_array, theirs.pixel_array)
            else:
                assert path.read_bytes() == again.read_bytes(), path


@pytest.mark.parametrize("module", ["make_hume", "make_poems", "make_spinbench",
                                    "make_preferences", "make_chest_reader"])
def test_generators_reproduce_the_committed_files(module: str, tmp_path: Path) -> None:
    import importlib

    generator = importlib.import_module(f"studies._make.{module}")
    folder = generator.build(tmp_path)
    _same_files(bundled_studies_dir() / folder.name, folder, (".json", ".csv", ".png", ".dcm"))


def test_lesion_images_are_reproducible() -> None:
    from studies._make.make_lesion_images import finish, paint
    from studies._make.make_lesion_vqa import CASES

    case = CASES[0]  # the practice case, seed 1, 1600 x 1200
    recipe, params = case["recipe"]
    again = finish(paint(recipe, 1600, 1200, 1, **params)).astype(np.int16)
    with Image.open(bundled_studies_dir() / "lesion-vqa-demo/images/practice-1.jpg") as image:
        committed = np.asarray(image.convert("RGB")).astype(np.int16)
    assert np.abs(again - committed).mean() < 2.0  # JPEG loss only
