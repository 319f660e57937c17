"""Checks that span fields: references between parts of a study, and its files on disk."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.kinds import KINDS_BY_NAME, Kind
from app.study.errors import Problem
from app.study.model import CardsStimulus, Item, QueryDocumentsStimulus, Study
from app.study.paths import AssetIndex, UnsafePathError, resolve_asset

IMAGE_PLACEHOLDER = "<image>"


def check_items(items: list[tuple[int, Item]], source: Path, folder: Path, *,
                check_assets: bool = True) -> list[Problem]:
    """Problems within each parsed item (and its files), at the item's index in the file.
    Needs nothing from the study header, so it runs even when the header is broken."""
    assets = AssetIndex(folder) if check_assets else None
    if _all_clear(items, assets):
        return []
    return _check_each(items, source, folder, assets)


def _all_clear(items: list[tuple[int, Item]], assets: AssetIndex | None) -> bool:
    """True only where `_check_each` finds nothing, from whole lists rather than item by item:
    distinct ids, image or text stimuli asking only self-contained questions (nothing for
    `_check_item` to check), every image a plain file (`AssetIndex.all_plain_files`) and
    enough images for a text's placeholders. Anything else (False) goes to `_check_each`,
    which gives the exact problems (tests/test_fast_validation.py compares the two)."""
    ids = [item.id for _, item in items]
    if len(set(ids)) != len(ids):
        return False
    stimuli: list[Any] = [item.stimulus for _, item in items]
    kinds = [stim.kind for stim in stimuli]  # (a struct's `kind` is a property: read once)
    if not set(kinds) <= IMAGE_STIMULI:
        return False
    if not {q.kind for _, item in items for q in item.questions} <= SELF_CONTAINED:
        return False
    if "text" in kinds:
        for (_, item), stim, kind in zip(items, stimuli, kinds, strict=True):
            if kind == "text" and _placeholders(item) > len(stim.images):
                return False
    return assets is None or assets.all_plain_files(
        [ref.path for stim in stimuli for ref in stim.images])


def _check_each(items: list[tuple[int, Item]], source: Path, folder: Path,
                assets: AssetIndex | None) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for index, item in items:
        if item.id in seen:
            problems.append(Problem(source, f"items[{index}].id",
                                    f"item id {item.id!r} is already used by items[{seen[item.id]}]"))
        else:
            seen[item.id] = index
        found = _check_item(item)
        if assets is not None:
            found += _check_images(item, folder, assets)
        if found:
            problems += [Problem(source, f"items[{index}].{w}", m) for w, m in found]
    return problems


def check_study(study: Study, source: Path, folder: Path, *, check_assets: bool = True,
                item_indices: list[int] | None = None, partial: bool = False,
                items: Sequence[Any] | None = None) -> list[Problem]:
    """Problems between the header and the items. `item_indices` gives each parsed item's index
    in the file (items that failed their schema are missing); `partial` says some items were
    left out, so checks that need every item (empty blocks) are skipped. `items`: what to
    read the items from instead of `study.items` (the loader's checked structs, which read
    alike here: `app.study.fast_schema`)."""
    problems: list[Problem] = []
    all_items: Sequence[Any] = study.items if items is None else items
    indices = item_indices if item_indices is not None else list(range(len(all_items)))

    def add(where: str, message: str) -> None:
        problems.append(Problem(source, where, message))

    for name, ids in (
        ("blocks", [b.id for b in study.blocks]),
        ("profile_fields", [f.id for f in study.profile_fields]),
    ):
        for dup in sorted(k for k, n in Counter(ids).items() if n > 1):
            add(name, f"id {dup!r} is used more than once")

    block_ids = {b.id for b in study.blocks}
    for index, item in zip(indices, all_items, strict=True):
        if item.block not in block_ids:
            add(f"items[{index}].block", f"unknown block {item.block!r}; blocks are {sorted(block_ids)}")

    for block in study.blocks:
        if not partial and not any(item.block == block.id for item in all_items):
            add("blocks", f"block {block.id!r} has no items")

    declared = set(study.condition_ids())
    if study.design.washout_days and not declared:
        add("design.washout_days", "the wait between the sittings of two reading conditions: "
            "the study declares no `conditions`")
    for index, item in zip(indices, all_items, strict=True):
        shown_under = getattr(item.stimulus, "condition_text", None) or {}
        for condition in sorted(set(shown_under) - declared):
            add(f"items[{index}].stimulus.condition_text.{condition}",
                f"condition {condition!r} is not one of the study's conditions "
                f"({', '.join(sorted(declared)) if declared else 'it declares none'})")

    categories = {key for item in all_items for key in item.categories}
    for index, item in zip(indices, all_items, strict=True):
        for q_index, question in enumerate(item.questions):
            for key in [*question.scoring.breakdown, question.scoring.group_by]:
                if key is not None and key not in categories:
                    add(
                        f"items[{index}].questions[{q_index}].scoring",
                        f"category {key!r} is not set on any item",
                    )

    assignment = study.assignment
    if assignment.items_per_participant and assignment.items_per_participant > len(all_items):
        add(
            "assignment.items_per_participant",
            f"{assignment.items_per_participant} is more than the {len(all_items)} items",
        )
    if check_assets:
        for index, ref in enumerate(study.models.predictions):
            where = f"models.predictions[{index}].file"
            try:
                path = resolve_asset(folder, ref.file)
            except UnsafePathError as exc:
                add(where, str(exc))
                continue
            if not path.is_file():
                add(where, f"file not found: {ref.file}")
    return problems


# Kinds whose questions refer to nothing in the stimulus (no documents, no check of their
# own): an item asking only these has nothing to check here (the common case, e.g. 20,000
# multiple-choice items).
SELF_CONTAINED = frozenset(name for name, kind in KINDS_BY_NAME.items()
                           if not kind.uses_documents
                           and type(kind).item_problems is Kind.item_problems)
# The stimuli that may show images. Read by kind, not class: the loader's checked structs
# (`app.study.fast_schema`) stand in for such items' models here.
IMAGE_STIMULI = frozenset({"images", "text"})


def _check_item(item: Item) -> list[tuple[str, str]]:
    stim = item.stimulus
    if stim.kind in IMAGE_STIMULI and all(q.kind in SELF_CONTAINED for q in item.questions):
        return []
    out: list[tuple[str, str]] = []
    doc_ids: list[str] | None = None
    if isinstance(stim, QueryDocumentsStimulus):
        doc_ids = [d.id for d in stim.documents]
    elif isinstance(stim, CardsStimulus):
        doc_ids = [c.id for c in stim.cards]
    if doc_ids is not None:
        for dup in sorted(k for k, n in Counter(doc_ids).items() if n > 1):
            out.append(("stimulus", f"document/card id {dup!r} is used more than once"))
    known = set(doc_ids or [])

    for q_index, question in enumerate(item.questions):
        out += KINDS_BY_NAME[question.kind].item_problems(
            question, stim, known, f"questions[{q_index}]")
    return out


def _check_images(item: Item, folder: Path, assets: AssetIndex | None = None) -> list[tuple[str, str]]:
    stim: Any = item.stimulus  # a model, or the loader's checked struct that reads alike
    if stim.kind not in IMAGE_STIMULI:
        return []
    out: list[tuple[str, str]] = []
    for i, ref in enumerate(stim.images):
        if assets is not None and assets.is_plain_file(ref.path):
            continue  # safe and present (the common case, answered from one listing)
        where = f"stimulus.images[{i}].path"
        try:
            path = resolve_asset(folder, ref.path)
        except UnsafePathError as exc:
            out.append((where, str(exc)))
            continue
        if not path.is_file():
            out.append((where, f"image not found: {ref.path}"))
    if stim.kind == "text":
        placeholders = _placeholders(item)
        if placeholders > len(stim.images):
            out.append(
                (
                    "stimulus.text",
                    f"{placeholders} {IMAGE_PLACEHOLDER} placeholders but only "
                    f"{len(stim.images)} images",
                )
            )
    return out


def _placeholders(item: Item) -> int:
    """The image placeholders of a text stimulus and its questions' prompts."""
    stim: Any = item.stimulus
    return stim.text.count(IMAGE_PLACEHOLDER) + sum(
        q.prompt.count(IMAGE_PLACEHOLDER) for q in item.questions)
