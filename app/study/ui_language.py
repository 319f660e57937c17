"""The languages the participant side of the app speaks, and which one a study asks for.

Qt-free: the study format validates `ui_language` / `ui_languages` against this table, the
session records the participant's choice, and `widgets/i18n.py` loads the matching
`assets/i18n/baseline_studio_<tag>.qm`. Adding a language: add its BCP 47 tag here with its
name in itself, then follow docs/authoring.md ("Adding a language").
"""

from __future__ import annotations

# BCP 47 tag -> the language's name in itself (what a participant who reads it recognises).
UI_LANGUAGES: dict[str, str] = {
    "en": "English",
    "ar": "العربية",
    "ru": "Русский",
    "da": "Dansk",
    "nb": "Norsk bokmål",
    "zh-Hans": "简体中文",
}
DEFAULT_UI_LANGUAGE = "en"
# Written right to left: the whole participant window is mirrored for these.
RTL_UI_LANGUAGES = frozenset({"ar"})


def language_problem(tag: str) -> str | None:
    """Why `tag` is not a language the app can show its own words in, or None."""
    if tag in UI_LANGUAGES:
        return None
    close = [known for known in UI_LANGUAGES if known.lower() == tag.lower()]
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    # Escaped and cut: a NUL or an escape sequence in the value is never printed raw.
    shown = tag[:40].encode("unicode_escape").decode("ascii").replace("'", "\\'")
    return (f"'{shown}' is not a language of the app's own words{hint}; "
            f"one of: {', '.join(UI_LANGUAGES)}")


def language_choices(ui_language: str | None, ui_languages: list[str]) -> list[str]:
    """The languages the participant may pick from on the first screen (one: no choice)."""
    if ui_languages:
        return list(ui_languages)
    return [ui_language or DEFAULT_UI_LANGUAGE]
