"""Moved to `app.kinds.state`; re-exported while the widgets move over."""

from app.kinds.state import AnswerState, Listener

__all__ = ["AnswerState", "Listener"]
