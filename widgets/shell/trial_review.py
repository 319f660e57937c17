"""A second look before a grouping or a list of judgements is submitted (one Enter would send
24 cards with one misplaced). The first Enter (or Submit) shows the answer in words in
the trial's status line and turns the button into Confirm; the next one sends it, unless the
answer changed in between, which asks again. Other kinds are submitted at once."""

from __future__ import annotations

from widgets.qt import QtCore
from widgets.shell.trial_parts import TrialParts


def _token(screen: TrialParts) -> tuple[int | None, ...]:
    assert screen.panel is not None
    return tuple(e.state.answer_ns for e in screen.panel.entries)


def awaiting_confirmation(screen: TrialParts) -> bool:
    """The answers were shown in words: the next Enter sends them."""
    return (screen.phase == "trial" and screen.panel is not None
            and screen.review_token == _token(screen))


def reviewed(screen: TrialParts) -> bool:
    """True when the answers may go: nothing needs a second look, or it was had."""
    assert screen.panel is not None
    reviews = [r for e in screen.panel.entries if (r := e.widget.review_text())]
    if not reviews:
        return True
    token = _token(screen)
    if token == screen.review_token:
        return True
    screen.review_token = token
    screen.status.setText(QtCore.QCoreApplication.translate(
        "TrialScreen", "**Check before you submit:** {answer}.  \nPress Enter (or Confirm) again "
        "to submit.").format(answer="; ".join(reviews)))
    screen.submit_button.setText(QtCore.QCoreApplication.translate("TrialScreen", "Confirm  ⏎"))
    return False
