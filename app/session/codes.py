"""Participant codes are pseudonyms: the database and every export carry the code, so a code
must not be the person's e-mail address, phone number or name.

What is refused (the engine raises ParticipantCodeError, a UserInputError): empty codes, codes
longer than MAX_CODE_LENGTH, control characters, anything that looks like an e-mail address
and anything that looks like a phone number. What only earns a warning (the start screen shows
it and lets the operator go on): two or more capitalised words, the shape of a personal name
("Maria Lopez"), because codes such as "Site A" are legitimate and a refusal would be wrong.

A study may also say which codes it issues (`participants.codes`: a pattern, a list, ranges
such as P001 to P060); then a real participant's code outside them is refused too
(`study_code_problem`), so a mistyped "p 1x!" cannot start a session on some other code's
share of the items. Simulated participants (SIM001...) are exempt: they are never issued.
"""

from __future__ import annotations

import re
import unicodedata

from app.study.errors import UserInputError
from app.study.model import Study

MAX_CODE_LENGTH = 64

_EMAIL = re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+")
# +44 20 7946 0958, (555) 123-4567, 0612345678: at least 9 digits with only phone punctuation.
_PHONE = re.compile(r"^\+?[\d\s().\-/]{9,}$")
_NAME = re.compile(r"^[^\W\d_][^\W\d_'\-]+(?:\s+[^\W\d_][^\W\d_'\-]+)+$")


class ParticipantCodeError(UserInputError, ValueError):
    """A participant code that is empty, malformed or looks like personal data (a ValueError
    too, which is what the engine raised for an empty code before these checks)."""


def participant_code_problem(code: str) -> str | None:
    """Why `code` cannot be used as a participant code, or None when it can."""
    stripped = code.strip()
    if not stripped:
        return "a participant code is required"
    if len(stripped) > MAX_CODE_LENGTH:
        return f"a participant code has at most {MAX_CODE_LENGTH} characters"
    if any(unicodedata.category(ch).startswith("C") for ch in stripped):
        return "a participant code cannot contain control or invisible characters"
    if _EMAIL.search(stripped):
        return ("this looks like an e-mail address; participant codes are pseudonyms "
                "(such as P017): keep the link to the person outside Baseline Studio")
    if _PHONE.match(stripped) and sum(ch.isdigit() for ch in stripped) >= 9:
        return ("this looks like a phone number; participant codes are pseudonyms "
                "(such as P017): keep the link to the person outside Baseline Studio")
    return None


def participant_code_warning(code: str) -> str | None:
    """A soft warning for a code that might be a person's name (shown, not enforced)."""
    stripped = code.strip()
    words = stripped.split()
    if len(words) >= 2 and _NAME.match(stripped) and all(w[0].isupper() for w in words):
        return ("this looks like a person's name; participant codes should be pseudonyms "
                "(such as P017)")
    return None


def study_code_problem(study: Study, code: str) -> str | None:
    """Why `code` is not one of the codes `study` issues, or None (also when the study does
    not say which codes it issues: then any pseudonym will do)."""
    codes = study.participants.codes
    if codes is None or codes.issues(code.strip()):
        return None
    return f"not one of the codes study {study.id!r} issues (participants.codes)"


def issued_form(study: Study, code: str) -> str:
    """`code` without surrounding spaces, in the letter case the study issues it when only the
    case differs ("p012" for a study whose codes are P001-P060): a card read aloud or typed
    without Shift is the same card. Unchanged when the study issues it as typed, or issues no
    list or pattern."""
    code = code.strip()
    codes = study.participants.codes
    if codes is None or codes.issues(code):
        return code
    return next((c for c in (code.upper(), code.lower()) if codes.issues(c)), code)


def check_participant_code(code: str, study: Study | None = None) -> str:
    """The code without surrounding spaces, or ParticipantCodeError saying why not. With
    `study`, the code must also be one of the codes that study issues."""
    problem = participant_code_problem(code)
    if problem is None and study is not None:
        problem = study_code_problem(study, code)
    if problem:
        raise ParticipantCodeError(f"participant code {code.strip()[:80]!r}: {problem}")
    return code.strip()
