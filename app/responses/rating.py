"""Moved to `app.kinds.rating`; re-exported while the widgets move over."""

from app.kinds.rating import RatingState

__all__ = ["RatingState"]
