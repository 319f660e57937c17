"""Equal answer options of a loaded study are one shared object; unequal ones stay apart."""

from __future__ import annotations

from pathlib import Path

from app.study.compact import share_equal_options
from app.study.loader import _ITEMS, load_study


def _item(item_id: str, labels: list[str]) -> dict[str, object]:
    return {"id": item_id, "stimulus": {"kind": "text", "text": "Which?"},
            "questions": [{"id": "q", "kind": "choice", "prompt": "Pick one",
                           "options": [{"key": k, "label": lab}
                                       for k, lab in zip("ABC", labels, strict=False)]}]}


def test_equal_options_become_one_object_and_values_stay() -> None:
    raw = [_item("i1", ["Macule", "Papule"]), _item("i2", ["Macule", "Plaque"])]
    items = _ITEMS.validate_python(raw)
    before = [item.model_dump() for item in items]
    share_equal_options(items, {})
    a, b = (item.questions[0].options for item in items)  # type: ignore[union-attr]
    assert a[0] is b[0]  # A: Macule in both
    assert a[1] is not b[1] and a[1].label == "Papule" and b[1].label == "Plaque"
    assert [item.model_dump() for item in items] == before


def test_a_loaded_study_shares_its_options(mini_study_dir: Path) -> None:
    study = load_study(mini_study_dir).study
    seen: dict[tuple[str, str], int] = {}
    for item in study.items:
        for question in item.questions:
            for option in getattr(question, "options", []):
                assert seen.setdefault((option.key, option.label), id(option)) == id(option)
