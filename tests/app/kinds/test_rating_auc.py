"""A confidence rating scored by AUC (its gold the case's truth, 0 or 1): right or wrong for
practice feedback and the quality rules by the side of the scale it leans to, and the
expected answer named as the scale's end, not as the truth's 0 or 1."""

from __future__ import annotations

from app.kinds.rating import RatingKind, RatingQuestion


def _question(gold: int, metric: str | None = "auc") -> RatingQuestion:
    return RatingQuestion.model_validate({"id": "q", "min": 1, "max": 5, "gold": gold,
                                          "scoring": {"metric": metric}})


def test_right_when_it_leans_to_the_truth() -> None:
    kind = RatingKind()
    positive, negative = _question(1), _question(0)
    assert [kind.is_correct(positive, v) for v in (1.0, 2.0, 3.0, 4.0, 5.0)] == [
        False, False, False, True, True]
    assert [kind.feedback_correct(negative, v) for v in (1.0, 2.0, 3.0, 4.0, 5.0)] == [
        True, True, False, False, False]
    assert kind.is_correct(positive, "NA") is False


def test_feedback_names_the_scales_end() -> None:
    kind = RatingKind()
    assert kind.feedback_gold(_question(1)) == 5 and kind.feedback_gold(_question(0)) == 1
    sts = RatingQuestion.model_validate({"id": "q", "min": 0, "max": 5, "gold": 3.5})
    assert kind.feedback_gold(sts) == 3.5 and kind.is_correct(sts, 3.5)
