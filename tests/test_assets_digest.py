"""The files a study version names travel with the database (issue 14): the study row records
an assets digest when a session registers the version (schema version 5), `export` warns when
the study folder's files are no longer those, and `merge` warns when two databases hold one
study version with different files. A URL whose database driver is missing is a clean error
for every command."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.session import asset_record
from app.session.asset_record import AssetRecorder
from app.session.engine import SessionEngine
from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.study import assets
from app.study.assets import asset_manifest, assets_digest, manifest_path
from app.study.loader import load_study
from baseline_studio.main import main
from widgets.merge_dialog import MergeDialog
from widgets.tasks import TaskManager

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _replace_image(folder: Path) -> None:
    (folder / "images" / "a.png").write_bytes(b"another file under the picture's name")


def _laptop(path: Path, folder: Path, **config: int) -> str:
    db = open_database(f"sqlite:///{path}")
    simulate(load_study(folder), db, SimulationConfig(bulk=True, **config))  # type: ignore[arg-type]
    db.close()
    return str(path)


def test_a_version_1_database_upgrades_with_no_digest_known(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    shutil.copy(FIXTURES / "db_v1.sqlite3", path)
    db = open_database(f"sqlite:///{path}")
    (row,) = db.study_versions("mini")
    assert row.assets_digest is None and db.study_assets_digest(row.content_hash) is None
    db.close()
    with sqlite3.connect(path) as raw:
        columns = [c[1] for c in raw.execute("PRAGMA table_info(study)")]
    assert "assets_digest" in columns


def test_the_engine_records_the_digest_of_a_first_start_beside_the_session(
        mini_study_dir: Path, tmp_path: Path, data_home: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hashing 12,000 photographs takes minutes: the study is registered at once and its files
    hashed in a child process (app/session/asset_record.py); the digest is recorded when it is
    done (unknown until then, as before digests existed)."""
    monkeypatch.setattr(asset_record, "INLINE_MAX_BYTES", 0)  # the mini study's two images
    loaded = load_study(mini_study_dir)
    expected = assets_digest(asset_manifest(loaded))
    first = open_database(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    engine = SessionEngine(loaded, first, "P001")
    assert first.study_registered(loaded.content_hash)
    assert engine.next_screen() is not None  # the session goes on while the files are read
    assert engine.asset_recorder is not None and engine.asset_recorder.wait(60)
    assert engine.asset_recorder.error is None
    assert first.study_assets_digest(loaded.content_hash) == expected
    assert manifest_path(data_home, loaded.content_hash).is_file()  # the child kept its record
    engine.close()
    first.close()

    second = open_database(f"sqlite:///{tmp_path / 'b.sqlite3'}")
    engine = SessionEngine(loaded, second, "P002")
    assert engine.asset_recorder is not None and engine.asset_recorder.wait(60)
    assert second.study_assets_digest(loaded.content_hash) == expected
    engine.close()
    again = SessionEngine(loaded, second, "P003")  # registered already: nothing to record
    assert again.asset_recorder is None
    again.close()
    second.close()


def test_a_few_small_files_are_hashed_before_the_session_as_before(
        mini_study_dir: Path, tmp_path: Path, data_home: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    engine = SessionEngine(loaded, db, "P001")
    assert engine.asset_recorder is None
    assert db.study_assets_digest(loaded.content_hash) == assets_digest(asset_manifest(loaded))
    engine.close()
    db.close()


def test_the_child_is_lowered_before_it_is_given_its_job(
        mini_study_dir: Path, tmp_path: Path, data_home: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its arguments are two pipe ends, so starting it does not wait for its imports (which
    then ran at full priority beside the session's start); the paths follow on a pipe, once
    it is at the lowest priority. The digest is the same."""
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    db.register_study(loaded.study.id, loaded.study.version, loaded.study.title,
                      loaded.content_hash, loaded.study.model_dump_json())
    said: list[object] = []
    spawn = asset_record.multiprocessing.get_context("spawn")

    class Spawn:
        def Pipe(self, duplex: bool) -> object:
            reader, writer = spawn.Pipe(duplex=duplex)
            real_send = writer.send

            def send(value: object) -> None:
                said.append(("sent", value))
                real_send(value)

            writer.send = send  # type: ignore[method-assign]
            return reader, writer

        def Process(self, **kwargs: object) -> object:
            said.append(("args", kwargs["args"]))
            return spawn.Process(**kwargs)  # type: ignore[arg-type]

    real_priority = os.setpriority
    monkeypatch.setattr(asset_record.multiprocessing, "get_context", lambda kind: Spawn())
    monkeypatch.setattr(asset_record.os, "setpriority",
                        lambda *a: (said.append(("lowered", a[2])), real_priority(*a)))
    recorder = AssetRecorder(loaded, db)
    assert recorder.wait(60) and recorder.error is None
    assert recorder.digest == assets_digest(asset_manifest(loaded))
    assert db.study_assets_digest(loaded.content_hash) == recorder.digest
    kinds = [what for what, _ in said]
    assert kinds.index("args") < kinds.index("lowered") < kinds.index("sent")
    [args] = [value for what, value in said if what == "args"]
    assert not any(isinstance(a, list | tuple | str) for a in args)  # type: ignore[union-attr]
    [job] = [value for what, value in said if what == "sent" and isinstance(value, tuple)
             and len(value) == 3]
    assert job == (str(loaded.folder), assets.asset_paths(loaded), loaded.content_hash)
    db.close()


def test_a_digest_stopped_before_it_is_made_stays_unknown(
        mini_study_dir: Path, tmp_path: Path, data_home: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    db.register_study(loaded.study.id, loaded.study.version, loaded.study.title,
                      loaded.content_hash, loaded.study.model_dump_json())
    recorder = AssetRecorder(loaded, db)
    recorder.stop()  # before the child has even started Python
    assert recorder.wait(60)
    assert recorder.digest is None and recorder.error
    assert db.study_assets_digest(loaded.content_hash) is None
    db.record_assets_digest(loaded.content_hash, "abc")
    db.record_assets_digest(loaded.content_hash, "def")  # never replaces a recorded digest
    assert db.study_assets_digest(loaded.content_hash) == "abc"
    db.close()


def _export(folder: Path, url: str, out: Path) -> int:
    # (the laptops' participants are simulated: without the flag the export refuses)
    return main(["export", "--study", str(folder), "--out", str(out), "--db", url,
                 "--bootstrap", "0", "--include-simulated"])


def test_export_names_the_files_changed_since_the_answers(
        mini_study_dir: Path, tmp_path: Path, data_home: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _laptop(tmp_path / "a.sqlite3", mini_study_dir, participants=2)
    url = f"sqlite:///{path}"
    assert _export(mini_study_dir, url, tmp_path / "same") == 0
    assert "warning:" not in capsys.readouterr().err

    _replace_image(mini_study_dir)
    assert _export(mini_study_dir, url, tmp_path / "changed") == 0
    err = capsys.readouterr().err
    assert any(line.startswith("warning:") and "images/a.png: changed" in line
               for line in err.splitlines())

    # Recorded on another computer: this one cannot say which file, but says that one did.
    shutil.rmtree(data_home / assets.MANIFEST_DIR)
    assert _export(mini_study_dir, url, tmp_path / "elsewhere") == 0
    err = capsys.readouterr().err
    assert "warning:" in err and "the files differ from those recorded" in err


def test_merge_warns_when_one_version_was_given_with_different_images(
        mini_study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _laptop(tmp_path / "a.sqlite3", mini_study_dir, participants=1)
    again = _laptop(tmp_path / "a2.sqlite3", mini_study_dir, participants=1, first=2)
    assert main(["merge", str(tmp_path / "same.sqlite3"), a, again]) == 0
    assert "warning:" not in capsys.readouterr().err

    _replace_image(mini_study_dir)  # study.json unchanged: the same content hash
    b = _laptop(tmp_path / "b.sqlite3", mini_study_dir, participants=1, first=3)
    assert main(["merge", str(tmp_path / "out.sqlite3"), a, b]) == 0
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "different image" in x]
    assert line.startswith("warning: study 'mini' version") and a in line and b in line


def test_the_merge_dialog_shows_the_files_warning(
        qtbot: QtBot, mini_study_dir: Path, tmp_path: Path) -> None:
    a = _laptop(tmp_path / "a.sqlite3", mini_study_dir, participants=1)
    _replace_image(mini_study_dir)
    b = _laptop(tmp_path / "b.sqlite3", mini_study_dir, participants=1, first=2)
    target = open_database(f"sqlite:///{tmp_path / 'designer.sqlite3'}")
    tasks = TaskManager()
    dialog = MergeDialog(target, tasks)
    qtbot.addWidget(dialog)
    try:
        dialog.add_files([a, b])
        with qtbot.waitSignal(dialog.merged, timeout=60_000) as blocker:
            dialog.start()
        assert blocker.args[0].asset_warnings
        assert "Warning: study 'mini'" in dialog.counts.toPlainText()
        assert "different image or prediction files" in dialog.counts.toPlainText()
    finally:
        tasks.close()
        target.close()


@pytest.mark.parametrize("command", [
    ["coverage", "--study", "{study}", "--db", "{url}"],
    ["simulate", "--study", "{study}", "--participants", "1", "--db", "{url}"],
    ["export", "--study", "{study}", "--out", "{tmp}/out", "--db", "{url}"],
    ["merge", "{url}", "{tmp}/in.sqlite3"],
    ["merge", "{tmp}/out.sqlite3", "{url}"],
])
def test_a_url_whose_driver_is_missing_is_a_clean_error(
        command: list[str], mini_study_dir: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    open_database(f"sqlite:///{tmp_path / 'in.sqlite3'}").close()
    args = [a.format(study=mini_study_dir, url="mysql://u@h/db", tmp=tmp_path) for a in command]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("baseline-studio: error: ") and "Traceback" not in err
    assert "mysql://u@h/db: no driver for this kind of database" in err
