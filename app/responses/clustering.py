"""Moved to `app.kinds.clustering`; re-exported while the widgets move over."""

from app.kinds.clustering import ClusteringState, Group

__all__ = ["ClusteringState", "Group"]
