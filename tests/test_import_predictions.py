"""`import predictions`: a long CSV of model predictions attached to an existing study."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.importers.base import ImportOptions
from app.importers.predictions import read_predictions
from app.importers.registry import run_import
from app.study.errors import StudyError
from baseline_studio.main import main
from tests.conftest import FIXTURES

GOOD = """model,item_id,question_id,prediction
m1,c1,label,neg
m1,c2,,pos
m1,s1,similarity,0.83
m1,r1,relevance,"{""d1"": 0.9, ""d2"": 0.1, ""d3"": 0.7}"
m1,k1,groups,"{""t1"": 0, ""t2"": 0, ""t3"": 1, ""t4"": 1}"
m1,rank1,order,"[""z"", ""y"", ""x""]"
m1,poem1,creative,NA
m2,r1,relevance,"[0.2, 0.3, 0.4]"
m2,k1,groups,"[[""t1"", ""t3""], [""t2"", ""t4""]]"
"""


@pytest.fixture
def study_dir(tmp_path: Path) -> Path:
    target = tmp_path / "mini"
    shutil.copytree(FIXTURES / "mini-study", target)
    return target


def test_attach_copies_the_file_and_adds_the_entry(study_dir: Path, tmp_path: Path) -> None:
    source = tmp_path / "my-models.csv"
    source.write_text(GOOD, encoding="utf-8")
    result = run_import("predictions", ImportOptions(source=source, out=study_dir,
                                                     illustrative=True, note="made up"))
    (ref,) = result.loaded.study.models.predictions
    assert (ref.file, ref.illustrative, ref.note) == ("predictions/my-models.csv", True, "made up")
    assert (study_dir / "predictions" / "my-models.csv").read_text(encoding="utf-8") == GOOD
    predictions = read_predictions(result.loaded, study_dir / ref.file)
    by_key = {(p.model, p.item_id, p.question_id): p.value for p in predictions}
    assert by_key[("m1", "c2", "label")] == "pos"  # empty question_id: the item's only one
    assert by_key[("m1", "s1", "similarity")] == 0.83
    assert by_key[("m2", "r1", "relevance")] == {"d1": 0.2, "d2": 0.3, "d3": 0.4}
    assert by_key[("m2", "k1", "groups")] == {"t1": "0", "t3": "0", "t2": "1", "t4": "1"}
    assert by_key[("m1", "poem1", "creative")] == "NA"
    raw = json.loads((study_dir / "study.json").read_text(encoding="utf-8"))
    assert raw["items"][0]["id"] == "p1"  # the rest of the study is kept


def test_bad_rows_are_all_listed_and_nothing_changes(study_dir: Path, tmp_path: Path) -> None:
    before = (study_dir / "study.json").read_bytes()
    source = tmp_path / "bad.csv"
    source.write_text(
        "model,item_id,question_id,prediction\n"
        "m1,nope,label,neg\n"            # row 0: unknown item
        "m1,c1,label,maybe\n"            # row 1: not an option
        "m1,s1,similarity,high\n"        # row 2: not a number
        "m1,r1,relevance,{broken\n"      # row 3: bad JSON
        "m1,poem1,,4\n"                  # row 4: two questions, none named
        "m1,c1,label,pos\n"
        "m1,c1,label,neg\n"              # row 6: duplicate
        ",c2,label,pos\n", encoding="utf-8")  # row 7: no model
    with pytest.raises(StudyError) as caught:
        run_import("predictions", ImportOptions(source=source, out=study_dir))
    places = [p.where for p in caught.value.problems]
    assert places == ["row 0, column item_id", "row 1, column prediction",
                      "row 2, column prediction", "row 3, column prediction",
                      "row 4, column question_id", "row 6, column prediction",
                      "row 7, column model"]
    assert (study_dir / "study.json").read_bytes() == before
    assert not (study_dir / "predictions").exists()


def test_cli_attach_twice_is_refused(study_dir: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "p.csv"
    source.write_text(GOOD, encoding="utf-8")
    args = ["import", "predictions", str(source), "--out", str(study_dir), "--illustrative"]
    assert main(args) == 0
    assert "attached predictions/p.csv" in capsys.readouterr().out
    assert main(args) == 2
    assert "already attached" in capsys.readouterr().err
