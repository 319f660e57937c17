"""Issue 20: words in the participant's language where the sentence depends on a number (each
language's plural rules), on the core's English messages, or on a screen built before the
language changed."""

from __future__ import annotations

import pytest

from app.session.profile import check_profile
from app.study.model import ProfileField
from widgets.i18n import set_ui_language
from widgets.qt import QtCore
from widgets.shell.core_words import profile_problem_text
from widgets.shell.key_help import KeyHelp
from widgets.shell.message_screens import CodeInUseScreen


def minutes(n: int) -> str:
    return QtCore.QCoreApplication.translate("CodeInUseScreen", "%Ln minute(s) ago", None, n)


@pytest.mark.parametrize(("tag", "expected"), [
    ("en", {1: "1 minute ago", 3: "3 minutes ago", 21: "21 minutes ago"}),
    ("ru", {1: "1 минуту назад", 3: "3 минуты назад", 5: "5 минут назад", 21: "21 минуту назад",
            22: "22 минуты назад", 11: "11 минут назад"}),
    ("ar", {1: "منذ دقيقة واحدة", 2: "منذ دقيقتين", 3: "منذ 3 دقائق", 11: "منذ 11 دقيقةً",
            100: "منذ 100 دقيقة"}),
    ("da", {1: "for 1 minut siden", 2: "for 2 minutter siden"}),
    ("nb", {1: "for 1 minutt siden", 2: "for 2 minutter siden"}),
    ("zh-Hans", {1: "1 分钟前", 5: "5 分钟前"}),
])
def test_plural_forms_follow_each_languages_rules(qapp, tag: str, expected: dict[int, str]) -> None:
    assert set_ui_language(tag)
    assert {n: minutes(n) for n in expected} == expected


def test_the_code_in_use_question_is_asked_in_the_language(qtbot) -> None:
    set_ui_language("ru")
    screen = CodeInUseScreen("P007", 3)
    qtbot.addWidget(screen)
    assert screen.title.text() == "P007 отвечает где-то ещё?"
    assert "3 минуты назад" in screen.text.toPlainText()
    assert screen.back_button.text() == "Назад  (Esc)"


def test_the_cores_profile_problems_are_shown_in_the_language(qapp) -> None:
    set_ui_language("da")
    fields = [ProfileField(id="years", label="Years", kind="number", min=0, max=60),
              ProfileField(id="role", label="Role", kind="text")]
    _profile, problems = check_profile(fields, {"years": "seventy", "role": ""})
    shown = {k: profile_problem_text(f.label, problems[k]) for f in fields
             for k in [f.id] if k in problems}
    assert shown["years"] == "'seventy' er ikke et tal."
    assert shown["role"] == "Udfyld venligst dette."
    _profile, problems = check_profile(fields, {"years": "99", "role": "x"})
    assert profile_problem_text("Years", problems["years"]) == "Højst 60."


def test_a_screen_built_before_the_language_changed_follows_it(qtbot) -> None:
    """The key list (F1) is built with the window, in English: it follows the language."""
    from widgets.qt import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    help_panel = KeyHelp(parent)
    assert help_panel.title.text() == "Keys on this screen"
    set_ui_language("nb")
    QtCore.QCoreApplication.processEvents()
    assert help_panel.title.text() == "Taster på denne skjermen"
    assert help_panel.close_button.text() == "Lukk"
