"""The GUI benchmarks' shortcut for a study's asset record (benchmarks/gui_session.py)."""

from __future__ import annotations

from pathlib import Path

from app.study.assets import asset_manifest, load_manifest, manifest_path
from app.study.loader import load_study
from benchmarks.gui_session import record_assets
from benchmarks.studygen import small_jpeg, write_lesion_study


def test_the_recorded_assets_are_what_the_app_would_record(tmp_path: Path) -> None:
    """Hashing each distinct file once (the generated names are hard links to a few JPEGs)
    must give the record the app makes by hashing every name: a first session then finds
    every file as recorded and hashes none."""
    sources = [small_jpeg(tmp_path / "src" / f"{i}.jpg", (40 + i, 30)) for i in range(3)]
    study = write_lesion_study(tmp_path / "study", n_items=40, n_images=25, sources=sources,
                               profile=False)
    loaded = load_study(study)
    for home in (tmp_path / "home-a", tmp_path / "home-b"):  # the first hashes, the second copies
        record_assets(study, home)
        assert load_manifest(manifest_path(home, loaded.content_hash)) == asset_manifest(loaded)
