"""How far a study has got towards k raters per item, from what the database holds.

For the designer (coverage window, `baseline-studio coverage`): the items that still have
fewer than k raters, and the participant codes whose slots nobody has taken yet, since handing
out exactly those codes is what keeps the assignment balanced (`app.session.assignment`).
A rater of an item is a participant with at least one non-practice response to it; in a
reader study with reading conditions, one who read it under every condition (a reader halfway
through their sittings has not yet given the case the readings the analysis needs).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.session.assignment import scored_item_ids, slot_count, slot_for_code
from app.storage.database import Database
from app.study.loader import LoadedStudy


@dataclass(frozen=True)
class ItemCoverage:
    item_id: str
    raters: int
    target: int

    @property
    def missing(self) -> int:
        return max(0, self.target - self.raters)


@dataclass(frozen=True)
class Coverage:
    study_id: str
    target: int  # k: raters wanted per item
    items: list[ItemCoverage]  # every scored item, in study order
    participants: int  # participants with at least one scored response
    slots: int  # participant slots of the balanced assignment
    free_slots: list[int]  # slots nobody has taken yet (empty when everyone rates everything)

    @property
    def under(self) -> list[ItemCoverage]:
        """Items with fewer than k raters so far."""
        return [i for i in self.items if i.raters < i.target]

    @property
    def complete(self) -> bool:
        return not self.under

    def suggested_codes(self, prefix: str = "P", width: int = 3) -> list[str]:
        """Codes that take the free slots (P001 takes slot 0)."""
        return [f"{prefix}{slot + 1:0{width}d}" for slot in self.free_slots]


def coverage(loaded: LoadedStudy, db: Database, *, include_simulated: bool = False) -> Coverage:
    """Raters per scored item so far (all versions of the study), against the study's k."""
    study = loaded.study
    target = study.assignment.raters_per_item or 1
    counts, codes = db.raters_per_item(study.id, include_simulated=include_simulated,
                                       conditions=study.condition_ids())
    items = [ItemCoverage(item_id, counts.get(item_id, 0), target)
             for item_id in scored_item_ids(study)]
    slots = slot_count(study)
    taken = {slot_for_code(study, code) for code in codes}
    # Without items_per_participant everyone rates everything: any new code helps alike.
    free = [s for s in range(slots) if s not in taken] if study.assignment.items_per_participant else []
    return Coverage(study.id, target, items, len(codes), slots, free)
