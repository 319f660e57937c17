"""Counts in plain words: "1 participant", "2 participants", never "1 participants"."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and the noun, singular for exactly one (`plural` for irregular nouns)."""
    return f"{n:,} {noun if n == 1 else (plural or noun + 's')}"
