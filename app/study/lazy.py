"""A study's items as a list whose models are built when first used.

A 20,000-item study was mostly pydantic models by the time it was loaded: building them was
more than half of the load. The loader checks every item at open time without them
(`app.study.fast_schema`) and keeps each item's JSON instead; `LazyItems` builds an item's
model the first time it is read and keeps it (equal options shared, `app.study.compact`).
The models are exactly those the eager load made: the same pydantic validation of the same
values (tests/app/study/test_lazy.py).

A session's start reads every item, but only a few fields of most (ids, blocks, roles, option
keys for the plan's orders, image paths for the asset digest) and the study's definition a
new database stores: `item_outlines`, `items_by_id` and `definition_json` serve those from the
structs the loader checked each item as, so only the items shown get their models.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

import msgspec
from pydantic import TypeAdapter

from app.gc_pause import gc_paused
from app.study.compact import share_equal_options
from app.study.fast_schema import FastSchema, Undumpable
from app.study.model import Item, Study

_ITEMS = TypeAdapter(list[Item])
_BATCH = 1_000  # items built per pydantic call when the whole list is read


class LazyItems(Sequence[Item]):
    """Items built from their JSON on first use. Only ever holds valid items: the loader made
    sure of that before it made one."""

    __slots__ = ("_built", "_checked", "_freeze", "_json", "_left", "_lock", "_pool", "_schema")

    def __init__(self, item_json: Sequence[bytes | msgspec.Raw], *,
                 checked: Sequence[Any] | None = None, schema: FastSchema | None = None) -> None:
        """`item_json`: each item's JSON text (bytes, or msgspec's slices of the file).
        `checked`: each item as the loader checked it (a struct of `schema`, or its model
        where a kind's own checks needed one), for `item_outlines` and `definition_json`."""
        self._json: list[bytes | msgspec.Raw | None] = list(item_json)
        self._checked = None if checked is None else list(checked)
        self._schema = schema
        self._built: list[Item | None] = [None] * len(item_json)
        self._left = len(item_json)
        self._freeze = False
        self._pool: dict[tuple[object, ...], Any] = {}
        # A built item is read without it; building is one thread at a time (the session's
        # writer and a background task may both read the study).
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._built)

    @overload
    def __getitem__(self, index: int) -> Item: ...
    @overload
    def __getitem__(self, index: slice) -> list[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | list[Item]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        item = self._built[index]
        if item is None:
            self._build(range(len(self))[index], 1)
            item = self._built[index]
            assert item is not None
        return item

    def __iter__(self) -> Iterator[Item]:
        # Read in file order, so whole batches are built in one call each.
        for index, item in enumerate(self._built):
            if item is None:
                self._build(index, _BATCH)
                item = self._built[index]
                assert item is not None
            yield item

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyItems | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list's equality, so not hashable like one

    def __repr__(self) -> str:
        built = sum(item is not None for item in self._built)
        return f"LazyItems({len(self)} items, {built} built)"

    def outlines(self) -> Sequence[Any]:
        """Each item as the loader checked it, else its model (`item_outlines`)."""
        return self if self._checked is None else self._checked

    def dump_json(self) -> str | None:
        """The items' JSON as pydantic writes the list of their models, from the checked
        structs (`FastSchema.dump_form`); an item they cannot stand in for is written from its
        model. None without structs."""
        if self._checked is None or self._schema is None:
            return None
        forms: list[Any] = []
        with gc_paused():  # ~100,000 short-lived objects, no cycles
            return self._dump_json(forms)

    def _dump_json(self, forms: list[Any]) -> str:
        assert self._checked is not None and self._schema is not None
        for index, outline in enumerate(self._checked):
            if isinstance(outline, Item):  # checked as its model (documents, cards)
                forms.append(msgspec.Raw(outline.model_dump_json().encode()))
                continue
            try:
                forms.append(self._schema.dump_form(outline))
            except Undumpable:
                forms.append(msgspec.Raw(self[index].model_dump_json().encode()))
        return msgspec.json.encode(forms).decode()

    def freeze_when_built(self) -> None:
        """For a study kept until the process ends (app.catalog.kept_study): once the last
        item is built, everything alive is frozen out of the collector's full walks, as the
        keeper froze the study itself."""
        self._freeze = True
        if not self._left:
            gc.freeze()

    def _build(self, start: int, count: int) -> None:
        # Built with the collector paused, as the eager load built them: else it rescans the
        # growing heap every few thousand objects (a cold start took ~3 s more CPU). Freezing
        # them out of its full walks is for whoever keeps the study (app.catalog.kept_study).
        with self._lock, gc_paused():
            end = min(len(self), start + count)
            todo = [i for i in range(start, end) if self._built[i] is None]
            parts = [self._json[i] for i in todo]
            assert all(p is not None for p in parts)
            items = _ITEMS.validate_json(b"[" + b",".join(parts) + b"]")  # type: ignore[arg-type]
            share_equal_options(items, self._pool)
            for i, item in zip(todo, items, strict=True):
                self._built[i] = item
                self._json[i] = None  # the model holds it now
            self._left -= len(todo)
            if self._freeze and todo and not self._left:
                gc.freeze()



def item_outlines(study: Study) -> Sequence[Any]:
    """The study's items as what reads alike of them: their models, or for a lazy study the
    structs the loader checked them as (`app.study.fast_schema`: the same fields with the same
    values, nested alike, `kind` on stimuli and questions; not the models' classes or
    methods; items whose stimulus has documents or cards are their models). For code that
    reads a few fields of every item (the plan, the assignment, the asset paths) without
    building 20,000 models."""
    items = study.items
    return items.outlines() if isinstance(items, LazyItems) else items


class ItemsById(Mapping[str, Item]):
    """A lazy study's items by id: an item's model is built when it is looked up."""

    def __init__(self, items: LazyItems) -> None:
        self._items = items
        # A later item of the same id wins, as in Study.item_by_id (the loader refuses both).
        self._index = {outline.id: i for i, outline in enumerate(items.outlines())}

    def __getitem__(self, item_id: str) -> Item:
        return self._items[self._index[item_id]]

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


def items_by_id(study: Study) -> Mapping[str, Item]:
    """Study.item_by_id(), without building a lazy study's models before they are read."""
    items = study.items
    return ItemsById(items) if isinstance(items, LazyItems) else study.item_by_id()


_NO_ITEMS = '"items":[]}'


def definition_json(study: Study) -> str:
    """`study.model_dump_json()`, byte for byte (what a database stores of a study version),
    written for a lazy study from its checked structs instead of 20,000 models built for it."""
    items = study.items
    body = items.dump_json() if isinstance(items, LazyItems) else None
    if body is not None:
        # The header as pydantic writes it; the items are its last field.
        header = study.model_copy(update={"items": []}).model_dump_json()
        if header.endswith(_NO_ITEMS):
            return f"{header[: -len(_NO_ITEMS)]}\"items\":{body}}}"
    return study.model_dump_json()
