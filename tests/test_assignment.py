"""Balanced assignment without a server: participant codes map to item sets so that every item
gets k raters, the same on every laptop and in every release."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.session.assignment import (
    assigned_item_ids,
    expected_coverage,
    items_for_slot,
    scored_item_ids,
    slot_count,
    slot_for_code,
)
from app.session.plan import build_plan
from app.study.model import (
    Assignment,
    Block,
    ChoiceQuestion,
    Item,
    Option,
    Study,
    TextStimulus,
)

_QUESTION = ChoiceQuestion(id="q", options=[Option(key="a", label="A"), Option(key="b", label="B")])


def make_study(n_items: int, m: int | None, k: int | None, seed: int = 0, *,
               practice: int = 0, checks: int = 0) -> Study:
    items = [Item(id=f"i{j:03d}", stimulus=TextStimulus(text=f"item {j}"), questions=[_QUESTION])
             for j in range(n_items)]
    items += [Item(id=f"p{j}", block="practice", stimulus=TextStimulus(text="p"),
                   questions=[_QUESTION]) for j in range(practice)]
    items += [Item(id=f"att{j}", role="attention_check", stimulus=TextStimulus(text="a"),
                   questions=[_QUESTION]) for j in range(checks)]
    return Study(id="assign", title="Assignment test",
                 blocks=[Block(id="practice", kind="practice"), Block(id="main")],
                 assignment=Assignment(items_per_participant=m, raters_per_item=k, seed=seed),
                 items=items)


def codes(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)]


def rater_counts(study: Study, participant_codes: list[str]) -> Counter[str]:
    scored = set(scored_item_ids(study))
    counts: Counter[str] = Counter(dict.fromkeys(scored, 0))
    for code in participant_codes:
        counts.update(assigned_item_ids(study, code) & scored)
    return counts


@pytest.mark.parametrize(("n", "m", "k"), [
    (12, 4, 2), (12, 6, 3), (10, 5, 1), (30, 10, 2), (9, 9, 4), (20, 8, 2), (7, 7, 1),
    (48, 12, 3), (100, 25, 5), (6, 4, 2), (15, 6, 2), (200, 40, 2),
])
def test_every_item_gets_exactly_k_raters_from_codes_p001_to_ps(n: int, m: int, k: int) -> None:
    assert n * k % m == 0
    study = make_study(n, m, k)
    slots = slot_count(study)
    assert slots == n * k // m
    counts = rater_counts(study, codes(slots))
    assert set(counts.values()) == {k}, counts
    for code in codes(slots):
        assert len(assigned_item_ids(study, code)) == m  # a set: m distinct items, no repeats


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 60), m=st.integers(1, 60), k=st.integers(1, 6), seed=st.integers(0, 10**6))
def test_balance_holds_for_any_sizes(n: int, m: int, k: int, seed: int) -> None:
    study = make_study(n, m, k, seed)
    slots = slot_count(study)
    counts = rater_counts(study, codes(slots))
    per_person = min(m, n)
    for code in codes(slots):
        assert len(items_for_slot(study, slot_for_code(study, code))) == per_person
    if n * k % per_person == 0:
        assert set(counts.values()) == {k}
    else:  # the last slot wraps onto the start of the order: a few items get one rater more
        assert set(counts.values()) <= {k, k + 1}
        assert sum(counts.values()) == slots * per_person
    # Codes past the last slot start the cycle again: 2S codes give every item 2k raters.
    if n * k % per_person == 0:
        assert set(rater_counts(study, codes(2 * slots)).values()) == {2 * k}


def test_expected_coverage_matches_the_assigned_sets() -> None:
    study = make_study(20, 8, 2)
    for filled in range(0, 2 * slot_count(study) + 1):
        assert expected_coverage(study, filled) == dict(rater_counts(study, codes(filled)))


def test_practice_and_checks_are_given_to_everyone_and_not_counted() -> None:
    study = make_study(12, 4, 2, practice=2, checks=1)
    assert len(scored_item_ids(study)) == 12
    for code in [*codes(6), "alice", "site2-007"]:
        got = assigned_item_ids(study, code)
        assert {"p0", "p1", "att0"} <= got
        assert len(got) == 4 + 3


def test_without_a_size_everyone_rates_everything() -> None:
    for study in (make_study(10, None, None), make_study(10, 10, 2), make_study(10, 50, 1)):
        assert assigned_item_ids(study, "P001") == {f"i{j:03d}" for j in range(10)}
        assert set(expected_coverage(study, 3).values()) == {3}


def test_assignment_is_deterministic_and_depends_on_the_seed() -> None:
    a, b = make_study(30, 10, 2, seed=1), make_study(30, 10, 2, seed=1)
    assert [assigned_item_ids(a, c) for c in codes(6)] == [assigned_item_ids(b, c) for c in codes(6)]
    other = make_study(30, 10, 2, seed=2)
    assert [assigned_item_ids(a, c) for c in codes(6)] != [assigned_item_ids(other, c) for c in codes(6)]
    # The plan (order) is built from the assigned set only.
    assert {p.item_id for p in build_plan(a, "P004")} == assigned_item_ids(a, "P004")


def test_numbered_codes_take_their_number_as_slot() -> None:
    study = make_study(12, 4, 2)  # 6 slots
    assert [slot_for_code(study, c) for c in ["P001", "P006", "P007", "site2-003", "x12"]] == [
        0, 5, 0, 2, 5]
    assert assigned_item_ids(study, "P001") == assigned_item_ids(study, "P1")


# Pinned values: laptops running different releases must derive the same sets, so a change to
# the hashing or the shuffle is a format change, not a refactoring.
PINNED_HASHED = {"alice": 2, "bob": 3, "Dr. Ng": 5, "zz-top": 1}
PINNED_SLOT0 = ["i002", "i003", "i006", "i007"]


def test_hashed_codes_and_item_order_are_pinned() -> None:
    study = make_study(12, 4, 2, seed=42)
    assert {c: slot_for_code(study, c) for c in PINNED_HASHED} == PINNED_HASHED
    assert sorted(items_for_slot(study, 0)) == PINNED_SLOT0


def test_hashed_codes_are_stable_across_processes() -> None:
    """Python's hash() is salted per process; the assignment must not depend on it."""
    script = (
        "from tests.test_assignment import make_study, PINNED_HASHED;"
        "from app.session.assignment import slot_for_code, items_for_slot;"
        "s = make_study(12, 4, 2, seed=42);"
        "print({c: slot_for_code(s, c) for c in PINNED_HASHED}, sorted(items_for_slot(s, 0)))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "12345", "PATH": ""},
                         cwd=str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    assert out.stdout.strip() == f"{PINNED_HASHED} {PINNED_SLOT0}"


def test_hashed_codes_spread_over_the_slots() -> None:
    study = make_study(40, 10, 3)  # 12 slots
    slots = Counter(slot_for_code(study, f"rater-{name}") for name in
                    ["ann", "bob", "cem", "dan", "eva", "fay", "gus", "hal", "ivy", "jon", "kim", "lea", "max", "ned", "oli", "pam", "quin", "ray", "sue", "tom", "uma", "vic", "wes", "xia", "yan", "zoe"])
    assert len(slots) >= 8  # 26 hashed codes land on most of the 12 slots


# The per-participant code before the layout was built once per study (issue 21, row 6), kept
# as the reference the layout must agree with for every code.
def _reference_assigned(study: Study, code: str) -> set[str]:
    import hashlib
    import math
    import random
    import re

    practice = {b.id for b in study.blocks if b.kind == "practice"}
    ids = [i.id for i in study.items if i.block not in practice and i.role == "trial"]
    m = study.assignment.items_per_participant
    k = study.assignment.raters_per_item or 1
    slots = max(1, math.ceil(len(ids) * k / min(m, len(ids)))) if m else 1
    match = re.search(r"(\d+)$", code)
    if match:
        slot = (int(match.group(1)) - 1) % slots
    else:
        digest = hashlib.sha256(f"{study.assignment.seed}:{code}".encode()).digest()
        slot = int.from_bytes(digest[:8], "big") % slots
    if not m or m >= len(ids):
        main = set(ids)
    else:
        order = list(ids)
        random.Random(f"assignment:{study.assignment.seed}").shuffle(order)
        main = {order[(slot * m + i) % len(order)] for i in range(m)}
    scored = set(ids)
    return main | {i.id for i in study.items if i.id not in scored}


_ODD_CODES = ["alice", "site2-017", "P000", "P9999", "x", ""]


@pytest.mark.parametrize("name", ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo",
                                  "spinbench-timing-demo", "preference-demo",
                                  "chest-reader-demo"])
def test_layout_gives_the_reference_ids_on_the_bundled_studies(name: str) -> None:
    from app.home import bundled_studies_dir
    from app.session.assignment import layout
    from app.study.loader import load_study

    study = load_study(bundled_studies_dir() / name).study
    plan = layout(study)
    for code in codes(plan.slots + 3) + _ODD_CODES:
        assert plan.assigned_item_ids(code) == _reference_assigned(study, code), code
        assert assigned_item_ids(study, code) == _reference_assigned(study, code), code


@pytest.mark.parametrize(("n", "m", "k"), [(20_000, 1_000, 30), (500, None, None), (50, 60, 2)])
def test_layout_gives_the_reference_ids_on_a_large_generated_study(
        n: int, m: int | None, k: int | None) -> None:
    from app.session.assignment import layout

    study = make_study(n, m, k, seed=11, practice=3, checks=4)
    plan = layout(study)
    some = codes(plan.slots + 2)[:: max(1, plan.slots // 40)] + _ODD_CODES
    for code in some:
        assert plan.assigned_item_ids(code) == _reference_assigned(study, code), code
