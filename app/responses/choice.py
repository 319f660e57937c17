"""Moved to `app.kinds.choice`; re-exported while the widgets move over."""

from app.kinds.choice import ChoiceState

__all__ = ["ChoiceState"]
