"""Where an export may write (exporters/out_folder.py): the names it refuses and why, the
--out it refuses and why, and the staging folder moved into place, owner-only."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from app.study.errors import StudyError, UserInputError
from exporters.out_folder import MAX_NAME, check_out_folder, name_problem, safe_name, staged_export


def test_each_refused_name_says_why() -> None:
    assert name_problem("") == "is empty"
    assert name_problem("   ") == "is empty"
    assert name_problem("..") == ("'..' starts with a dot (a dot-segment or a hidden file), "
                                  "not a plain name")
    assert name_problem("a/b") == ("'a/b' holds '/': a file name may not hold a path separator, "
                                   "a drive colon or a control character")
    assert name_problem("nul") == ("'nul' is not a portable file name (reserved, or ends in a "
                                   "space or dot)")
    assert name_problem("x" * (MAX_NAME + 1)) == (
        f"is {MAX_NAME + 1} characters long (at most {MAX_NAME} for a file name)")


def test_a_name_of_the_longest_length_is_a_name() -> None:
    assert name_problem("x" * MAX_NAME) is None
    assert name_problem("HUMESTS12.v2") is None


def test_a_refused_name_names_the_study_file_and_the_place(tmp_path: Path) -> None:
    study = tmp_path / "study.json"
    with pytest.raises(StudyError) as raised:
        safe_name("../x", source=study, where="mteb.revision")
    [problem] = raised.value.problems
    assert problem.file == study and problem.where == "mteb.revision"
    assert problem.message == ("cannot be used as a file name in the export: '../x' starts with "
                               "a dot (a dot-segment or a hidden file), not a plain name")


def test_an_out_that_cannot_be_a_folder_says_why(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    with pytest.raises(UserInputError) as raised:
        check_out_folder(a_file)
    assert str(raised.value) == (f"{a_file}: exists and is not a folder; give a folder to export "
                                 "into (it is created if missing)")
    under = a_file / "deeper" / "out"
    with pytest.raises(UserInputError) as raised:
        check_out_folder(under)
    assert str(raised.value) == f"{under}: {a_file} is a file, not a folder"
    check_out_folder(tmp_path / "new" / "out")  # missing folders are created later


def test_a_folder_in_the_way_of_an_exported_file_is_refused_and_left(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "report.md").mkdir(parents=True)
    (out / "report.md" / "mine.txt").write_text("mine")
    with pytest.raises(UserInputError) as raised, staged_export(out) as staging:
        (staging.folder / "report.md").write_text("exported")
    assert str(raised.value) == f"{out / 'report.md'}: a folder is in the way of the exported file"
    assert (out / "report.md" / "mine.txt").read_text() == "mine"
    assert not [p for p in tmp_path.iterdir() if ".partial-" in p.name]


def test_what_a_staged_export_replaced_is_each_file_it_wrote_again(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "tables").mkdir(parents=True)
    (out / "tables" / "a.csv").write_text("old")
    (out / "notes.txt").write_text("mine")
    (out / "linked.csv").symlink_to(out / "notes.txt")
    told: list[str] = []
    with staged_export(out, told.append) as staging:
        (staging.folder / "tables").mkdir()
        (staging.folder / "tables" / "a.csv").write_text("new")
        (staging.folder / "tables" / "b.csv").write_text("new")
        (staging.folder / "linked.csv").write_text("new")
    assert sorted(staging.replaced) == [out / "linked.csv", out / "tables" / "a.csv"]
    assert told == [f"replaced 2 files already in {out}"]
    assert (out / "notes.txt").read_text() == "mine"  # the link was replaced, not its target
    assert not (out / "linked.csv").is_symlink()


def test_every_file_of_an_export_is_owner_only_past_a_link_in_it(tmp_path: Path) -> None:
    """A link the export holds (left as it is) does not stop the rest being made owner-only:
    the files in a folder below it come after it in the walk."""
    old = os.umask(0o022)
    try:
        out = tmp_path / "out"
        with staged_export(out) as staging:
            (staging.folder / "a-link").symlink_to(tmp_path)
            (staging.folder / "paper").mkdir()
            (staging.folder / "paper" / "paper.tex").write_text("tex")
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == 0o700
    assert stat.S_IMODE((out / "paper").stat().st_mode) == 0o700
    assert stat.S_IMODE((out / "paper" / "paper.tex").stat().st_mode) == 0o600
