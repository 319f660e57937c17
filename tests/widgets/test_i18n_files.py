"""Issue 20: the translation files are complete and fresh. A participant-facing string with no
translation in a shipped language fails here, as does a .ts that lupdate would change (a string
added to or removed from the code without `make translations`) and a .qm that is not what
lrelease makes of its .ts."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.session.codes import MAX_CODE_LENGTH, participant_code_problem
from app.study.ui_language import DEFAULT_UI_LANGUAGE, UI_LANGUAGES
from widgets.i18n_files import I18N_DIR, qm_file, tool, ts_file, update
from widgets.shell.core_words import CODE_PROBLEMS, code_problem_text

SHIPPED = [tag for tag in UI_LANGUAGES if tag != DEFAULT_UI_LANGUAGE]
# Qt's plural forms per language (lrelease's rules): a form missing would show nothing.
FORMS = {"ar": 6, "ru": 3, "da": 2, "nb": 2, "zh-Hans": 1, "en": 2}


def messages(path: Path) -> list[tuple[str, str, ET.Element]]:
    root = ET.parse(path).getroot()
    return [(context.findtext("name") or "", message.findtext("source") or "", message)
            for context in root.iter("context") for message in context.iter("message")]


def untranslated(path: Path) -> list[str]:
    out = []
    for context, source, message in messages(path):
        translation = message.find("translation")
        assert translation is not None
        forms = [f.text or "" for f in translation.iter("numerusform")]
        texts = forms if message.get("numerus") == "yes" else [translation.text or ""]
        if translation.get("type") in ("unfinished", "vanished", "obsolete") \
                or not all(t.strip() for t in texts):
            out.append(f"{context}: {source!r}")
    return out


@pytest.mark.parametrize("tag", [*SHIPPED, "en"])
def test_every_participant_string_is_translated(tag: str) -> None:
    path = ts_file(tag)
    assert path.is_file(), f"{path} is missing: run `make translations`"
    assert untranslated(path) == [], f"untranslated in {path.name} (Qt Linguist, then " \
                                     "`make translations`)"
    for context, source, message in messages(path):
        placeholders = set(re.findall(r"\{\w+\}", source))
        translation = message.find("translation")
        assert translation is not None
        forms = [f.text or "" for f in translation.iter("numerusform")]
        if message.get("numerus") == "yes":
            assert len(forms) == FORMS[tag], f"{tag} {context}: {source!r}"
            # A form may leave the count out ("one group"), never name a value not in the source.
            assert all(set(re.findall(r"\{\w+\}", f)) <= placeholders for f in forms), source
        else:
            assert set(re.findall(r"\{\w+\}", translation.text or "")) == placeholders, \
                f"{tag} {context}: {source!r} -> {translation.text!r}"


def test_translations_are_not_stale(tmp_path: Path) -> None:
    """lupdate over the code now, into a copy: the same strings as the committed files."""
    shutil.copytree(I18N_DIR, tmp_path / "i18n")
    update(tmp_path / "i18n")
    for tag in UI_LANGUAGES:
        committed = {(c, s) for c, s, _m in messages(ts_file(tag))}
        fresh = {(c, s) for c, s, _m in messages(ts_file(tag, tmp_path / "i18n"))}
        assert fresh == committed, (
            f"{ts_file(tag).name} is stale (run `make translations`): new in the code "
            f"{sorted(fresh - committed)}, gone from it {sorted(committed - fresh)}")
    # And lupdate added nothing unfinished: every string in the code has its translation.
    for tag in SHIPPED:
        assert untranslated(ts_file(tag, tmp_path / "i18n")) == []


def test_compiled_files_are_what_lrelease_makes(tmp_path: Path) -> None:
    for tag in UI_LANGUAGES:
        out = tmp_path / f"{tag}.qm"
        subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts_file(tag)), "-qm", str(out)],
                       check=True)
        assert qm_file(tag).read_bytes() == out.read_bytes(), \
            f"{qm_file(tag).name} is not fresh: run `make translations`"


def test_every_participant_code_problem_of_the_core_has_its_words() -> None:
    """The core (Qt-free) says these in English; the code screen shows them translated."""
    for code in ("", "x" * (MAX_CODE_LENGTH + 1), "P0\x07", "anna@example.org",
                 "+45 12 34 56 78"):
        problem = participant_code_problem(code)
        assert problem is not None
        assert problem in CODE_PROBLEMS or problem == CODE_PROBLEMS[1].format(
            n=MAX_CODE_LENGTH), problem
        assert code_problem_text(problem).endswith(".")


@pytest.mark.parametrize("tag", SHIPPED)
def test_bold_words_stay_bold_in_every_language(qapp, tag: str) -> None:
    """Markdown's ** must close where the language puts punctuation: "**谢谢！**你" stays
    literal stars (a closing ** after punctuation needs a space or punctuation after it)."""
    from widgets.qt import QtGui

    for context, source, message in messages(ts_file(tag)):
        if "**" not in source:
            continue
        translation = message.find("translation")
        assert translation is not None
        forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
        for form in forms:
            text = re.sub(r"\{\w+\}", "x7", form).replace("%Ln", "3")
            document = QtGui.QTextDocument()
            document.setMarkdown(text)
            assert "**" not in document.toPlainText(), f"{tag} {context}: {form!r}"
