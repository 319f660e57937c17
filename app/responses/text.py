"""Moved to `app.kinds.text`; re-exported while the widgets move over."""

from app.kinds.text import TextState

__all__ = ["TextState"]
