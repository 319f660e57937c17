"""The participant-facing messages of the Qt-free core (participant codes, profile answers) in
the participant's language.

`app/` may not import Qt, so its messages are English there; they are listed here with
QT_TRANSLATE_NOOP (so lupdate puts them in the .ts files) and translated where the code screen
shows them. A message not listed here (a new one in the core) is shown as the core wrote it;
tests/widgets/test_i18n.py checks every message the core can give is listed.
"""

from __future__ import annotations

import re

from app.session.codes import MAX_CODE_LENGTH
from widgets.qt import QtCore

CONTEXT = "ParticipantScreen"

CODE_PROBLEMS = (
    QtCore.QT_TRANSLATE_NOOP("ParticipantScreen", "a participant code is required"),
    QtCore.QT_TRANSLATE_NOOP("ParticipantScreen",
                             "a participant code has at most {n} characters"),
    QtCore.QT_TRANSLATE_NOOP("ParticipantScreen",
                             "a participant code cannot contain control or invisible characters"),
    QtCore.QT_TRANSLATE_NOOP("ParticipantScreen",
                             "this looks like an e-mail address; participant codes are pseudonyms "
                             "(such as P017): keep the link to the person outside Baseline Studio"),
    QtCore.QT_TRANSLATE_NOOP("ParticipantScreen",
                             "this looks like a phone number; participant codes are pseudonyms "
                             "(such as P017): keep the link to the person outside Baseline Studio"),
)

# check_profile's messages after "<field label>: ", as patterns with the value they carry.
PROFILE_PROBLEMS = (
    (re.compile(r"please fill this in"),
     QtCore.QT_TRANSLATE_NOOP("ParticipantScreen", "please fill this in")),
    (re.compile(r"choose one of the options"),
     QtCore.QT_TRANSLATE_NOOP("ParticipantScreen", "choose one of the options")),
    (re.compile(r"(?P<value>.*) is not a number"),
     QtCore.QT_TRANSLATE_NOOP("ParticipantScreen", "{value} is not a number")),
    (re.compile(r"at least (?P<value>.*)"),
     QtCore.QT_TRANSLATE_NOOP("ParticipantScreen", "at least {value}")),
    (re.compile(r"at most (?P<value>.*)"),
     QtCore.QT_TRANSLATE_NOOP("ParticipantScreen", "at most {value}")),
)


# The core's texts a participant reads whole (block introductions it writes itself).
CORE_TEXTS = (
    QtCore.QT_TRANSLATE_NOOP("ParticipantScreen", "**Practice is over.** From now on your answers "
                             "count and no feedback is given."),
)


def core_text(text: str) -> str:
    """A text the core wrote for the participant, in the participant's language (the study's
    own words, any other text, are shown as they are)."""
    return _tr(text) if text in CORE_TEXTS else text


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate(CONTEXT, text)


def code_problem_text(problem: str) -> str:
    """A participant-code problem as a sentence in the participant's language."""
    long = CODE_PROBLEMS[1].format(n=MAX_CODE_LENGTH)
    text = (_tr(CODE_PROBLEMS[1]).format(n=MAX_CODE_LENGTH) if problem == long
            else _tr(problem) if problem in CODE_PROBLEMS else problem)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def profile_problem_text(label: str, problem: str) -> str:
    """check_profile's "<label>: <what is wrong>" as the sentence shown right under the field:
    the second part only, translated (the label stands just above it; repeated, a label that
    ends in a question mark read "...fluently?: please fill this in")."""
    head = f"{label}: "
    rest = problem[len(head):] if problem.startswith(head) else problem
    text = rest
    for pattern, words in PROFILE_PROBLEMS:
        found = pattern.fullmatch(rest)
        if found:
            text = _tr(words).format(**found.groupdict())
            break
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
