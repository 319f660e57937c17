"""The documents or cards a question is about, in the order the participant sees them.

Relevance, ranking and clustering widgets show these texts themselves (a toggle beside each
document, a card to drag), so their answer models carry them along with the ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    id: str
    text: str


def check_unique(entries: Sequence[Entry]) -> list[Entry]:
    """The entries as a list; repeated ids would make the stored answer ambiguous."""
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise ValueError(f"entry ids must be unique: {ids}")
    if not ids:
        raise ValueError("a question about documents or cards needs at least one")
    return list(entries)
