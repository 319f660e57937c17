"""Writers that turn responses and scores into files (CSV, MTEB results JSON, report). No Qt."""

from exporters.export_all import export_all

__all__ = ["export_all"]
