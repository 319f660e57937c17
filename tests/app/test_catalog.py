"""Finding and opening studies (app/catalog.py): a study its caller keeps is frozen out of the
cyclic GC's full collections from FREEZE_MIN_ITEMS items on."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from app import catalog
from app.catalog import kept_study, open_study
from app.study.loader import load_study


def test_a_big_kept_study_is_frozen_out_of_full_collections(
        mini_study_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gc.unfreeze()
    kept_study(lambda: load_study(mini_study_dir))  # small: left to the collector as usual
    assert gc.get_freeze_count() == 0
    monkeypatch.setattr(catalog, "FREEZE_MIN_ITEMS", 1)
    try:
        loaded = kept_study(lambda: open_study(str(mini_study_dir)))
        assert gc.get_freeze_count() > 0 and gc.isenabled()
        assert not any(obj is loaded.study.items[0] for obj in gc.get_objects())
    finally:
        gc.unfreeze()

