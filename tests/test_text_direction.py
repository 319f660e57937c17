from __future__ import annotations

import pytest

from app.text_direction import language_direction, resolve_direction, text_direction


@pytest.mark.parametrize(
    ("language", "expected"),
    [("ara-Arab", "rtl"), ("ar", "rtl"), ("he-IL", "rtl"), ("fas", "rtl"), ("ur", "rtl"),
     ("eng-Latn", "ltr"), ("rus-Cyrl", "ltr"), ("dan", "ltr"), ("nob-Latn", "ltr"),
     ("az-Latn", "ltr"), ("uz-Arab", "rtl"), (None, None), ("", None)],
)
def test_language_direction(language: str | None, expected: str | None) -> None:
    assert language_direction(language) == expected


def test_text_direction_uses_the_first_strong_character() -> None:
    assert text_direction("كان الفيلم رائعا") == "rtl"
    assert text_direction("123, שלום") == "rtl"  # digits are weak; Hebrew decides
    assert text_direction("  Hello مرحبا") == "ltr"
    assert text_direction("123 ...") is None


def test_resolve_direction_precedence() -> None:
    assert resolve_direction("ltr", "ara-Arab", "كان") == "ltr"  # explicit wins
    assert resolve_direction("auto", "ara-Arab", "Hello") == "rtl"  # then the language
    assert resolve_direction("auto", None, "كان الفيلم") == "rtl"  # then the text
    assert resolve_direction("auto", None, "42") == "ltr"
