"""A study's items as a list whose models are built when first used.

A 20,000-item study was mostly pydantic models by the time it was loaded: building them was
more than half of the load. The loader checks every item at open time without them
(`app.study.fast_schema`) and keeps each item's JSON instead; `LazyItems` builds an item's
model the first time it is read and keeps it (equal options shared, `app.study.compact`).
The models are exactly those the eager load made: the same pydantic validation of the same
values (tests/app/study/test_lazy.py).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator, Sequence
from typing import Any, overload

import msgspec
from pydantic import TypeAdapter

from app.gc_pause import gc_paused
from app.study.compact import share_equal_options
from app.study.model import Item

_ITEMS = TypeAdapter(list[Item])
_BATCH = 1_000  # items built per pydantic call when the whole list is read


class LazyItems(Sequence[Item]):
    """Items built from their JSON on first use. Only ever holds valid items: the loader made
    sure of that before it made one."""

    __slots__ = ("_built", "_freeze", "_json", "_left", "_lock", "_pool")

    def __init__(self, item_json: Sequence[bytes | msgspec.Raw]) -> None:
        """`item_json`: each item's JSON text (bytes, or msgspec's slices of the file)."""
        self._json: list[bytes | msgspec.Raw | None] = list(item_json)
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

