"""The results window (designer mode) and the export dialog."""

from widgets.results.export_dialog import ExportDialog
from widgets.results.window import ResultsWindow

__all__ = ["ExportDialog", "ResultsWindow"]
