"""Moved to `app.kinds.relevance`; re-exported while the widgets move over."""

from app.kinds.relevance import RelevanceState

__all__ = ["RelevanceState"]
