"""All design warnings of a study: the study's own (`app.study.design_checks`) and the ones
that need the assignment of items to participants (`app.session.assignment`), which lives a
layer above the study format. `validate` and the designer window both call `review`.
"""

from __future__ import annotations

from app.session.assignment import (
    expected_coverage,
    items_for_slot,
    scored_item_ids,
    slot_count,
)
from app.study.design_checks import (
    DesignWarning,
    imbalance,
    study_warnings,
)
from app.study.model import Study


def review(study: Study, *, item_seconds: float | None = None) -> list[DesignWarning]:
    """Every design warning, in a stable order (the study's own first)."""
    return [*study_warnings(study, item_seconds=item_seconds),
            *coverage_warnings(study), *share_balance_warnings(study)]


def coverage_warnings(study: Study) -> list[DesignWarning]:
    """Can the codes the study hands out (a list or ranges in `participants.codes`, else
    `assignment.participants`) give every scored item `raters_per_item` raters? Without either
    the study hands out as many codes as it has shares, which always can (app.session.assignment)."""
    a = study.assignment
    k = a.raters_per_item or 1
    issued = study.participants.codes.count() if study.participants.codes else None
    n_codes = issued or a.participants or slot_count(study) * (1 if a.items_per_participant else k)
    counts = expected_coverage(study, n_codes)
    short = sorted(i for i, c in counts.items() if c < k)
    if not short:
        return []
    needed = slot_count(study) if a.items_per_participant else k
    return [DesignWarning("assignment.participants", (
        f"{n_codes} participant code{'s' if n_codes != 1 else ''} (P001..) give {len(short)} of "
        f"{len(counts)} scored items fewer than {k} rater{'s' if k != 1 else ''} (e.g. "
        f"{', '.join(short[:3])}); {needed} codes are needed, or fewer raters_per_item"))]


def share_balance_warnings(study: Study) -> list[DesignWarning]:
    """With items_per_participant, each code gets one share of the items: a category spread
    unevenly over the shares gives some participants, say, only the hard cases."""
    m = study.assignment.items_per_participant
    scored = set(scored_item_ids(study))
    if not m or m >= len(scored):
        return []
    by_id = study.item_by_id()
    keys = sorted({key for item_id in scored for key in by_id[item_id].categories})
    # Each share is a group; an item given to k shares counts in each (what each person sees).
    shares = {f"the share of code P{slot + 1:03d}": [by_id[i] for i in sorted(items_for_slot(study, slot))]
              for slot in range(slot_count(study))}
    out = []
    for key in keys:
        groups = {name: [i.categories[key] for i in items if key in i.categories]
                  for name, items in shares.items()}
        found = imbalance(groups)
        if found:
            out.append(DesignWarning("assignment.seed", (
                f"category {key!r} is unbalanced across the participants' shares: {found[1]}; "
                "another assignment.seed draws other shares")))
    return out
