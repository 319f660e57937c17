"""Moved to `app.kinds.ranking`; re-exported while the widgets move over."""

from app.kinds.ranking import RankingState

__all__ = ["RankingState"]
