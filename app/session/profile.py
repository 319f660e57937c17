"""Checking what a participant typed into the study's profile fields, before the session starts.

The start screen hands the raw text of every field here and shows the messages next to the
fields; only a profile without problems is stored (`Database.ensure_participant`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from app.study.model import ProfileField


def check_profile(fields: Sequence[ProfileField], raw: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """(profile, problems): the typed profile, and field id -> message for every bad field.

    Choice fields hold an option key, number fields a float (within min..max), text fields
    the stripped text. Empty optional fields are left out of the profile.
    """
    profile: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for field in fields:
        text = str(raw.get(field.id, "") or "").strip()
        if not text:
            if field.required:
                problems[field.id] = f"{field.label}: please fill this in"
            continue
        if field.kind == "choice":
            keys = [o.key for o in field.options]
            if text not in keys:
                problems[field.id] = f"{field.label}: choose one of the options"
                continue
            profile[field.id] = text
        elif field.kind == "number":
            value = _number(text)
            if value is None:
                problems[field.id] = f"{field.label}: {text!r} is not a number"
                continue
            if field.min is not None and value < field.min:
                problems[field.id] = f"{field.label}: at least {field.min:g}"
                continue
            if field.max is not None and value > field.max:
                problems[field.id] = f"{field.label}: at most {field.max:g}"
                continue
            profile[field.id] = value
        else:
            profile[field.id] = text
    return profile, problems


def _number(text: str) -> float | None:
    try:
        value = float(text.replace(",", ".")) if text.count(",") == 1 and "." not in text else float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None

