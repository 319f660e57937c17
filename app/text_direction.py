"""Which way a text runs: an item's `direction`, else its language, else its first letters.

Qt-free so the rule is tested without a screen; the stimulus views turn the answer into a
layout direction.
"""

from __future__ import annotations

import unicodedata

# ISO 639 codes (2- and 3-letter, as MTEB and BCP-47 write them) of languages written right
# to left, and the ISO 15924 scripts that run right to left.
RTL_LANGUAGES = frozenset({
    "ar", "ara", "arb", "ary", "arz", "apc", "acm", "he", "heb", "fa", "fas", "per", "pes", "prs",
    "ur", "urd", "ps", "pus", "pbt", "yi", "yid", "ydd", "dv", "div", "ckb", "sd", "snd", "ug",
    "uig", "syr", "arc", "nqo", "ku-Arab", "az-Arab",
})
RTL_SCRIPTS = frozenset({"Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Samr", "Mand"})


def language_direction(language: str | None) -> str | None:
    """'rtl' or 'ltr' from a code such as 'ara-Arab', 'ar', 'he-IL', 'eng-Latn'; None if unknown."""
    if not language:
        return None
    parts = language.replace("_", "-").split("-")
    scripts = [p for p in parts[1:] if len(p) == 4 and p.isalpha()]
    if scripts:
        return "rtl" if scripts[0].title() in RTL_SCRIPTS else "ltr"
    return "rtl" if parts[0].lower() in RTL_LANGUAGES else "ltr"


def text_direction(text: str) -> str | None:
    """Direction of the first strongly directional character (the Unicode bidi rule P2)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return "rtl"
        if kind == "L":
            return "ltr"
    return None


def resolve_direction(direction: str, language: str | None, text: str = "") -> str:
    """'ltr' or 'rtl' for an item: explicit direction wins, then the language, then the text."""
    if direction in ("ltr", "rtl"):
        return direction
    return language_direction(language) or text_direction(text) or "ltr"
