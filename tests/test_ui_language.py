"""Issue 20: the study format's participant languages (Qt-free): known BCP 47 tags only, said
plainly where the study names one the app cannot show its words in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.study.errors import StudyError
from app.study.loader import load_study
from app.study.ui_language import UI_LANGUAGES, language_choices


def _problems(folder: Path, **fields: object) -> list[str]:
    path = folder / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw.update(fields)
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    try:
        load_study(path)
    except StudyError as exc:
        return [f"{p.file.name} {p.where}: {p.message}" for p in exc.problems]
    return []


def test_the_six_languages_are_named_in_themselves() -> None:
    assert list(UI_LANGUAGES) == ["en", "ar", "ru", "da", "nb", "zh-Hans"]
    assert UI_LANGUAGES["ar"] == "العربية" and UI_LANGUAGES["zh-Hans"] == "简体中文"


def test_a_study_may_set_one_language_or_offer_several(mini_study_dir: Path) -> None:
    assert _problems(mini_study_dir, ui_language="zh-Hans") == []
    assert _problems(mini_study_dir, ui_language="ar", ui_languages=["en", "ar"]) == []
    assert language_choices("ar", []) == ["ar"]
    assert language_choices(None, ["da", "nb"]) == ["da", "nb"]
    assert language_choices(None, []) == ["en"]


@pytest.mark.parametrize(("fields", "expected"), [
    ({"ui_language": "zh-hans"}, "'zh-hans' is not a language of the app's own words (did you "
                                 "mean 'zh-Hans'?)"),
    ({"ui_language": "fr"}, "'fr' is not a language of the app's own words; one of: en, ar, ru, "
                            "da, nb, zh-Hans"),
    ({"ui_languages": ["en", "en"]}, "ui_languages: names a language twice"),
    ({"ui_language": "ru", "ui_languages": ["en", "ar"]}, "ui_language 'ru' is not one of "
                                                          "ui_languages"),
])
def test_an_unknown_language_is_refused_with_the_file_and_a_hint(
        mini_study_dir: Path, fields: dict[str, object], expected: str) -> None:
    problems = _problems(mini_study_dir, **fields)
    assert len(problems) == 1 and problems[0].startswith("study.json")
    assert expected in problems[0]


def test_ui_language_problems_carry_their_json_path_and_no_raw_nul(
        mini_study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    import shutil

    from baseline_studio.main import main

    folder = tmp_path / "study"
    shutil.copytree(mini_study_dir, folder)
    raw = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    raw["ui_language"] = "x\x00\x1b[2Jx"
    raw["ui_languages"] = ["en", "zz"]
    (folder / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "ui_language: 'x\\x00\\x1b[2Jx' is not a language" in err
    assert "ui_languages: [1]: 'zz' is not a language" in err
    assert "\x00" not in err and "\x1b" not in err


def test_a_refused_merge_leaves_no_empty_output(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from baseline_studio.main import main

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 100)
    out = tmp_path / "merged.sqlite3"
    assert main(["merge", str(out), str(junk)]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["junk.sqlite3"]
