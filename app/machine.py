"""Which station this is: a stable, anonymous id for the machine a session runs on, so timing
certificates (`baseline-studio timing-check`) can be matched with the sessions they cover.

The id is a hash, never the host name or a hardware address itself: exports name stations
without naming people's computers."""

from __future__ import annotations

import hashlib
import os
import platform
import uuid
from functools import cache
from pathlib import Path

ENV = "BASELINE_STUDIO_MACHINE_ID"  # set by tests and by sites that name their stations
_SOURCES = (Path("/etc/machine-id"), Path("/var/lib/dbus/machine-id"))


@cache
def machine_id() -> str:
    """12 hex digits, the same on every run on this machine (and user account)."""
    given = os.environ.get(ENV, "").strip()
    if given:
        return given
    seed = ""
    for path in _SOURCES:
        try:
            seed = path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if seed:
            break
    if not seed:  # macOS and Windows: the node name and the first hardware address
        seed = f"{platform.node()}:{uuid.getnode():012x}"
    return hashlib.sha256(f"baseline-studio:{seed}".encode()).hexdigest()[:12]


def os_description() -> str:
    return f"{platform.system()} {platform.release()} ({platform.machine()})"
