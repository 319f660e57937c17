"""Designer mode's passphrase: a salted scrypt hash in the data folder, never the passphrase.

The file `designer.json` in the data folder holds {"scheme": "scrypt", "n":..., "r":..., "p":...,
"salt": hex, "hash": hex}, readable by its owner only. Comparison is constant-time. A record
that was edited by hand (unknown scheme, cost parameters that would take gigabytes, a short
hash) verifies nothing rather than raising or exhausting memory.

Who may choose the passphrase: the designer, before any participant session, in the app's
start screen or with `baseline-studio designer --set-passphrase`; once real sessions exist in
the database, only on the command line of the machine itself (`--set-passphrase` where none is
set, `--reset-passphrase` for a forgotten one). Setting and resetting are appended to
`designer.log` in the data folder (when, which account, which machine), so a reset is seen.
The responses are never touched by either.
"""

from __future__ import annotations

import getpass
import hashlib
import hmac
import json
import os
import platform
import stat
from datetime import UTC, datetime
from pathlib import Path

from app.home import data_home
from app.regular_files import read_regular_text

PASSPHRASE_FILE = "designer.json"
LOG_FILE = "designer.log"
MIN_LENGTH = 6
# scrypt cost: ~50 ms on a laptop, 16 MiB of memory; enough to make guessing slow.
_N, _R, _P, _DKLEN = 2**14, 8, 1, 32
# scrypt needs 128 * n * r bytes; a stored record may ask for up to 64 MiB, no more.
_MAX_MEMORY = 64 * 1024 * 1024


def hash_passphrase(passphrase: str, *, salt: bytes | None = None) -> dict[str, object]:
    salt = salt if salt is not None else os.urandom(16)
    digest = hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=_DKLEN)
    return {"scheme": "scrypt", "n": _N, "r": _R, "p": _P, "salt": salt.hex(), "hash": digest.hex()}


def verify_passphrase(passphrase: str, record: dict[str, object]) -> bool:
    try:
        if record.get("scheme") != "scrypt":
            return False
        salt = bytes.fromhex(str(record["salt"]))
        expected = bytes.fromhex(str(record["hash"]))
        n, r, p = int(str(record["n"])), int(str(record["r"])), int(str(record["p"]))
    except (KeyError, ValueError):
        return False
    if len(salt) < 8 or len(expected) < 16 or min(n, r, p) < 1 or 128 * n * r > _MAX_MEMORY \
            or p > 16:  # p multiplies the time, not the memory
        return False
    try:
        digest = hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                                maxmem=_MAX_MEMORY + 1024 * 1024, dklen=len(expected))
    except (ValueError, MemoryError):  # n not a power of two, or beyond what scrypt allows
        return False
    return hmac.compare_digest(digest, expected)


def passphrase_path(home: Path | None = None) -> Path:
    return data_home(home) / PASSPHRASE_FILE


def has_designer_passphrase(home: Path | None = None) -> bool:
    return passphrase_path(home).is_file()


def set_designer_passphrase(passphrase: str, home: Path | None = None) -> None:
    if len(passphrase) < MIN_LENGTH:
        raise ValueError(f"a passphrase has at least {MIN_LENGTH} characters")
    path = passphrase_path(home)
    tmp = path.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    # Owner-only from the first byte: a hash is no secret, but nobody else needs to read it.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(hash_passphrase(passphrase)))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def check_designer_passphrase(passphrase: str, home: Path | None = None) -> bool:
    path = passphrase_path(home)
    try:
        record = json.loads(read_regular_text(path))
    except (OSError, ValueError):
        return False
    return isinstance(record, dict) and verify_passphrase(passphrase, record)


def designer_log_path(home: Path | None = None) -> Path:
    return data_home(home) / LOG_FILE


def log_designer_event(action: str, home: Path | None = None) -> None:
    """Append one line (UTC time, action, account, machine) to designer.log, owner-only."""
    try:
        account = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a bare container)
        account = f"uid {os.getuid()}" if hasattr(os, "getuid") else "unknown"
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    line = f"{stamp}\t{action}\taccount={account}\tmachine={platform.node() or 'unknown'}\n"
    # Non-blocking: a FIFO put where the log goes must not hold the command (it is refused).
    fd = os.open(designer_log_path(home),
                 os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0), 0o600)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(f"{designer_log_path(home)}: not a regular file")
    with os.fdopen(fd, "a", encoding="utf-8") as fh:
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())
