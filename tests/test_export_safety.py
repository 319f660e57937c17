"""Exports never write outside --out, never carry formulas, and are all or nothing (issue 14):
hostile studies and databases, every CSV read back, the CLI's messages."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from app.responses_import import import_responses_csv
from app.results.options import ResultsOptions
from app.storage import open_database
from app.study.errors import StudyError, UserInputError
from app.study.loader import LoadedStudy, load_study
from baseline_studio import main
from exporters.csv_fast import write_csv
from exporters.csv_safe import needs_quote
from exporters.export_all import export_all
from tests.conftest import REPO
from tests.results_support import import_rows, simulated_rows
from tests.test_results_study import with_models

HUME_DEMO = REPO / "studies" / "hume-demo"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
HOSTILE_CODES = ['=HYPERLINK("http://evil.example","click")', "@SUM(1+1)", "-2+3", "+cmd"]


# --- names from a study never leave --out -----------------------------------------------

def hume_copy(tmp_path: Path, edit: object = None) -> Path:
    folder = tmp_path / "hume"
    shutil.copytree(HUME_DEMO, folder)
    if edit is not None:
        data = json.loads((folder / "study.json").read_text(encoding="utf-8"))
        edit(data)  # type: ignore[operator]
        (folder / "study.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


def with_answers(folder: Path, tmp_path: Path) -> str:
    """A SQLite database with two annotators' answers to the study; its URL."""
    url = f"sqlite:///{tmp_path / 'answers.sqlite3'}"
    loaded = load_study(folder)
    db = open_database(url)
    try:
        import_rows(loaded, db, simulated_rows(loaded, [("ann1", "", 0.85), ("ann2", "", 0.7)],
                                               seed=9), tmp_path)
    finally:
        db.close()
    return url


def first_task_item(data: dict) -> int:
    return next(n for n, item in enumerate(data["items"]) if "mteb_task" in item["categories"])


@pytest.mark.parametrize(("where", "value"), [
    ("mteb.revision", "../../../../escaped"),
    ("mteb.revision", "a/b"),
    ("mteb.revision", ".."),
    ("mteb.revision", "C:evil"),
    ("task", "/{outside}/escaped"),
    ("task", "..\\..\\escaped"),
    ("task", "../escaped"),
])
def test_hostile_mteb_names_are_refused_and_nothing_is_written_outside(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, value: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    value = value.replace("{outside}", str(outside).strip("/"))
    path_in_json = {}

    def edit(data: dict) -> None:
        if where == "mteb.revision":
            data["mteb"]["revision"] = value
            path_in_json["where"] = "mteb.revision"
        else:
            n = first_task_item(data)
            data["items"][n]["categories"]["mteb_task"] = value
            path_in_json["where"] = f"items[{n}].categories.mteb_task"
    folder = hume_copy(tmp_path, edit)
    url = with_answers(folder, tmp_path)
    out = tmp_path / "deep" / "er" / "out"
    code = main(["export", "--study", str(folder), "--db", url, "--out", str(out),
                 "--bootstrap", "0"])
    err = capsys.readouterr().err
    assert code == 2
    assert str(folder / "study.json") in err and path_in_json["where"] in err
    assert "Traceback" not in err
    assert not out.exists()  # refused before anything was written
    written = {p for p in tmp_path.rglob("*.json") if "hume" not in p.parts}
    assert written == set(), written


def test_a_link_inside_out_leading_outside_is_refused(tmp_path: Path) -> None:
    folder = hume_copy(tmp_path)
    url = with_answers(folder, tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "mteb").symlink_to(outside, target_is_directory=True)
    db = open_database(url)
    try:
        with pytest.raises(UserInputError, match="outside the export folder"):
            export_all(load_study(folder), db, out, options=ResultsOptions(n_boot=0))
    finally:
        db.close()
    assert list(outside.rglob("*")) == []
    assert not list(tmp_path.glob(".out.partial-*"))


# --- MTEB languages ---------------------------------------------------------------------

def export_without_item_languages(tmp_path: Path) -> Path:
    """The HUME demo with no item carrying a `language`, exported; the MTEB folder."""
    def drop_item_languages(data: dict) -> None:
        for item in data["items"]:
            item.pop("language", None)
    folder = hume_copy(tmp_path, drop_item_languages)
    url = with_answers(folder, tmp_path)
    out = tmp_path / "out"
    assert main(["export", "--study", str(folder), "--db", url, "--out", str(out),
                 "--bootstrap", "0"]) == 0
    return out / "mteb" / "Human" / "human_evaluation"


def test_mteb_languages_come_from_the_study_when_items_have_none(tmp_path: Path) -> None:
    files = sorted(export_without_item_languages(tmp_path).glob("HUME*.json"))
    assert files
    for path in files:
        for entry in json.loads(path.read_text())["scores"]["test"]:
            assert entry["languages"] == ["eng-Latn", "ara-Arab"], path.name


def test_mteb_export_without_any_language_writes_the_rest_and_names_the_missing_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def drop_all_languages(data: dict) -> None:
        data["languages"] = []
        for item in data["items"]:
            item.pop("language", None)
    folder = hume_copy(tmp_path, drop_all_languages)
    url = with_answers(folder, tmp_path)
    code = main(["export", "--study", str(folder), "--db", url, "--out", str(tmp_path / "out"),
                 "--bootstrap", "0"])
    err = capsys.readouterr().err
    assert code == 0 and "warning: no MTEB results folder" in err
    assert "languages" in err and str(folder / "study.json") in err
    assert (tmp_path / "out" / "responses_long.csv").exists()
    assert not (tmp_path / "out" / "mteb").exists()


def test_mteb_get_score_equals_main_score(tmp_path: Path) -> None:
    # mteb itself (it needs torch, so it is not a test dependency): skipped where absent.
    mteb = pytest.importorskip("mteb", reason="mteb is not installed (it pulls in torch)")
    for path in export_without_item_languages(tmp_path).glob("HUME*.json"):
        document = json.loads(path.read_text())
        result = mteb.TaskResult.from_disk(path)
        mains = [e["main_score"] for e in document["scores"]["test"]]
        assert result.get_score() == pytest.approx(float(np.mean(mains)))


# --- no formulas in any CSV -------------------------------------------------------------

def hostile_study(folder: Path) -> LoadedStudy:
    data = json.loads((folder / "study.json").read_text())
    data["profile_fields"].append({"id": "site", "label": "Site", "kind": "text",
                                   "required": False})
    for n, item in enumerate(data["items"]):
        item["categories"]["origin"] = ["=1+2", "@cmd", "\tTAB", "-x", "+y", "\rcr"][n % 6]
    (folder / "study.json").write_text(json.dumps(data))
    with_models(folder)
    predictions = (folder / "predictions.csv").read_text().replace(
        "demo-a", '"=HYPERLINK(""http://evil.example"",""x"")"').replace("demo-b", "@model")
    (folder / "predictions.csv").write_text(predictions)
    return load_study(folder)


def import_hostile_rows(loaded: LoadedStudy, url: str, tmp_path: Path) -> None:
    rows = simulated_rows(loaded, [("P1", "primary", 0.9), ("P2", "senior", 0.6),
                                   ("P3", "primary", 0.7), ("P4", "senior", 0.8)], seed=4)
    rename = dict(zip(["P1", "P2", "P3", "P4"], HOSTILE_CODES, strict=True))
    path = tmp_path / "hostile.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["participant", "item_id", "question_id", "answer", "rt_ms", "tier",
                         "site"])
        for participant, item_id, question_id, answer, rt, tier in rows:
            kind = next(q.kind for q in loaded.items_by_id[item_id].questions
                        if q.id == question_id)
            if kind == "text":
                answer = "=cmd|' /C calc'!A0"
            text = answer if isinstance(answer, str) else json.dumps(answer)
            writer.writerow([rename[participant], item_id, question_id, text,
                             "" if rt is None else rt, tier, "=IMPORTXML(A1)"])
    db = open_database(url)
    try:
        import_responses_csv(loaded, db, path)
    finally:
        db.close()


def test_no_csv_carries_a_formula(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = hostile_study(mini_study_dir)
    url = f"sqlite:///{tmp_path / 'hostile.sqlite3'}"
    import_hostile_rows(loaded, url, tmp_path)
    out = tmp_path / "out"
    assert main(["export", "--study", str(mini_study_dir), "--db", url, "--out", str(out),
                 "--bootstrap", "0", "--include-identifying"]) == 0
    files = sorted(out.glob("*.csv"))  # every CSV the export writes, whatever files it adds
    assert {"model_scores.csv", "responses_wide.csv", "gaps.csv", "human_range.csv",
            "exclusions.csv", "sensitivity.csv"} <= {p.name for p in files}
    seen: set[str] = set()
    for path in files:
        with path.open(newline="", encoding="utf-8") as fh:
            for line, row in enumerate(csv.reader(fh)):
                for cell in row:
                    seen.add(cell)
                    assert not needs_quote(cell) or cell.startswith("'"), (path.name, line, cell)
                    assert not cell.startswith(FORMULA_STARTS) or cell.lstrip("-+").replace(
                        ".", "", 1).replace("e", "", 1).lstrip("-+").isdigit(), (path.name, cell)
    # The hostile values are there, neutralised, in the files that carry them.
    for value in (*HOSTILE_CODES, '=HYPERLINK("http://evil.example","x")', "@model", "=1+2",
                  "\tTAB", "=cmd|' /C calc'!A0", "=IMPORTXML(A1)"):
        assert "'" + value in seen, value
    model_scores = pd.read_csv(out / "model_scores.csv")
    assert "'=HYPERLINK(\"http://evil.example\",\"x\")" in set(model_scores["who"])
    wide = pd.read_csv(out / "responses_wide.csv")
    assert "'" + HOSTILE_CODES[0] in wide.columns
    # Numbers stay numbers: scores and agreement values parse as floats, negatives included.
    agreement = pd.read_csv(out / "agreement.csv")
    assert agreement["value"].dtype == float
    long = pd.read_csv(out / "responses_long.csv")
    assert long["rt_ms"].dtype == float


def test_fast_csv_keeps_numbers_and_neutralises_text(tmp_path: Path) -> None:
    frame = pd.DataFrame({
        "=head": ["=1+2", "-0.5", "plain", "'quoted", None],
        "arrow": pd.array(["@a", "-3", "+4e5", "\tx", "ok"], dtype="string[pyarrow]"),
        "number": [-0.5, 1.0, -2.0, float("nan"), 3.5],
        "mixed": ["-x", 1, -2.5, "+", None],
    })
    path = tmp_path / "t.csv"
    write_csv(frame, path)
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == ["'=head", "arrow", "number", "mixed"]
    assert [r[0] for r in rows[1:]] == ["'=1+2", "-0.5", "plain", "''quoted", ""]
    assert [r[1] for r in rows[1:]] == ["'@a", "-3", "+4e5", "'\tx", "ok"]
    assert [r[2] for r in rows[1:]] == ["-0.5", "1.0", "-2.0", "", "3.5"]
    assert [r[3] for r in rows[1:]] == ["'-x", "1", "-2.5", "'+", ""]
    # The rule undoes exactly: drop the first ' of a text cell that starts with one.
    raw = [c[1:] if c.startswith("'") else c for c in (r[0] for r in rows[1:])]
    assert raw == ["=1+2", "-0.5", "plain", "'quoted", ""]


# --- the CLI: clean messages, all or nothing, replaced files said ------------------------

@pytest.fixture
def small(mini_study_dir: Path, tmp_path: Path) -> tuple[Path, str]:
    loaded = with_models(mini_study_dir)
    url = f"sqlite:///{tmp_path / 'small.sqlite3'}"
    db = open_database(url)
    try:
        import_rows(loaded, db, simulated_rows(loaded, [("P01", "primary", 0.9),
                                                        ("P02", "senior", 0.6)], seed=4), tmp_path)
    finally:
        db.close()
    return mini_study_dir, url


@pytest.mark.parametrize("case", ["out is a file", "home is a file", "mysql without driver"])
def test_cli_export_bad_targets_give_clean_messages(small: tuple[Path, str], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    case: str) -> None:
    folder, url = small
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    args = ["export", "--study", str(folder), "--out", str(tmp_path / "out"), "--db", url]
    if case == "out is a file":
        args[4] = str(a_file)
    elif case == "home is a file":
        args += ["--home", str(a_file)]
    else:
        args[6] = "mysql://user@localhost/results"
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("baseline-studio: error: ") and "Traceback" not in err
    assert {"out is a file": str(a_file), "home is a file": "--home",
            "mysql without driver": "no driver"}[case] in err
    assert a_file.read_text() == "not a folder"


def test_a_failed_export_leaves_nothing_that_looks_complete(small: tuple[Path, str],
                                                           tmp_path: Path) -> None:
    folder, url = small
    loaded = load_study(folder)
    db = open_database(url)

    def fail_late(_i: int, _n: int, step: str) -> None:
        if step == "report":
            raise RuntimeError("disk pulled out")
    out = tmp_path / "out"
    try:
        with pytest.raises(RuntimeError, match="disk pulled out"):
            export_all(loaded, db, out, options=ResultsOptions(n_boot=0), progress=fail_late)
        assert not out.exists()
        (out).mkdir()
        (out / "notes.txt").write_text("mine")
        with pytest.raises(RuntimeError):
            export_all(loaded, db, out, options=ResultsOptions(n_boot=0), progress=fail_late)
        assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    finally:
        db.close()
    assert not [p for p in tmp_path.iterdir() if ".partial-" in p.name]


def test_export_says_when_it_replaces_files(small: tuple[Path, str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder, url = small
    out = tmp_path / "out"
    args = ["export", "--study", str(folder), "--db", url, "--out", str(out), "--bootstrap", "0"]
    assert main(args) == 0
    assert "replaced" not in capsys.readouterr().err
    first = {p.relative_to(out) for p in out.rglob("*") if p.is_file()}  # paper/ included
    (out / "notes.txt").write_text("mine")
    assert main(args) == 0
    err = capsys.readouterr().err
    assert f"replaced {len(first)} files already in {out}" in err
    assert (out / "notes.txt").read_text() == "mine"
    assert {p.relative_to(out) for p in out.rglob("*") if p.is_file()} == {
        *first, Path("notes.txt")}
    assert not [p for p in tmp_path.iterdir() if ".partial-" in p.name]


def test_a_name_check_refuses_what_is_not_one_plain_name(tmp_path: Path) -> None:
    from exporters.out_folder import out_path, safe_name

    for bad in ("", "..", ".", "../x", "a/b", "a\\b", "/abs", "C:x", "nul", "x\x00y", "a.",
                " a", ".hidden", "x" * 300):
        with pytest.raises(StudyError):
            safe_name(bad, source=tmp_path / "study.json", where="mteb.revision")
    assert safe_name("HUMESTS12", source=tmp_path / "study.json", where="x") == "HUMESTS12"
    with pytest.raises(UserInputError):
        out_path(tmp_path / "out", "..", "x.json")
    assert out_path(tmp_path / "out", "mteb", "a.json") == tmp_path / "out" / "mteb" / "a.json"


def test_an_out_folder_whose_parent_is_read_only_is_staged_inside_it(
        small: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The root of a USB stick: writable, its parent (/media/user) not. As root no folder is
    # read-only, so the refusal of the parent is made by hand here.
    import tempfile

    import exporters.out_folder as out_folder

    folder, url = small
    out = tmp_path / "stick"
    out.mkdir()
    real = tempfile.mkdtemp

    def refuse_parent(prefix: str = "", dir: Path | None = None) -> str:
        if dir is not None and Path(dir) == tmp_path:
            raise PermissionError(13, "Permission denied", str(dir))
        return real(prefix=prefix, dir=dir)
    monkeypatch.setattr(out_folder.tempfile, "mkdtemp", refuse_parent)
    db = open_database(url)
    try:
        written = export_all(load_study(folder), db, out, options=ResultsOptions(n_boot=0))
    finally:
        db.close()
    assert (out / "responses_long.csv").is_file() and all(p.is_file() for p in written)
    assert not [p for p in out.iterdir() if ".partial-" in p.name]


def test_an_export_is_owner_only_whatever_the_umask(tmp_path: Path) -> None:
    import os
    import stat

    folder = hume_copy(tmp_path, lambda data: None)
    url = with_answers(folder, tmp_path)
    old = os.umask(0o022)
    try:
        for out in (tmp_path / "new-out", tmp_path / "existing-out"):
            if out.name == "existing-out":
                out.mkdir()
                (out / "keep.txt").write_text("mine")
            assert main(["export", "--study", str(folder), "--db", url, "--out", str(out),
                         "--bootstrap", "0", "--include-identifying"]) == 0
            if out.name == "new-out":
                assert stat.S_IMODE(out.stat().st_mode) == 0o700
            for path in out.rglob("*"):
                if path.name == "keep.txt":
                    continue
                expected = 0o700 if path.is_dir() else 0o600
                assert stat.S_IMODE(path.stat().st_mode) == expected, path
    finally:
        os.umask(old)
