"""Every kind in the registry gives every part the results read (app/kinds/base.py, below
"results side"), and each name it gives is one the results know: a new kind that forgets
one, or names a statistic, dispute measure, metric family or MTEB task type nobody
implements, fails here before it fails in an export."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.home import bundled_studies_dir
from app.kinds import KINDS, Kind
from app.kinds.simulated import ItemLatent, Person
from app.results.agreement import STATISTICS
from app.results.disputes import MEASURES
from app.results.scorers import SCORERS
from app.study.answers import item_document_ids
from app.study.loader import load_study
from exporters.mteb_entries import TASK_METRICS
from tests.conftest import FIXTURES

ATTRIBUTES = {"scored": bool, "free_text": bool, "unit_name": str,
              "agreement_statistics": tuple, "dispute_measure": str, "ranks_documents": bool}
METHODS = ("answer_cell", "option_order", "scale_bounds", "scale_points", "gold_gains", "unit_values",
           "document_grades", "extra_agreement_rows", "result_tables")
UNSCORED_FAMILIES = ("descriptive", "none")


def _overrides(kind: Kind[Any], part: str) -> bool:
    return getattr(type(kind), part) is not getattr(Kind, part)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_every_kind_gives_every_results_part(kind: Kind[Any]) -> None:
    for name, kind_type in ATTRIBUTES.items():
        assert isinstance(getattr(kind, name), kind_type), (kind.name, name)
    for name in METHODS:
        assert callable(getattr(kind, name)), (kind.name, name)
    assert kind.answer_value in ("label", "number", None)
    assert kind.unit_name.strip()


@pytest.mark.parametrize("kind", [k for k in KINDS if k.scored], ids=lambda k: k.name)
def test_a_scored_kind_names_what_the_results_implement(kind: Kind[Any]) -> None:
    assert kind.dispute_measure in MEASURES, kind.name
    assert set(kind.agreement_statistics) <= set(STATISTICS), kind.name
    assert kind.mteb_task is None or kind.mteb_task in TASK_METRICS, kind.name
    family = kind.default_metric(None)
    assert family in SCORERS or family in UNSCORED_FAMILIES, (kind.name, family)
    # What the named parts read of the kind, it must give.
    if kind.answer_value is None:
        assert _overrides(kind, "unit_values"), f"{kind.name}: answers with parts need units"
    if kind.dispute_measure == "scale_spread":
        assert _overrides(kind, "scale_bounds"), f"{kind.name}: a spread needs the scale"
    if family == "retrieval":
        assert _overrides(kind, "gold_gains"), f"{kind.name}: retrieval needs gold gains"
    if "query_agreement" in kind.agreement_statistics:
        assert _overrides(kind, "document_grades"), f"{kind.name}: per-query needs grades"


def test_an_unscored_kind_names_nothing_to_score() -> None:
    for kind in KINDS:
        if not kind.scored:
            assert not kind.agreement_statistics and kind.mteb_task is None, kind.name


def test_every_kinds_answers_give_reliability_units() -> None:
    """On the fixture study (every kind once): a simulated answer of each scored kind gives
    at least one (unit, value) pair, and its gold (where the kind scores documents) gains."""
    # the mini study and the bundled study of the two preference kinds (not in the mini study)
    items = [*load_study(FIXTURES / "mini-study").study.items,
             *load_study(bundled_studies_dir() / "preference-demo").study.items]
    seen = set()
    rng = random.Random(3)
    person = Person(logit_accuracy=0.5, rating_bias=0.0, rating_sd=0.5, speed=1.0,
                    comment_rate=0.0)
    for item in items:
        for question in item.questions:
            kind = next(k for k in KINDS if k.name == question.kind)
            if not kind.scored or kind.answer_value is not None:
                continue
            answer = kind.simulate(rng, item, question, ItemLatent(0.0, f"seed:{item.id}"), person, 0.7)
            docs = item_document_ids(item)
            normal = kind.normalize(item, question, answer)
            units = kind.unit_values(item.id, docs, normal)
            assert units and all(u.startswith(f"{item.id}/") for u, _ in units), kind.name
            if "query_agreement" in kind.agreement_statistics:
                grades = kind.document_grades(normal, docs)
                assert grades is not None and len(grades) == len(docs), kind.name
            if kind.default_metric(question) == "retrieval" and kind.gold(question):
                gains = kind.gold_gains(question, docs)
                assert gains is not None and len(gains[0]) == len(docs), kind.name
            seen.add(kind.name)
    assert seen == {k.name for k in KINDS if k.scored and k.answer_value is None}
