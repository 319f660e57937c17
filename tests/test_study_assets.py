"""A study version's images are recorded (size, time, sha256) and compared: an image replaced
under the same name is named by `validate` although study.json and its hash are unchanged;
importers refuse an image that does not decode (issue 14)."""

from __future__ import annotations

import contextlib
import csv
import os
import shutil
import threading
from pathlib import Path

import pytest
from PIL import Image

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.study.assets import (
    AssetChange,
    asset_manifest,
    asset_paths,
    assets_digest,
    changed_assets,
    manifest_path,
    record_or_compare,
)
from app.study.errors import StudyError
from app.study.loader import load_study
from baseline_studio.main import main


def test_validate_records_then_names_a_replaced_image(
        mini_study_dir: Path, data_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(mini_study_dir)]) == 0
    first = capsys.readouterr()
    assert "warning" not in first.err
    hash_before = load_study(mini_study_dir).content_hash
    assert manifest_path(data_home, hash_before).is_file()

    image = mini_study_dir / "images" / "a.png"
    # another picture under the same name (an image that is no image is refused outright)
    image.write_bytes((mini_study_dir / "images" / "b.png").read_bytes())
    assert main(["validate", str(mini_study_dir)]) == 0  # study.json itself is still valid
    second = capsys.readouterr()
    assert load_study(mini_study_dir).content_hash == hash_before
    assert "warning: 1 file changed since this version of the study was first checked" in second.err
    assert f"{image.resolve()}: changed" in second.err


def test_the_size_and_time_check_reads_only_files_that_moved(mini_study_dir: Path) -> None:
    loaded = load_study(mini_study_dir)
    recorded = asset_manifest(loaded)
    assert set(recorded) == set(asset_paths(loaded)) and all(recorded.values())
    image = mini_study_dir / "images" / "a.png"
    stat = image.stat()

    # Touched, same bytes: read again, found the same.
    os.utime(image, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    current = asset_manifest(loaded, recorded)
    assert changed_assets(recorded, current) == []
    assert current["images/a.png"] != recorded["images/a.png"]  # new time, same sha256

    # New bytes, size and time put back as recorded: taken on trust (the documented cheap path).
    original = image.read_bytes()
    image.write_bytes(bytes(255 - b for b in original))
    os.utime(image, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert changed_assets(recorded, asset_manifest(loaded, recorded)) == []
    # Without the record to trust, the content is hashed and the change seen.
    assert changed_assets(recorded, asset_manifest(loaded)) == [
        AssetChange("images/a.png", "changed")]


def test_missing_and_new_files_are_named(mini_study_dir: Path, data_home: Path) -> None:
    loaded = load_study(mini_study_dir)
    assert record_or_compare(loaded, data_home) == []  # first sight: recorded
    manifest = asset_manifest(loaded)
    fewer = {k: v for k, v in manifest.items() if k != "images/b.png"}
    gone = {**manifest, "images/a.png": None}
    assert changed_assets(fewer, manifest) == [AssetChange("images/b.png", "new")]
    assert changed_assets(manifest, gone) == [AssetChange("images/a.png", "missing")]
    assert record_or_compare(loaded, data_home) == []  # nothing moved since


def test_the_assets_digest_is_the_same_for_a_copy_and_differs_for_other_images(
        mini_study_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(mini_study_dir, copy)
    here = assets_digest(asset_manifest(load_study(mini_study_dir)))
    assert assets_digest(asset_manifest(load_study(copy))) == here
    Image.new("RGB", (10, 10), "red").save(copy / "images" / "a.png")
    assert assets_digest(asset_manifest(load_study(copy))) != here


def test_vqa_import_refuses_a_text_file_named_png(tmp_path: Path) -> None:
    (tmp_path / "photos").mkdir()
    Image.new("RGB", (40, 30), "white").save(tmp_path / "photos" / "good.png")
    (tmp_path / "photos" / "fake.png").write_text("I am not a picture\n", encoding="utf-8")
    source = tmp_path / "cases.csv"
    with source.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["case", "image", "question", "options", "answer"])
        writer.writerow(["c1", "photos/good.png", "Which?", "Yes|No", "Yes"])
        writer.writerow(["c2", "photos/fake.png", "Which?", "Yes|No", "No"])
    out = tmp_path / "study"
    with pytest.raises(StudyError) as caught:
        run_import("vqa", ImportOptions(source=source, out=out))
    (problem,) = caught.value.problems
    assert problem.file == source and problem.where == "row 1, column image[0]"
    assert "'photos/fake.png' cannot be shown: this file is not an image format" in problem.message
    assert not out.exists()


def test_a_data_folder_that_is_a_file_is_a_clean_error(
        mini_study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # (every command checks --home first: tests/baseline_studio/test_home_check.py)
    home = tmp_path / "home-is-a-file"
    home.write_text("", encoding="utf-8")
    assert main(["validate", "--home", str(home), str(mini_study_dir)]) == 2
    err = capsys.readouterr().err
    assert "exists and is not a folder" in err and "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_study_json_swapped_for_a_fifo_is_refused_not_waited_on(
        mini_study_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = mini_study_dir / "study.json"
    source.unlink()
    os.mkfifo(source)
    # The swap lands after the loader's is_file() check: that check is made to see a file.
    monkeypatch.setattr(Path, "is_file", lambda self: True)
    outcome: list[BaseException] = []
    worker = threading.Thread(target=lambda: _load_into(outcome, source), daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # the old code: blocked in open(); a writer releases it
        with contextlib.suppress(OSError), open(os.open(source, os.O_WRONLY | os.O_NONBLOCK), "wb"):
            pass
    assert not worker.is_alive(), "load_study blocked on a FIFO"
    (error,) = outcome
    assert isinstance(error, StudyError) and str(source) in str(error)
    assert "not a regular file" in str(error)


def _load_into(outcome: list[BaseException], source: Path) -> None:
    try:
        load_study(source)
    except BaseException as exc:  # handed to the test thread
        outcome.append(exc)
