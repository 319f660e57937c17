"""The collector's pause and the freeze of what a caller keeps (app/gc_pause.py)."""

from __future__ import annotations

import gc
import threading

import pytest

from app.gc_pause import gc_paused, load_to_keep


class Kept:
    """A stand-in for a loaded study: an object the collector tracks."""


def test_the_pause_restores_the_collector_as_it_was() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves the outer one alone
    assert gc.isenabled()


def test_overlapping_pauses_on_two_threads_resume_the_collector_only_when_both_end() -> None:
    """Pauses that overlap but do not nest (an export on a reader thread beside a study load
    on another): the collector stays off until the last one ends, then comes back on."""
    first_in, second_in, first_out = (threading.Event() for _ in range(3))
    seen: list[bool] = []

    def first() -> None:
        with gc_paused():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second() -> None:
        first_in.wait(5)
        with gc_paused():
            second_in.set()
            first_out.wait(5)
            seen.append(gc.isenabled())  # the first pause has ended, this one has not
    threads = [threading.Thread(target=f) for f in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert seen == [False]
    assert gc.isenabled()


def test_what_is_kept_is_frozen_before_the_collector_resumes() -> None:
    gc.unfreeze()
    during: list[bool] = []

    def load() -> Kept:
        during.append(gc.isenabled())
        return Kept()

    try:
        kept = load_to_keep(load, freeze=lambda result: during.append(gc.isenabled()) or True)
        assert during == [False, False] and gc.isenabled()
        assert gc.get_freeze_count() > 0
        # Out of the collector's generations: a full collection no longer walks it.
        assert not any(obj is kept for obj in gc.get_objects())
    finally:
        gc.unfreeze()


def test_what_is_not_kept_is_left_to_the_collector() -> None:
    gc.unfreeze()
    kept = load_to_keep(Kept, freeze=lambda result: False)
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    assert any(obj is kept for obj in gc.get_objects())


def test_a_failed_load_resumes_the_collector_and_freezes_nothing() -> None:
    gc.unfreeze()

    def load() -> Kept:
        raise ValueError("broken")

    with pytest.raises(ValueError):
        load_to_keep(load, freeze=lambda result: True)
    assert gc.isenabled() and gc.get_freeze_count() == 0
