"""Moved to `app.kinds.entries`; re-exported while the widgets move over."""

from app.kinds.entries import Entry, check_unique

__all__ = ["Entry", "check_unique"]
