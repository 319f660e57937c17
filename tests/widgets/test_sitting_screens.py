"""The end of a reader study's sitting on the participant's screen: how many sittings are
left and when the next opens, and the screen of a code typed before the washout is over,
in English and in a shipped language (real widgets)."""

from __future__ import annotations

from app.session.engine import EndScreen
from widgets.i18n import set_ui_language
from widgets.shell.message_screens import MessageScreen, end_text, end_title


def _page(qtbot, screen: EndScreen) -> MessageScreen:
    page = MessageScreen(end_title(screen), end_text(screen), button="Done")
    qtbot.addWidget(page)
    return page


def test_a_sitting_that_is_not_the_last_says_what_follows(qtbot) -> None:
    page = _page(qtbot, EndScreen(26, 26, None, sittings_left=1))
    assert page.title.text() == "This reading session is finished"
    text = page.text.toPlainText()
    assert "You answered 26 of 26 items." in text
    assert "1 more reading session to come, with the same code: the next one can start now." in text
    assert "tell the study team that you have finished" not in text

    later = _page(qtbot, EndScreen(26, 26, None, sittings_left=2,
                                   next_opens_utc="2027-01-05T09:30:00+00:00"))
    text = later.text.toPlainText()
    assert "2 more reading sessions to come" in text and "2027" in text


def test_the_last_sitting_ends_as_any_session(qtbot) -> None:
    page = _page(qtbot, EndScreen(24, 24, None))
    assert page.title.text() == "Finished"
    assert "tell the study team that you have finished" in page.text.toPlainText()


def test_a_sitting_not_open_yet_says_when_it_opens(qtbot) -> None:
    screen = EndScreen(0, 0, None, sittings_left=1, next_opens_utc="2027-01-05T09:30:00+00:00",
                       waiting=True)
    page = _page(qtbot, screen)
    assert page.title.text() == "Your next reading session is not open yet"
    text = page.text.toPlainText()
    assert "pause between reading sessions" in text and "2027" in text
    assert "You answered" not in text

    set_ui_language("ru")
    page = _page(qtbot, screen)
    assert page.title.text() == "Следующий сеанс чтения ещё не открыт"
    assert "перерыв между сеансами чтения" in page.text.toPlainText()
    page = _page(qtbot, EndScreen(26, 26, None, sittings_left=2))
    assert "Впереди ещё 2 сеанса чтения" in page.text.toPlainText()
